"""Webhook attempts go to their own Celery queue, consumed by their own worker (make run's Procfile,
docker-compose.yml), never by the ingest worker; the sweeper's messages expire by its next run; a tenant's endpoints
are capped. The messages are read from the real test Redis, published with eager mode off."""

from __future__ import annotations

import base64
import json
import shlex
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml
from rest_framework.test import APIClient

from config import clock
from config.celery import app
from config.redis_client import redis_client
from contacts.models import Tenant
from webhooks.models import Endpoint
from webhooks.services.events import event_emit
from webhooks.tasks import sweep_webhook_deliveries

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture
def published() -> Iterator[None]:
    """Tasks are published to the test Redis, not run in-process; the queues start and end empty."""
    redis_client().delete("webhooks", "celery")
    app.conf.CELERY_TASK_ALWAYS_EAGER = False
    yield
    app.conf.CELERY_TASK_ALWAYS_EAGER = True
    redis_client().delete("webhooks", "celery")


def _messages(queue: str) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in redis_client().lrange(queue, 0, -1)]


def test_the_sweep_queues_due_deliveries_on_the_webhooks_queue_expiring_by_the_next_sweep(
    tenant: Tenant, published: None, settings: Any
) -> None:
    # given a due delivery whose first message was lost
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    Endpoint.objects.create(tenant=tenant, url="http://127.0.0.1:9/h", events=["trigger.created"], secret="whsec_x")
    with clock.frozen(T0):
        [delivery_id] = event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key="k", data={})

    # when the sweep runs
    with clock.frozen(T0 + timedelta(seconds=1)):
        assert sweep_webhook_deliveries() == 1

    # then its attempt waits on the webhooks queue, not the default one, and expires within the sweep's period
    [message] = _messages("webhooks")
    assert _messages("celery") == []
    assert message["headers"]["task"] == "webhooks.tasks.deliver_webhook"
    assert json.loads(base64.b64decode(message["body"]))[0] == [delivery_id]
    expires = datetime.fromisoformat(message["headers"]["expires"])
    assert timedelta(0) < expires - datetime.now(UTC) <= timedelta(seconds=30)


def test_the_ingest_worker_never_consumes_webhooks_and_a_webhooks_worker_only_them() -> None:
    # given make run's processes and the compose services
    procfile = dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]

    # then the ingest worker consumes the default queue but not the webhooks one, and the webhooks worker only that
    # (every queue's consumers: tests/config_tests/test_celery_queues.py)
    for worker, webhooks in [
        (shlex.split(procfile["worker"]), shlex.split(procfile["webhooks"])),
        (services["worker"]["command"], services["webhooks"]["command"]),
    ]:
        worker_queues = worker[worker.index("-Q") + 1].split(",")
        assert app.conf.task_default_queue == "celery"
        assert "celery" in worker_queues and "ingest" in worker_queues and "webhooks" not in worker_queues
        assert webhooks[webhooks.index("-Q") + 1] == "webhooks"
        assert webhooks[webhooks.index("--concurrency") + 1] == "${WEBHOOK_CONCURRENCY:-2}"
        assert worker[worker.index("-n") + 1] != webhooks[webhooks.index("-n") + 1] if "-n" in worker else True
    # and the attempts are routed to the webhooks queue; the sweep that queues due retries and the retention are not
    # (a backlog of slow attempts must not hold up the sweep that schedules them)
    assert app.amqp.router.route({}, "webhooks.tasks.deliver_webhook")["queue"].name == "webhooks"
    for name in ("webhooks.tasks.sweep_webhook_deliveries", "webhooks.tasks.prune_webhook_deliveries"):
        assert app.amqp.router.route({}, name)["queue"].name == "celery"


def test_a_tenant_cannot_register_more_endpoints_than_the_cap(
    api_client: APIClient, tenant: Tenant, settings: Any
) -> None:
    # given a cap of two endpoints, both taken
    settings.WEBHOOK_MAX_ENDPOINTS = 2
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    body = {"url": "http://127.0.0.1:9/h", "events": ["trigger.created"]}
    assert [api_client.post("/webhooks", body, format="json").status_code for _ in range(2)] == [201, 201]

    # when a third is registered
    refused = api_client.post("/webhooks", body, format="json")

    # then it is refused with the reason, and none was added
    assert (refused.status_code, refused.json()) == (
        400, {"non_field_errors": ["A tenant may register at most 2 webhook endpoints."]}
    )  # fmt: skip
    assert Endpoint.objects.filter(tenant=tenant).count() == 2
