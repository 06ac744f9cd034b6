"""JSON error pages for the API: a path no route matches (``/memories/abc``) and an unhandled error answer
``{"detail": …}`` like every DRF error, not Django's HTML. The admin keeps its HTML pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_html_page(request):
        return defaults.page_not_found(request, exception)
    return JsonResponse({"detail": "Not found."}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_html_page(request):
        return defaults.server_error(request)
    return JsonResponse({"detail": "Server error."}, status=500)


def _is_html_page(request: HttpRequest) -> bool:
    return request.path.startswith(("/admin/", "/api/docs/"))
