"""The raw Redis client (lists and scripts that Django's cache API does not offer)."""

from __future__ import annotations

from functools import lru_cache

import redis
from django.conf import settings

# Redis sits next to the hot path: a stuck server must cost a request one second, not a minute.
TIMEOUT_SECONDS = 1.0


def redis_client() -> redis.Redis:
    return _client_for(settings.REDIS_URL)


@lru_cache(maxsize=4)
def _client_for(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS)
