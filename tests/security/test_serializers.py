"""Mass assignment (OWASP API3): serializers name their fields, and no body can move an object to
another tenant or contact — a smuggled ``tenant``/``tenant_id``/``contact`` is a 400, or ignored."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from datetime import timedelta
from types import ModuleType
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Model
from rest_framework import serializers
from rest_framework.test import APIClient

from config import clock
from config.serializers import (
    StrictBooleanField,
    StrictCharField,
    StrictFloatField,
    StrictIntegerField,
    StrictSerializer,
    StrictSlugField,
    StrictURLField,
)
from contacts.models import Contact, Conversation, Message, Tenant
from memories.models import ContactEntity, Memory
from moods.models import Insight, Trigger
from tests.factories import ContactFactory, TenantFactory
from tests.memories.helpers import ingest
from tests.openapi import openapi_schema, resolved
from tests.security import api_routes
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import secret_generate

SMUGGLED = ("tenant", "tenant_id", "contact")
OWNED: tuple[type[Model], ...] = (Contact, Conversation, Message, Memory, ContactEntity, Trigger, Insight)


def _message(message_id: str) -> dict[str, Any]:
    return {"contact_id": "arjun", "conversation_id": "conv-1", "message_id": message_id, "message": "I live in Pune",
            "role": "user"}  # fmt: skip


# A valid body for every write: smuggled fields are added to it. A new write route must be added here.
VALID_BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("ingest", "post"): _message("m2"),
    ("ingest-batch", "post"): {"messages": [_message("m2")]},
    ("contact-memories", "post"): {
        "memory_type": "fact",
        "content": "Allergic to peanuts",
        "importance": 0.9,
        "entities": [{"entity_type": "topic", "display_name": "Peanuts", "aliases": ["nuts"], "metadata": {}}],
    },  # fmt: skip
    ("memory-detail", "patch"): {"importance": 0.9, "pinned": True},
    ("conversation-resolve", "post"): {"summary": "Talked about work"},
    ("brain-memories", "post"): {"memory_type": "fact", "content": "Refunds within 30 days"},
    ("trigger-complete", "post"): {},
    ("webhooks", "post"): {"url": "https://93.184.216.34/hooks", "events": ["crisis.flagged"]},  # a public address
    ("webhook-delivery-redeliver", "post"): {},
    ("webhook-enable", "post"): {},
}
# Actions without a body: a smuggled field is ignored (nothing in the body is read), the owner stays.
BODYLESS = {("trigger-complete", "post"), ("webhook-delivery-redeliver", "post"), ("webhook-enable", "post")}


def test_serializers_list_their_fields_explicitly() -> None:
    # given every serializer the API's views use
    found = _view_serializers()
    assert len(found) >= 25

    # then none takes "all the model's fields", nor "all but these"
    for serializer_class in found:
        meta = getattr(serializer_class, "Meta", None)
        assert not hasattr(meta, "exclude"), serializer_class
        if issubclass(serializer_class, serializers.ModelSerializer):
            assert isinstance(meta.fields, list | tuple), serializer_class  # type: ignore[union-attr]


def test_input_serializers_are_strict_and_cannot_name_an_owner() -> None:
    inputs = [s for s in _view_serializers() if "Input" in s.__name__ or issubclass(s, StrictSerializer)]
    assert len(inputs) >= 7

    for serializer_class in inputs:
        assert issubclass(serializer_class, StrictSerializer), serializer_class
        writable = {name: field for name, field in serializer_class().fields.items() if not field.read_only}
        assert set(writable) & set(SMUGGLED) == set(), serializer_class
        assert not [f for f in writable.values() if isinstance(f, serializers.RelatedField)], serializer_class


# DRF's scalar fields that coerce (42 → "42", "1" → True, "0.5" → 0.5), and the strict ones a body must use instead.
COERCING = (serializers.CharField, serializers.BooleanField, serializers.FloatField, serializers.IntegerField,
            serializers.DecimalField)  # fmt: skip
STRICT = (StrictCharField, StrictSlugField, StrictURLField, StrictBooleanField, StrictFloatField, StrictIntegerField)


def test_input_serializers_take_json_types_as_they_are() -> None:
    # given every input serializer's fields, list items and nested serializers' fields included
    inputs = [s for s in _view_serializers() if issubclass(s, StrictSerializer)]
    fields = {f"{s.__name__}.{name}": field for s in inputs for name, field in _fields(s())}
    assert len(fields) >= 25

    # then none of them turns a number into a string, or a string into a boolean or a number
    coercing = [name for name, field in fields.items() if isinstance(field, COERCING) and not isinstance(field, STRICT)]
    assert coercing == []


def _fields(serializer: serializers.Serializer) -> Iterator[tuple[str, serializers.Field]]:
    for name, field in serializer.fields.items():
        field = getattr(field, "child", field)
        if isinstance(field, serializers.Serializer):
            yield from ((f"{name}.{inner}", nested) for inner, nested in _fields(field))
        else:
            yield name, field


# A JSON value of another type for each documented type: what DRF's fields coerced (42 → "42", "true" → True).
WRONG_TYPE = {"string": 42, "boolean": "true", "number": "0.5", "integer": "7", "array": "x", "object": "x"}


@pytest.mark.django_db
def test_every_body_field_refuses_a_value_of_another_json_type(tenant: Tenant, api_client: APIClient) -> None:
    # given a valid body for every write, and the type /api/schema/ documents for each field (batch items' too)
    values, schema = _tenant_a(tenant), openapi_schema()
    cases = [
        (route, method, body, errors)
        for route in api_routes()[0]
        for method in route.methods
        if (route.name, method) in VALID_BODIES and VALID_BODIES[route.name, method]
        for body, errors in _mistyped(schema, _body_schema(schema, route, method), VALID_BODIES[route.name, method])
    ]
    assert len(cases) >= 30

    # when each is sent with one field of another JSON type
    accepted = []
    for route, method, body, errors in cases:
        with transaction.atomic():
            response = getattr(api_client, method)(route.path(values), body, format="json")
            transaction.set_rollback(True)

        # then it is a 400 naming that field (inside its item for a list of objects)
        if response.status_code != 400 or not _names(response.json(), errors):
            accepted.append(f"{method.upper()} /{route.route} {body} → {response.status_code} {response.content!r}")
    assert accepted == []


def _body_schema(schema: dict[str, Any], route: Any, method: str) -> dict[str, Any]:
    path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route.route)
    body = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return resolved(schema, body)


def _mistyped(
    schema: dict[str, Any], component: dict[str, Any], valid: dict[str, Any]
) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """``valid`` with one field of another type, and the path of keys its error is under; into the first item of a
    list of objects (a batch's messages)."""
    for name, node in component["properties"].items():
        node = resolved(schema, node)
        kind = node.get("type") or resolved(schema, (node.get("oneOf") or [{}])[0]).get("type", "string")
        yield {**valid, name: WRONG_TYPE[kind]}, [name]
        items = resolved(schema, node.get("items", {}))
        if kind == "array" and "properties" in items and valid.get(name):
            for item, path in _mistyped(schema, items, valid[name][0]):
                yield {**valid, name: [item]}, [name, "0", *path]


def _names(errors: Any, path: list[str]) -> bool:
    for key in path:
        if not isinstance(errors, dict) or key not in errors:
            return False
        errors = errors[key]
    return True


@pytest.mark.django_db
def test_every_write_refuses_or_ignores_a_smuggled_owner(tenant: Tenant, api_client: APIClient) -> None:
    # given tenant A's contact with a memory, a trigger and an open conversation, and tenant B's contact
    values = _tenant_a(tenant)
    other = ContactFactory(tenant=TenantFactory())
    smuggled = {"tenant": other.tenant_id, "tenant_id": other.tenant_id, "contact": other.pk}
    writes = [(r, m) for r in api_routes()[0] for m in r.methods if m in ("post", "put", "patch")]
    assert len(writes) == 10

    for route, method in writes:
        if (route.name, method) not in VALID_BODIES:
            pytest.fail(f"{method.upper()} /{route.route}: add a valid body to VALID_BODIES")
        for body in _smuggling_bodies(VALID_BODIES[route.name, method], smuggled):
            with transaction.atomic():
                before = _owners()
                # when A's own key sends a valid body that also names B as the owner
                response = getattr(api_client, method)(route.path(values), body, format="json")

                # then it is refused naming the fields, or (a body-less action) the fields are ignored
                where = f"{method.upper()} {route.path(values)} {body} → {response.status_code} {response.content!r}"
                if response.status_code == 400:
                    assert _smuggled_named(response.json(), body), where
                    assert _owners() == before, where
                else:
                    assert response.status_code in (200, 201, 202), where
                    assert (route.name, method) in BODYLESS, where
                    _assert_owners_kept(before, _owners(), tenant)
                transaction.set_rollback(True)


@pytest.mark.django_db
def test_a_smuggled_owner_inside_a_batch_item_is_refused(tenant: Tenant, api_client: APIClient) -> None:
    other = TenantFactory()

    response = api_client.post(
        "/ingest/batch", {"messages": [{**_message("m9"), "tenant_id": other.pk}]}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == {"messages": {"0": {"tenant_id": ["Unknown field."]}}}
    assert Message.objects.count() == 0


def _tenant_a(tenant: Tenant) -> dict[str, Any]:
    ingest(tenant, "I work at Infosys", message_id="m1", at=clock.now() - timedelta(hours=1))
    contact = Contact.objects.get(tenant=tenant, external_id="arjun")
    trigger = Trigger.objects.create(
        tenant=tenant, contact=contact, kind="check_in", reason="Check in", due_at=clock.now(), dedupe_key="t1"
    )
    memory = Memory.objects.get(tenant=tenant, content="Works at Infosys")
    endpoint = Endpoint.objects.create(
        tenant=tenant, url="https://93.184.216.34/hooks", events=["trigger.created"], secret=secret_generate()
    )
    delivery = Delivery.objects.create(  # sent and failed: one that may be redelivered
        endpoint=endpoint, event_type="trigger.created", event_id="msg_t1", contact_external_id="arjun",
        payload={"type": "trigger.created", "timestamp": clock.now().isoformat(), "data": {"contact_id": "arjun"}},
        status="failed", attempts=7,
    )  # fmt: skip
    return {
        "contact_id": "arjun", "conversation_id": "conv-1", "memory_id": memory.pk, "trigger_id": trigger.pk,
        "endpoint_id": endpoint.pk, "delivery_id": delivery.pk,
    }  # fmt: skip


def _smuggling_bodies(valid: dict[str, Any], smuggled: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**valid, **smuggled}, *({**valid, name: value} for name, value in smuggled.items())]


def _smuggled_named(errors: Any, body: dict[str, Any]) -> bool:
    return {name for name in SMUGGLED if name in body} <= set(errors)


def _owners() -> dict[tuple[str, int], tuple[int, int | None]]:
    """Every owned row → (tenant_id, contact_id) (a contact's own "contact" is itself)."""
    owners = {}
    for model in OWNED:
        contact_field = "pk" if model is Contact else "contact_id"
        for pk, tenant_id, contact_id in model.objects.values_list("pk", "tenant_id", contact_field):
            owners[model.__name__, pk] = (tenant_id, contact_id)
    return owners


def _assert_owners_kept(before: dict[Any, Any], after: dict[Any, Any], tenant: Tenant) -> None:
    assert {key: after.get(key) for key in before} == before
    contacts = set(Contact.objects.filter(tenant=tenant).values_list("pk", flat=True))
    for key in after.keys() - before.keys():
        tenant_id, contact_id = after[key]
        assert tenant_id == tenant.pk and (contact_id is None or contact_id in contacts), key


def _view_serializers() -> set[type[serializers.BaseSerializer]]:
    """Serializers reachable from the routed views: nested in the view class, module-level in the
    view's module (imported or defined), and any serializer those declare as a field."""
    found: set[type[serializers.BaseSerializer]] = set()
    for route in api_routes()[0]:
        for candidate in [
            *_serializer_attrs(route.view_class),
            *_serializer_attrs(inspect.getmodule(route.view_class)),
        ]:
            _collect(candidate, found)
    return found


def _serializer_attrs(owner: type | ModuleType | None) -> list[type[serializers.BaseSerializer]]:
    return [
        value
        for value in vars(owner).values()
        if inspect.isclass(value)
        and issubclass(value, serializers.BaseSerializer)
        and value.__module__.split(".")[0] not in ("rest_framework", "drf_spectacular")
    ]


def _collect(serializer_class: type[serializers.BaseSerializer], found: set[type[serializers.BaseSerializer]]) -> None:
    if serializer_class in found:
        return
    found.add(serializer_class)
    if not issubclass(serializer_class, serializers.Serializer):
        return
    for nested in _serializer_attrs(serializer_class):
        _collect(nested, found)
    for field in serializer_class().fields.values():
        field = getattr(field, "child", field)
        if isinstance(field, serializers.BaseSerializer):
            _collect(type(field), found)
