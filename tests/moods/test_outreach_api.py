"""GET /triggers, POST /triggers/{id}/complete and GET /insights: due filtering, idempotency, tenant scope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from contacts.models import Contact, Tenant
from contacts.services import api_key_create
from moods.models import Insight, Trigger
from tests.factories import ContactFactory, TenantFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


def _trigger(contact: Contact, due_at: datetime, **fields: Any) -> Trigger:
    return Trigger.objects.create(
        tenant=contact.tenant, contact=contact, kind="check_in", reason="Sustained negative mood", due_at=due_at,
        dedupe_key=f"check_in:{contact.pk}:{due_at.isoformat()}", **fields,
    )  # fmt: skip


def _other_tenant_client() -> tuple[Tenant, APIClient]:
    other = TenantFactory()
    _, key = api_key_create(tenant=other)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return other, client


def test_lists_open_triggers_due_before_a_time_soonest_first(api_client: APIClient, tenant: Tenant) -> None:
    # given due, future and completed triggers, and another tenant's due one
    arjun = ContactFactory(tenant=tenant, external_id="arjun")
    later = _trigger(arjun, NOW - timedelta(hours=1))
    sooner = _trigger(arjun, NOW - timedelta(hours=3))
    _trigger(arjun, NOW + timedelta(hours=5))
    _trigger(arjun, NOW - timedelta(hours=2), completed_at=NOW)
    _trigger(ContactFactory(), NOW - timedelta(hours=1))

    # when the chat engine asks what is due now
    response = api_client.get("/triggers")

    # then only this tenant's open, due ones, soonest first
    assert response.status_code == 200
    body = response.json()
    assert [t["id"] for t in body["results"]] == [sooner.pk, later.pk]
    assert body["results"][0] == {
        "id": sooner.pk, "contact_id": "arjun", "kind": "check_in", "reason": "Sustained negative mood",
        "due_at": "2026-11-20T09:00:00Z", "created_at": body["results"][0]["created_at"], "completed_at": None,
    }  # fmt: skip
    assert body["count"] == 2


def test_due_before_and_filters(api_client: APIClient, tenant: Tenant) -> None:
    arjun = ContactFactory(tenant=tenant, external_id="arjun")
    meera = ContactFactory(tenant=tenant, external_id="meera")
    tomorrow = _trigger(arjun, NOW + timedelta(days=1))
    done = _trigger(meera, NOW - timedelta(hours=1), completed_at=NOW)

    ahead = api_client.get("/triggers", {"due_before": (NOW + timedelta(days=2)).isoformat()}).json()
    by_contact = api_client.get("/triggers", {"contact_id": "meera", "include_completed": "true"}).json()

    assert [t["id"] for t in ahead["results"]] == [tomorrow.pk]
    assert [t["id"] for t in by_contact["results"]] == [done.pk]


def test_a_bad_due_before_is_a_clear_400(api_client: APIClient) -> None:
    response = api_client.get("/triggers", {"due_before": "next tuesday"})

    assert response.status_code == 400
    assert "due_before" in response.json()


def test_completing_is_idempotent(api_client: APIClient, tenant: Tenant) -> None:
    trigger = _trigger(ContactFactory(tenant=tenant), NOW - timedelta(hours=1))

    first = api_client.post(f"/triggers/{trigger.pk}/complete")
    with clock.frozen(NOW + timedelta(minutes=5)):
        second = api_client.post(f"/triggers/{trigger.pk}/complete")

    assert first.status_code == second.status_code == 200
    assert first.json()["completed_at"] == second.json()["completed_at"] == "2026-11-20T12:00:00Z"
    assert api_client.get("/triggers").json()["results"] == []


def test_another_tenants_trigger_is_not_found(tenant: Tenant) -> None:
    trigger = _trigger(ContactFactory(tenant=tenant), NOW - timedelta(hours=1))
    _, outsider = _other_tenant_client()

    response = outsider.post(f"/triggers/{trigger.pk}/complete")

    assert response.status_code == 404
    trigger.refresh_from_db()
    assert trigger.completed_at is None
    assert outsider.get("/triggers").json()["results"] == []


def test_insights_are_listed_newest_first_and_scoped(api_client: APIClient, tenant: Tenant) -> None:
    arjun = ContactFactory(tenant=tenant, external_id="arjun")
    older = Insight.objects.create(
        tenant=tenant,
        contact=arjun,
        kind="engagement_decline",
        summary="Fewer messages",
        data={"before_avg": 10},
        created_at=NOW - timedelta(days=1),
        dedupe_key="a",
    )
    newer = Insight.objects.create(tenant=tenant, contact=arjun, kind="boredom", summary="Seems bored",
                                   created_at=NOW, dedupe_key="b")  # fmt: skip
    Insight.objects.create(tenant=TenantFactory(), kind="boredom", summary="elsewhere", dedupe_key="c")

    everything = api_client.get("/insights").json()
    declines = api_client.get("/insights", {"kind": "engagement_decline"}).json()

    assert [i["id"] for i in everything["results"]] == [newer.pk, older.pk]
    assert declines["results"] == [
        {"id": older.pk, "contact_id": "arjun", "kind": "engagement_decline", "summary": "Fewer messages",
         "data": {"before_avg": 10}, "created_at": "2026-11-19T12:00:00Z"}
    ]  # fmt: skip
    assert api_client.get("/insights", {"kind": "nonsense"}).status_code == 400
