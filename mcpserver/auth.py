"""The tenant behind an API key, for the MCP server: the stdio process's ``RAPPORT_API_KEY`` and every HTTP request's
header. The same keys, the same rule and the same headers as the REST API (``contacts.authentication``): a revoked or
expired key is refused like an unknown one, and the key never appears in an error or a log line."""

from __future__ import annotations

from collections.abc import Mapping

from contacts import authentication

# What a client is told when it sent no key or a wrong one (401 over HTTP): the REST API's words.
KEY_HINT = authentication.ACCEPTED_HEADERS


def api_key_from_headers(headers: Mapping[str, str]) -> str | None:
    """``Authorization: Bearer <key>``, else ``X-API-Key: <key>`` (``headers`` keyed in lower case)."""
    return authentication.api_key_from_headers(
        authorization=headers.get("authorization", ""), x_api_key=headers.get("x-api-key", "")
    )
