"""``GET /metrics``: Prometheus text format, behind ``Authorization: Bearer <METRICS_TOKEN>`` when METRICS_TOKEN is
set; open when it is not (the values are counts and timings by route, task and kind — no personal data — and a
scraper on a private network needs no secret). With DEBUG off and no token the ``metrics.W001`` system check warns
(at ``migrate``, so at every ``make run`` and compose start)."""

from __future__ import annotations

import hmac
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.module_loading import import_string
from django.views.decorators.csrf import csrf_exempt
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from metrics.multiprocess import multiprocess_enabled


# CSRF-exempt as DRF's views (/health, the API) are: a scraper sends no cookie, the view reads nothing from a session
# and changes nothing, and without it a POST got Django's HTML CSRF 403 (logged twice) instead of the JSON 405.
@csrf_exempt
def metrics_view(request: HttpRequest) -> HttpResponse:
    if request.method != "GET":  # JSON, as every route's 405 is (Django's require_GET answers an empty HTML page)
        response = JsonResponse({"detail": f'Method "{request.method}" not allowed.'}, status=405)
        response["Allow"] = "GET"
        return response
    if not _authorized(request):
        response = JsonResponse({"detail": "A valid metrics token is required (Authorization: Bearer)."}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    return HttpResponse(generate_latest(_Scrape()), content_type=CONTENT_TYPE_PLAIN_0_0_4)


def _authorized(request: HttpRequest) -> bool:
    token: str = settings.METRICS_TOKEN
    if not token:
        return True
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    # Constant time: a compare that stops at the first wrong byte would tell an attacker how much was right.
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


class _Scrape:
    """What one scrape exposes: the recorded values — merged from every process's files in multi-process mode, this
    process's registry otherwise — then the values read now (METRICS_SCRAPE_COLLECTORS)."""

    def collect(self) -> Iterable[Metric]:
        yield from _recorded().collect()
        for path in settings.METRICS_SCRAPE_COLLECTORS:
            collector: Collector = import_string(path)()
            yield from collector.collect()


def _recorded() -> Collector:
    if not multiprocess_enabled():
        return REGISTRY
    from prometheus_client import multiprocess

    # A registry per scrape, as prometheus_client documents: the collector reads the directory's files each time.
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return registry
