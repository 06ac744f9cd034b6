"""``GET /health/ready``: Postgres, Redis, a worker's fresh heartbeat and a backlog under its limit, apart from the
liveness of ``GET /health``."""

from __future__ import annotations

import time
from typing import Any

import pytest
from celery import signals
from django.utils import timezone
from rest_framework.test import APIClient

from config.heartbeat import HEARTBEAT_KEY, worker_heartbeat_ages, worker_heartbeat_record
from config.redis_client import redis_client
from contacts.models import Conversation, Message
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db


def _pending_messages(count: int) -> None:
    contact = ContactFactory()
    now = timezone.now()
    conversation = Conversation.objects.create(
        tenant=contact.tenant, contact=contact, external_id="c1", started_at=now, last_message_at=now
    )
    for n in range(count):
        Message.objects.create(
            tenant=contact.tenant, contact=contact, conversation=conversation, client_message_id=f"m{n}",
            role="user", content="hello", sent_at=now,
        )  # fmt: skip


@pytest.fixture(autouse=True)
def _no_heartbeat(settings: Any) -> None:
    """No worker has beaten yet, and readiness needs one on the default queue (as outside tests, whose tasks run in
    place and need none)."""
    settings.READY_WORKER_QUEUES = ["celery"]
    redis_client().delete(HEARTBEAT_KEY)


def test_ready_when_a_worker_beat_just_now_and_nothing_is_pending() -> None:
    # given a worker on the default queue that has just beaten
    worker_heartbeat_record(queues=["celery"])

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then ready, every check named
    assert response.status_code == 200
    assert response.json() == {
        "status": "ready",
        "checks": {"postgres": "ok", "backlog": "ok (0 pending)", "redis": "ok", "worker": "ok"},
    }


def test_not_ready_without_any_worker_heartbeat_while_liveness_stays_ok() -> None:
    # given no worker has ever beaten
    # when readiness and liveness are asked
    ready = APIClient().get("/health/ready")
    live = APIClient().get("/health")

    # then not ready, naming the worker and the queue; alive all the same
    assert ready.status_code == 503
    body = ready.json()
    assert body["status"] == "not ready"
    assert body["failing"] == ["worker"]
    assert body["checks"]["worker"] == "error: no worker heartbeat within 30 s for queue(s) celery"
    assert live.status_code == 200


def test_not_ready_when_the_heartbeat_is_stale(settings: Any) -> None:
    # given the worker's last beat 31 s ago, past the 30 s allowed
    settings.WORKER_HEARTBEAT_STALE_SECONDS = 30
    worker_heartbeat_record(queues=["celery"], at=time.time() - 31)

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then not ready
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker"]


def test_a_beat_only_for_another_queue_does_not_make_it_ready(settings: Any) -> None:
    # given only the webhooks worker beating, while readiness needs the default queue's
    settings.READY_WORKER_QUEUES = ["celery"]
    worker_heartbeat_record(queues=["webhooks"])

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then not ready
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker"]


def test_not_ready_when_the_backlog_passes_its_limit(settings: Any) -> None:
    # given a worker beating, a limit of 2 pending messages and 3 pending
    settings.READY_MAX_PENDING_MESSAGES = 2
    worker_heartbeat_record(queues=["celery"])
    _pending_messages(3)

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then not ready, naming the backlog
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["backlog"]
    assert body["checks"]["backlog"] == "error: more than 2 messages pending"


def test_the_backlog_at_its_limit_is_ready(settings: Any) -> None:
    # given 2 pending messages and a limit of 2
    settings.READY_MAX_PENDING_MESSAGES = 2
    worker_heartbeat_record(queues=["celery"])
    _pending_messages(2)

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then ready
    assert response.status_code == 200
    assert response.json()["checks"]["backlog"] == "ok (2 pending)"


def test_not_ready_when_redis_is_down(settings: Any) -> None:
    # given a Redis nobody listens on
    settings.REDIS_URL = "redis://127.0.0.1:1/0"

    # when readiness is asked
    response = APIClient().get("/health/ready")

    # then redis and the worker (whose beat lives there) fail, Postgres is fine
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["redis", "worker"]
    assert body["checks"]["worker"] == "error: redis unavailable"
    assert body["checks"]["postgres"] == "ok"


def test_with_no_queue_required_no_heartbeat_is_needed(settings: Any) -> None:
    # given no queue named (tasks run in place)
    settings.READY_WORKER_QUEUES = []

    # when readiness is asked, no worker having ever beaten
    response = APIClient().get("/health/ready")

    # then ready
    assert response.status_code == 200
    assert response.json()["checks"]["worker"] == "ok (no queue required)"


def test_a_workers_heartbeat_signal_records_the_queues_it_consumes() -> None:
    # given no beat yet
    assert worker_heartbeat_ages(queues=["celery"]) == {"celery": None}

    # when Celery's heartbeat signal is sent (every 2 s in a worker's main process)
    signals.heartbeat_sent.send(sender=None)

    # then the queues of the app (a worker consumes those -Q selects) have a fresh beat
    ages = worker_heartbeat_ages(queues=["celery"])
    assert ages["celery"] is not None
    assert ages["celery"] < 5
