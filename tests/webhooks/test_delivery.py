"""Deliveries to a real local receiver: signed per Standard Webhooks, retried on the schedule, auto-disable,
redelivery, the address check at send time. The clock is frozen and advanced; the beat sweep runs the retries."""

from __future__ import annotations

import socket
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from config import clock
from contacts.models import Tenant
from tests.memories.helpers import ingest, ledger_message
from tests.webhooks.conftest import Receiver
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit
from webhooks.tasks import deliver_webhook, sweep_webhook_deliveries

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 21600]


def _emit(tenant: Tenant, capture: Any, key: str = "k1") -> Delivery:
    with capture(execute=True):
        event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key=key, data={"trigger_id": 1})
    return Delivery.objects.filter(endpoint__tenant=tenant).latest("pk")


def _sweep_at(at: datetime, capture: Any) -> int:
    with clock.frozen(at), capture(execute=True):
        return sweep_webhook_deliveries()


def test_a_local_receiver_gets_a_signed_crisis_flagged_that_verifies(
    api_client: APIClient, tenant: Tenant, receiver: Receiver, django_capture_on_commit_callbacks: Any
) -> None:
    # given an endpoint registered through the API, its secret read from the answer
    created = api_client.post("/webhooks", {"url": receiver.url, "events": ["crisis.flagged"]}, format="json")
    assert created.status_code == 201
    secret = created.json()["secret"]
    assert secret.startswith("whsec_")

    # when a contact's message speaks of crisis (ingested the real way; the deferred tier runs too)
    with django_capture_on_commit_callbacks(execute=True):
        ingest(tenant, "honestly I can't take this anymore", message_id="m1")

    # then the receiver got one POST whose signature verifies with that secret
    [request] = receiver.requests
    payload = Webhook(secret).verify(request.body, request.headers)
    message = ledger_message(tenant, "m1")
    assert payload["type"] == "crisis.flagged"
    assert payload["data"] == {
        "contact_id": "arjun", "conversation_id": "conv-1", "message_id": "m1", "category": "hopelessness",
        "sent_at": message.sent_at.isoformat(),
    }  # fmt: skip
    assert datetime.fromisoformat(payload["timestamp"]).tzinfo is not None
    # and the words themselves are not in it
    assert b"take this anymore" not in request.body
    # and a wrong secret does not verify
    with pytest.raises(WebhookVerificationError):
        Webhook("whsec_" + "A" * 44).verify(request.body, request.headers)
    # and the delivery log says so
    [delivery] = Delivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.last_response_status) == ("succeeded", 1, 200)
    assert request.headers["webhook-id"] == delivery.event_id


def test_a_failing_receiver_gets_every_retry_of_the_schedule_then_the_delivery_fails(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, django_capture_on_commit_callbacks: Any
) -> None:
    # given a receiver that answers 500 to everything
    receiver.statuses = [500] * 20

    # when an event is emitted at T0 and the sweep runs whenever a retry is due (and once just before)
    with clock.frozen(T0):
        delivery = _emit(tenant, django_capture_on_commit_callbacks)
    at, early_sweeps = T0, []
    for wait in SCHEDULE:
        early_sweeps.append(_sweep_at(at + timedelta(seconds=wait - 1), django_capture_on_commit_callbacks))
        at += timedelta(seconds=wait)
        _sweep_at(at, django_capture_on_commit_callbacks)

    # then it was tried 8 times, at T0 and after each wait of the schedule, always as the same message
    sent_at = [int(request.headers["webhook-timestamp"]) for request in receiver.requests]
    expected, at = [T0], T0
    for wait in SCHEDULE:
        at += timedelta(seconds=wait)
        expected.append(at)
    assert sent_at == [int(moment.timestamp()) for moment in expected]
    assert {request.headers["webhook-id"] for request in receiver.requests} == {delivery.event_id}
    assert early_sweeps == [0] * len(SCHEDULE)  # nothing is sent before it is due
    # and the delivery failed, with the last answer logged
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.next_attempt_at) == ("failed", 8, None)
    assert (delivery.last_response_status, delivery.last_response_body) == (500, "answered 500")
    # and about a day went by between the first and the last attempt
    assert timedelta(hours=23) < expected[-1] - T0 < timedelta(hours=24)
    # and the endpoint counts one failed delivery, still enabled
    endpoint.refresh_from_db()
    assert (endpoint.consecutive_failures, endpoint.enabled) == (1, True)
    # and a later sweep sends nothing more
    assert _sweep_at(at + timedelta(days=2), django_capture_on_commit_callbacks) == 0
    assert len(receiver.requests) == 8


