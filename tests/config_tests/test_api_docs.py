from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.openapi import openapi_schema, resolved

pytestmark = pytest.mark.django_db


def test_openapi_schema_lists_the_routes_and_the_bearer_scheme() -> None:
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    assert "/contacts/{contact_id}" in schema["paths"]
    assert "/health" in schema["paths"]
    assert schema["components"]["securitySchemes"]["ApiKeyAuth"]["scheme"] == "bearer"


def test_swagger_ui_is_served_from_local_static_files() -> None:
    # when the docs page is loaded
    response = APIClient().get("/api/docs/")

    # then it references our own static files (works offline), not a CDN
    html = response.content.decode()
    assert response.status_code == 200
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()


def test_the_contact_detail_documents_its_counts(api_client: APIClient) -> None:
    # given the schema and a contact's detail
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    api_client.post(
        "/ingest",
        {"contact_id": "c1", "conversation_id": "v1", "role": "user", "message": "My dog Bruno is sick"},
        format="json",
    )
    detail = api_client.get("/contacts/c1").json()

    # then every field the detail answers is documented, counts included with its own fields
    operation = schema["paths"]["/contacts/{contact_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    component = _component(schema, operation["schema"])
    assert set(detail) == set(component["properties"])
    counts = _component(schema, component["properties"]["counts"])
    assert set(detail["counts"]) == set(counts["properties"]) == {
        "messages", "pending_messages", "memories_by_type", "memories_by_status",
    }  # fmt: skip


def _component(schema: dict, reference: dict) -> dict:  # type: ignore[type-arg]
    """The component a property points at, directly or through ``allOf`` (how nullable refs are spelt)."""
    ref = reference.get("$ref") or reference["allOf"][0]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]


# Free-form objects by design: the client's own metadata, an insight's figures, a memory's before/after snapshot.
FREE_FORM_PROPERTIES = {"metadata", "data", "before", "after"}
FREE_FORM_COMPONENTS = {"ValidationError"}  # field name → messages, nested like the input


def test_every_operation_answers_a_typed_body_and_takes_json_only() -> None:
    # given the schema
    schema = openapi_schema()
    operations = [
        (f"{method.upper()} {path}", op) for path, ops in schema["paths"].items() for method, op in ops.items()
    ]
    assert len(operations) >= 22

    # then every operation documents a 2xx with a body of named fields (a 204 has none), errors with the error body,
    # and takes a request body, if any, as JSON only
    untyped, errors, bodies = [], [], []
    for name, operation in operations:
        successes = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
        if not successes or not all(code == "204" or _typed_body(schema, r) for code, r in successes.items()):
            untyped.append(name)
        for code, response in operation["responses"].items():
            ref = response.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
            if code.startswith("4") and ref.rsplit("/", 1)[-1] not in {"Error", "ValidationError"}:
                errors.append(f"{name} {code}")
        if "requestBody" in operation and list(operation["requestBody"]["content"]) != ["application/json"]:
            bodies.append(name)
    assert (untyped, errors, bodies) == ([], [], [])


def test_no_object_in_the_schema_is_left_untyped() -> None:
    # given every schema of the document: components, parameters, bodies, and every schema nested in them
    schema = openapi_schema()
    roots = [(name, node) for name, node in schema["components"]["schemas"].items()]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            roots += [(f"{where} ?{p['name']}", p["schema"]) for p in operation.get("parameters", [])]
            roots += [
                (f"{where} body", c["schema"]) for c in operation.get("requestBody", {}).get("content", {}).values()
            ]
            for code, response in operation["responses"].items():
                roots += [(f"{where} {code}", c["schema"]) for c in response.get("content", {}).values()]
    nodes = [found for name, root in roots for found in _schemas(name, root)]
    assert len(nodes) > 500

    # then each has a type; an object names its fields, or is a map of typed values, or is a declared free-form one
    assert [where for where, node in nodes if _untyped(where, node)] == []


def test_the_ingest_409_and_410_and_the_context_404_carry_the_error_body() -> None:
    schema = openapi_schema()

    ingest = schema["paths"]["/ingest"]["post"]["responses"]
    context = schema["paths"]["/context/{contact_id}"]["get"]["responses"]

    assert set(ingest) == {"202", "400", "401", "409", "410", "413", "415", "429"}
    assert set(context) == {"200", "400", "401", "404", "429"}
    error = {"$ref": "#/components/schemas/Error"}
    assert [ingest[code]["content"]["application/json"]["schema"] for code in ("401", "409", "410", "429")] == [
        error
    ] * 4
    assert schema["components"]["schemas"]["Error"] == {
        "type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"],
    }  # fmt: skip


def _typed_body(schema: dict[str, Any], response: dict[str, Any]) -> bool:
    body = resolved(schema, response.get("content", {}).get("application/json", {}).get("schema", {}))
    return bool(body.get("properties"))


def _schemas(where: str, node: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """``node`` and every schema nested in it, each with where it is (``Component.property[]``)."""
    yield where, node
    for name, child in node.get("properties", {}).items():
        yield from _schemas(f"{where}.{name}", child)
    if "items" in node:
        yield from _schemas(f"{where}[]", node["items"])
    if node.get("additionalProperties"):  # an empty one: a free-form object's values, judged on the object
        yield from _schemas(f"{where}{{}}", node["additionalProperties"])
    for key in ("allOf", "oneOf", "anyOf"):
        for child in node.get(key, []):
            yield from _schemas(where, child)


def _untyped(where: str, node: dict[str, Any]) -> bool:
    if not any(key in node for key in ("type", "$ref", "allOf", "oneOf", "anyOf", "enum")):
        return True  # any value at all: what DRF's JSONField documents
    if node.get("type") != "object" or node.get("properties") or node.get("additionalProperties"):
        return False
    name = where.rsplit(".", 1)[-1]
    return name not in FREE_FORM_PROPERTIES and name not in FREE_FORM_COMPONENTS
