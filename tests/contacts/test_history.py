"""Session history: the Redis window, its ledger fallback, and budgeted summaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from config.embedded import ensure_redis, stop_redis
from config.redis_client import redis_client
from contacts.history import history_key
from contacts.models import Conversation, Tenant
from providers.tokens import count_tokens
from tests.factories import TenantFactory
from tests.memories.helpers import ingest

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def _chat(tenant: Tenant, turns: int, *, words: int = 3) -> None:
    for n in range(turns):
        role = "user" if n % 2 == 0 else "assistant"
        text = f"turn {n} " + " ".join(["talking"] * words)
        ingest(tenant, text, message_id=f"m{n}", role=role, at=T0 + timedelta(minutes=n))


def test_window_keeps_the_first_turn_and_the_latest_nineteen(api_client: APIClient, tenant: Tenant) -> None:
    _chat(tenant, 30)

    response = api_client.get("/conversations/conv-1/history")

    ids = [turn["message_id"] for turn in response.json()["turns"]]
    assert response.status_code == 200
    assert ids == ["m0", *[f"m{n}" for n in range(11, 30)]]


def test_window_lives_in_redis_with_a_24h_ttl(tenant: Tenant) -> None:
    _chat(tenant, 3)

    key = history_key(Conversation.objects.get(tenant=tenant))
    assert redis_client().llen(key) == 3
    assert 86_000 < redis_client().ttl(key) <= 86_400


def test_a_cold_cache_is_rebuilt_from_the_ledger(api_client: APIClient, tenant: Tenant) -> None:
    # given a conversation whose cache entry expired
    _chat(tenant, 25)
    redis_client().delete(history_key(Conversation.objects.get(tenant=tenant)))

    # when the history is read, and another message arrives
    first = api_client.get("/conversations/conv-1/history").json()["turns"]
    ingest(tenant, "one more thing", message_id="m25", at=T0 + timedelta(hours=1))
    second = api_client.get("/conversations/conv-1/history").json()["turns"]

    # then both windows are correct: first turn kept, latest turns in order
    assert [t["message_id"] for t in first] == ["m0", *[f"m{n}" for n in range(6, 25)]]
    assert [t["message_id"] for t in second] == ["m0", *[f"m{n}" for n in range(7, 26)]]


def test_history_is_served_from_the_ledger_when_redis_is_down(
    api_client: APIClient, tenant: Tenant, settings, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    # given a conversation, and then Redis going away
    _chat(tenant, 5)
    data_dir = tmp_path / "redis-down"
    settings.REDIS_URL = ensure_redis(data_dir).url
    stop_redis(data_dir)

    # when a message is ingested and the history read
    ingest(tenant, "are you still there?", message_id="m5", at=T0 + timedelta(hours=1))
    response = api_client.get("/conversations/conv-1/history")

    # then nothing was lost: the ledger answers
    assert response.status_code == 200
    assert [t["message_id"] for t in response.json()["turns"]] == ["m0", "m1", "m2", "m3", "m4", "m5"]


def test_budget_keeps_the_last_four_turns_verbatim_and_summarises_the_rest(
    api_client: APIClient, tenant: Tenant
) -> None:
    _chat(tenant, 12, words=12)

    body = api_client.get("/conversations/conv-1/history?budget=150").json()

    assert [t["message_id"] for t in body["turns"]] == ["m8", "m9", "m10", "m11"]
    assert body["summary"].startswith("user: turn 0")
    assert body["tokens"] <= 150
    assert body["tokens"] == sum(count_tokens(t["content"]) for t in body["turns"]) + count_tokens(body["summary"])


def test_a_budget_too_small_for_a_summary_keeps_only_the_verbatim_turns(api_client: APIClient, tenant: Tenant) -> None:
    _chat(tenant, 8, words=12)

    body = api_client.get("/conversations/conv-1/history?budget=10").json()

    assert [t["message_id"] for t in body["turns"]] == ["m4", "m5", "m6", "m7"]
    assert body["summary"] is None


def test_budget_summary_uses_the_llm_when_configured(api_client: APIClient, tenant: Tenant, openai_stub) -> None:  # type: ignore[no-untyped-def]
    _chat(tenant, 10, words=12)
    openai_stub.reply_chat("Arjun talked about turns with the assistant.")

    body = api_client.get("/conversations/conv-1/history?budget=200").json()

    assert body["summary"] == "Arjun talked about turns with the assistant."
    assert "turn 0" in openai_stub.requests[-1][1]["messages"][1]["content"]


def test_llm_failure_falls_back_to_the_extractive_summary(api_client: APIClient, tenant: Tenant, openai_stub) -> None:  # type: ignore[no-untyped-def]
    _chat(tenant, 10, words=12)
    openai_stub.fail(500)

    body = api_client.get("/conversations/conv-1/history?budget=200").json()

    assert body["summary"].startswith("user: turn 0")


@pytest.mark.parametrize("budget", ["-1", "abc", "1000001"])
def test_bad_budget_is_400(api_client: APIClient, tenant: Tenant, budget: str) -> None:
    _chat(tenant, 2)

    response = api_client.get(f"/conversations/conv-1/history?budget={budget}")

    assert response.status_code == 400
    assert "budget" in response.json()


def test_another_tenants_conversation_is_404(api_client: APIClient) -> None:
    other = TenantFactory()
    ingest(other, "secret stuff here", message_id="x1", conversation_id="their-conv")

    response = api_client.get("/conversations/their-conv/history")

    assert response.status_code == 404
    assert "secret" not in response.content.decode()
