"""The OpenAPI document the API serves, and a check that a body is exactly what it documents."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient


def openapi_schema() -> dict[str, Any]:
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def resolved(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """The schema ``node`` stands for: a ``$ref`` followed, directly or through ``allOf`` (how nullable refs are
    spelt)."""
    ref = node.get("$ref") or (node["allOf"][0]["$ref"] if "allOf" in node else None)
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else node


def response_schema(schema: dict[str, Any], path: str, method: str = "get", status: str = "200") -> dict[str, Any]:
    operation = schema["paths"][path][method]["responses"][status]
    return resolved(schema, operation["content"]["application/json"]["schema"])


def assert_documented(schema: dict[str, Any], node: dict[str, Any], value: Any, where: str = "") -> None:
    """``value`` has every required key of ``node`` and no key it does not document, all the way down (a free-form
    object - no ``properties`` - is not looked into)."""
    node = resolved(schema, node)
    if isinstance(value, dict) and "properties" in node:
        required = set(node.get("required", ()))
        assert set(value) - set(node["properties"]) == set(), f"undocumented keys at {where or '/'}"
        assert required - set(value) == set(), f"missing required keys at {where or '/'}"
        for key, item in value.items():
            assert_documented(schema, node["properties"][key], item, f"{where}/{key}")
    elif isinstance(value, list):
        assert node["type"] == "array", where
        for index, item in enumerate(value):
            assert_documented(schema, node["items"], item, f"{where}/{index}")
