"""The contact's most recent active memories, for inline dedup: Redis first, Postgres behind it.

Redis being down must never fail ingestion: every cache call falls back to the database.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.cache import cache

from memories.models import Memory, MemoryStatus

logger = logging.getLogger(__name__)
TTL_SECONDS = 24 * 3600
FIELDS = ("id", "memory_type", "content", "slot")


def recent_memories(contact_id: int) -> list[dict[str, Any]]:
    key = _key(contact_id)
    try:
        cached = cache.get(key)
    except Exception:  # noqa: BLE001 - a cache outage degrades to the database
        logger.warning("recent-memory cache unavailable; reading Postgres")
        return _from_database(contact_id)
    if cached is not None:
        return list(cached)
    rows = _from_database(contact_id)
    try:
        cache.set(key, rows, TTL_SECONDS)
    except Exception:  # noqa: BLE001
        logger.warning("recent-memory cache unavailable; not caching")
    return rows


def forget(contact_id: int) -> bool:
    """Drop the cached list after a change; the next read rebuilds it from Postgres. True if it existed."""
    try:
        return bool(cache.delete(_key(contact_id)))
    except Exception:  # noqa: BLE001
        logger.warning("recent-memory cache unavailable; entry for contact %s not dropped", contact_id)
        return False


def _from_database(contact_id: int) -> list[dict[str, Any]]:
    rows = (
        Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE)
        .order_by("-updated_at")
        .values(*FIELDS)[: settings.RECENT_MEMORIES]
    )
    return list(rows)


def _key(contact_id: int) -> str:
    return f"recent-memories:{contact_id}"
