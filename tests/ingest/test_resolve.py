"""POST /conversations/{id}/resolve: the resolution summary becomes a 30-day memory, the thread's
short-term memory (the Redis session window) ends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from config import clock
from config.embedded import ensure_redis, stop_redis
from config.redis_client import redis_client
from contacts.history import history_key
from contacts.models import Conversation, Tenant
from memories.models import Memory, MemoryEvent, MemoryStatus
from tests.factories import TenantFactory
from tests.memories.helpers import ingest

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
NOW = T0 + timedelta(hours=1)
URL = "/conversations/conv-1/resolve"


def _support_chat(tenant: Tenant) -> None:
    turns = [
        ("u1", "user", "My parcel never arrived. It was a birthday gift."),
        ("a1", "assistant", "Sorry about that! Let me check the tracking."),
        ("u2", "user", "The tracking number is ZX81 and it says delivered."),
        ("a2", "assistant", "I have issued a refund for the lost parcel."),
    ]
    for n, (message_id, role, text) in enumerate(turns):
        ingest(tenant, text, message_id=message_id, role=role, at=T0 + timedelta(minutes=n))


def _resolutions(tenant: Tenant) -> list[Memory]:
    return list(Memory.objects.filter(tenant=tenant, metadata__tier="medium_term").order_by("pk"))


def _resolve(api_client: APIClient, body: dict | None = None, url: str = URL):  # type: ignore[no-untyped-def]
    with clock.frozen(NOW):
        return api_client.post(url, body or {}, format="json")


def test_explicit_summary_becomes_a_30_day_medium_term_memory(api_client: APIClient, tenant: Tenant) -> None:
    # given a support conversation
    _support_chat(tenant)

    # when it is resolved with a summary
    response = _resolve(api_client, {"summary": "Lost parcel ZX81 refunded."})

    # then the summary is an episode of the contact, expiring 30 days after now
    [memory] = _resolutions(tenant)
    assert response.status_code == 200
    assert response.json() == {
        "conversation_id": "conv-1",
        "contact_id": "arjun",
        "resolved_at": "2025-03-01T10:00:00Z",
        "resolution_summary": "Lost parcel ZX81 refunded.",
        "memory_id": memory.pk,
        "memory_expires_at": "2025-03-31T10:00:00Z",
    }
    assert (memory.memory_type, memory.content, memory.source) == (
        "episode",
        "Resolved: Lost parcel ZX81 refunded.",
        "api",
    )
    assert memory.expires_at == NOW + timedelta(days=30)
    assert memory.created_at == NOW
    assert memory.contact.external_id == "arjun"
    assert memory.metadata == {"tier": "medium_term", "conversation_id": "conv-1"}
    assert memory.source_message_ids == ["u1", "u2"]
    assert MemoryEvent.objects.get(memory=memory).actor == "api"
    conversation = Conversation.objects.get(tenant=tenant, external_id="conv-1")
    assert (conversation.resolved_at, conversation.resolution_summary) == (NOW, "Lost parcel ZX81 refunded.")


def test_without_a_summary_and_without_llm_the_summary_is_extractive(
    api_client: APIClient, tenant: Tenant, settings
) -> None:  # type: ignore[no-untyped-def]
    # given no LLM
    settings.OPENAI_API_KEY = ""
    _support_chat(tenant)

    # when resolved without a summary
    body = _resolve(api_client).json()

    # then the summary is the conversation's own sentences: the opening one, then the latest ones
    assert body["resolution_summary"] == (
        "user: My parcel never arrived.\n"
        "assistant: Sorry about that!\n"
        "user: The tracking number is ZX81 and it says delivered.\n"
        "assistant: I have issued a refund for the lost parcel."
    )
    [memory] = _resolutions(tenant)
    assert memory.content == (
        "Resolved: user: My parcel never arrived. assistant: Sorry about that! user: The tracking number is ZX81 "
        "and it says delivered. assistant: I have issued a refund for the lost parcel."
    )


def test_without_a_summary_the_llm_writes_it_when_configured(
    api_client: APIClient, tenant: Tenant, openai_stub
) -> None:  # type: ignore[no-untyped-def]
    _support_chat(tenant)
    openai_stub.reply_chat("Arjun's parcel ZX81 was lost; the assistant refunded it.")

    body = _resolve(api_client).json()

    assert body["resolution_summary"] == "Arjun's parcel ZX81 was lost; the assistant refunded it."
    assert _resolutions(tenant)[0].content == "Resolved: Arjun's parcel ZX81 was lost; the assistant refunded it."
    transcript = openai_stub.requests[-1][1]["messages"][1]["content"]
    assert transcript.startswith("user: My parcel never arrived.")
    assert "assistant: I have issued a refund for the lost parcel." in transcript


def test_llm_failure_falls_back_to_the_extractive_summary(api_client: APIClient, tenant: Tenant, openai_stub) -> None:  # type: ignore[no-untyped-def]
    _support_chat(tenant)
    openai_stub.fail(500)

    response = _resolve(api_client)

    assert response.status_code == 200
    assert response.json()["resolution_summary"].startswith("user: My parcel never arrived.\n")
    assert _resolutions(tenant)[0].content.startswith("Resolved: user: My parcel never arrived.")


def test_a_long_summary_is_kept_whole_on_the_conversation_and_trimmed_in_the_memory(
    api_client: APIClient, tenant: Tenant
) -> None:
    _support_chat(tenant)
    summary = " ".join(["refund"] * 285)  # 1,994 characters

    body = _resolve(api_client, {"summary": summary}).json()

    content = _resolutions(tenant)[0].content
    assert body["resolution_summary"] == summary
    assert len(content) <= 500
    assert content.startswith("Resolved: refund refund")
    assert content.endswith("refund…")


def test_resolve_ends_the_redis_window_and_history_still_answers_from_the_ledger(
    api_client: APIClient, tenant: Tenant
) -> None:
    # given a conversation whose window is in Redis
    _support_chat(tenant)
    key = history_key(Conversation.objects.get(tenant=tenant))
    assert redis_client().llen(key) == 4

    # when it is resolved
    _resolve(api_client, {"summary": "Refunded."})

    # then the window is gone, and the history endpoint rebuilds it from the ledger
    assert redis_client().exists(key) == 0
    response = api_client.get("/conversations/conv-1/history")
    assert response.status_code == 200
    assert [t["message_id"] for t in response.json()["turns"]] == ["u1", "a1", "u2", "a2"]


def test_the_window_ends_by_itself_after_24h_idle(tenant: Tenant) -> None:
    # "after 24 h idle" is the window's TTL, renewed by each message
    _support_chat(tenant)

    key = history_key(Conversation.objects.get(tenant=tenant))
    assert 86_000 < redis_client().ttl(key) <= 86_400


def test_resolve_succeeds_when_redis_is_down(api_client: APIClient, tenant: Tenant, settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a conversation, and then Redis going away
    _support_chat(tenant)
    data_dir = tmp_path / "redis-down"
    settings.REDIS_URL = ensure_redis(data_dir).url
    stop_redis(data_dir)

    # when it is resolved
    response = _resolve(api_client, {"summary": "Refunded."})

    # then the resolution is stored all the same (the window will expire on its own)
    assert response.status_code == 200
    assert [m.content for m in _resolutions(tenant)] == ["Resolved: Refunded."]


def test_resolving_again_returns_the_existing_resolution(api_client: APIClient, tenant: Tenant, openai_stub) -> None:  # type: ignore[no-untyped-def]
    # given a resolved conversation
    _support_chat(tenant)
    openai_stub.reply_chat("Parcel refunded.")
    first = _resolve(api_client).json()
    llm_calls = len(openai_stub.requests)

    # when it is resolved again, later, without a summary or with the same one
    with clock.frozen(NOW + timedelta(days=1)):
        again = api_client.post(URL, {}, format="json")
        same = api_client.post(URL, {"summary": "Parcel refunded."}, format="json")

    # then nothing changed: same memory, same time, no second summary
    assert again.status_code == same.status_code == 200
    assert again.json() == same.json() == first
    assert len(_resolutions(tenant)) == 1
    assert len(openai_stub.requests) == llm_calls


def test_a_new_summary_supersedes_the_previous_resolution(api_client: APIClient, tenant: Tenant) -> None:
    # given a resolved conversation
    _support_chat(tenant)
    first = _resolve(api_client, {"summary": "Refund promised."}).json()

    # when a new summary is sent a day later
    later = NOW + timedelta(days=1)
    with clock.frozen(later):
        second = api_client.post(URL, {"summary": "Refund paid."}, format="json").json()

    # then the new memory replaces the old one, which is kept as history; resolved_at stays
    old, new = _resolutions(tenant)
    assert (old.pk, new.pk) == (first["memory_id"], second["memory_id"])
    assert (old.status, old.superseded_by_id, old.valid_to) == (MemoryStatus.SUPERSEDED, new.pk, later)
    assert (new.status, new.content) == (MemoryStatus.ACTIVE, "Resolved: Refund paid.")
    assert new.expires_at == later + timedelta(days=30)
    assert second["resolved_at"] == first["resolved_at"] == "2025-03-01T10:00:00Z"
    assert second["resolution_summary"] == "Refund paid."


def test_a_message_after_resolve_continues_the_ledger(api_client: APIClient, tenant: Tenant) -> None:
    _support_chat(tenant)
    _resolve(api_client, {"summary": "Refunded."})

    ingest(tenant, "Thanks, the refund arrived.", message_id="u3", at=NOW + timedelta(hours=2))

    conversation = Conversation.objects.get(tenant=tenant)
    assert conversation.resolved_at == NOW
    turns = api_client.get("/conversations/conv-1/history").json()["turns"]
    assert [t["message_id"] for t in turns] == ["u1", "a1", "u2", "a2", "u3"]


def test_provenance_keeps_the_latest_fifty_user_messages(api_client: APIClient, tenant: Tenant) -> None:
    for n in range(55):
        ingest(tenant, f"update number {n}", message_id=f"u{n}", at=T0 + timedelta(seconds=n))

    _resolve(api_client, {"summary": "Many updates."})

    assert _resolutions(tenant)[0].source_message_ids == [f"u{n}" for n in range(5, 55)]


def test_another_tenants_conversation_is_404_and_unchanged(api_client: APIClient) -> None:
    other = TenantFactory()
    ingest(other, "secret stuff here", message_id="x1", conversation_id="their-conv")

    response = _resolve(api_client, {"summary": "Mine now."}, url="/conversations/their-conv/resolve")

    assert response.status_code == 404
    assert response.json() == {"detail": "Conversation not found."}
    conversation = Conversation.objects.get(tenant=other)
    assert (conversation.resolved_at, conversation.resolution_summary) == (None, "")
    assert _resolutions(other) == []
    assert redis_client().exists(history_key(conversation)) == 1


def test_unknown_conversation_is_404(api_client: APIClient, tenant: Tenant) -> None:
    response = _resolve(api_client, url="/conversations/nope/resolve")

    assert response.status_code == 404
    assert response.json() == {"detail": "Conversation not found."}


@pytest.mark.parametrize(
    ("body", "field"),
    [({"summary": "x" * 2001}, "summary"), ({"summary": "ok", "resolved_at": "2025-01-01"}, "resolved_at")],
)
def test_bad_input_is_400_and_changes_nothing(api_client: APIClient, tenant: Tenant, body: dict, field: str) -> None:
    _support_chat(tenant)

    response = _resolve(api_client, body)

    assert response.status_code == 400
    assert field in response.json()
    assert Conversation.objects.get(tenant=tenant).resolved_at is None
    assert _resolutions(tenant) == []
