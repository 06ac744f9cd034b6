"""OpenAPI description of the API-key authentication (loaded by ContactsConfig.ready)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TenantAPIKeyScheme(OpenApiAuthenticationExtension):
    target_class = "contacts.authentication.TenantAPIKeyAuthentication"
    name = "ApiKeyAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "`Authorization: Bearer <key>` (or `X-API-Key: <key>`).",
        }
