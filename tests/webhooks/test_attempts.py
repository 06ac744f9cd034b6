"""An attempt always ends, is always counted and always recorded: a receiver that drips its answer is cut off at the
attempt's deadline, an unexpected error is the attempt's outcome, and an attempt lost with its worker still counts."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from config import clock
from contacts.models import Tenant
from tests.webhooks.conftest import Receiver
from webhooks.models import Delivery, Endpoint
from webhooks.services import delivery as delivery_service
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit
from webhooks.tasks import sweep_webhook_deliveries

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


class WorkerLost(BaseException):
    """What a killed worker looks like from inside the attempt: it never returns."""


def _emit(tenant: Tenant, capture: Any) -> Delivery:
    with clock.frozen(T0), capture(execute=True):
        event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key="k", data={"trigger_id": 1})
    return Delivery.objects.get()


@pytest.fixture
def dripping_url(settings: Any) -> Iterator[str]:
    """A receiver answering its status line one byte every 0.1 s, for up to 6 s (each read well within timeout)."""
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        connection, _ = server.accept()
        with connection:
            connection.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\n" + b"x-pad: " + b"a" * 60:
                if stop.wait(0.1):
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/hooks"
    stop.set()
    server.close()
    thread.join(timeout=2)


def test_a_receiver_dripping_its_answer_is_cut_off_at_the_attempts_deadline(
    tenant: Tenant, dripping_url: str, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # given a one-second deadline per attempt, and an endpoint whose receiver drips for 6 s (each byte in time)
    settings.WEBHOOK_ATTEMPT_DEADLINE_SECONDS = 1.0
    endpoint_create(tenant=tenant, url=dripping_url, events=["trigger.created"])

    # when an event is delivered
    started = time.monotonic()
    delivery = _emit(tenant, django_capture_on_commit_callbacks)
    took = time.monotonic() - started

    # then the attempt ended at its deadline, failed and counted, its retry scheduled
    assert took < 3
    assert (delivery.status, delivery.attempts, delivery.last_response_status) == ("pending", 1, None)
    assert delivery.last_error.startswith("ReadTimeout")
    assert delivery.next_attempt_at == T0 + timedelta(seconds=5)


def test_an_unexpected_error_is_the_attempts_outcome_without_its_text(
    tenant: Tenant, receiver: Receiver, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    # given an endpoint, and sending that breaks in a way httpx does not name (its text quoting a secret)
    endpoint_create(tenant=tenant, url=receiver.url, events=["trigger.created"])

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("whsec_leaked")

    monkeypatch.setattr(httpx.Client, "send", broken)

    # when an event is delivered
    delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # then the attempt is recorded as failed, with the error's kind only, and its retry scheduled
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    assert delivery.last_error == "Not sent: RuntimeError."
    assert delivery.last_attempt_at == T0


def test_an_attempt_lost_with_its_worker_counts_and_the_schedule_still_ends(
    tenant: Tenant,
    receiver: Receiver,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # given a schedule of one attempt, and a worker killed during it
    settings.WEBHOOK_RETRY_SCHEDULE_SECONDS = []
    endpoint = endpoint_create(tenant=tenant, url=receiver.url, events=["trigger.created"])

    def killed(*args: object, **kwargs: object) -> None:
        raise WorkerLost

    monkeypatch.setattr(delivery_service, "_send", killed)
    with pytest.raises(WorkerLost):
        _emit(tenant, django_capture_on_commit_callbacks)
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    monkeypatch.undo()

    # when the sweep runs before the lease ends, and after it
    with clock.frozen(T0 + timedelta(minutes=1)), django_capture_on_commit_callbacks(execute=True):
        assert sweep_webhook_deliveries() == 0
    with clock.frozen(T0 + delivery_service.LEASE), django_capture_on_commit_callbacks(execute=True):
        assert sweep_webhook_deliveries() == 1

    # then the delivery failed without a second send, and counts against the endpoint
    delivery.refresh_from_db()
    endpoint.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.next_attempt_at) == ("failed", 2, None)
    assert delivery.last_error == "Not sent: the last attempt was lost before it ended."
    assert receiver.requests == []
    assert endpoint.consecutive_failures == 1
    assert Endpoint.objects.filter(pk=endpoint.pk, enabled=True).exists()
