"""``import_history``: a backfill through the same pipeline yields what live ingestion yields."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from contacts.models import ContactState, Message, Tenant
from contacts.services import api_key_create
from memories.models import Memory
from tests.factories import TenantFactory

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 1, 6, 8, 0, tzinfo=UTC)

USER_LINES = [
    "I live in Chennai", "I moved to Pune", "I work at Infosys", "I work at Google now", "I love biryani",
    "I hate spicy food", "I don't like coffee", "I love coffee", "My dog Bruno is a golden retriever",
    "Bruno ate my shoes again", "my dog chewed the sofa today", "I'm 29 years old", "I'm 30 years old",
    "Don't talk about politics", "can we talk about cricket?", "My mom lives in Mumbai",
    "My wife Priya got a promotion", "I play Valorant on weekends", "Work was so stressful today",
    "We went hiking in the hills", "lol", "ok", "hmm", "😂", "I have two kids", "I have 2 kids",
    "I'm a software engineer", "I work as a software engineer", "My favourite colour is blue",
    "Finished reading a great novel about space",
]  # fmt: skip
ASSISTANT_LINES = ["That sounds lovely!", "Oh no, how are you feeling?", "Tell me more about that.", "Haha, nice."]


def _messages(count: int) -> list[dict[str, Any]]:
    rng = random.Random(7)
    messages = []
    for n in range(count):
        contact = f"contact-{n % 5}"
        day = n // 25
        at = T0 + timedelta(days=day, minutes=n % 25 * 3)
        role = "assistant" if n % 3 == 2 else "user"
        text = rng.choice(ASSISTANT_LINES if role == "assistant" else USER_LINES)
        messages.append(
            {
                "contact_id": contact, "message": text, "role": role, "conversation_id": f"{contact}-day{day}",
                "message_id": f"msg-{n}", "timestamp": at.isoformat(), "display_name": contact.title(),
            }
        )  # fmt: skip
    return messages


def _beliefs(tenant: Tenant) -> list[tuple[Any, ...]]:
    # Everything believed, without row ids (two tenants can only match on content).
    memories = Memory.objects.filter(tenant=tenant).select_related("contact").prefetch_related("entities")
    return sorted(
        (
            m.contact.external_id, m.memory_type, m.content, m.status, round(m.importance, 6), m.slot,
            tuple(sorted(m.source_message_ids)), tuple(sorted(e.ref for e in m.entities.all())), m.created_at,
            m.embedding_model,
        )
        for m in memories
    )  # fmt: skip


def _states(tenant: Tenant) -> list[tuple[Any, ...]]:
    return sorted(
        ContactState.objects.filter(contact__tenant=tenant).values_list(
            "contact__external_id", "session_count", "active_streak", "relationship_stage", "last_seen_at"
        )
    )


def _write(path: Path, messages: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    return path


def _import(path: Path, tenant: Tenant, *extra: str) -> str:
    out = StringIO()
    call_command("import_history", str(path), "--tenant", tenant.slug, *extra, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_backfill_of_500_messages_matches_live_ingestion(
    tenant: Tenant, tmp_path: Path, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    messages = _messages(500)
    # given the messages arriving live, one POST at a time, each transaction committing
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {api_key_create(tenant=tenant)[1]}")
    for message in messages:
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post("/ingest", message, format="json").status_code == 202

    # when the same messages are imported as history into another tenant
    backfilled = TenantFactory()
    with django_capture_on_commit_callbacks(execute=True):  # the command's commits enqueue like live ones
        output = _import(_write(tmp_path / "export.jsonl", messages), backfilled)

    # then both tenants believe exactly the same things, and every message is fully processed
    assert "500 imported" in output
    assert _beliefs(backfilled) == _beliefs(tenant)
    assert _states(backfilled) == _states(tenant)
    assert len(_beliefs(tenant)) > 50
    assert not Message.objects.filter(processed_at__isnull=True).exists()


def test_import_resumes_after_the_last_line_done_and_replays_are_no_ops(
    tenant: Tenant, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    messages = _messages(30)
    path = _write(tmp_path / "export.jsonl", messages[:20])
    assert "20 imported" in _import(path, tenant)
    before = _beliefs(tenant)

    # when the file grows and the import runs again, it continues after line 20
    _write(path, messages)
    assert "10 imported, 0 replayed" in _import(path, tenant)

    # and ends where an uninterrupted import ends
    after = _beliefs(tenant)
    uninterrupted = TenantFactory()
    _import(path, uninterrupted)
    assert after == _beliefs(uninterrupted)
    assert len(after) > len(before)

    # and a full restart replays everything as no-ops
    assert "0 imported, 30 replayed" in _import(path, tenant, "--restart")
    assert _beliefs(tenant) == after


def test_bad_lines_are_reported_and_skipped(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    good = _messages(1)[0]
    path = tmp_path / "export.jsonl"
    path.write_text("\n".join([json.dumps(good), "{not json", json.dumps({**good, "message_id": "x", "role": "bot"})]))

    output = _import(path, tenant)

    assert "1 imported, 0 replayed, 0 conflicts, 2 invalid" in output
    assert Message.objects.filter(tenant=tenant).count() == 1


def test_lines_without_message_id_get_a_stable_one(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    line = {k: v for k, v in _messages(1)[0].items() if k != "message_id"}
    path = _write(tmp_path / "export.jsonl", [line])

    _import(path, tenant)
    _import(path, tenant, "--restart")

    assert Message.objects.filter(tenant=tenant).count() == 1


def test_unknown_tenant_or_missing_file_fails_clearly(tenant: Tenant, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No tenant"):
        call_command("import_history", str(tmp_path / "x.jsonl"), "--tenant", "ghost")
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_history", str(tmp_path / "x.jsonl"), "--tenant", tenant.slug)
