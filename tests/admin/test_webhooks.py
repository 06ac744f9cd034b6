"""The admin's webhook pages: scoped to the staff user's tenant, the secret never shown, redeliver and enable."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from contacts.models import Contact
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit

PUBLIC = "https://93.184.215.14/hooks"


@pytest.fixture
def endpoints(arjun: Contact, bea: Contact) -> dict[str, Endpoint]:
    found = {}
    for name, contact in (("acme", arjun), ("globex", bea)):
        found[name] = endpoint_create(tenant=contact.tenant, url=PUBLIC, events=["crisis.flagged"])
        event_emit(tenant_id=contact.tenant_id, event_type="crisis.flagged", dedupe_key="k", data={})
    Delivery.objects.update(status="failed", attempts=8)
    return found


def test_staff_see_their_tenants_endpoints_and_deliveries_only(
    staff_client: Client, endpoints: dict[str, Endpoint]
) -> None:
    acme, globex = endpoints["acme"], endpoints["globex"]

    own = staff_client.get(reverse("admin:webhooks_endpoint_change", args=[acme.pk]))
    other = staff_client.get(reverse("admin:webhooks_endpoint_change", args=[globex.pk]))
    theirs = Delivery.objects.get(endpoint=globex)
    deliveries = staff_client.get(reverse("admin:webhooks_delivery_changelist") + f"?endpoint__id__exact={acme.pk}")

    assert (own.status_code, other.status_code) == (200, 404)
    assert acme.secret not in own.content.decode()
    assert staff_client.get(reverse("admin:webhooks_delivery_change", args=[theirs.pk])).status_code == 404
    ours = Delivery.objects.get(endpoint=acme)
    assert staff_client.get(reverse("admin:webhooks_delivery_change", args=[ours.pk])).status_code == 200
    assert deliveries.status_code == 200
    assert [row.pk for row in deliveries.context["cl"].result_list] == [Delivery.objects.get(endpoint=acme).pk]


def test_the_redeliver_action_queues_the_tenants_deliveries_again(
    staff_client: Client, endpoints: dict[str, Endpoint], django_capture_on_commit_callbacks: Any
) -> None:
    every = list(Delivery.objects.values_list("pk", flat=True))

    # when staff of Acme select every delivery, Globex's included, and redeliver (the sends are not run here)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        staff_client.post(
            reverse("admin:webhooks_delivery_changelist"), {"action": "redeliver", "_selected_action": every}
        )

    # then Acme's delivery is pending again, Globex's untouched
    statuses = dict(Delivery.objects.values_list("endpoint__tenant__slug", "status"))
    assert statuses == {endpoints["acme"].tenant.slug: "pending", endpoints["globex"].tenant.slug: "failed"}
    assert len(queued) == 1


def test_the_enable_action_turns_a_disabled_endpoint_back_on(
    staff_client: Client, endpoints: dict[str, Endpoint]
) -> None:
    acme = endpoints["acme"]
    Endpoint.objects.filter(pk=acme.pk).update(enabled=False, disabled_reason="5 deliveries in a row failed.",
                                                consecutive_failures=5)  # fmt: skip

    staff_client.post(
        reverse("admin:webhooks_endpoint_changelist"), {"action": "enable", "_selected_action": [acme.pk]}
    )

    acme.refresh_from_db()
    assert (acme.enabled, acme.disabled_reason, acme.consecutive_failures) == (True, "", 0)
