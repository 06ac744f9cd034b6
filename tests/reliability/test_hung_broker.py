"""A hung Redis — alive, accepting connections, never answering (SIGSTOP: a frozen VM, a full disk, a paused
container) — must not block the request that publishes a task (POST /ingest) for more than a few seconds. Run for real
against a redis-server of its own, with the Celery configuration of the Django settings."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import Celery
from kombu.exceptions import OperationalError

from config.embedded import ensure_redis, stop_redis
from config.settings import celery_broker_url

pytestmark = pytest.mark.slow
# Two attempts (one retry) of at most socket_timeout (2 s) each, plus reconnecting: ~6 s measured.
PUBLISH_BOUND_SECONDS = 10


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    service = ensure_redis(tmp_path)
    try:
        yield service.url
    finally:
        os.kill(_redis_pid(tmp_path), signal.SIGCONT)
        stop_redis(tmp_path)


def _redis_pid(data_dir: Path) -> int:
    return int((data_dir / "redis" / "redis.pid").read_text().strip())


def _publisher(redis_url: str) -> Celery:
    """A Celery app configured exactly as the web process's (CELERY_* settings), on this Redis."""
    publisher = Celery("hung-broker-test")
    publisher.config_from_object("django.conf:settings", namespace="CELERY")
    # Namespaced keys: with namespace="CELERY", Celery reads CELERY_BROKER_URL before broker_url.
    publisher.conf.update(CELERY_BROKER_URL=celery_broker_url(redis_url), CELERY_TASK_ALWAYS_EAGER=False)
    assert publisher.connection_for_write().as_uri() == celery_broker_url(redis_url)
    return publisher


def test_a_publish_to_a_hung_redis_fails_within_seconds(redis_url: str, tmp_path: Path) -> None:
    # given a publisher whose pooled connection to Redis works
    publisher = _publisher(redis_url)
    publisher.send_task("memories.tasks.process_message", args=[1])

    # when Redis hangs (stopped, not shut down: the socket stays open) and a task is published
    os.kill(_redis_pid(tmp_path), signal.SIGSTOP)
    outcome: list[BaseException | None] = []

    def publish() -> None:
        try:
            publisher.send_task("memories.tasks.process_message", args=[2])
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 — handed to the test's thread
            outcome.append(exc)

    started = time.monotonic()
    thread = threading.Thread(target=publish, daemon=True)  # without the timeouts it would never return
    thread.start()
    thread.join(timeout=30)
    took = time.monotonic() - started

    # then the publish gives up within seconds with the broker error ingest catches (the message stays pending
    # for the sweeper and the request answers 202)
    assert not thread.is_alive(), "the publish is still blocked on the hung Redis after 30 s"
    assert took < PUBLISH_BOUND_SECONDS
    [error] = outcome
    assert isinstance(error, OperationalError)
    print(f"\nFIGURES hung redis: publish failed after {took:.1f} s")