def test_a_receiver_that_recovers_gets_it_on_the_retry_and_the_failure_count_resets(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, django_capture_on_commit_callbacks: Any
) -> None:
    # given an endpoint with a failed delivery behind it, and a receiver down for one attempt
    Endpoint.objects.filter(pk=endpoint.pk).update(consecutive_failures=3, failing_since=T0 - timedelta(hours=1))
    receiver.statuses = [503]

    # when an event is emitted and the first retry comes due
    with clock.frozen(T0):
        delivery = _emit(tenant, django_capture_on_commit_callbacks)
    _sweep_at(T0 + timedelta(seconds=5), django_capture_on_commit_callbacks)

    # then the second attempt succeeded and the endpoint's failure count is back to none
    delivery.refresh_from_db()
    endpoint.refresh_from_db()
    assert [len(receiver.requests), delivery.status, delivery.attempts] == [2, "succeeded", 2]
    assert (endpoint.consecutive_failures, endpoint.failing_since) == (0, None)


def test_running_an_attempt_twice_sends_once(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, django_capture_on_commit_callbacks: Any
) -> None:
    # given a delivery that succeeded
    with clock.frozen(T0):
        delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # when its task runs again (a redelivered broker message) and the sweep runs
    assert deliver_webhook(delivery.pk) is None
    assert _sweep_at(T0 + timedelta(days=1), django_capture_on_commit_callbacks) == 0

    # then the receiver got it once
    assert len(receiver.requests) == 1


def test_an_endpoint_is_disabled_after_deliveries_fail_in_a_row(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # given no retries and a limit of two failed deliveries
    settings.WEBHOOK_RETRY_SCHEDULE_SECONDS = []
    settings.WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 2
    receiver.statuses = [500] * 5

    # when two deliveries fail
    with clock.frozen(T0):
        _emit(tenant, django_capture_on_commit_callbacks, key="a")
        endpoint.refresh_from_db()
        assert endpoint.enabled is True
        _emit(tenant, django_capture_on_commit_callbacks, key="b")

    # then the endpoint is disabled, with its reason
    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.disabled_at, endpoint.disabled_reason) == (
        False, T0, "2 deliveries in a row failed."
    )  # fmt: skip
    # and a new event is not delivered to it, but logged as skipped
    with django_capture_on_commit_callbacks(execute=True):
        assert event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key="c", data={}) == []
    assert len(receiver.requests) == 2
    assert Delivery.objects.filter(status="skipped").count() == 1


def test_an_endpoint_failing_for_more_than_a_day_is_disabled(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # given retries every 10 hours and a receiver that never answers well
    settings.WEBHOOK_RETRY_SCHEDULE_SECONDS = [36000] * 5
    receiver.statuses = [500] * 10
    with clock.frozen(T0):
        delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # when the attempts at 0, 10 and 20 h fail, the endpoint is still on; after the one at 30 h it is disabled
    _sweep_at(T0 + timedelta(hours=10), django_capture_on_commit_callbacks)
    _sweep_at(T0 + timedelta(hours=20), django_capture_on_commit_callbacks)
    endpoint.refresh_from_db()
    assert endpoint.enabled is True
    _sweep_at(T0 + timedelta(hours=30), django_capture_on_commit_callbacks)

    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.disabled_reason) == (False, "Every attempt failed for more than 24 hours.")
    # and the delivery's next attempt skips it unsent (to be redelivered once the endpoint is on again)
    _sweep_at(T0 + timedelta(hours=40), django_capture_on_commit_callbacks)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.last_error, delivery.next_attempt_at, len(receiver.requests)) == (
        "skipped", "Not sent: the endpoint is disabled.", None, 4
    )  # fmt: skip


def test_redelivery_sends_the_same_message_again(
    api_client: APIClient,
    tenant: Tenant,
    receiver: Receiver,
    endpoint: Endpoint,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # given a delivery that succeeded
    delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # when it is redelivered through the API
    url = f"/webhooks/{endpoint.pk}/deliveries/{delivery.pk}/redeliver"
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(url)

    # then it was accepted and sent again, with the same webhook-id
    assert response.status_code == 202
    assert [request.headers["webhook-id"] for request in receiver.requests] == [delivery.event_id] * 2
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("succeeded", 1)


def test_a_pending_delivery_or_a_disabled_endpoints_is_not_redelivered(
    api_client: APIClient, tenant: Tenant, endpoint: Endpoint, django_capture_on_commit_callbacks: Any
) -> None:
    # given a pending delivery (its attempt not run yet)
    event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key="k", data={})
    delivery = Delivery.objects.get()
    url = f"/webhooks/{endpoint.pk}/deliveries/{delivery.pk}/redeliver"

    pending = api_client.post(url)
    Delivery.objects.filter(pk=delivery.pk).update(status="failed")
    Endpoint.objects.filter(pk=endpoint.pk).update(enabled=False)
    disabled = api_client.post(url)

    assert (pending.status_code, pending.json()) == (
        409, {"detail": "The delivery is still pending: its next attempt is scheduled."}
    )  # fmt: skip
    assert (disabled.status_code, disabled.json()) == (409, {"detail": "The endpoint is disabled."})


