"""Ledger retention: old raw messages go, memories and their provenance ids stay."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_celery_beat.models import PeriodicTask
from rest_framework.test import APIClient

from config import clock
from contacts import retention
from contacts.models import Conversation, Message, Tenant
from contacts.retention import ledger_retention_apply
from contacts.tasks import apply_ledger_retention
from ingest.services.pipeline import message_mark_processed
from ingest.tasks import process_message
from memories.models import ContactEntity, Memory, MemoryEvent
from moods.models import MoodLog, ReviewFlag
from tests.factories import TenantFactory
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 10, 1, 12, 0, tzinfo=UTC)
KEEP_30_DAYS = {"ledger_retention_days": 30}


def _message(tenant: Tenant, message_id: str, days_old: float, *, processed: bool = True, **kwargs: Any) -> None:
    text = kwargs.pop("text", f"just chatting, message {message_id}")
    ingest(tenant, text, message_id=message_id, at=NOW - timedelta(days=days_old), **kwargs)
    if processed:
        message_mark_processed(message_id=ledger_message(tenant, message_id).pk)


def _ledger(tenant: Tenant) -> list[str]:
    return list(Message.objects.filter(tenant=tenant).order_by("sent_at").values_list("client_message_id", flat=True))


def _retained(tenant: Tenant, days: Any) -> Tenant:
    tenant.settings = {"ledger_retention_days": days}
    tenant.save(update_fields=["settings"])
    return tenant


def test_only_messages_older_than_the_retention_are_deleted() -> None:
    # given a tenant keeping 30 days, with messages 29 and 31 days old
    tenant = TenantFactory(settings=KEEP_30_DAYS)
    _message(tenant, "m31", 31)
    _message(tenant, "m29", 29)

    # when retention runs
    deleted = ledger_retention_apply(now=NOW)

    # then only the 31-day-old one is gone
    assert deleted == {tenant.slug: 1}
    assert _ledger(tenant) == ["m29"]


def test_an_unprocessed_old_message_is_kept_until_its_processing_is_done() -> None:
    # given an old message whose deferred tier has not run
    tenant = TenantFactory(settings=KEEP_30_DAYS)
    _message(tenant, "pending", 90, processed=False)

    # when retention runs, then it is kept: it is work not yet done
    assert ledger_retention_apply(now=NOW) == {tenant.slug: 0}
    assert _ledger(tenant) == ["pending"]

    # and once processed, the next run deletes it
    message_mark_processed(message_id=ledger_message(tenant, "pending").pk)
    assert ledger_retention_apply(now=NOW) == {tenant.slug: 1}
    assert _ledger(tenant) == []


def test_a_tenant_without_the_setting_keeps_everything() -> None:
    forever = TenantFactory()
    explicit_null = TenantFactory(settings={"ledger_retention_days": None})
    _message(forever, "m1000", 1000)
    _message(explicit_null, "m1000", 1000)

    assert ledger_retention_apply(now=NOW) == {}
    assert (_ledger(forever), _ledger(explicit_null)) == (["m1000"], ["m1000"])


def test_each_tenant_is_trimmed_by_its_own_setting_only() -> None:
    # given the same history at three tenants: 30 days, 60 days, no setting
    short = TenantFactory(settings=KEEP_30_DAYS)
    long = TenantFactory(settings={"ledger_retention_days": 60})
    forever = TenantFactory()
    for tenant in (short, long, forever):
        _message(tenant, "m45", 45)

    # when retention runs
    deleted = ledger_retention_apply(now=NOW)

    # then only the 30-day tenant lost its message
    assert deleted == {short.slug: 1, long.slug: 0}
    assert (_ledger(short), _ledger(long), _ledger(forever)) == ([], ["m45"], ["m45"])


def test_one_tenant_can_be_trimmed_alone() -> None:
    first = TenantFactory(settings=KEEP_30_DAYS)
    second = TenantFactory(settings=KEEP_30_DAYS)
    _message(first, "m31", 31)
    _message(second, "m31", 31)

    assert ledger_retention_apply(now=NOW, tenant=second) == {second.slug: 1}
    assert (_ledger(first), _ledger(second)) == (["m31"], [])


def test_retention_leaving_memories_intact(tenant: Tenant) -> None:
    # given a contact whose old messages made memories, entities, mood logs and a crisis review flag
    tenant.settings = {**KEEP_30_DAYS, "crisis_review_enabled": True}
    tenant.save(update_fields=["settings"])
    old, crisis_at, recent = NOW - timedelta(days=40), NOW - timedelta(days=39), NOW - timedelta(days=1)
    with clock.frozen(crisis_at):  # live when it was said, so it raised a flag
        ingest(tenant, "My dog Bruno is a golden retriever", message_id="m1", at=old)
        ingest(tenant, "I can't take this anymore", message_id="m2", at=crisis_at)
    ingest(tenant, "I moved to Pune", message_id="m3", at=recent)
    for message in Message.objects.filter(tenant=tenant):
        process_message.delay(message.pk)
    memories = list(Memory.objects.filter(tenant=tenant).order_by("pk").values())
    events = list(MemoryEvent.objects.filter(memory__tenant=tenant).order_by("pk").values())
    entities = list(ContactEntity.objects.filter(tenant=tenant).order_by("pk").values())
    assert {"m1", "m2"} <= {message_id for m in memories for message_id in m["source_message_ids"]}

    # when retention runs
    deleted = ledger_retention_apply(now=NOW)

    # then only the two old messages are gone; everything learnt from them stays, ids and all
    assert deleted == {tenant.slug: 2}
    assert _ledger(tenant) == ["m3"]
    assert list(Memory.objects.filter(tenant=tenant).order_by("pk").values()) == memories
    assert list(MemoryEvent.objects.filter(memory__tenant=tenant).order_by("pk").values()) == events
    assert list(ContactEntity.objects.filter(tenant=tenant).order_by("pk").values()) == entities
    # and the mood logs and the review flag lost only their link to the deleted messages
    logs = MoodLog.objects.filter(tenant=tenant).order_by("logged_at")
    assert [(log.logged_at, log.message_id) for log in logs] == [
        (old, None),
        (crisis_at, None),
        (recent, ledger_message(tenant, "m3").pk),
    ]
    flag = ReviewFlag.objects.get(tenant=tenant)
    assert (flag.message_id, flag.category, flag.excerpt) == (None, "hopelessness", "I can't take this anymore")
    assert Conversation.objects.filter(tenant=tenant).count() == 1


def test_the_memory_api_still_shows_provenance_to_deleted_messages(api_client: APIClient, tenant: Tenant) -> None:
    # given memories learnt from a message older than the retention
    _retained(tenant, 30)
    _message(tenant, "m1", 40, text="My dog Bruno is a golden retriever")
    memory = Memory.objects.get(tenant=tenant, content="Bruno is a golden retriever")
    listed_before = api_client.get("/contacts/arjun/memories").json()["results"]
    history_before = api_client.get(f"/memories/{memory.pk}/history").json()

    # when retention deletes that message
    assert ledger_retention_apply(now=NOW) == {tenant.slug: 1}

    # then the list and the history answer as before, provenance ids included (the text is gone)
    listed = api_client.get("/contacts/arjun/memories")
    history = api_client.get(f"/memories/{memory.pk}/history")
    assert (listed.status_code, history.status_code) == (200, 200)
    assert listed.json()["results"] == listed_before
    assert {m["content"]: m["source_message_ids"] for m in listed.json()["results"]} == {
        "Has a dog named Bruno": ["m1"],
        "Bruno is a golden retriever": ["m1"],
    }
    assert history.json() == history_before
    assert [(e["kind"], e["source_message_ids"]) for e in history.json()["results"]] == [("created", ["m1"])]


def test_session_history_of_a_trimmed_conversation_serves_what_is_left(api_client: APIClient, tenant: Tenant) -> None:
    # given a conversation cached in Redis with three old turns and two recent ones, and one entirely old
    _retained(tenant, 30)
    for n, days_old in enumerate([40, 39.9, 39.8, 1, 0.9]):
        _message(tenant, f"m{n}", days_old, role="user" if n % 2 == 0 else "assistant")
    _message(tenant, "old-only", 50, conversation_id="conv-2")
    assert [t["message_id"] for t in api_client.get("/conversations/conv-1/history").json()["turns"]] == [
        "m0",
        "m1",
        "m2",
        "m3",
        "m4",
    ]

    # when retention trims them
    assert ledger_retention_apply(now=NOW) == {tenant.slug: 4}

    # then the window holds what is left — not the deleted text from the cache — and an emptied one is empty
    trimmed = api_client.get("/conversations/conv-1/history")
    emptied = api_client.get("/conversations/conv-2/history")
    assert [t["message_id"] for t in trimmed.json()["turns"]] == ["m3", "m4"]
    assert (emptied.status_code, emptied.json()["turns"]) == (200, [])


@pytest.mark.parametrize("value", ["30", 0, -5, 2.5, True, [30], {"days": 30}])
def test_an_invalid_setting_is_ignored_with_a_warning(value: Any, caplog: pytest.LogCaptureFixture) -> None:
    tenant = TenantFactory(settings={"ledger_retention_days": value})
    _message(tenant, "m1000", 1000)

    with caplog.at_level(logging.WARNING, logger="contacts.retention"):
        deleted = ledger_retention_apply(now=NOW)

    assert deleted == {}
    assert _ledger(tenant) == ["m1000"]
    assert [r.getMessage() for r in caplog.records] == [
        f"tenant {tenant.slug}: ignoring invalid ledger_retention_days={value!r} (a positive integer is required)"
    ]


def test_a_second_run_deletes_nothing() -> None:
    tenant = TenantFactory(settings=KEEP_30_DAYS)
    _message(tenant, "m31", 31)
    _message(tenant, "m29", 29)

    first = ledger_retention_apply(now=NOW)
    second = ledger_retention_apply(now=NOW)

    assert (first, second) == ({tenant.slug: 1}, {tenant.slug: 0})
    assert _ledger(tenant) == ["m29"]


def test_a_backlog_is_deleted_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    # given five old processed messages, and a pending one among them
    monkeypatch.setattr(retention, "BATCH_SIZE", 2)
    tenant = TenantFactory(settings=KEEP_30_DAYS)
    for n in range(5):
        _message(tenant, f"m{n}", 60 - n)
    _message(tenant, "pending", 50, processed=False)

    # when retention runs with batches of two
    with CaptureQueriesContext(connection) as queries:
        deleted = ledger_retention_apply(now=NOW)

    # then three DELETEs (2 + 2 + 1) took all five, and the pending one stayed
    message_deletes = [q["sql"] for q in queries if q["sql"].startswith('DELETE FROM "contacts_message"')]
    assert deleted == {tenant.slug: 5}
    assert len(message_deletes) == 3
    assert _ledger(tenant) == ["pending"]


def test_the_task_applies_retention_now() -> None:
    tenant = TenantFactory(settings=KEEP_30_DAYS)
    _message(tenant, "m31", 31)

    with clock.frozen(NOW):
        result = apply_ledger_retention.delay().get()
        missing_tenant = apply_ledger_retention.delay(tenant_id=tenant.pk + 1000).get()

    assert (result, missing_tenant) == ({tenant.slug: 1}, {})
    assert _ledger(tenant) == []


def test_the_retention_pass_is_scheduled_daily_in_the_database() -> None:
    task = PeriodicTask.objects.get(task="contacts.tasks.apply_ledger_retention")

    schedule = task.crontab
    assert task.enabled is True
    assert (schedule.minute, schedule.hour, schedule.day_of_month, schedule.month_of_year, schedule.day_of_week) == (
        "30",
        "3",
        "*",
        "*",
        "*",
    )
    assert str(schedule.timezone) == "UTC"
