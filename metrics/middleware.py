"""Request latency by route: the URL pattern a request matched (``contacts/<str:contact_id>``), never its path, so
the number of series stays bounded whatever paths clients send."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from metrics.instruments import http_request_duration

UNMATCHED = "<unmatched>"  # no pattern matched (a 404), or a middleware answered before routing
# Any other method a client sends is counted as "other": a method is a string of the client's choosing.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class RequestLatencyMiddleware:
    """First in MIDDLEWARE, so the time includes every other middleware's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        http_request_duration.labels(
            route=request_route(request),
            method=request.method if request.method in METHODS else "other",
            status=str(response.status_code),
        ).observe(time.perf_counter() - started)
        return response


def request_route(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None or not match.route:
        return UNMATCHED
    return "/" + str(match.route)