def test_the_address_is_checked_again_when_sending(
    tenant: Tenant, receiver: Receiver, endpoint: Endpoint, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # given an endpoint registered while private addresses were allowed, and then they no longer are
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = False

    # when an event is emitted
    with clock.frozen(T0):
        delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # then nothing reached the receiver, and the log says why
    delivery.refresh_from_db()
    assert receiver.requests == []
    assert delivery.last_error == "Not sent: The URL's host resolves to 127.0.0.1, which is not a public address."
    assert (delivery.status, delivery.last_response_status) == ("pending", None)


def test_the_delivery_log_is_paginated_newest_first(api_client: APIClient, tenant: Tenant, endpoint: Endpoint) -> None:
    # given three events, a minute apart
    for n in range(3):
        with clock.frozen(T0 + timedelta(minutes=n)):
            event_emit(tenant_id=tenant.pk, event_type="crisis.flagged", dedupe_key=f"k{n}", data={"n": n})

    body = api_client.get(f"/webhooks/{endpoint.pk}/deliveries", {"limit": 2}).json()

    assert body["count"] == 3
    assert [row["payload"]["data"]["n"] for row in body["results"]] == [2, 1]
    assert body["results"][0]["status"] == "pending"
    assert "secret" not in str(body)


def test_a_named_host_is_reached_at_the_address_checked_with_its_name_in_the_host_header(
    tenant: Tenant, receiver: Receiver, django_capture_on_commit_callbacks: Any
) -> None:
    # given an endpoint registered by name (localhost resolves to the receiver's loopback address here)
    if socket.getaddrinfo("localhost", 80, proto=socket.IPPROTO_TCP)[0][4][0] != "127.0.0.1":
        pytest.skip("localhost does not resolve to 127.0.0.1 first on this machine")
    port = receiver.url.split(":")[2].split("/")[0]
    endpoint_create(tenant=tenant, url=f"http://localhost:{port}/named", events=["trigger.created"])

    # when an event is delivered
    _emit(tenant, django_capture_on_commit_callbacks)

    # then the receiver got it with the URL's name and port as the Host
    [request] = receiver.requests
    assert (request.path, request.headers["host"]) == ("/named", f"localhost:{port}")


def test_a_tenant_re_enables_its_disabled_endpoint_and_redelivers_what_was_skipped(
    api_client: APIClient,
    tenant: Tenant,
    receiver: Receiver,
    endpoint: Endpoint,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # given an endpoint the failures disabled, and an event emitted meanwhile
    Endpoint.objects.filter(pk=endpoint.pk).update(
        enabled=False, disabled_at=T0, disabled_reason="5 deliveries in a row failed.", consecutive_failures=5,
        failing_since=T0,
    )  # fmt: skip
    with clock.frozen(T0):
        _emit(tenant, django_capture_on_commit_callbacks)
    [skipped] = Delivery.objects.all()
    assert (skipped.status, skipped.next_attempt_at, receiver.requests) == ("skipped", None, [])

    # when the tenant enables it, then redelivers the skipped delivery
    enabled = api_client.post(f"/webhooks/{endpoint.pk}/enable")
    with django_capture_on_commit_callbacks(execute=True):
        redelivered = api_client.post(f"/webhooks/{endpoint.pk}/deliveries/{skipped.pk}/redeliver")

    # then the endpoint is on with a clean count, and the event reached the receiver
    assert enabled.status_code == 200
    body = enabled.json()
    state = [body[name] for name in ("id", "enabled", "disabled_at", "disabled_reason", "consecutive_failures")]
    assert state == [endpoint.pk, True, None, "", 0]
    assert "secret" not in body
    assert redelivered.status_code == 202
    assert [request.headers["webhook-id"] for request in receiver.requests] == [skipped.event_id]
    skipped.refresh_from_db()
    assert skipped.status == "succeeded"


def test_enabling_another_tenants_endpoint_is_not_found(
    api_client: APIClient, endpoint: Endpoint, receiver: Receiver
) -> None:
    # given another tenant's disabled endpoint
    other = Tenant.objects.create(name="other")
    theirs = endpoint_create(tenant=other, url=receiver.url, events=["trigger.created"])
    Endpoint.objects.filter(pk=theirs.pk).update(enabled=False)

    response = api_client.post(f"/webhooks/{theirs.pk}/enable")

    assert response.status_code == 404
    assert Endpoint.objects.get(pk=theirs.pk).enabled is False


def test_when_the_first_address_cannot_be_reached_the_next_checked_one_is_tried(
    tenant: Tenant, receiver: Receiver, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    # given a host resolving to an address nothing listens on (127.0.0.2: the receiver is on 127.0.0.1 only), then
    # to the receiver's
    port = int(receiver.url.split(":")[2].split("/")[0])
    real_getaddrinfo = socket.getaddrinfo

    def resolve(host: str, *args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        if host != "hooks.example":  # the connection's own lookup of an address
            return real_getaddrinfo(host, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port)) for ip in ("127.0.0.2", "127.0.0.1")]

    monkeypatch.setattr("webhooks.targets.socket.getaddrinfo", resolve)
    endpoint_create(tenant=tenant, url=f"http://hooks.example:{port}/two", events=["trigger.created"])

    # when an event is delivered
    delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # then it reached the receiver at the second address, in one attempt, with the URL's name as Host
    [request] = receiver.requests
    assert (request.path, request.headers["host"]) == ("/two", f"hooks.example:{port}")
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("succeeded", 1)
