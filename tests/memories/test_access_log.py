"""Accesses of memories shown by /context: queued in Redis by the request, applied in batches by the flush."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from config import clock
from config.redis_client import redis_client
from contacts.models import Contact
from memories.models import Memory
from memories.services.records import (
    ACCESS_LOG_FLUSHING_KEY,
    ACCESS_LOG_KEY,
    ACCESS_LOG_LOCK_KEY,
    memories_access_log_flush,
    memories_record_access_later,
    memory_create,
)
from memories.tasks import flush_access_log
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _empty_access_log() -> None:
    redis_client().delete(ACCESS_LOG_KEY, ACCESS_LOG_FLUSHING_KEY, ACCESS_LOG_LOCK_KEY)


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

    # then both accesses count and the latest is the access time; the log is empty
    assert updated == 1
    assert _access(jazz) == (2, NOW + timedelta(minutes=1))
    assert redis_client().exists(ACCESS_LOG_KEY, ACCESS_LOG_FLUSHING_KEY, ACCESS_LOG_LOCK_KEY) == 0


def test_a_flush_interrupted_before_it_deleted_its_batch_changes_nothing_the_second_time(contact: Contact) -> None:
    # given a batch applied whose deletion never happened (a crash between the commit and the DELETE)
    jazz, techno = _memory(contact, "Likes jazz"), _memory(contact, "Likes techno")
    _shown([jazz, techno], NOW)
    client = redis_client()
    client.rename(ACCESS_LOG_KEY, ACCESS_LOG_FLUSHING_KEY)
    batch = client.lrange(ACCESS_LOG_FLUSHING_KEY, 0, -1)
    assert memories_access_log_flush() == 2
    client.rpush(ACCESS_LOG_FLUSHING_KEY, *batch)
    _shown([jazz], NOW + timedelta(hours=1))  # and a new access queued meanwhile

    # when the next flush runs
    first = memories_access_log_flush()
    second = memories_access_log_flush()

    # then the replayed batch counted once; the new access is applied by the flush after it
    assert (first, second) == (0, 1)
    assert _access(jazz) == (2, NOW + timedelta(hours=1))
    assert _access(techno) == (1, NOW)


def test_an_access_no_later_than_the_recorded_one_counts_no_more(contact: Contact) -> None:
    jazz = _memory(contact, "Likes jazz")
    Memory.objects.filter(pk=jazz.pk).update(access_count=5, accessed_at=NOW)
    _shown([jazz], NOW - timedelta(minutes=5))
    _shown([jazz], NOW)

    assert memories_access_log_flush() == 0
    assert _access(jazz) == (5, NOW)


def test_only_one_flush_runs_at_a_time(contact: Contact) -> None:
    jazz = _memory(contact, "Likes jazz")
    _shown([jazz], NOW)
    redis_client().set(ACCESS_LOG_LOCK_KEY, 1, ex=60)  # another flush holds the lock

    assert memories_access_log_flush() == 0
    assert _access(jazz) == (0, None)
    assert redis_client().llen(ACCESS_LOG_KEY) == 1  # left for the next flush


def test_an_access_of_a_deleted_memory_is_dropped(contact: Contact) -> None:
    jazz, techno = _memory(contact, "Likes jazz"), _memory(contact, "Likes techno")
    _shown([jazz, techno], NOW)
    Memory.objects.filter(pk=techno.pk).delete()

    assert memories_access_log_flush() == 1
    assert _access(jazz) == (1, NOW)
    assert redis_client().exists(ACCESS_LOG_FLUSHING_KEY) == 0


def test_with_redis_down_the_access_is_written_at_once(contact: Contact, settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # given Redis unreachable (a socket nobody listens on)
    jazz = _memory(contact, "Likes jazz")
    settings.REDIS_URL = f"unix://{tmp_path}/nobody.sock"

    # when the memory is shown
    _shown([jazz], NOW)

    # then the access is recorded in the database directly
    assert _access(jazz) == (1, NOW)
