"""The delivery log's retention (finished deliveries deleted after WEBHOOK_DELIVERY_RETENTION_DAYS, by the beat
task), and a sent ``contact.erased`` keeping no trace of the contact's id."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from rest_framework.test import APIClient

from config import clock
from contacts.models import Contact, Tenant
from privacy.services import contact_erase
from tests.webhooks.conftest import Receiver
from webhooks.models import Delivery, Endpoint
from webhooks.services import retention
from webhooks.services.events import event_emit
from webhooks.tasks import prune_webhook_deliveries

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _delivery(tenant: Tenant, key: str, status: str, finished_days_ago: int) -> int:
    [delivery_id] = event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key=key, data={"k": key})
    finished = T0 - timedelta(days=finished_days_ago)
    Delivery.objects.filter(pk=delivery_id).update(status=status, updated_at=finished)
    return delivery_id


def test_finished_deliveries_past_the_retention_are_deleted_in_batches_pending_ones_stay(
    tenant: Tenant, endpoint: Endpoint, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a 30-day retention, batches of one, and deliveries finished (or not) at various ages
    settings.WEBHOOK_DELIVERY_RETENTION_DAYS = 30
    monkeypatch.setattr(retention, "BATCH", 1)
    old_success = _delivery(tenant, "a", "succeeded", 31)
    old_failure = _delivery(tenant, "b", "failed", 40)
    old_pending = _delivery(tenant, "c", "pending", 31)
    recent = _delivery(tenant, "d", "succeeded", 29)
    content_type = ContentType.objects.get_for_model(Delivery)
    LogEntry.objects.create(
        user=User.objects.create_user("staff"),
        content_type=content_type,
        object_id=str(old_success),
        object_repr="x",
        action_flag=CHANGE,
    )

    # when the daily task runs
    with clock.frozen(T0):
        deleted = prune_webhook_deliveries()

    # then the two old finished ones are gone, with staff's log lines about them; the others stay
    assert deleted == 2
    assert set(Delivery.objects.values_list("pk", flat=True)) == {old_pending, recent}
    assert not Delivery.objects.filter(pk__in=[old_success, old_failure]).exists()
    assert not LogEntry.objects.filter(content_type=content_type).exists()


def test_a_sent_contact_erased_keeps_no_trace_of_the_contact_and_is_not_sent_again(
    api_client: APIClient,
    tenant: Tenant,
    receiver: Receiver,
    endpoint: Endpoint,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # given an endpoint subscribed to erasures
    Endpoint.objects.filter(pk=endpoint.pk).update(events=["contact.erased"])
    contact = Contact.objects.create(tenant=tenant, external_id="arjun")

    # when the contact is erased and the event delivered
    with clock.frozen(T0), django_capture_on_commit_callbacks(execute=True):
        contact_erase(contact=contact)

    # then the receiver learnt the id, and the delivery log no longer holds it
    [request] = receiver.requests
    assert b'"contact_id":"arjun"' in request.body
    [delivery] = Delivery.objects.all()
    assert (delivery.status, delivery.contact_external_id, delivery.last_response_body) == ("succeeded", "", "")
    assert delivery.payload["data"] == {"contact_id": None, "erased_at": T0.isoformat()}
    assert "arjun" not in str(Delivery.objects.values().get())
    # and it cannot be redelivered (it no longer says whom it was about)
    response = api_client.post(f"/webhooks/{endpoint.pk}/deliveries/{delivery.pk}/redeliver")
    assert response.status_code == 409
    assert len(receiver.requests) == 1
