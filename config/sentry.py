"""Errors reported to Sentry, when ``SENTRY_DSN`` is set (off by default: nothing is initialised, nothing sent).

An event carries the exception, its stack (without local variables) and the request's method, route and id; never
what a contact said. Messages reach us in request bodies (ingest), query strings (``/context?query=``) and a
function's locals, so all three are left out, and ``scrub_event`` removes whatever of them an integration still
attached, with the credentials headers."""

from __future__ import annotations

from typing import Any

import sentry_sdk

_SECRET_HEADERS = {"authorization", "x-api-key", "cookie", "proxy-authorization"}


def sentry_options(*, dsn: str, environment: str) -> dict[str, Any]:
    # Imported here: the settings import this module, and the integrations are loaded only when Sentry is on.
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    return {
        "dsn": dsn,
        "environment": environment,
        # Events come from the exceptions Django and Celery report, once each; an ERROR log line is no event of its
        # own (the request log's line of a 5xx would be a second, unique-texted issue per request), only a breadcrumb.
        "integrations": [DjangoIntegration(), CeleryIntegration(), LoggingIntegration(event_level=None)],
        "send_default_pii": False,
        "include_local_variables": False,
        "max_request_body_size": "never",
        "before_send": scrub_event,
        "traces_sample_rate": 0.0,  # errors only; request latency is the metrics' job
    }


def sentry_init(*, dsn: str, environment: str) -> None:
    sentry_sdk.init(**sentry_options(dsn=dsn, environment=environment))


def scrub_event(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """``before_send``: drop the request's body, query string and cookies, and the credentials headers."""
    request = event.get("request")
    if isinstance(request, dict):
        for key in ("data", "query_string", "cookies"):
            request.pop(key, None)
        headers = request.get("headers")
        if isinstance(headers, dict):
            request["headers"] = {name: value for name, value in headers.items() if name.lower() not in _SECRET_HEADERS}
        url = request.get("url")
        if isinstance(url, str):
            request["url"] = url.split("?", 1)[0]
    # A task's arguments are ids (STYLE.md), but Celery's integration also records them as "extra": dropped anyway.
    extra = event.get("extra")
    if isinstance(extra, dict):
        extra.pop("celery-job", None)
    return event
