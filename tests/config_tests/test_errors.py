"""Error pages: the API answers JSON even where no route matched; the admin keeps HTML."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/memories/abc", "/memories/-5/history", "/no-such-endpoint", "/triggers/x/complete"])
def test_a_path_no_route_matches_is_a_json_404(api_client: APIClient, path: str) -> None:
    response = api_client.get(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


def test_the_admin_keeps_its_html_404(admin_client: APIClient) -> None:
    response = admin_client.get("/admin/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_body_nested_too_deep_is_a_400_on_any_endpoint_that_reads_json(api_client: APIClient) -> None:
    # the bounded parser is the default: every view gets it, present and future
    body = "[" * 100 + "]" * 100

    response = api_client.post("/conversations/c1/resolve", data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {"detail": "JSON parse error - nested deeper than 64 levels."}
