"""Error pages: the API answers JSON even where no route matched; the admin keeps HTML."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver
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


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize(
    "path", ["/contact/x", "/contacts/x/", "/contacts/x/memories/extra", "/static-nothing", "/api/docs/anything"]
)
def test_an_unrouted_path_is_a_json_404_with_debug_on_or_off(
    api_client: APIClient, settings: Any, debug: bool, path: str
) -> None:
    # given DEBUG on (make run) or off, where Django would answer its HTML page listing every URL pattern
    settings.DEBUG = debug

    # when a path no route matches is asked
    response = api_client.get(path)

    # then the API's JSON 404, naming no pattern
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize(
    ("method", "path"),
    [("delete", "/health"), ("post", "/health/ready"), ("post", "/metrics"), ("put", "/metrics")],
)
def test_a_method_a_route_does_not_take_is_a_json_405_with_debug_on_or_off(
    settings: Any, debug: bool, method: str, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    # given DEBUG on or off, and a client that enforces CSRF as a real request meets it (the test client's default
    # skips the check, which hid the metrics view's HTML 403)
    settings.DEBUG = debug
    client = Client(enforce_csrf_checks=True)

    # when a route, an API view or the metrics' plain Django view, is sent a method it does not take
    with caplog.at_level(logging.INFO):
        response = getattr(client, method)(path)

    # then a JSON 405, and no CSRF failure logged beside the request's line
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": f'Method "{method.upper()}" not allowed.'}
    assert [record for record in caplog.records if record.name == "django.security.csrf"] == []


def _non_admin_routes() -> list[str]:
    """Every routed path outside the admin, its converters filled in (``<int:…>`` with 1, the others with x)."""
    paths = []
    for pattern in _flatten(get_resolver().url_patterns):
        if pattern.startswith("admin/"):
            continue
        paths.append("/" + re.sub(r"<(?:(\w+):)?\w+>", lambda m: "1" if m.group(1) == "int" else "x", pattern))
    return paths


def _flatten(patterns: list[Any], prefix: str = "") -> list[str]:
    routes = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            routes += _flatten(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            routes.append(prefix + str(pattern.pattern))
    return routes


@pytest.mark.parametrize("path", _non_admin_routes())
def test_no_route_outside_the_admin_answers_a_post_with_the_html_csrf_page(path: str) -> None:
    # given a client without a session or CSRF cookie, as an API caller, probe or scraper is

    # when it POSTs to the route (with no key: a refusal, a 405 or a 4xx for the body is each fine)
    response = Client(enforce_csrf_checks=True).post(path, data="{}", content_type="application/json")

    # then whatever the answer, it is not Django's HTML CSRF failure page: the admin alone uses sessions and CSRF
    # (the docs page, a browser's page like the admin, answers its own HTML 405)
    csrf_page = response.status_code == 403 and response["Content-Type"].startswith("text/html")
    assert not csrf_page, path


@pytest.mark.parametrize("debug", [True, False])
def test_the_admin_keeps_its_html_404_with_debug_on_or_off(admin_client: APIClient, settings: Any, debug: bool) -> None:
    # given DEBUG on or off
    settings.DEBUG = debug

    # when an admin page that does not exist is asked
    response = admin_client.get("/admin/no-such-page/")

    # then the admin's HTML 404
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_path_missing_its_slash_still_redirects_to_the_admin(admin_client: APIClient, settings: Any) -> None:
    # given DEBUG on (the JSON 404 must not pre-empt CommonMiddleware's APPEND_SLASH redirect)
    settings.DEBUG = True

    # when the admin is asked without its trailing slash
    response = admin_client.get("/admin")

    # then the redirect to /admin/
    assert response.status_code == 301
    assert response["Location"] == "/admin/"


def test_probes_and_the_scraper_are_not_redirected_to_https_in_production(tmp_path: Any) -> None:
    # given the production settings (DEBUG off: HTTPS redirect on), in a fresh process
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import django; django.setup()\n"
        "from django.middleware.security import SecurityMiddleware\n"
        "from django.test import RequestFactory\n"
        "middleware = SecurityMiddleware(lambda request: None)\n"
        "for path in ('/health', '/health/ready', '/metrics', '/context/arjun'):\n"
        "    response = middleware.process_request(RequestFactory().get(path, HTTP_HOST='rapport.internal'))\n"
        "    print(path, response.status_code if response else 'served')\n"
    )
    env = {
        **os.environ, "DEBUG": "0", "SECRET_KEY": "x" * 50, "DATABASE_URL": "postgres://r:r@db.invalid/r",
        "REDIS_URL": "redis://redis.invalid:6379/0", "ALLOWED_HOSTS": "rapport.internal",
        "RAPPORT_DATA_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings",
    }  # fmt: skip

    # when a probe's and the scraper's plain HTTP requests, and an API request, meet the security middleware
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True
    )

    # then the probes and the scraper are served; the API is redirected to https
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:4] == [
        "/health served", "/health/ready served", "/metrics served", "/context/arjun 301",
    ]  # fmt: skip
