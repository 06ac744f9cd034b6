"""API-key authentication: ``Authorization: Bearer <key>`` (or ``X-API-Key: <key>``) → tenant.

Keys are hashed at rest (djangorestframework-api-key); a revoked or expired key is refused like
an unknown one, and the key itself never appears in an error or a log line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from contacts.models import Tenant, TenantAPIKey


@dataclass(frozen=True)
class TenantClient:
    """``request.user`` for API calls: the tenant behind the key."""

    tenant: Tenant
    api_key_id: str
    is_authenticated: bool = True
    is_anonymous: bool = False


# Said in every 401 that is about the header rather than the key: the forms a key is accepted in.
ACCEPTED_HEADERS = 'Send the API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".'


class TenantAPIKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[TenantClient, TenantAPIKey] | None:
        key = _key_from_headers(request)
        if key is None:
            if request.META.get("HTTP_AUTHORIZATION", "").strip():
                # "Token <key>", a bare key, "Bearer " alone: not a missing key but a wrong form of it. The header is
                # not echoed - its scheme may be the key itself.
                raise exceptions.AuthenticationFailed(f"Unsupported Authorization header. {ACCEPTED_HEADERS}")
            return None
        api_key = api_key_get(key=key)
        if api_key is None:
            raise exceptions.AuthenticationFailed("Invalid API key.")
        return TenantClient(tenant=api_key.tenant, api_key_id=api_key.id), api_key

    def authenticate_header(self, request: Request) -> str:
        # Makes DRF answer 401 (not 403) when no credentials were sent.
        return 'Bearer realm="api"'


def api_key_get(*, key: str) -> TenantAPIKey | None:
    """The key's row (its tenant read with it), or None for an unknown, revoked or expired key. The REST API's and the
    MCP server's one rule."""
    prefix, _, _ = key.partition(".")
    api_key = TenantAPIKey.objects.select_related("tenant").filter(prefix=prefix, revoked=False).first()
    if api_key is None or api_key.has_expired or not api_key.is_valid(key):
        return None
    return api_key


def api_key_from_headers(*, authorization: str, x_api_key: str) -> str | None:
    """``Authorization: Bearer <key>``, else ``X-API-Key: <key>``: the two forms a key is accepted in."""
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return x_api_key.strip() or None


def _key_from_headers(request: Request) -> str | None:
    return api_key_from_headers(
        authorization=request.META.get("HTTP_AUTHORIZATION", ""), x_api_key=request.META.get("HTTP_X_API_KEY", "")
    )


class IsTenantClient(permissions.BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        if request.user is None:  # no credentials at all: DRF's 401 would not say how to send them
            raise exceptions.NotAuthenticated(f"Authentication credentials were not provided. {ACCEPTED_HEADERS}")
        return isinstance(request.user, TenantClient)
