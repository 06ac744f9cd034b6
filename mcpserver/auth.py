"""The tenant behind an API key, for the MCP server: the stdio process's ``RAPPORT_API_KEY`` and every HTTP request's
header. The same keys, the same rule and the same headers as the REST API (``contacts.authentication``): a revoked or
expired key is refused like an unknown one, and the key never appears in an error or a log line."""

from __future__ import annotations

from collections.abc import Mapping

from contacts.models import Tenant, TenantAPIKey

# What a client is told when it sent no key or a wrong one (401 over HTTP).
KEY_HINT = "Send the tenant's API key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'."


def tenant_for_api_key(*, key: str) -> Tenant | None:
    """The key's tenant, or None for an unknown, revoked or expired key (as ``TenantAPIKeyAuthentication``)."""
    prefix, _, _ = key.partition(".")
    api_key = TenantAPIKey.objects.select_related("tenant").filter(prefix=prefix, revoked=False).first()
    if api_key is None or api_key.has_expired or not api_key.is_valid(key):
        return None
    return api_key.tenant


def api_key_from_headers(headers: Mapping[str, str]) -> str | None:
    """``Authorization: Bearer <key>``, else ``X-API-Key: <key>`` (``headers`` keyed in lower case)."""
    scheme, _, credentials = headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return headers.get("x-api-key", "").strip() or None
