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
