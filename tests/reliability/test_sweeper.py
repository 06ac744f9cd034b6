"""The sweeper: messages stranded as pending (lost enqueue, lost broker message, Redis outage) get processed."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone
from django_celery_beat.models import PeriodicTask
from kombu.exceptions import OperationalError as KombuOperationalError

from config.redis_client import redis_client
from contacts.models import Message, ProcessingStatus, Tenant
from ingest.services import sweeper
from ingest.services.pipeline import message_mark_processed
from ingest.services.sweeper import pending_messages_sweep
from ingest.tasks import process_message, sweep_pending_messages
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 10, 1, 12, 0, tzinfo=UTC)


def _pending(tenant: Tenant, message_id: str, *, seconds_old: float, now: datetime = NOW) -> Message:
    """An ingested message whose enqueue never happened (tests don't run on-commit hooks: like a crash)."""
    ingest(tenant, f"My dog Bruno ate my shoes, take {message_id}", message_id=message_id)
    message = ledger_message(tenant, message_id)
    Message.objects.filter(pk=message.pk).update(received_at=now - timedelta(seconds=seconds_old))
    redis_client().delete(sweeper._cooldown_key(message.pk))  # a test Redis shared with parallel runs
    message.refresh_from_db()
    assert message.processing_status == ProcessingStatus.PENDING
    return message


@pytest.fixture
def lost_enqueues(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The broker accepts every re-enqueue and loses it: the message stays pending."""
    sent: list[int] = []
    monkeypatch.setattr(process_message, "delay", lambda message_id: sent.append(message_id))
    return sent


def test_a_message_pending_past_the_threshold_is_processed(tenant: Tenant) -> None:
    # given a message stranded as pending for five minutes
    message = _pending(tenant, "m1", seconds_old=300)

    # when the sweep runs (Celery is eager in tests: the re-enqueued task runs at once)
    swept = pending_messages_sweep(now=NOW)

    # then it went through the deferred tier, counted as one sweep
    message.refresh_from_db()
    assert swept == 1
    assert message.processing_status == ProcessingStatus.DONE
    assert message.processed_at is not None
    assert message.processing_attempts == 1


def test_a_message_younger_than_the_threshold_is_left_alone(tenant: Tenant) -> None:
    # given a message pending for one minute (its own task is probably still queued)
    message = _pending(tenant, "m1", seconds_old=60)

    # when the sweep runs with the default two-minute threshold
    swept = pending_messages_sweep(now=NOW)

    # then nothing happened to it
    message.refresh_from_db()
    assert swept == 0
    assert (message.processing_status, message.processing_attempts) == (ProcessingStatus.PENDING, 0)


def test_a_message_already_done_is_untouched(tenant: Tenant) -> None:
    # given an old message whose processing finished
    message = _pending(tenant, "m1", seconds_old=3600)
    message_mark_processed(message_id=message.pk)
    message.refresh_from_db()
    processed_at = message.processed_at

    # when the sweep runs
    swept = pending_messages_sweep(now=NOW)

    # then it is not re-enqueued or counted
    message.refresh_from_db()
    assert swept == 0
    assert (message.processing_status, message.processing_attempts) == (ProcessingStatus.DONE, 0)
    assert message.processed_at == processed_at


def test_the_oldest_messages_are_swept_first_up_to_the_limit(tenant: Tenant, lost_enqueues: list[int]) -> None:
    # given three stranded messages of different ages
    newest = _pending(tenant, "newest", seconds_old=200)
    oldest = _pending(tenant, "oldest", seconds_old=900)
    middle = _pending(tenant, "middle", seconds_old=500)

    # when a sweep may re-enqueue two
    swept = pending_messages_sweep(now=NOW, limit=2)

    # then the two oldest went, oldest first
    assert swept == 2
    assert lost_enqueues == [oldest.pk, middle.pk]
    assert Message.objects.get(pk=newest.pk).processing_attempts == 0


def test_a_second_sweep_does_not_resend_or_recount(tenant: Tenant, lost_enqueues: list[int]) -> None:
    # given a stranded message whose re-enqueue the broker loses
    message = _pending(tenant, "m1", seconds_old=300)
    assert pending_messages_sweep(now=NOW) == 1

    # when the sweep runs again (another sweeper, or the next minute)
    swept = pending_messages_sweep(now=NOW)

    # then the message is cooling down: not sent again, counted once
    assert swept == 0
    assert lost_enqueues == [message.pk]
    assert Message.objects.get(pk=message.pk).processing_attempts == 1


def test_sweeps_of_one_message_back_off_exponentially(tenant: Tenant, lost_enqueues: list[int]) -> None:
    # given a stranded message whose re-enqueues keep getting lost
    message = _pending(tenant, "m1", seconds_old=3600)
    key = sweeper._cooldown_key(message.pk)

    # when it is swept three times, each after its cooldown ran out
    cooldowns = []
    for _ in range(3):
        assert pending_messages_sweep(now=NOW) == 1
        cooldowns.append(redis_client().ttl(key))
        redis_client().delete(key)  # time passes

    # then the cooldown doubled from the two-minute threshold each time
    assert [round(ttl, -1) for ttl in cooldowns] == [120, 240, 480]
    assert Message.objects.get(pk=message.pk).processing_attempts == 3


def test_a_sweeper_with_a_stale_count_claims_nothing(tenant: Tenant, lost_enqueues: list[int]) -> None:
    # given a message another sweeper has just claimed (its count went from 0 to 1)
    message = _pending(tenant, "m1", seconds_old=300)
    Message.objects.filter(pk=message.pk).update(processing_attempts=1)

    # when a sweeper that read the count before tries to claim it
    claimed = sweeper._resend(message.pk, attempts=0, older_than=120)

    # then its conditional UPDATE matched nothing: no second enqueue, no second count
    assert claimed is False
    assert lost_enqueues == []
    assert Message.objects.get(pk=message.pk).processing_attempts == 1


@override_settings(SWEEP_MAX_ATTEMPTS=3)
def test_after_the_last_attempt_the_message_is_marked_failed(tenant: Tenant, caplog: pytest.LogCaptureFixture) -> None:
    # given a message swept the maximum number of times, whose last cooldown has run out
    message = _pending(tenant, "m1", seconds_old=7200)
    Message.objects.filter(pk=message.pk).update(processing_attempts=3)

    # when the sweep runs
    with caplog.at_level(logging.ERROR, logger="ingest.services.sweeper"):
        swept = pending_messages_sweep(now=NOW)

    # then it is failed instead of retried forever, and the error names it
    message.refresh_from_db()
    assert swept == 0
    assert (message.processing_status, message.processing_attempts) == (ProcessingStatus.FAILED, 3)
    assert [r.getMessage() for r in caplog.records] == [
        f"message {message.pk} is still pending after 3 sweeps: marked failed"
    ]
    assert pending_messages_sweep(now=NOW) == 0  # and no later sweep picks it up


def test_with_the_broker_down_the_sweep_stops_and_the_next_one_retries(
    tenant: Tenant, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # given two stranded messages and a broker that refuses connections
    first = _pending(tenant, "m1", seconds_old=600)
    second = _pending(tenant, "m2", seconds_old=300)

    def broker_down(message_id: int) -> None:
        raise KombuOperationalError("Error 111 connecting to redis: Connection refused.")

    monkeypatch.setattr(process_message, "delay", broker_down)

    # when the sweep runs
    with caplog.at_level(logging.WARNING, logger="ingest.services.sweeper"):
        swept = pending_messages_sweep(now=NOW)

    # then it stopped at the first message, without counting an attempt that was never sent
    assert swept == 0
    assert [r.getMessage() for r in caplog.records] == [
        "broker unavailable: sweep stopped after re-enqueueing 0 messages; the next one retries"
    ]
    assert list(Message.objects.filter(pk__in=[first.pk, second.pk]).values_list("processing_attempts", flat=True)) == [
        0,
        0,
    ]

    # when the broker is back and the next sweep runs
    monkeypatch.undo()
    swept = pending_messages_sweep(now=NOW)

    # then both are processed
    assert swept == 2
    assert set(Message.objects.filter(pk__in=[first.pk, second.pk]).values_list("processing_status", flat=True)) == {
        ProcessingStatus.DONE
    }


def test_the_task_sweeps_with_the_current_time(tenant: Tenant) -> None:
    # given a message stranded five minutes ago (real time: the task takes no arguments)
    message = _pending(tenant, "m1", seconds_old=300, now=timezone.now())

    # when beat's task runs
    swept = sweep_pending_messages.delay().get()

    # then the message is done
    assert swept == 1
    assert Message.objects.get(pk=message.pk).processing_status == ProcessingStatus.DONE


def test_the_sweep_is_scheduled_every_minute_in_the_database() -> None:
    # given the migrated database
    # then beat finds the sweep, every 60 seconds, dropped if still queued when the next one is due
    task = PeriodicTask.objects.get(task="memories.tasks.sweep_pending_messages")
    assert task.enabled is True
    assert task.interval is not None
    assert (task.interval.every, task.interval.period) == (60, "seconds")
    assert task.expire_seconds == 60


def test_redrive_puts_failed_messages_back_and_processes_them(
    tenant: Tenant, django_capture_on_commit_callbacks: Any
) -> None:
    # given a message the sweeper gave up on, and another tenant's failed message
    message = _pending(tenant, "m1", seconds_old=7200)
    Message.objects.filter(pk=message.pk).update(processing_status=ProcessingStatus.FAILED, processing_attempts=10)
    other_tenant = Tenant.objects.create(name="Other", slug="other")
    other = _pending(other_tenant, "m2", seconds_old=7200)
    Message.objects.filter(pk=other.pk).update(processing_status=ProcessingStatus.FAILED, processing_attempts=10)

    # when an operator re-drives the first tenant's failed messages (enqueued on commit; Celery is eager in tests)
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("redrive_messages", "--tenant", tenant.slug, stdout=out)

    # then that message went through the deferred tier with a fresh count; the other tenant's is untouched
    message.refresh_from_db()
    other.refresh_from_db()
    assert out.getvalue().strip() == "Re-driven 1 failed message(s)."
    assert (message.processing_status, message.processing_attempts) == (ProcessingStatus.DONE, 0)
    assert message.processed_at is not None
    assert other.processing_status == ProcessingStatus.FAILED

    # and without --tenant every tenant's failed messages are re-driven: only the other one is left (done is done)
    call_command("redrive_messages", stdout=(out := StringIO()))
    assert out.getvalue().strip() == "Re-driven 1 failed message(s)."
    assert Message.objects.get(pk=other.pk).processing_status == ProcessingStatus.PENDING


def test_redrive_names_an_unknown_tenant(db: None) -> None:
    with pytest.raises(CommandError, match="No tenant with slug 'nope'"):
        call_command("redrive_messages", "--tenant", "nope")
