"""Each event is emitted where it happens (the real services, ingest included), once, with ids and no text; erasure
takes the contact's deliveries and announces itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from config import clock
from contacts.models import Contact, Tenant
from ingest.tasks import process_message
from memories.models import Memory
from moods.models import Insight, Trigger
from moods.services.crisis import message_crisis_check
from moods.services.outreach import insight_create
from privacy.services import contact_erase
from tests.memories.helpers import ingest, ledger_message
from webhooks.models import Delivery, Endpoint, EventType
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit, event_id_for

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
PUBLIC = "https://93.184.215.14/hooks"  # never sent to: these tests do not run the after-commit enqueues


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def endpoint(tenant: Tenant) -> Endpoint:
    return endpoint_create(tenant=tenant, url=PUBLIC, events=list(EventType))


def _payloads(event_type: str) -> list[dict[str, Any]]:
    return [delivery.payload for delivery in Delivery.objects.filter(event_type=event_type).order_by("pk")]


def test_crisis_flagged_when_a_live_message_speaks_of_crisis_once_per_message(
    tenant: Tenant, endpoint: Endpoint
) -> None:
    # when a crisis message is ingested, and its inline tier runs again (a retried request)
    ingest(tenant, "I want to die", message_id="m1", at=NOW - timedelta(minutes=1))
    message = ledger_message(tenant, "m1")
    message_crisis_check(message=message, state=message.contact.state)

    # then one crisis.flagged, naming contact, conversation and message, without the words
    [payload] = _payloads("crisis.flagged")
    assert payload == {
        "type": "crisis.flagged", "timestamp": NOW.isoformat(),
        "data": {"contact_id": "arjun", "conversation_id": "conv-1", "message_id": "m1",
                 "category": "suicidal_ideation", "sent_at": (NOW - timedelta(minutes=1)).isoformat()},
    }  # fmt: skip
    assert Delivery.objects.get().contact_external_id == "arjun"


def test_imported_history_speaking_of_crisis_flags_nothing(tenant: Tenant, endpoint: Endpoint) -> None:
    ingest(tenant, "I want to die", message_id="m1", at=NOW - timedelta(days=30))

    assert _payloads("crisis.flagged") == []


def test_trigger_created_when_a_negative_run_queues_a_check_in(tenant: Tenant, endpoint: Endpoint) -> None:
    # when three negative readings in a row arrive (ingested and processed the real way)
    for n, text in enumerate(
        ["haha amazing 😂", "I'm so sad today 😢", "I'm really worried and nervous", "I'm furious"]
    ):
        ingest(tenant, text, message_id=f"m{n}", at=NOW - timedelta(minutes=4 - n))
        process_message.delay(ledger_message(tenant, f"m{n}").pk)

    # then the check-in trigger was announced once
    trigger = Trigger.objects.get()
    [payload] = _payloads("trigger.created")
    assert payload["data"] == {
        "trigger_id": trigger.pk, "contact_id": "arjun", "kind": "check_in", "reason": trigger.reason,
        "due_at": trigger.due_at.isoformat(),
    }  # fmt: skip


def test_insight_created_once_per_insight(tenant: Tenant, endpoint: Endpoint) -> None:
    contact = Contact.objects.create(tenant=tenant, external_id="bea")
    arguments = {"contact": contact, "kind": "boredom", "summary": "Seems bored", "dedupe_key": "b:1", "at": NOW}

    insight_create(**arguments, data={"bored": 3})
    insight_create(**arguments, data={"bored": 3})  # the same insight again: no new row, no new event

    insight = Insight.objects.get()
    [payload] = _payloads("insight.created")
    assert payload["data"] == {
        "insight_id": insight.pk, "contact_id": "bea", "kind": "boredom", "summary": "Seems bored",
        "data": {"bored": 3}, "created_at": NOW.isoformat(),
    }  # fmt: skip


def test_memory_superseded_when_a_new_home_replaces_the_old(tenant: Tenant, endpoint: Endpoint) -> None:
    ingest(tenant, "I live in Chennai", message_id="m1", at=NOW - timedelta(days=30))
    ingest(tenant, "I moved to Pune", message_id="m2", at=NOW - timedelta(minutes=1))

    old = Memory.objects.get(tenant=tenant, content="Lives in Chennai")
    [payload] = _payloads("memory.superseded")
    assert payload["data"] == {
        "memory_id": old.pk, "superseded_by": old.superseded_by_id, "contact_id": "arjun", "memory_type": "fact",
        "slot": old.slot, "actor": "system",
    }  # fmt: skip
    assert "Chennai" not in str(payload)


def test_imported_history_superseding_a_memory_announces_nothing(tenant: Tenant, endpoint: Endpoint) -> None:
    # given a backfill: two months-old messages, the second replacing the first's home
    ingest(tenant, "I live in Chennai", message_id="m1", at=NOW - timedelta(days=60))
    ingest(tenant, "I moved to Pune", message_id="m2", at=NOW - timedelta(days=30))

    # then the memory was superseded, and no receiver hears of it
    assert Memory.objects.get(tenant=tenant, content="Lives in Chennai").superseded_by_id is not None
    assert _payloads("memory.superseded") == []


def test_nothing_is_written_for_an_event_no_endpoint_wants(tenant: Tenant, django_assert_num_queries: Any) -> None:
    # given endpoints for crisis only (a disabled endpoint subscribed would log the event as skipped)
    endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"])
    Endpoint.objects.filter(pk=endpoint_create(tenant=tenant, url=PUBLIC, events=["crisis.flagged"]).pk).update(
        enabled=False
    )

    # when an insight is announced: one query, and its data is never built
    with django_assert_num_queries(1):
        assert event_emit(tenant_id=tenant.pk, event_type="insight.created", dedupe_key="k", data=_never) == []


def _never() -> dict[str, Any]:
    raise AssertionError("built the data of an event nobody wants")


def test_erasure_takes_the_contacts_deliveries_and_announces_itself(tenant: Tenant, endpoint: Endpoint) -> None:
    # given deliveries about arjun (one pending, one sent) and about bea
    for key, contact_id in (("a1", "arjun"), ("a2", "arjun"), ("b1", "bea")):
        event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key=key, data={"contact_id": contact_id})
    Delivery.objects.filter(pk=min(Delivery.objects.values_list("pk", flat=True))).update(status="succeeded")
    contact = Contact.objects.create(tenant=tenant, external_id="arjun")
    contact_pk = contact.pk

    # when arjun is erased
    receipt = contact_erase(contact=contact)

    # then arjun's deliveries are gone, bea's stay, and contact.erased waits to be sent, naming only the id
    assert receipt["delivery"] == 2
    remaining = Delivery.objects.order_by("pk")
    assert [(row.event_type, row.contact_external_id, row.status) for row in remaining] == [
        ("trigger.created", "bea", "pending"),
        ("contact.erased", "arjun", "pending"),
    ]
    assert remaining.last().payload["data"] == {"contact_id": "arjun", "erased_at": NOW.isoformat()}  # type: ignore[union-attr]
    assert remaining.last().event_id == event_id_for(  # type: ignore[union-attr]
        tenant_id=tenant.pk, event_type="contact.erased", dedupe_key=f"contact:{contact_pk}"
    )
