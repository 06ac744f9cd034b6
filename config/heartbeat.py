"""The workers' heartbeat in Redis, read by ``GET /health/ready``.

A worker's main process beats every 2 s (Celery's event heartbeat, connected in config/celery.py), recording the time
against each queue it consumes. The web process reads the latest beat of the queues it needs: a stale one means no
worker is taking that queue's tasks (stopped, hung, or cut off from Redis), and ingest would pile up unprocessed.

Wall-clock seconds, not config.clock: the beat is compared across processes, and a clock frozen in one (a test, a
backfill) must not make a live worker look dead.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from config.redis_client import redis_client

HEARTBEAT_KEY = "rapport:worker-heartbeat"  # a hash: queue name -> the latest beat (Unix seconds)


def worker_heartbeat_record(*, queues: Iterable[str], at: float | None = None) -> None:
    beat = time.time() if at is None else at
    pipeline = redis_client().pipeline(transaction=False)
    for queue in queues:
        pipeline.hset(HEARTBEAT_KEY, queue, beat)
    pipeline.execute()


def worker_heartbeat_ages(*, queues: Iterable[str]) -> dict[str, float | None]:
    """Seconds since each queue's latest beat; None for a queue no worker has ever beaten for."""
    names = list(queues)
    beats = redis_client().hmget(HEARTBEAT_KEY, names)
    now = time.time()
    return {
        name: None if beat is None else max(0.0, now - float(beat)) for name, beat in zip(names, beats, strict=True)
    }
