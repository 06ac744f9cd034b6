"""Two answers given before a view's query can fail.

``NulInPathMiddleware``: a NUL in the URL's path (``/context/a%00b``) names nothing — Postgres cannot hold one, so
no contact, conversation or memory id has one — and would reach the view's query as a DataError (a 500): a 404.

``DatabaseUnavailableMiddleware``: Postgres unreachable (restarting, failing over, out of connections) is an outage,
not a bug in the request: answer a JSON 503 with ``Retry-After`` instead of Django's HTML 500. The client retries
(ingest with the same ``message_id``/``Idempotency-Key`` is idempotent). Django closes the broken connection at the
end of the request, and ``CONN_HEALTH_CHECKS`` makes the next request reconnect: no restart needed."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

from config.errors import not_found

logger = logging.getLogger(__name__)

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
        # The kind only: a driver message can carry the host, user or database name.
        logger.warning("database unavailable on %s %s: %s", request.method, request.path, type(exception).__name__)
        response = JsonResponse({"detail": "The database is unavailable; retry shortly."}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
