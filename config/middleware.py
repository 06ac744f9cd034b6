"""The request's log line and id, and answers given before a view's query can fail.

``RequestLogMiddleware``: each request gets an id (the caller's ``X-Request-ID`` when safe, else a new one), echoed
in the response and bound to every log line written while it runs (config/logging.py), the tasks it enqueues
included (config/celery.py); then one line for the request: method, route (the URL pattern, never the raw path or
query string, which carry user text), status, duration, tenant. 5xx at ERROR (with the unhandled exception's
traceback), 4xx at WARNING but 404 at INFO (an unknown contact or id is an ordinary answer, not a problem of ours),
the rest at INFO; a health probe's 2xx at DEBUG (a load balancer asks every few seconds).

``UnroutedPathMiddleware``: a path no URL pattern matches is a JSON 404 with DEBUG on too, where Django would answer
its HTML page listing every pattern (``handler404`` is used only with DEBUG off). The admin keeps its HTML 404s.

``NulInPathMiddleware``: a NUL in the URL's path (``/context/a%00b``) names nothing — Postgres cannot hold one, so
no contact, conversation or memory id has one — and would reach the view's query as a DataError (a 500): a 404.

``DatabaseUnavailableMiddleware``: Postgres unreachable (restarting, failing over, out of connections) is an outage,
not a bug in the request: answer a JSON 503 with ``Retry-After`` instead of Django's HTML 500. The client retries
(ingest with the same ``message_id``/``Idempotency-Key`` is idempotent). Django closes the broken connection at the
end of the request, and ``CONN_HEALTH_CHECKS`` makes the next request reconnect: no restart needed."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import structlog
from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

from config.errors import is_html_page, not_found
from config.logging import REQUEST_ID_HEADER, request_id_from

logger = logging.getLogger(__name__)
request_logger = structlog.get_logger("rapport.request")

# Probes and scrapes, every few seconds: a success is DEBUG, and a 503 ("not ready") is an answer, so a WARNING and
# not an ERROR (which Sentry and alerting treat as our failure).
PROBE_ROUTES = {"health", "health/ready", "metrics"}
# The exception a request ended with, recorded by Django's got_request_exception (sent wherever in the middleware
# stack it was raised) for the request's one log line.
_unhandled: ContextVar[BaseException | None] = ContextVar("unhandled_exception", default=None)


def _record_unhandled(**kwargs: Any) -> None:
    _unhandled.set(sys.exc_info()[1])


got_request_exception.connect(_record_unhandled, dispatch_uid="config.middleware.record_unhandled")


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_from(header=request.headers.get(REQUEST_ID_HEADER))
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=request_id)
        _unhandled.set(None)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[REQUEST_ID_HEADER] = request_id
            _log_request(request=request, response=response, duration_ms=(time.perf_counter() - started) * 1000)
            return response
        finally:
            structlog.contextvars.clear_contextvars()


def _log_request(*, request: HttpRequest, response: HttpResponse, duration_ms: float) -> None:
    match = request.resolver_match
    route = match.route if match is not None else None
    tenant = getattr(getattr(request, "user", None), "tenant", None)  # the API key's tenant (not the key)
    exception = _unhandled.get()
    request_logger.log(
        _level(status=response.status_code, route=route),
        "request",
        method=request.method,
        route=route,
        status=response.status_code,
        duration_ms=round(duration_ms, 1),
        tenant=getattr(tenant, "slug", None),
        tenant_id=getattr(tenant, "pk", None),
        **({"exc_info": exception} if exception is not None else {}),
    )


def _level(*, status: int, route: str | None) -> int:
    if status >= 500:
        return logging.WARNING if route in PROBE_ROUTES and status == 503 else logging.ERROR
    if status == 404 or status < 400:
        return logging.DEBUG if route in PROBE_ROUTES and status < 300 else logging.INFO
    return logging.WARNING


class UnroutedPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # No resolver_match: no URL pattern matched (a view's own 404 keeps its body).
        if response.status_code == 404 and request.resolver_match is None and not is_html_page(request):
            return not_found(request, Http404())
        return response


RETRY_AFTER_SECONDS = 5


class NulInPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return not_found(request, Http404())
        return self.get_response(request)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        # The kind only: a driver message can carry the host, user or database name. The route, not the path (whose
        # ids may be a contact's phone number or e-mail address).
        match = request.resolver_match
        route = match.route if match is not None else None
        logger.warning("database unavailable on %s %s: %s", request.method, route, type(exception).__name__)
        response = JsonResponse({"detail": "The database is unavailable; retry shortly."}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
