from __future__ import annotations

import pytest
from rest_framework.test import APIClient

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
