"""POST/GET/DELETE /webhooks: validation, the SSRF refusals, the secret shown once, tenant scope."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from contacts.models import Tenant
from tests.factories import TenantFactory
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit

pytestmark = pytest.mark.django_db
PUBLIC = "https://93.184.215.14/hooks"  # a public address literal: accepted, never sent to (nothing is emitted)


def test_an_endpoint_is_created_and_its_secret_shown_once(api_client: APIClient, tenant: Tenant) -> None:
    # when an endpoint is registered
    created = api_client.post(
        "/webhooks", {"url": PUBLIC, "events": ["memory.superseded", "crisis.flagged", "crisis.flagged"]}, format="json"
    )

    # then the answer carries the secret, and the endpoint as the list and the detail show it
    assert created.status_code == 201
    body = created.json()
    endpoint = Endpoint.objects.get()
    assert body == {
        "id": endpoint.pk, "url": PUBLIC, "events": ["crisis.flagged", "memory.superseded"], "enabled": True,
        "disabled_at": None, "disabled_reason": "", "consecutive_failures": 0,
        "created_at": body["created_at"], "secret": endpoint.secret,
    }  # fmt: skip
    assert endpoint.secret.startswith("whsec_") and len(endpoint.secret) == len("whsec_") + 44
    # and never again
    listed = api_client.get("/webhooks").json()
    detail = api_client.get(f"/webhooks/{endpoint.pk}").json()
    assert listed["count"] == 1
    assert listed["results"] == [detail]
    assert "secret" not in detail
    assert endpoint.secret not in str(listed) + str(detail)


def test_each_endpoint_gets_its_own_secret(tenant: Tenant) -> None:
    first = endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"])
    second = endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"])

    assert first.secret != second.secret


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/hooks",
        "http://127.1.2.3:8080/hooks",
        "http://10.0.0.5/hooks",
        "http://192.168.1.10/hooks",
        "http://172.16.0.1/hooks",
        "http://169.254.169.254/latest/meta-data",
        "http://100.64.0.1/hooks",
        "http://0.0.0.0/hooks",
        "http://[::1]/hooks",
        "http://[::ffff:127.0.0.1]/hooks",
        "http://[fd00::1]/hooks",
        "http://[fe80::1]/hooks",
        "http://localhost:8000/hooks",
        "http://240.0.0.1/hooks",
        "http://[2002:7f00:1::1]/hooks",  # 6to4, wrapping 127.0.0.1 (Python 3.11 calls 2002::/16 global)
        "http://[fec0::1]/hooks",  # site-local (deprecated; Python 3.11 calls it global)
    ],
)
def test_private_and_loopback_targets_are_refused(api_client: APIClient, url: str) -> None:
    response = api_client.post("/webhooks", {"url": url, "events": ["crisis.flagged"]}, format="json")

    assert response.status_code == 400
    assert "is not a public address" in response.json()["url"][0]
    assert not Endpoint.objects.exists()


def test_private_targets_are_accepted_when_the_setting_allows_them(api_client: APIClient, settings: Any) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True

    response = api_client.post(
        "/webhooks", {"url": "http://localhost:8000/h", "events": ["crisis.flagged"]}, format="json"
    )

    assert response.status_code == 201


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"url": PUBLIC, "events": ["crisis.flaged"]}, "events", '"crisis.flaged" is not a valid choice.'),
        ({"url": PUBLIC, "events": []}, "events", "This list may not be empty."),
        ({"url": PUBLIC}, "events", "This field is required."),
        ({"url": "ftp://93.184.215.14/x", "events": ["crisis.flagged"]}, "url", "The URL must start with http"),
        ({"url": "not a url", "events": ["crisis.flagged"]}, "url", "Enter a valid URL."),
        ({"url": "https://no-such-host.invalid/x", "events": ["crisis.flagged"]}, "url", "could not be resolved"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    api_client: APIClient, body: dict[str, Any], field: str, message: str
) -> None:
    response = api_client.post("/webhooks", body, format="json")

    assert response.status_code == 400
    errors = response.json()[field]
    assert message in str(errors)


def test_an_endpoint_is_deleted_with_its_log(api_client: APIClient, tenant: Tenant) -> None:
    endpoint = endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"])
    event_emit(tenant_id=tenant.pk, event_type="crisis.flagged", dedupe_key="k", data={})

    response = api_client.delete(f"/webhooks/{endpoint.pk}")

    assert response.status_code == 204
    assert (Endpoint.objects.count(), Delivery.objects.count()) == (0, 0)


def test_another_tenants_endpoint_is_not_found(api_client: APIClient, tenant: Tenant) -> None:
    # given an endpoint of another tenant, with a delivery
    other = endpoint_create(tenant=TenantFactory(), url=PUBLIC, events=["crisis.flagged"])
    event_emit(tenant_id=other.tenant_id, event_type="crisis.flagged", dedupe_key="k", data={})
    delivery = Delivery.objects.get()

    # when this tenant's key reaches for it every way
    answers = {
        "get": api_client.get(f"/webhooks/{other.pk}").status_code,
        "deliveries": api_client.get(f"/webhooks/{other.pk}/deliveries").status_code,
        "redeliver": api_client.post(f"/webhooks/{other.pk}/deliveries/{delivery.pk}/redeliver").status_code,
        "delete": api_client.delete(f"/webhooks/{other.pk}").status_code,
    }

    # then each is a 404, the endpoint is still there, and the list is empty
    assert answers == {"get": 404, "deliveries": 404, "redeliver": 404, "delete": 404}
    assert Endpoint.objects.filter(pk=other.pk).exists()
    assert api_client.get("/webhooks").json()["count"] == 0


def test_a_delivery_of_another_endpoint_is_not_found(api_client: APIClient, tenant: Tenant) -> None:
    mine = endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"])
    theirs = endpoint_create(tenant=TenantFactory(), url=PUBLIC, events=["crisis.flagged"])
    event_emit(tenant_id=theirs.tenant_id, event_type="crisis.flagged", dedupe_key="k", data={})

    response = api_client.post(f"/webhooks/{mine.pk}/deliveries/{Delivery.objects.get().pk}/redeliver")

    assert response.status_code == 404
