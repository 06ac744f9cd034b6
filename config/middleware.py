"""Postgres unreachable (restarting, failing over, out of connections) is an outage, not a bug in the request:
answer a JSON 503 with ``Retry-After`` instead of Django's HTML 500. Nothing was accepted, so the client retries
(ingest with the same ``message_id``/``Idempotency-Key`` is idempotent). Django closes the broken connection at
the end of the request, and ``CONN_HEALTH_CHECKS`` makes the next request reconnect: no restart needed."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        # The kind only: a driver message can carry the host, user or database name.
        logger.warning("database unavailable on %s %s: %s", request.method, request.path, type(exception).__name__)
        response = JsonResponse({"detail": "The database is unavailable; retry shortly."}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
