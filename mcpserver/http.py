"""The MCP tools over streamable HTTP (``manage.py mcp --http``, the ``mcp`` process of ``make run``).

Every HTTP request must carry an API key as the REST API takes it; without one, or with an unknown, revoked or expired
one, the answer is 401 before the MCP layer sees the request. The tenant is the key's, per request, so one server
serves every tenant and a session cannot outlive its key. Stateless and JSON-answered: no session is kept between
requests (any process can answer any request), and nothing streams, since no tool reports progress.
"""

from __future__ import annotations

import anyio.to_thread
from django.db import close_old_connections
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from contacts.authentication import api_key_get
from contacts.models import TenantAPIKey
from mcpserver.auth import KEY_HINT, api_key_from_headers
from mcpserver.tools import API_KEY_SCOPE_KEY, rapport_mcp

MCP_PATH = "/mcp"


class TenantKeyMiddleware:
    """ASGI: an HTTP request with a valid key goes on with its tenant in the scope; any other gets a 401."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # the lifespan: starts the SDK's session manager
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        key = api_key_from_headers(headers)
        api_key = await anyio.to_thread.run_sync(_api_key, key) if key else None
        if api_key is None:
            await _unauthorized(key_sent=key is not None, authorization=bool(headers.get("authorization", "").strip()))(
                scope, receive, send
            )
            return
        scope[API_KEY_SCOPE_KEY] = api_key
        await self.app(scope, receive, send)


def mcp_http_app(*, host: str) -> ASGIApp:
    """The ASGI app serving ``/mcp``. ``host``: the address it is bound to (the SDK checks the Host header against a
    loopback address, against DNS rebinding)."""
    server = rapport_mcp()
    app = server.streamable_http_app(streamable_http_path=MCP_PATH, stateless_http=True, json_response=True, host=host)
    return TenantKeyMiddleware(app)


def mcp_http_serve(*, host: str, port: int) -> None:
    import uvicorn

    # log_config=None: uvicorn's lines go through settings.LOGGING (JSON, config/logging.py), not its own handlers.
    uvicorn.run(mcp_http_app(host=host), host=host, port=port, log_level="info", log_config=None)


def _unauthorized(*, key_sent: bool, authorization: bool) -> JSONResponse:
    # The REST API's words for the same three cases (contacts.authentication), and how to send a key.
    if key_sent:
        problem = "Invalid API key."
    elif authorization:  # "Token <key>", a bare key: a wrong form of it (not echoed: the scheme may be the key)
        problem = "Unsupported Authorization header."
    else:
        problem = "Authentication credentials were not provided."
    return JSONResponse(
        {"detail": f"{problem} {KEY_HINT}"}, status_code=401, headers={"WWW-Authenticate": 'Bearer realm="mcp"'}
    )


def _api_key(key: str) -> TenantAPIKey | None:
    # On a worker thread (the ORM refuses to run in the event loop's), with its connection kept fresh as a request's.
    close_old_connections()
    try:
        return api_key_get(key=key)
    finally:
        close_old_connections()
