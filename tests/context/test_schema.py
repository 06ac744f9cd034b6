"""/api/schema/ documents the whole /context and /brain/context bodies, every nested object field by field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from contacts.models import ContactState, Tenant
from memories.models import ContactEntity
from memories.services.records import memory_create
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def schema() -> dict[str, Any]:
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def test_the_context_components_name_each_nested_field(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    context = _response_schema(schema, "/context/{contact_id}")

    # then the body and each of its nested objects is a component with its own fields
    assert list(context["properties"]) == [
        "contact", "state", "emotional", "memories", "entities", "context_text", "memory_budget", "memory_tokens",
        "receipt",
    ]  # fmt: skip
    assert "receipt" not in context["required"]  # with explain=true only
    emotional = _resolved(schema, context["properties"]["emotional"])
    assert list(emotional["properties"]) == [
        "mood", "energy", "style", "confidence", "moodAt", "current", "baseline", "unusual", "adaptation", "crisis",
    ]  # fmt: skip
    assert emotional["properties"]["moodAt"] == {
        "type": "string", "format": "date-time", "nullable": True, "description": "When the mood was read",
    }  # fmt: skip
    assert list(_resolved(schema, emotional["properties"]["crisis"])["properties"]) == ["active", "since", "helpline"]
    assert list(_resolved(schema, emotional["properties"]["baseline"])["properties"]) == ["mood", "energy", "style"]
    memory = _resolved(schema, context["properties"]["memories"]["items"])
    assert list(memory["properties"]) == [
        "id", "memoryType", "content", "importance", "score", "source_message_ids", "entities", "created_at",
        "outdated_since",
    ]  # fmt: skip
    assert memory["properties"]["memoryType"] == {"$ref": "#/components/schemas/MemoryTypeEnum"}
    assert memory["properties"]["score"] == {
        "type": "number", "format": "double", "description": "The retrieval score the memories are ordered by",
    }  # fmt: skip
    assert components["ContextStateOutput"]["properties"]["relationshipStage"] == {
        "$ref": "#/components/schemas/RelationshipStageEnum"
    }
    business = _response_schema(schema, "/brain/context")
    # a business memory has a contact memory's fields but the last (no supersession marks business memory)
    business_memory = _resolved(schema, business["properties"]["memories"]["items"])
    assert list(business_memory["properties"]) == list(memory["properties"])[:-1]


def test_every_field_a_context_answers_is_documented(
    api_client: APIClient, tenant: Tenant, schema: dict[str, Any]
) -> None:
    # given a contact whose context fills every nested object (a baseline, a crisis, an entity, a memory)
    arjun = ContactFactory(tenant=tenant, external_id="arjun")
    ContactState.objects.filter(contact=arjun).update(
        mood="sad", energy="low", mood_at=NOW - timedelta(hours=1), baseline_mood="happy", baseline_energy="high",
        baseline_style="playful", crisis_at=NOW - timedelta(hours=1), relationship_stage="established",
    )  # fmt: skip
    bruno = ContactEntity.objects.create(
        tenant=tenant, contact=arjun, entity_type="pet", key="bruno", display_name="Bruno", metadata={"species": "dog"}
    )
    memory_create(
        tenant=tenant, contact=arjun, memory_type="fact", content="Has a dog named Bruno", source="rules",
        entities=[bruno],
    )  # fmt: skip
    memory_create(
        tenant=tenant, contact=arjun, memory_type="episode", content="Fed a cat", source="rules", importance=0.05
    )  # fmt: skip
    memory_create(tenant=tenant, contact=None, memory_type="fact", content="We sell cakes", source="api")

    # when both contexts are read, the contact's also with its receipt
    context = api_client.get("/context/arjun").json()
    explained = api_client.get("/context/arjun", {"query": "dog", "explain": "true"}).json()
    business = api_client.get("/brain/context").json()

    # then each object in them has exactly the documented fields, all the way down
    assert context["memories"] and context["entities"] and context["emotional"]["baseline"] and business["memories"]
    assert [item["signals"] is None for item in explained["receipt"]["items"]] == [False, True]
    _assert_documented(schema, _response_schema(schema, "/context/{contact_id}"), context)
    _assert_documented(schema, _response_schema(schema, "/context/{contact_id}"), explained)
    _assert_documented(schema, _response_schema(schema, "/brain/context"), business)


def _response_schema(schema: dict[str, Any], path: str) -> dict[str, Any]:
    response = schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    return _resolved(schema, response)


def _resolved(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """The schema ``node`` stands for: a ``$ref`` followed, directly or through ``allOf`` (how nullable refs are
    spelt)."""
    ref = node.get("$ref") or (node["allOf"][0]["$ref"] if "allOf" in node else None)
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else node


def _assert_documented(schema: dict[str, Any], node: dict[str, Any], value: Any) -> None:
    node = _resolved(schema, node)
    if isinstance(value, dict) and "properties" in node:
        # every required field, and an optional one (the receipt) only where it is given
        assert list(value) == [key for key in node["properties"] if key in node.get("required", ()) or key in value]
        for key, item in value.items():
            _assert_documented(schema, node["properties"][key], item)
    elif isinstance(value, list) and value:
        assert node["type"] == "array"
        for item in value:
            _assert_documented(schema, node["items"], item)


def test_the_serializers_implementation_notes_stay_out_of_the_published_schema(schema: dict[str, Any]) -> None:
    # given the context components (their base class explains how it serialises fast)
    components = schema["components"]["schemas"]
    context_components = [name for name in components if name.endswith("Output") and "Context" in name]

    # then no component publishes that note as its description
    assert "ContextOutput" in context_components
    assert all("planned once" not in components[name].get("description", "") for name in components)
