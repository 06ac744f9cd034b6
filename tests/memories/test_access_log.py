"""Accesses of memories shown by /context: queued in Redis by the request, applied in chunks by the flush."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django_celery_beat.models import PeriodicTask

from config import clock
from config.redis_client import redis_client
from contacts.models import Contact
from memories.models import Memory
from memories.services import access
from memories.services.access import (
    ACCESS_LOG_KEY,
    ACCESS_LOG_LOCK_KEY,
    _accesses_apply,
    _accesses_by_memory,
    memories_access_log_flush,
    memories_record_access_later,
)
from memories.services.records import memory_create
from memories.tasks import flush_access_log
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _empty_access_log() -> None:
    redis_client().delete(ACCESS_LOG_KEY, ACCESS_LOG_LOCK_KEY)


@pytest.fixture
def contact(tenant) -> Contact:  # type: ignore[no-untyped-def]
    return ContactFactory(tenant=tenant)


def _memory(contact: Contact, content: str) -> Memory:
    return memory_create(tenant=contact.tenant, contact=contact, memory_type="fact", content=content, source="rules",
                         created_at=NOW - timedelta(days=1))  # fmt: skip


def _shown(memories: list[Memory], at: datetime) -> None:
    with clock.frozen(at):
        memories_record_access_later(memory_ids=[m.pk for m in memories])


def _access(memory: Memory) -> tuple[int, datetime | None]:
    memory.refresh_from_db()
    return memory.access_count, memory.accessed_at


def test_a_shown_memory_is_only_queued_until_the_flush_applies_it(contact: Contact) -> None:
    # given a memory shown twice, a minute apart
    jazz = _memory(contact, "Likes jazz")
    _shown([jazz], NOW)
    _shown([jazz], NOW + timedelta(minutes=1))
    assert _access(jazz) == (0, None)

    # when the beat task flushes
    updated = flush_access_log()

    # then both accesses count and the latest is the access time; the log and the lock are gone
    assert updated == 1
    assert _access(jazz) == (2, NOW + timedelta(minutes=1))
    assert redis_client().exists(ACCESS_LOG_KEY, ACCESS_LOG_LOCK_KEY) == 0


def test_the_log_is_applied_in_chunks_oldest_first(contact: Contact, monkeypatch: pytest.MonkeyPatch) -> None:
    # given five accesses of one memory and chunks of two entries
    monkeypatch.setattr(access, "ACCESS_LOG_CHUNK", 2)
    jazz = _memory(contact, "Likes jazz")
    for minute in range(5):
        _shown([jazz], NOW + timedelta(minutes=minute))

    # when one flush runs
    memories_access_log_flush()

    # then all five count (three chunks), the last one's time kept
    assert _access(jazz) == (5, NOW + timedelta(minutes=4))
    assert redis_client().llen(ACCESS_LOG_KEY) == 0


def test_a_chunk_applied_but_not_yet_removed_counts_once(contact: Contact) -> None:
    # given a chunk applied whose removal never happened (a crash between the commit and the LTRIM)
    jazz, techno = _memory(contact, "Likes jazz"), _memory(contact, "Likes techno")
    _shown([jazz, techno], NOW)
    entries = [entry.decode() for entry in redis_client().lrange(ACCESS_LOG_KEY, 0, -1)]
    assert _accesses_apply(_accesses_by_memory(entries)) == 2
    _shown([jazz], NOW + timedelta(hours=1))  # and a new access queued meanwhile

    # when the next flush runs
    updated = memories_access_log_flush()

    # then the replayed chunk changed nothing; the new access counted
    assert updated == 1
    assert _access(jazz) == (2, NOW + timedelta(hours=1))
    assert _access(techno) == (1, NOW)


def test_an_access_no_later_than_the_recorded_one_counts_no_more(contact: Contact) -> None:
    jazz = _memory(contact, "Likes jazz")
    Memory.objects.filter(pk=jazz.pk).update(access_count=5, accessed_at=NOW)
    _shown([jazz], NOW - timedelta(minutes=5))
    _shown([jazz], NOW)

    assert memories_access_log_flush() == 0
    assert _access(jazz) == (5, NOW)


def test_only_one_flush_runs_at_a_time_and_none_frees_anothers_lock(contact: Contact) -> None:
    # given another flush holding the lock
    jazz = _memory(contact, "Likes jazz")
    _shown([jazz], NOW)
    redis_client().set(ACCESS_LOG_LOCK_KEY, "another-flush", ex=60)

    # when a flush starts
    updated = memories_access_log_flush()

    # then it does nothing, leaves the log for later and the other flush's lock in place
    assert updated == 0
    assert _access(jazz) == (0, None)
    assert redis_client().llen(ACCESS_LOG_KEY) == 1
    assert redis_client().get(ACCESS_LOG_LOCK_KEY) == b"another-flush"


def test_an_unreadable_entry_is_dropped_and_logged_not_blocking_the_rest(
    contact: Contact, caplog: pytest.LogCaptureFixture
) -> None:
    jazz = _memory(contact, "Likes jazz")
    redis_client().rpush(
        ACCESS_LOG_KEY, "not a timestamp|1", f"2025-06-01T12:00:00|{jazz.pk}", "2025-06-01T12:00:00+00:00|x"
    )
    _shown([jazz], NOW)

    assert memories_access_log_flush() == 1
    assert _access(jazz) == (1, NOW)
    assert redis_client().llen(ACCESS_LOG_KEY) == 0
    dropped = [r.getMessage() for r in caplog.records if r.name == "memories.services.access"]
    assert len(dropped) == 3  # the bad time, the naive time, the bad id


def test_an_access_of_a_deleted_memory_is_dropped(contact: Contact) -> None:
    jazz, techno = _memory(contact, "Likes jazz"), _memory(contact, "Likes techno")
    _shown([jazz, techno], NOW)
    Memory.objects.filter(pk=techno.pk).delete()

    assert memories_access_log_flush() == 1
    assert _access(jazz) == (1, NOW)


def test_the_log_keeps_only_the_newest_entries_when_no_flush_runs(
    contact: Contact, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a cap of three entries and five responses while no flush runs
    monkeypatch.setattr(access, "ACCESS_LOG_MAX_ENTRIES", 3)
    jazz = _memory(contact, "Likes jazz")
    for minute in range(5):
        _shown([jazz], NOW + timedelta(minutes=minute))

    # then the oldest two were dropped
    assert redis_client().llen(ACCESS_LOG_KEY) == 3
    memories_access_log_flush()
    assert _access(jazz) == (3, NOW + timedelta(minutes=4))


def test_with_redis_down_the_access_is_written_at_once(contact: Contact, settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # given Redis unreachable (a socket nobody listens on)
    jazz = _memory(contact, "Likes jazz")
    settings.REDIS_URL = f"unix://{tmp_path}/nobody.sock"

    # when the memory is shown
    _shown([jazz], NOW)

    # then the access is recorded in the database directly, and it mattered then
    assert _access(jazz) == (1, NOW)
    assert Memory.objects.get(pk=jazz.pk).mattered_at == NOW


def test_celery_beat_flushes_every_ten_seconds() -> None:
    # the schedule declared in config/beat.py
    task = PeriodicTask.objects.get(task="memories.tasks.flush_access_log")
    assert (task.enabled, task.interval.every, task.interval.period, task.expire_seconds) == (True, 10, "seconds", 10)


def test_a_flushed_access_is_a_time_the_memory_mattered_and_never_moves_it_back(contact: Contact) -> None:
    # given a memory created a day before NOW and one reinforced after the access that is still queued
    jazz = _memory(contact, "Likes jazz")
    tea = _memory(contact, "Likes tea")
    Memory.objects.filter(pk=tea.pk).update(mattered_at=NOW + timedelta(hours=1))
    _shown([jazz, tea], NOW)

    # when the flush applies the access
    flush_access_log()

    # then the access is when jazz last mattered; tea keeps its later time
    jazz.refresh_from_db()
    tea.refresh_from_db()
    assert (jazz.mattered_at, tea.mattered_at) == (NOW, NOW + timedelta(hours=1))
