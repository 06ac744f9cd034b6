"""The SDK against the real service (live server, real Postgres and Redis, Celery eager): every operation it wraps."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from rapport_client import (
    ContactExport,
    Context,
    IngestMessage,
    Memory,
    NotFoundError,
    RapportClient,
)

from contacts.models import Contact, Message, Tenant
from moods.models import Insight, Trigger

# A live server answers from another thread, so the data is committed (transactional tests); serialized_rollback
# restores the migrations' rows (the beat schedules) after each flush.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def _arjun_says(rapport: RapportClient, text: str, message_id: str | None = None) -> str:
    receipt = rapport.ingest(
        "arjun", text, conversation_id="conv-1", message_id=message_id, display_name="Arjun", channel="whatsapp"
    )
    return receipt.message_id


def test_ingest_then_context_sees_the_fact(rapport: RapportClient) -> None:
    # given a message ingested through the SDK
    receipt = rapport.ingest(
        "arjun", "My dog Bruno ate my shoes again", conversation_id="conv-1", message_id="wa-1", display_name="Arjun"
    )

    # when the context is read before the next reply
    context = rapport.context("arjun", query="how is Bruno?")

    # then the fact is there, typed, in the memories and in the prompt text
    assert (receipt.message_id, receipt.status) == ("wa-1", "accepted")
    assert isinstance(context, Context)
    assert (context.contact.contact_id, context.contact.display_name) == ("arjun", "Arjun")
    fact = next(memory for memory in context.memories if memory.memory_type == "fact")
    assert (fact.content, fact.source_message_ids, fact.entities) == (
        "Has a dog named Bruno",
        ("wa-1",),
        ("pet:bruno",),
    )
    assert "Has a dog named Bruno" in context.context_text
    assert [entity.ref for entity in context.entities] == ["pet:bruno"]
    assert context.state.relationship_stage == "new"
    assert context.emotional.crisis.active is False
    assert context.receipt is None


def test_context_with_a_budget_and_a_receipt(rapport: RapportClient) -> None:
    # given a contact with a fact
    _arjun_says(rapport, "My dog Bruno ate my shoes again")

    # when the context is asked for with a budget of 0 tokens (query and budget positional) and explained
    context = rapport.context("arjun", "how is Bruno?", 0, explain=True)

    # then nothing fits, and the receipt says so for each of the contact's memories (the fact and the episode)
    assert (context.memory_budget, context.memories) == (0, ())
    assert context.receipt is not None
    assert [item["reason"] for item in context.receipt["items"]] == ["budget", "budget"]


def test_ingest_without_an_id_gets_one_and_stores_one_message(rapport: RapportClient, tenant: Tenant) -> None:
    # when a message is ingested without a message_id
    message_id = _arjun_says(rapport, "I live in Porto")

    # then the SDK named it, and the ledger holds it under that id
    assert message_id.startswith("sdk-")
    assert list(Message.objects.filter(tenant=tenant).values_list("client_message_id", flat=True)) == [message_id]


def test_ingest_batch_reports_each_item(rapport: RapportClient, tenant: Tenant) -> None:
    # given a message already ingested as m-1
    _arjun_says(rapport, "I live in Porto", message_id="m-1")

    # when a batch holds a new message and another text under m-1
    results = rapport.ingest_batch(
        [
            IngestMessage(contact_id="arjun", message="I work at Infosys", conversation_id="conv-1", message_id="m-2"),
            IngestMessage(contact_id="arjun", message="Something else", conversation_id="conv-1", message_id="m-1"),
            IngestMessage(contact_id="arjun", message="Thanks!", conversation_id="conv-1", role="assistant"),
        ]
    )

    # then the first and third are accepted, the second is a conflict that says why
    assert [(result.status, result.error is None) for result in results] == [
        ("accepted", True),
        ("conflict", False),
        ("accepted", True),
    ]
    assert results[0].message_id == "m-2" and results[2].message_id.startswith("sdk-")
    assert Message.objects.filter(tenant=tenant).count() == 3


def test_memories_create_read_update_history_list_delete(rapport: RapportClient) -> None:
    # given a known contact
    _arjun_says(rapport, "hello there, how are you")

    # when staff-like code adds a memory, changes it and reads it back
    created = rapport.create_memory(
        "arjun",
        memory_type="preference",
        content="Prefers email over phone calls",
        importance=0.9,
        entities=[{"entity_type": "topic", "display_name": "Email"}],
    )
    updated = rapport.update_memory(created.id, content="Prefers email, never phone calls", pinned=True)
    history = rapport.memory_history(created.id)
    listed = rapport.list_memories("arjun", memory_type="preference")

    # then each answer is a typed memory with the change applied and recorded
    assert isinstance(created, Memory)
    assert (created.memory_type, created.importance, created.source, created.entities) == (
        "preference",
        0.9,
        "api",
        ("topic:email",),
    )
    assert (updated.content, updated.pinned) == ("Prefers email, never phone calls", True)
    fetched = rapport.get_memory(created.id)
    assert (fetched.id, fetched.content, fetched.pinned) == (created.id, "Prefers email, never phone calls", True)
    assert [event.kind for event in history.results][0] == "created"
    assert "edited" in [event.kind for event in history.results]
    assert (listed.count, [memory.id for memory in listed.results]) == (1, [created.id])

    # when it is deleted
    rapport.delete_memory(created.id)

    # then it is gone
    with pytest.raises(NotFoundError):
        rapport.get_memory(created.id)


def test_list_pagination(rapport: RapportClient) -> None:
    # given a contact with three memories added through the API
    _arjun_says(rapport, "hello there, how are you")
    ids = [rapport.create_memory("arjun", memory_type="fact", content=f"Fact number {n}").id for n in range(3)]

    # when they are read two at a time
    first = rapport.list_memories("arjun", status="active", limit=2)
    second = rapport.list_memories("arjun", status="active", limit=2, offset=2)

    # then the pages hold all three once, with links between them
    listed = [memory.id for memory in (*first.results, *second.results)]
    assert set(ids) <= set(listed) and len(listed) == len(set(listed)) == first.count
    assert first.next is not None and first.previous is None
    assert second.previous is not None


def test_entities_and_the_contact(rapport: RapportClient) -> None:
    # given a contact who told us about their dog
    _arjun_says(rapport, "My dog Bruno ate my shoes again")

    # when their entities and their record are read
    entities = rapport.list_entities("arjun")
    contact = rapport.get_contact("arjun")

    # then both are typed and say what was learned
    assert [(entity.ref, entity.display_name, entity.memory_count) for entity in entities.results] == [
        ("pet:bruno", "Bruno", 2)
    ]
    assert (contact.contact_id, contact.display_name, contact.channel) == ("arjun", "Arjun", "whatsapp")
    assert contact.counts.messages == 1
    assert contact.state is not None and contact.state.relationship_stage == "new"


def test_triggers_and_insights(rapport: RapportClient, tenant: Tenant) -> None:
    # given a contact with a due check-in and an insight about them
    _arjun_says(rapport, "hello there, how are you")
    arjun = Contact.objects.get(tenant=tenant, external_id="arjun")
    trigger = Trigger.objects.create(
        tenant=tenant, contact=arjun, kind="check_in", reason="Quiet for a week", dedupe_key="t-1",
        due_at=timezone.now() - timedelta(hours=1),
    )  # fmt: skip
    Insight.objects.create(tenant=tenant, contact=arjun, kind="boredom", summary="Short replies lately", data={"n": 3})

    # when the chat engine lists what is due, completes it, and reads the insights
    due = rapport.list_triggers(contact_id="arjun")
    completed = rapport.complete_trigger(trigger.pk)
    insights = rapport.list_insights(kind="boredom")

    # then each is typed, and the completed trigger no longer shows as due
    assert [(item.id, item.contact_id, item.reason) for item in due.results] == [
        (trigger.pk, "arjun", "Quiet for a week")
    ]
    assert completed.completed_at is not None
    assert rapport.list_triggers().count == 0
    assert rapport.list_triggers(include_completed=True).count == 1
    assert [(item.contact_id, item.summary, item.data) for item in insights.results] == [
        ("arjun", "Short replies lately", {"n": 3})
    ]


def test_conversation_history(rapport: RapportClient) -> None:
    # given two turns of a conversation
    _arjun_says(rapport, "My dog Bruno ate my shoes again", message_id="wa-1")
    rapport.ingest("arjun", "Oh no! Is Bruno ok?", conversation_id="conv-1", role="assistant", message_id="wa-2")

    # when its history is read
    history = rapport.conversation_history("conv-1")

    # then both turns are there in order
    assert [(turn.message_id, turn.role) for turn in history.turns] == [("wa-1", "user"), ("wa-2", "assistant")]
    assert history.contact_id == "arjun"


def test_export_then_erase(rapport: RapportClient, tenant: Tenant) -> None:
    # given a contact with a message
    message_id = _arjun_says(rapport, "My dog Bruno ate my shoes again")

    # when their data is exported, then erased
    export = rapport.export("arjun")
    receipt = rapport.erase("arjun")

    # then the export is typed at the top, its rows as the server documents them, the whole document in raw
    assert isinstance(export, ContactExport)
    assert (export.schema, export.version, export.tenant) == ("rapport.contact-export", 2, tenant.slug)
    assert export.exported_at.tzinfo is not None
    assert (export.contact["contact_id"], export.state is not None) == ("arjun", True)
    assert [(message["message_id"], message["content"]) for message in export.messages] == [
        (message_id, "My dog Bruno ate my shoes again")
    ]
    assert {memory["content"] for memory in export.memories} >= {"Has a dog named Bruno"}
    assert [entity["ref"] for entity in export.entities] == ["pet:bruno"]
    assert export.raw["messages"] == list(export.messages) and export.raw["memories"] == list(export.memories)
    # and the erasure removed the contact
    assert receipt.contact_id == "arjun" and (receipt.erased["contact"], receipt.erased["message"]) == (1, 1)
    assert not Contact.objects.filter(tenant=tenant, external_id="arjun").exists()
    with pytest.raises(NotFoundError):
        rapport.get_contact("arjun")


def test_business_memories_and_context(rapport: RapportClient) -> None:
    # given a business memory added through the SDK
    created = rapport.create_business_memory(memory_type="fact", content="We are open 9 to 5 on weekdays")

    # when the business memories and context are read
    listed = rapport.list_business_memories()
    context = rapport.business_context("when are you open?")

    # then both hold it
    assert [memory.id for memory in listed.results] == [created.id]
    assert [memory.content for memory in context.memories] == ["We are open 9 to 5 on weekdays"]


def _readme_chat_turn() -> str:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("### Python SDK", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_chat_turn_runs(live_server: Any, api_key: str, tenant: Tenant) -> None:
    # given the README's chatbot turn, pointed at the live server, with a model that echoes
    namespace: dict[str, Any] = {"KEY": api_key, "my_llm": lambda system, user: f"[{len(system)}] Noted: {user}"}
    exec(_readme_chat_turn().replace("http://127.0.0.1:8000", live_server.url), namespace)  # noqa: S102

    # when a new contact takes two turns
    first = namespace["chat_turn"]("arjun", "conv-1", "My dog Bruno ate my shoes again")
    second = namespace["chat_turn"]("arjun", "conv-1", "How is Bruno doing?")
    namespace["rapport"].close()

    # then the first reply had no context, the second had what the first taught, and all four messages are stored
    assert first == "[0] Noted: My dog Bruno ate my shoes again"
    assert second.startswith("[") and not second.startswith("[0]")
    assert Message.objects.filter(tenant=tenant).count() == 4
