"""Optional LLM extraction in the deferred tier, against a real local OpenAI-compatible server."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from contacts.models import Tenant
from ingest.tasks import process_message
from memories.models import Memory
from memories.services.llm_extraction import memories_extract_with_llm
from moods.classification.llm import PROMPT as MOOD_PROMPT
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
MESSAGE = "Training for the Mumbai marathon next month, and peanuts make me sick"


def _run(tenant: Tenant) -> None:
    ingest(tenant, MESSAGE, message_id="m1", at=T0)
    process_message.delay(ledger_message(tenant, "m1").pk)


def test_llm_memories_are_validated_and_stored_with_lifetimes(tenant: Tenant, settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given LLM extraction switched on and an LLM that answers
    settings.LLM_EXTRACTION_ENABLED = True
    openai_stub.reply_chat(
        json.dumps(
            {
                "memories": [
                    {"memory": "Is training for a marathon", "topics": ["running"], "expiration": "30d",
                     "importance": "high"},
                    {"memory": "Is allergic to peanuts", "topics": ["health"], "expiration": "permanent",
                     "importance": "medium"},
                    {"memory": "Bad item", "topics": [], "expiration": "forever", "importance": "high"},
                    {"memory": "", "topics": [], "expiration": "1d", "importance": "low"},
                ]
            }
        )
    )  # fmt: skip

    # when a user message is processed
    _run(tenant)

    # then the valid items are stored (typed by lifetime), the invalid ones dropped
    llm_memories = {m.content: m for m in Memory.objects.filter(tenant=tenant, source="llm")}
    assert set(llm_memories) == {"Is training for a marathon", "Is allergic to peanuts"}
    marathon, peanuts = llm_memories["Is training for a marathon"], llm_memories["Is allergic to peanuts"]
    assert (marathon.memory_type, marathon.importance, marathon.expires_at) == ("episode", 0.9, T0 + timedelta(days=30))
    assert (peanuts.memory_type, peanuts.importance, peanuts.expires_at) == ("fact", 0.6, None)
    assert marathon.metadata["topics"] == ["running"]
    assert marathon.source_message_ids == ["m1"]
    assert marathon.embedding_model == "all-MiniLM-L6-v2"
    path, body = openai_stub.requests[0]
    assert path == "/v1/chat/completions"
    assert body["messages"][1]["content"] == MESSAGE


@pytest.mark.parametrize("failure", ["junk", "500", "down", "slow-not-json"])
def test_llm_failure_never_fails_processing(tenant: Tenant, settings, openai_stub, failure: str) -> None:  # type: ignore[no-untyped-def]
    settings.LLM_EXTRACTION_ENABLED = True
    if failure == "junk":
        openai_stub.reply_junk()
    elif failure == "500":
        openai_stub.fail(500)
    elif failure == "down":
        openai_stub.stop()
    else:
        openai_stub.reply_chat("this is not json")

    _run(tenant)

    assert ledger_message(tenant, "m1").processed_at is not None
    assert not Memory.objects.filter(tenant=tenant, source="llm").exists()
    assert Memory.objects.filter(tenant=tenant, source="rules").exists()


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
        json.dumps({"memories": [{"memory": "Is allergic to peanuts", "topics": ["health"],
                                  "expiration": "permanent", "importance": "high"}]})
    )  # fmt: skip
    ingest(tenant, MESSAGE, message_id="m1", at=T0)
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
    ingest(tenant, "Peanuts, again: allergic", message_id="m2", at=T0 + timedelta(days=1))
    memories_extract_with_llm(message=ledger_message(tenant, "m2"))
    memory.refresh_from_db()
    assert (memory.importance, memory.source_message_ids) == (pytest.approx(0.95), ["m1", "m2"])
