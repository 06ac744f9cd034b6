"""Tenant isolation (OWASP API1): tenant B's key, walked over *every* route of the URLconf with
tenant A's real ids, finds nothing — 404 for A's objects, no A data in any body — and changes
nothing of A's. Routes come from the resolver, so a new route is walked (or fails the walk until
the test learns to fill its path parameters)."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from config import clock
from contacts.history import history_get
from contacts.models import Contact, ContactState, Conversation, Message, Tenant
from contacts.services import api_key_create
from memories.models import ContactEntity, Memory, MemoryEvent
from moods.models import Insight, MoodLog, Trigger
from tests.factories import TenantFactory
from tests.memories.helpers import ingest
from tests.security import SKIPPED, Route, api_routes
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import secret_generate

pytestmark = pytest.mark.django_db

A_CONTACT = "quokka-7f3e"
OPEN_CONVERSATION = "conv-quokka-open"
RESOLVED_CONVERSATION = "conv-quokka-resolved"
# Words that occur only in tenant A's data: any of them in a response to B is a leak.
MARKERS = (
    A_CONTACT, "Xanthippe", "Quokkafeather", "Fizzlewick", "Zorblaxcorp", "marzipan", "Quokkaville", "Snorkelberry",
    "Plumbleberries", "Wobblesworth", "Glimmerdays", "conv-quokka",
)  # fmt: skip
KNOWN_PARAMS = {"contact_id", "conversation_id", "memory_id", "trigger_id", "endpoint_id", "delivery_id"}
# Routes without an object in the path: what B may get back (never A's data).
COLLECTION_STATUS = {
    ("ingest", "post"): 202,
    ("ingest-batch", "post"): 202,
    ("triggers", "get"): 200,
    ("insights", "get"): 200,
    ("brain-memories", "get"): 200,
    ("brain-memories", "post"): 201,
    ("brain-context", "get"): 200,
    ("webhooks", "get"): 200,
}
QUERIES = {
    "context": {"query": "How is Fizzlewick at Zorblaxcorp?"},
    "conversation-history": {"budget": 500},
    "contact-memories": {"q": "Fizzlewick"},
    "triggers": {"contact_id": A_CONTACT, "include_completed": "true", "due_before": "2100-01-01T00:00:00Z"},
    "insights": {"contact_id": A_CONTACT},
    "brain-context": {"query": "Zorblaxcorp refunds"},
}


def _b_message(message_id: str, text: str) -> dict[str, Any]:
    # A's contact, conversation and message ids: the attack is writing into A's thread.
    return {"contact_id": A_CONTACT, "conversation_id": OPEN_CONVERSATION, "message_id": message_id,
            "message": text, "role": "user"}  # fmt: skip


BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("ingest", "post"): _b_message("qm-1", "hello, tenant B here"),
    ("ingest-batch", "post"): {"messages": [_b_message("qm-1", "tenant B again"), _b_message("qm-9", "and again")]},
    ("contact-memories", "post"): {"memory_type": "fact", "content": "Planted by tenant B"},
    ("memory-detail", "patch"): {"content": "Rewritten by tenant B", "pinned": True},
    ("conversation-resolve", "post"): {"summary": "Closed by tenant B"},
    ("brain-memories", "post"): {"memory_type": "fact", "content": "Tenant B's own policy"},
    ("trigger-complete", "post"): {},
}


_A_THREADS = [
    (OPEN_CONVERSATION, "user", "My dog Fizzlewick is a golden retriever"),
    (OPEN_CONVERSATION, "user", "I work at Zorblaxcorp"),
    (OPEN_CONVERSATION, "user", "I love marzipan zeppelins"),
    (OPEN_CONVERSATION, "user", "Fizzlewick chewed my Quokkaville map today"),
    (OPEN_CONVERSATION, "assistant", "Poor map! Is Fizzlewick okay?"),
    (RESOLVED_CONVERSATION, "user", "We planned the Snorkelberry trip to Quokkaville"),
]


@dataclass(frozen=True)
class World:
    tenant: Tenant
    params: dict[str, list[Any]]  # path parameter → A's real values
    object_ids: set[int]  # A's memory, trigger and insight ids


@pytest.fixture
def world(tenant: Tenant, api_client: APIClient) -> World:
    """Tenant A with a rich contact: conversation, facts, a preference, entities, an episode, an API
    memory, a resolved conversation, a trigger, an insight and a business memory."""
    at = clock.now() - timedelta(hours=2)
    for n, (conversation, role, text) in enumerate(_A_THREADS):
        ingest(tenant, text, message_id=f"qm-{n + 1}", role=role, at=at + timedelta(minutes=n), contact_id=A_CONTACT,
               conversation_id=conversation, display_name="Xanthippe Quokkafeather")  # fmt: skip
    resolved = api_client.post(
        f"/conversations/{RESOLVED_CONVERSATION}/resolve", {"summary": "Snorkelberry trip"}, format="json"
    )
    api_memory = api_client.post(
        f"/contacts/{A_CONTACT}/memories",
        {"memory_type": "fact", "content": "Allergic to Plumbleberries",
         "entities": [{"entity_type": "person", "display_name": "Gertrude Wobblesworth"}]},
        format="json",
    )  # fmt: skip
    business = api_client.post(
        "/brain/memories", {"memory_type": "fact", "content": "Zorblaxcorp refunds: Glimmerdays"}, format="json"
    )
    assert (resolved.status_code, api_memory.status_code, business.status_code) == (200, 201, 201)
    contact = Contact.objects.get(tenant=tenant, external_id=A_CONTACT)
    trigger = Trigger.objects.create(
        tenant=tenant, contact=contact, kind="check_in", reason="Check on Xanthippe after Fizzlewick's vet visit",
        due_at=clock.now() - timedelta(hours=1), dedupe_key="check_in:quokka",
    )  # fmt: skip
    insight = Insight.objects.create(
        tenant=tenant, contact=contact, kind="boredom", summary="Xanthippe tires of Zorblaxcorp talk",
        data={"topic": "Snorkelberry"}, dedupe_key="boredom:quokka",
    )  # fmt: skip
    # A webhook endpoint (its URL names a marker) with a delivery about the contact, written directly: the public
    # address is never sent to (the after-commit enqueue never runs in these tests).
    endpoint = Endpoint.objects.create(
        tenant=tenant, url="https://93.184.215.14/quokkaville", events=["trigger.created"], secret=secret_generate()
    )
    delivery = Delivery.objects.create(
        endpoint=endpoint, event_type="trigger.created", event_id="msg_quokka", contact_external_id=A_CONTACT,
        payload={
            "type": "trigger.created", "timestamp": clock.now().isoformat(),
            "data": {"contact_id": A_CONTACT, "trigger_id": trigger.pk},
        },
        status="failed",
    )  # fmt: skip
    fact = Memory.objects.get(tenant=tenant, content="Works at Zorblaxcorp")
    episode = Memory.objects.get(tenant=tenant, memory_type="episode", source_message_ids=["qm-4"])
    memory_ids = [fact.pk, episode.pk, api_memory.json()["id"], resolved.json()["memory_id"], business.json()["id"]]
    assert Memory.objects.filter(tenant=tenant, content__contains="marzipan", memory_type="preference").exists()
    assert ContactEntity.objects.filter(tenant=tenant, key__in=["fizzlewick", "gertrude-wobblesworth"]).count() == 2
    return World(
        tenant=tenant,
        params={
            "contact_id": [A_CONTACT],
            "conversation_id": [OPEN_CONVERSATION, RESOLVED_CONVERSATION],
            "memory_id": memory_ids,
            "trigger_id": [trigger.pk],
            "endpoint_id": [endpoint.pk],
            "delivery_id": [delivery.pk],
        },
        object_ids={
            *Memory.objects.filter(tenant=tenant).values_list("pk", flat=True),
            trigger.pk,
            insight.pk,
            endpoint.pk,
            delivery.pk,
        },
    )


@pytest.fixture
def b_client(world: World) -> APIClient:
    _, key = api_key_create(tenant=TenantFactory())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_the_walk_skips_exactly_the_routes_outside_the_tenant_api() -> None:
    # when the URLconf is walked
    routes, skipped = api_routes()

    # then the tenant API is walked whole (a superset: routes added later are walked too)
    assert skipped == SKIPPED
    assert {route.name for route in routes} >= {
        "contact-detail", "conversation-history", "conversation-resolve", "context", "ingest", "ingest-batch",
        "contact-memories", "contact-entities", "memory-detail", "memory-history", "brain-memories", "brain-context",
        "triggers", "trigger-complete", "insights", "contact-export",
    }  # fmt: skip
    assert all(route.methods for route in routes)


def test_every_path_parameter_is_one_the_walk_can_fill() -> None:
    # A new route with another parameter must be taught to the walk (a value of A's to try).
    routes, _ = api_routes()

    unknown = {(route.route, name) for route in routes for name in route.params if name not in KNOWN_PARAMS}

    assert unknown == set()


def test_tenant_b_gets_404_and_none_of_a_s_data_on_every_route(world: World, b_client: APIClient) -> None:
    # given tenant A's data as it stands
    before = _snapshot(world.tenant)
    routes, _ = api_routes()
    walked = []

    # when tenant B calls every method of every route with A's ids (each call rolled back afterwards,
    # so B's own writes — a contact of B's with A's external id, say — cannot mask the next call)
    for route, method, values in _calls(routes, world):
        with transaction.atomic():
            response = _call(b_client, route, method, values)
            body = response.content.decode(errors="replace")
            where = f"{method.upper()} {route.path(values)} → {response.status_code} {body[:300]}"

            # then A's objects are not found, collections answer without A's data, A is untouched
            expected = 404 if route.params else COLLECTION_STATUS.get((route.name, method))
            if expected is None:
                assert response.status_code < 500, where
            else:
                assert response.status_code == expected, where
            assert _leaked_markers(body + str(response.headers)) == [], where
            if method == "get" and response.status_code == 200:
                assert _ids_in(response.json()) & world.object_ids == set(), where
            assert _snapshot(world.tenant) == before, where
            transaction.set_rollback(True)
        walked.append((route.name, method))

    assert {(r.name, m) for r in routes for m in r.methods} == set(walked)
    assert _snapshot(world.tenant) == before


def test_tenant_a_sees_its_own_data_on_the_same_walk(world: World, api_client: APIClient) -> None:
    # The control: the markers and ids the walk looks for do show up for their owner.
    routes, _ = api_routes()
    found: dict[str, bool] = {}

    for route, method, values in _calls(routes, world):
        if method != "get":
            continue
        response = api_client.get(route.path(values), QUERIES.get(route.name, {}))
        found.setdefault(route.name, False)
        if response.status_code == 200 and _leaked_markers(response.content.decode()):
            found[route.name] = True

    assert found == dict.fromkeys(found, True)
    assert len(found) == 15


def test_b_deleting_a_s_contact_id_erases_nothing(world: World, b_client: APIClient, api_client: APIClient) -> None:
    before = _snapshot(world.tenant)

    response = b_client.delete(f"/contacts/{A_CONTACT}")

    assert response.status_code == 404
    assert _snapshot(world.tenant) == before
    assert api_client.get(f"/contacts/{A_CONTACT}").json()["display_name"] == "Xanthippe Quokkafeather"


def test_the_same_external_ids_in_another_tenant_are_another_contact(world: World, b_client: APIClient) -> None:
    # given tenant A's data as it stands
    before = _snapshot(world.tenant)

    # when tenant B ingests with A's contact, conversation and message ids (kept, not rolled back)
    ingested = b_client.post("/ingest", _b_message("qm-1", "I work at Bluthcorp"), format="json")

    # then B has its own contact and thread under those ids, holding only B's message
    assert ingested.status_code == 202
    assert ingested.json() == {"message_id": "qm-1", "status": "accepted"}
    history = b_client.get(f"/conversations/{OPEN_CONVERSATION}/history").json()
    assert [turn["content"] for turn in history["turns"]] == ["I work at Bluthcorp"]
    context = b_client.get(f"/context/{A_CONTACT}", {"budget": 2000})  # a new contact's stage budget is 0
    assert context.status_code == 200
    assert [m["content"] for m in context.json()["memories"]] == ["Works at Bluthcorp"]
    for path in (f"/contacts/{A_CONTACT}", f"/contacts/{A_CONTACT}/memories", f"/contacts/{A_CONTACT}/export",
                 f"/contacts/{A_CONTACT}/entities", f"/conversations/{OPEN_CONVERSATION}/history"):  # fmt: skip
        response = b_client.get(path)
        assert response.status_code == 200, path
        assert _leaked_markers(response.content.decode().replace(A_CONTACT, "").replace("conv-quokka-open", "")) == []
    assert _snapshot(world.tenant) == before


def _calls(routes: list[Route], world: World) -> list[tuple[Route, str, dict[str, Any]]]:
    calls = []
    for route in routes:
        unknown = [name for name in route.params if name not in world.params]
        if unknown:
            pytest.fail(f"{route.route}: no value of tenant A's for {unknown}; add one to the world fixture")
        for combination in itertools.product(*(world.params[name] for name in route.params)):
            values = dict(zip(route.params, combination, strict=True))
            calls.extend((route, method, values) for method in route.methods)
    return calls


def _call(client: APIClient, route: Route, method: str, values: dict[str, Any]) -> Any:
    path = route.path(values)
    if method == "get":
        return client.get(path, QUERIES.get(route.name, {}))
    if method == "delete":
        return client.delete(path)
    body = BODIES.get((route.name, method), _fallback_body(values))
    return getattr(client, method)(path, body, format="json")


def _fallback_body(values: dict[str, Any]) -> dict[str, Any]:
    # A route the table does not know yet still gets a body aimed at A's objects.
    return {**values, "contact_id": A_CONTACT, "conversation_id": OPEN_CONVERSATION, "content": "from tenant B"}


def _leaked_markers(text: str) -> list[str]:
    lowered = text.lower()
    return [marker for marker in MARKERS if marker.lower() in lowered]


def _ids_in(body: Any) -> set[int]:
    """Every integer under an ``id`` or ``*_id`` key, however deep."""
    found: set[int] = set()
    if isinstance(body, dict):
        for key, value in body.items():
            if (key == "id" or key.endswith("_id")) and isinstance(value, int):
                found.add(value)
            found |= _ids_in(value)
    elif isinstance(body, list):
        for item in body:
            found |= _ids_in(item)
    return found


def _snapshot(tenant: Tenant) -> dict[str, Any]:
    """Tenant A's rows (and session windows) as B's calls could have changed them."""
    conversations = list(Conversation.objects.filter(tenant=tenant).order_by("pk"))
    return {
        "contacts": list(Contact.objects.filter(tenant=tenant).order_by("pk").values_list("pk", "external_id",
                                                                                          "display_name")),
        "states": list(ContactState.objects.filter(contact__tenant=tenant).values_list("contact_id", "session_count",
                                                                                       "last_seen_at", "mood")),
        "conversations": [(c.pk, c.external_id, c.contact_id, c.resolved_at, c.resolution_summary)
                          for c in conversations],
        "messages": list(Message.objects.filter(tenant=tenant).order_by("pk").values_list("pk", "client_message_id",
                                                                                          "content")),
        "memories": list(Memory.objects.filter(tenant=tenant).order_by("pk").values_list(
            "pk", "contact_id", "content", "status", "importance", "pinned", "expires_at", "access_count",
            "updated_at")),
        "memory_events": MemoryEvent.objects.filter(memory__tenant=tenant).count(),
        "entities": list(ContactEntity.objects.filter(tenant=tenant).order_by("pk").values_list("pk", "key",
                                                                                                "aliases")),
        "triggers": list(Trigger.objects.filter(tenant=tenant).values_list("pk", "completed_at")),
        "insights": list(Insight.objects.filter(tenant=tenant).values_list("pk", "summary")),
        "mood_logs": MoodLog.objects.filter(tenant=tenant).count(),
        "webhook_endpoints": list(Endpoint.objects.filter(tenant=tenant).values_list("pk", "url", "enabled")),
        "webhook_deliveries": list(Delivery.objects.filter(endpoint__tenant=tenant).values_list("pk", "status",
                                                                                               "attempts")),
        "history": json.dumps([history_get(conversation=c) for c in conversations], default=str),
    }  # fmt: skip
