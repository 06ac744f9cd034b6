"""Optional LLM extraction in the deferred tier, against a real local OpenAI-compatible server."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from contacts.models import Tenant
from ingest.tasks import process_message
from memories.extraction.llm import (
    MAX_CONTENT_CHARS,
    MAX_MEMORIES,
    SCHEMA,
    SCHEMA_NAME,
    AnswerNotSchema,
    llm_answer_read,
)
from memories.models import Memory
from memories.services.llm_extraction import memories_extract_with_llm
from moods.classification.llm import PROMPT as MOOD_PROMPT
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
MESSAGE = "Training for the Mumbai marathon next month, and I'm allergic to peanuts"


def _memory(content: str, **fields: str) -> dict[str, str]:
    defaults = {"type": "fact", "category": "other", "subject": "", "detail": "", "polarity": "none",
                "lifetime": "permanent", "importance": "medium"}  # fmt: skip
    return {**defaults, "content": content, **fields}


def _answer(*memories: dict[str, str], entities: list[dict[str, str]] | None = None) -> str:
    return json.dumps({"memories": list(memories), "entities": entities or []}, ensure_ascii=False)


def _run(tenant: Tenant, text: str = MESSAGE, message_id: str = "m1", at: datetime = T0) -> None:
    ingest(tenant, text, message_id=message_id, at=at)
    process_message.delay(ledger_message(tenant, message_id).pk)


def _active(tenant: Tenant, **filters: Any) -> dict[str, Memory]:
    return {m.content: m for m in Memory.objects.filter(tenant=tenant, status="active", **filters)}


def test_llm_memories_are_validated_typed_and_stored_with_lifetimes(tenant: Tenant, settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given LLM extraction switched on and an LLM that answers valid and invalid items
    settings.LLM_EXTRACTION_ENABLED = True
    openai_stub.reply_chat(
        _answer(
            _memory("Is training for the Mumbai marathon", type="episode", lifetime="30d", importance="high"),
            _memory("Is allergic to peanuts", category="allergy", subject="peanuts"),
            _memory("Loves running", type="preference", subject="running", polarity="positive"),
            _memory("Bad lifetime", lifetime="forever"),  # not one of the schema's lifetimes
            _memory(""),  # empty
            _memory("Likes nothing in particular", type="preference"),  # a preference without a polarity
            _memory("Is 300 years old", category="age", subject="300"),  # not an age
            {"content": "missing fields", "type": "fact"},
        )
    )

    # when a user message is processed
    _run(tenant)

    # then the valid items are stored with their type, importance and lifetime, the invalid ones dropped
    llm_memories = _active(tenant, source="llm")
    assert set(llm_memories) == {"Is training for the Mumbai marathon", "Loves running"}
    marathon, running = llm_memories["Is training for the Mumbai marathon"], llm_memories["Loves running"]
    assert (marathon.memory_type, marathon.importance, marathon.expires_at) == ("episode", 0.9, T0 + timedelta(days=30))
    assert (running.memory_type, running.slot) == ("preference", "pref:running")
    assert running.metadata["polarity"] == "positive"
    assert marathon.source_message_ids == ["m1"]
    assert marathon.embedding_model == "all-MiniLM-L6-v2"
    # and the allergy the rules already stored inline is restated, not duplicated
    allergy = Memory.objects.get(tenant=tenant, slot="allergy:peanuts", status="active")
    assert (allergy.content, allergy.source) == ("Is allergic to peanuts", "rules")
    # and the request asked for the strict JSON-schema structured output, with the message as the user turn
    path, body = next((p, b) for p, b in openai_stub.requests if b["messages"][0]["content"] != MOOD_PROMPT)
    assert path == "/v1/chat/completions"
    assert body["messages"][1]["content"] == MESSAGE
    assert body["response_format"] == {
        "type": "json_schema", "json_schema": {"name": SCHEMA_NAME, "strict": True, "schema": SCHEMA},
    }  # fmt: skip


def test_an_llm_fact_supersedes_the_rules_fact_in_its_slot(tenant: Tenant, settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given a home the rules stored
    _run(tenant, "I live in Porto", message_id="m1")
    assert set(_active(tenant, slot="location")) == {"Lives in Porto"}

    # when the LLM reads a later message as a move to Lisbon
    settings.LLM_EXTRACTION_ENABLED = True
    openai_stub.reply_chat(
        _answer(
            _memory("Lives in Lisbon", category="location", subject="Lisbon"),
            entities=[{"type": "location", "name": "Lisbon", "relation": ""}],
        )
    )
    _run(tenant, "packed the last boxes, Lisbon is home now", message_id="m2", at=T0 + timedelta(days=2))

    # then Lisbon is the one current home, and Porto was superseded by it
    lisbon = Memory.objects.get(tenant=tenant, slot="location", status="active")
    assert (lisbon.content, lisbon.source) == ("Lives in Lisbon", "llm")
    porto = Memory.objects.get(tenant=tenant, content="Lives in Porto")
    assert (porto.status, porto.superseded_by_id) == ("superseded", lisbon.pk)
    assert [(e.entity_type, e.key) for e in lisbon.entities.all()] == [("location", "lisbon")]


def test_a_non_english_memory_is_stored_as_the_llm_wrote_it(tenant: Tenant, settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given a message in Portuguese and an answer in the user's language
    settings.LLM_EXTRACTION_ENABLED = True
    openai_stub.reply_chat(_answer(_memory("Faz cerâmica aos sábados", category="hobby", subject="cerâmica")))

    # when it is processed (a statement the rules do not read)
    _run(tenant, "Aos sábados faço cerâmica, é o meu momento de paz")

    # then the memory keeps the user's language, untranslated
    memory = Memory.objects.get(tenant=tenant, source="llm")
    assert (memory.content, memory.memory_type) == ("Faz cerâmica aos sábados", "fact")


@pytest.mark.parametrize("failure", ["slow", "malformed", "not-the-schema", "500", "down"])
def test_on_any_llm_failure_the_contact_keeps_the_rules_memories(
    tenant: Tenant, settings, openai_stub, failure: str
) -> None:  # type: ignore[no-untyped-def]
    # given LLM extraction on, and an LLM that fails in one way
    settings.LLM_EXTRACTION_ENABLED = True
    settings.LLM_EXTRACTION_TIMEOUT_SECONDS = 0.3
    openai_stub.reply_chat(_answer(_memory("Lives in Lisbon", category="location", subject="Lisbon")))
    if failure == "slow":
        openai_stub.delay_seconds = 1.0  # a valid answer, past the timeout
    elif failure == "malformed":
        openai_stub.reply_junk()
    elif failure == "not-the-schema":
        openai_stub.reply_chat(json.dumps({"memories": [{"memory": "Lives in Lisbon", "topics": []}]}))
    elif failure == "500":
        openai_stub.fail(500)
    else:
        openai_stub.stop()

    # when a user message is processed
    _run(tenant, "I live in Porto and I'm allergic to peanuts")

    # then processing finished, nothing came from the LLM, and the rules' memories are what the contact has
    assert ledger_message(tenant, "m1").processed_at is not None
    assert set(_active(tenant)) == {"Lives in Porto", "Is allergic to peanuts"}
    assert {m.source for m in Memory.objects.filter(tenant=tenant)} == {"rules"}


def test_llm_extraction_is_off_by_default(tenant: Tenant, openai_stub) -> None:  # type: ignore[no-untyped-def]
    _run(tenant)

    # the only LLM call is the mood classifier's
    prompts = [body["messages"][0]["content"] for _, body in openai_stub.requests]
    assert prompts == [MOOD_PROMPT]
    assert ledger_message(tenant, "m1").processed_at is not None


def test_extraction_replayed_after_a_crash_reinforces_nothing(tenant: Tenant, settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given a message whose LLM extraction committed, and whose task then died before finishing (found by the
    # SIGKILL fault test: the redelivered task reinforced its own memory, 0.9 → 0.95)
    settings.LLM_EXTRACTION_ENABLED = True
    openai_stub.reply_chat(
        _answer(_memory("Runs every morning", category="hobby", subject="running", importance="high"))
    )
    ingest(tenant, "out for my run again, every morning now", message_id="m1", at=T0)
    message = ledger_message(tenant, "m1")
    memories_extract_with_llm(message=message)
    memory = Memory.objects.get(tenant=tenant, source="llm")

    # when the redelivered task extracts the same message again
    memories_extract_with_llm(message=message)

    # then the message still counts once: same importance, no reinforcement in the history, one memory
    memory.refresh_from_db()
    assert Memory.objects.filter(tenant=tenant, source="llm").count() == 1
    assert (memory.importance, memory.source_message_ids) == (0.9, ["m1"])
    assert not memory.events.filter(kind="reinforced").exists()

    # and a later message saying it again does reinforce it
    ingest(tenant, "morning run done, as every day", message_id="m2", at=T0 + timedelta(days=1))
    memories_extract_with_llm(message=ledger_message(tenant, "m2"))
    memory.refresh_from_db()
    assert (memory.importance, memory.source_message_ids) == (pytest.approx(0.95), ["m1", "m2"])


# --- reading an answer (pure: no database, no LLM) -----------------------------------------------------------------


def test_an_answer_reads_as_the_rules_slots_values_and_entities() -> None:
    # given an answer naming a partner, a relative, a pet, a job and a topic to avoid
    answer = json.loads(
        _answer(
            _memory("Fiancé is Sam", category="partner", subject="Sam", detail="fiancé"),
            _memory("Mum's name is Anita", category="family", subject="Anita", detail="mum"),
            _memory("Sister lives in Marseille", category="family", subject="sister", detail="sister"),
            _memory("Has a beagle named Rex", category="pet", subject="Rex", detail="beagle"),
            _memory("Is a nurse at St Mary's", category="workplace", subject="St Mary's", detail="nurse"),
            _memory("Is 31 years old", category="age", subject="31"),
            _memory("Doesn't want to talk about her ex", type="preference", subject="her ex", polarity="avoid"),
            entities=[
                {"type": "person", "name": "Sam", "relation": "fiancé"},
                {"type": "person", "name": "sister", "relation": "sister"},
                {"type": "school", "name": "", "relation": ""},  # no name: dropped
            ],
        )
    )

    # when it is read
    extraction = llm_answer_read(answer)

    # then each memory has the slot and value the rules give the same statement
    assert [(c.content, c.slot, c.value) for c in extraction.candidates] == [
        ("Fiancé is Sam", "relation:partner", ("person:sam", "relation:fiance")),
        ("Mum's name is Anita", "relation:mother", ("person:anita",)),
        ("Sister lives in Marseille", "", ()),
        ("Has a beagle named Rex", "pet:rex", ("pet:rex", "species:dog", "breed:beagle")),
        ("Is a nurse at St Mary's", "workplace", ("workplace:st-marys", "role:nurse")),
        ("Is 31 years old", "age", ("age:31",)),
        ("Doesn't want to talk about her ex", "topic:ex", ("polarity:avoid",)),
    ]
    # and the entities carry the rules' relations (an unnamed person named by the word used)
    assert [(m.ref, m.display_name, m.metadata) for m in extraction.mentions] == [
        ("person:sam", "Sam", {"relation": "fiance"}),
        ("person:sister", "Sister", {"relation": "sister"}),
        ("person:anita", "Anita", {"relation": "mother"}),
        ("pet:rex", "Rex", {"species": "dog", "breed": "beagle"}),
        ("workplace:st-marys", "St Mary's", {}),
        ("topic:ex", "Ex", {}),
    ]


def test_an_answer_is_capped_and_overlong_items_dropped() -> None:
    # given more memories than one message may give, and one of them far too long
    many = [_memory(f"Fact number {i}") for i in range(MAX_MEMORIES + 5)]
    answer = json.loads(_answer(_memory("x" * (MAX_CONTENT_CHARS + 1)), *many))

    # when / then
    assert [c.content for c in llm_answer_read(answer).candidates] == [f"Fact number {i}" for i in range(MAX_MEMORIES)]


@pytest.mark.parametrize(
    "answer",
    [[], "memories", {"memories": []}, {"memories": {}, "entities": []}, {"memories": [], "entities": [], "extra": 1}],
)
def test_an_answer_that_is_not_the_schema_gives_nothing(answer: object) -> None:
    with pytest.raises(AnswerNotSchema):
        llm_answer_read(answer)


def test_an_age_the_reading_cannot_use_is_dropped_not_a_crash() -> None:
    # "²" passes str.isdigit() but int() refuses it: once that crashed the deferred tier on every retry
    answer = json.loads(_answer(_memory("Is ² years old", category="age", subject="²"), _memory("Likes tea")))

    assert [c.content for c in llm_answer_read(answer).candidates] == ["Likes tea"]


@pytest.mark.parametrize("placeholder", ["unknown", "N/A", "none", "None"])
def test_a_placeholder_value_never_takes_a_slot(placeholder: str) -> None:
    # given an answer whose model found no city (or partner) and said so in the value
    answer = json.loads(
        _answer(
            _memory(f"Lives in {placeholder}", category="location", subject=placeholder),
            _memory(f"Has no boyfriend ({placeholder})", category="partner", subject=placeholder, detail="boyfriend"),
        )
    )

    # then nothing is read that could replace their real home or partner
    assert llm_answer_read(answer).candidates == ()
