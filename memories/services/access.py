"""Accesses of memories shown by /context and /brain/context: access_count + 1 and accessed_at, the signals of
retrieval's access frequency and recency; and mattered_at, from which decay and pruning count.

A response does not wait on that write: it appends one entry to a Redis list (``<at ISO>|<id>,<id>,…``, one
round trip), and ``memories_access_log_flush`` (celery-beat, every 10 s) applies the list in chunks — inline
instead when Redis is down. The list is capped at ACCESS_LOG_MAX_ENTRIES: if the flush stops for hours, the
oldest accesses are dropped (soft signals) rather than Redis filling up next to the broker.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime

from django.db import connection, transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from redis.exceptions import RedisError

from config import clock
from config.redis_client import redis_client
from memories.models import Memory

logger = logging.getLogger(__name__)

ACCESS_LOG_KEY = "access-log"
ACCESS_LOG_LOCK_KEY = "access-log:lock"
ACCESS_LOG_MAX_ENTRIES = 500_000  # ~75 MB; at 100 /context a second, ~80 minutes without a flush
ACCESS_LOG_CHUNK = 1_000  # entries applied per transaction
# A flush stops taking chunks after this long, well inside its lock and the task's 50 s soft limit: a second
# flush can only start once the lock expired, and must never find the first one still trimming the list.
ACCESS_LOG_FLUSH_SECONDS = 30
ACCESS_LOG_LOCK_SECONDS = 120
# Delete the lock only if this flush still holds it (its token), in one step.
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"


def memories_record_access(*, memory_ids: Sequence[int], at: datetime) -> int:
    """access_count + 1, accessed_at = at, and it mattered at ``at`` (if later). Idempotent per ``at``: a memory
    whose accessed_at is already at or after ``at`` is left alone."""
    return (
        Memory.objects.filter(pk__in=memory_ids)
        .exclude(accessed_at__gte=at)
        .update(access_count=F("access_count") + 1, accessed_at=at, mattered_at=Greatest(F("mattered_at"), Value(at)))
    )


def memories_record_access_later(*, memory_ids: Sequence[int]) -> None:
    """Record an access of memories shown to a caller without making the response wait on a write."""
    if not memory_ids:
        return
    at = clock.now()
    try:
        pipeline = redis_client().pipeline(transaction=False)
        pipeline.rpush(ACCESS_LOG_KEY, f"{at.isoformat()}|{','.join(str(pk) for pk in memory_ids)}")
        pipeline.ltrim(ACCESS_LOG_KEY, -ACCESS_LOG_MAX_ENTRIES, -1)
        pipeline.execute()
    except RedisError:
        memories_record_access(memory_ids=memory_ids, at=at)


def memories_access_log_flush() -> int:
    """Apply the queued accesses, oldest first, a chunk per transaction; returns the memories updated.

    One flush at a time (a Redis lock with a token). Idempotent: a chunk is removed from the list only after its
    transaction committed, and applying it again changes nothing (an access at or before a memory's accessed_at
    counts no more) — so a crash between the two costs nothing. An unreadable entry is logged and dropped."""
    client = redis_client()
    token = uuid.uuid4().hex
    if not client.set(ACCESS_LOG_LOCK_KEY, token, nx=True, ex=ACCESS_LOG_LOCK_SECONDS):
        return 0  # another flush is running
    try:
        updated, deadline = 0, time.monotonic() + ACCESS_LOG_FLUSH_SECONDS
        while time.monotonic() < deadline:
            entries = [_text(entry) for entry in client.lrange(ACCESS_LOG_KEY, 0, ACCESS_LOG_CHUNK - 1)]
            if not entries:
                break
            updated += _accesses_apply(_accesses_by_memory(entries))
            client.ltrim(ACCESS_LOG_KEY, len(entries), -1)  # new entries arrive at the other end
        return updated
    finally:
        client.eval(_RELEASE, 1, ACCESS_LOG_LOCK_KEY, token)


def _text(entry: bytes | str) -> str:
    return entry.decode(errors="replace") if isinstance(entry, bytes) else entry


def _accesses_by_memory(entries: Iterable[str]) -> dict[int, set[datetime]]:
    accesses: dict[int, set[datetime]] = {}
    for entry in entries:
        try:
            moment, ids = _parsed(entry)
        except ValueError:
            logger.error("access log: dropping an unreadable entry %r", entry[:200])
            continue
        for pk in ids:
            accesses.setdefault(pk, set()).add(moment)
    return accesses


def _parsed(entry: str) -> tuple[datetime, list[int]]:
    at, _, ids = entry.partition("|")
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:
        raise ValueError("naive timestamp")
    return moment, [int(pk) for pk in ids.split(",")]


def _accesses_apply(accesses: dict[int, set[datetime]]) -> int:
    """access_count + the accesses later than the memory's accessed_at, accessed_at = the latest of them, and the
    memory mattered then (if later than it last did)."""
    if not accesses:
        return 0
    with transaction.atomic():
        current = dict(Memory.objects.filter(pk__in=accesses).values_list("pk", "accessed_at"))
        changes = []
        for pk, moments in accesses.items():
            if pk not in current:
                continue  # deleted since it was shown
            last = current[pk]
            new = sorted(m for m in moments if last is None or m > last)
            if new:
                changes.append((pk, len(new), new[-1]))
        if not changes:
            return 0
        with connection.cursor() as cursor:
            cursor.execute(
                """UPDATE memories_memory m SET access_count = m.access_count + v.n, accessed_at = v.last,
                       mattered_at = GREATEST(m.mattered_at, v.last)
                   FROM unnest(%s::bigint[], %s::integer[], %s::timestamptz[]) AS v(id, n, last)
                   WHERE m.id = v.id AND (m.accessed_at IS NULL OR m.accessed_at < v.last)""",
                [[c[0] for c in changes], [c[1] for c in changes], [c[2] for c in changes]],
            )
            return cursor.rowcount
