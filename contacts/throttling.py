"""Admission checks DRF runs after authentication and before a view reads the request body.

``ApiKeyRateThrottle`` counts requests per API key and scope in fixed windows of one period (a minute for
"6000/min") in Redis (one round trip a request). The scope comes from the URL name: ``ingest`` (POST /ingest,
/ingest/batch), ``context`` (GET /context, /brain/context), ``default`` (everything else); /health is never
limited. Rates come from settings.API_RATE_LIMITS, and ``Tenant.settings["rate_limits"]``
(``{"ingest": "100/min"}``) overrides a scope for that tenant's keys. Beyond the rate: 429, a JSON ``detail`` and
``Retry-After`` (whole seconds until the window ends). Throttling must never take the API down: with Redis
unavailable a request is let through, and one warning is logged per outage.

``RequestSizeLimit`` refuses a body over DATA_UPLOAD_MAX_MEMORY_SIZE with a JSON 413 before it is read (left to
Django, ``request.data`` would raise RequestDataTooBig: an HTML 400 and an error logged with a traceback).
"""

from __future__ import annotations

import logging
import math
import re
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from redis.exceptions import RedisError
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from config.redis_client import redis_client
from contacts.authentication import TenantClient
from contacts.models import Tenant

logger = logging.getLogger(__name__)

SCOPES_BY_URL_NAME = {"ingest": "ingest", "ingest-batch": "ingest", "context": "context", "brain-context": "context"}
DEFAULT_SCOPE = "default"
UNLIMITED_URL_NAMES = frozenset({"health"})
TENANT_SETTING = "rate_limits"
RATE_FORMAT = re.compile(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)")

# Set while the cache is failing, so an outage logs one warning (and its end one line), not one per request.
_cache_outage = False


class ApiKeyRateThrottle(SimpleRateThrottle):
    def __init__(self) -> None:
        # The rate depends on the request (scope, tenant), so it is chosen in allow_request, not here.
        self.rate: str | None = None
        self.num_requests: int = 0
        self.duration: int = 0
        self.window_ends_at: float | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        """True to let the request through; raises Throttled (429) beyond the rate."""
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        count = self._count(self.key)
        if count is None or count <= self.num_requests:
            return True
        raise exceptions.Throttled(
            wait=self.wait(), detail=f"Rate limit exceeded: this API key may make {self.rate} {self.scope} requests."
        )

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        """The key of this API key's counter for the current window (None: not limited)."""
        client = request.user
        self.scope = scope = self.scope_for(request, view)
        if not isinstance(client, TenantClient) or scope is None:
            return None  # unauthenticated requests are refused before throttling; /health is exempt
        self.rate = tenant_rate(client.tenant, scope)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.now = self.timer()
        window = int(self.now // self.duration)
        self.window_ends_at = (window + 1) * self.duration
        return _counter_key(scope, client.api_key_id, self.duration, window)

    def wait(self) -> float | None:
        """Seconds until the current window ends (at least 1, so Retry-After is never 0)."""
        if self.window_ends_at is None:
            return None
        return max(1, math.ceil(self.window_ends_at - self.now))

    @staticmethod
    def scope_for(request: Request, view: Any) -> str | None:
        scope = getattr(view, "throttle_scope", None)
        if scope:
            return str(scope)
        url_name = request.resolver_match.url_name if request.resolver_match else None
        if url_name in UNLIMITED_URL_NAMES:
            return None
        return SCOPES_BY_URL_NAME.get(url_name or "", DEFAULT_SCOPE)

    def _count(self, key: str) -> int | None:
        """Count this request in its window and return the window's count; None if the cache is down.

        INCR is atomic, so web workers and processes share one count. A counter expires one period after its
        window's first request: never before the window ends, and its key (with the window number) is not reused."""
        try:
            count = _increment(key, timeout=self.duration)
        except RedisError:  # by contract (module docstring): a Redis outage never fails a request
            _report_cache_outage()
            return None
        _report_cache_recovery()
        return count


@dataclass(frozen=True)
class Admission:
    allowed: bool
    rate: str  # the rate applied, e.g. "6000/min"
    retry_after: int  # whole seconds until the window ends (at least 1)


def api_key_admit(*, tenant: Tenant, api_key_id: str, scope: str) -> Admission:
    """Count one call of ``scope`` for the API key, in the same window and counter as its REST requests (the MCP
    server's tools call this; the REST API through ``ApiKeyRateThrottle``). With Redis down, the call is let through."""
    rate = tenant_rate(tenant, scope)
    limit, duration = ApiKeyRateThrottle().parse_rate(rate)
    now = time.time()
    window = int(now // duration)
    retry_after = max(1, math.ceil((window + 1) * duration - now))
    try:
        count = _increment(_counter_key(scope, api_key_id, duration, window), timeout=duration)
    except RedisError:
        _report_cache_outage()
        return Admission(True, rate, retry_after)
    _report_cache_recovery()
    return Admission(count <= limit, rate, retry_after)


def _counter_key(scope: str, api_key_id: str, duration: int, window: int) -> str:
    """One counter per key, scope and window: REST requests and MCP tool calls of a key count in the same one."""
    return f"throttle:{scope}:{api_key_id}:{duration}:{window}"


def _increment(key: str, *, timeout: int) -> int:
    # SET NX creates the window's counter with its expiry, INCR counts; MULTI/EXEC so the counter cannot expire
    # between the two (an INCR on a just-expired key would make a counter that never expires). One round trip.
    pipeline = redis_client().pipeline(transaction=True)
    pipeline.set(key, 0, ex=timeout, nx=True)
    pipeline.incr(key)
    return int(pipeline.execute()[1])


def tenant_rate(tenant: Tenant, scope: str) -> str:
    """The tenant's override for ``scope`` if it is a valid rate, else the configured rate."""
    overrides = tenant.settings.get(TENANT_SETTING) if isinstance(tenant.settings, dict) else None
    value = overrides.get(scope) if isinstance(overrides, dict) else None
    if value is not None:
        if isinstance(value, str) and RATE_FORMAT.fullmatch(value):
            return value
        _warn_invalid_override(tenant, scope, value)
    rates = api_settings.DEFAULT_THROTTLE_RATES
    return str(rates.get(scope) or rates[DEFAULT_SCOPE])


_warned_overrides: set[tuple[int, str, str]] = set()


def _warn_invalid_override(tenant: Tenant, scope: str, value: object) -> None:
    # Once per tenant, scope and value: this runs on every request.
    marker = (tenant.pk, scope, repr(value))
    if marker not in _warned_overrides:
        _warned_overrides.add(marker)
        logger.warning(
            "tenant %s: ignoring invalid %s[%r]=%r (expected e.g. '100/min')", tenant.slug, TENANT_SETTING, scope, value
        )


def _report_cache_outage() -> None:
    global _cache_outage
    if not _cache_outage:
        _cache_outage = True
        logger.warning("rate limiting is off: the cache is unavailable (requests are let through)", exc_info=True)


def _report_cache_recovery() -> None:
    global _cache_outage
    if _cache_outage:
        _cache_outage = False
        logger.info("rate limiting is back on: the cache answers again")


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"


class RequestSizeLimit(BaseThrottle):
    """413 for a body larger than DATA_UPLOAD_MAX_MEMORY_SIZE, judged by Content-Length before reading it."""

    def allow_request(self, request: Request, view: Any) -> bool:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return True  # without a valid length no body is read
        if limit is not None and size > limit:
            raise RequestTooLarge(f"The request body is {size} bytes; the limit is {limit} bytes.")
        return True
