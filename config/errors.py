"""JSON error pages for the API: a path no route matches (``/memories/abc``) and an unhandled error answer
``{"detail": …}`` like every DRF error, not Django's HTML (with DEBUG on too: config.middleware.UnroutedPathMiddleware).
The admin keeps its HTML pages. DRF's own errors go
through ``api_exception_handler`` (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, with a body that is not JSON told what to send instead: DRF's 415 names only what was sent."""
    if isinstance(exc, exceptions.UnsupportedMediaType):
        sent = context["request"].content_type
        exc = exceptions.UnsupportedMediaType(
            sent, detail=f'Unsupported media type "{sent}": request bodies are JSON (Content-Type: application/json).'
        )
    return exception_handler(exc, context)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_html_page(request):
        return defaults.page_not_found(request, exception)
    return JsonResponse({"detail": "Not found."}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_html_page(request):
        return defaults.server_error(request)
    return JsonResponse({"detail": "Server error."}, status=500)


def is_html_page(request: HttpRequest) -> bool:
    # The docs page is one path: anything under it is unrouted, a JSON 404 like any other (with DEBUG on too, where
    # Django's own page would list every URL pattern).
    return request.path.startswith("/admin/") or request.path == "/api/docs/"
