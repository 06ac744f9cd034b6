"""Fixtures for the SDK's tests: a client of the real service (pytest-django's live server, a tenant's key) and a
scripted local HTTP server for what the service will not answer on demand (503, dropped connections)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from rapport_client import RapportClient, RetryPolicy

# Backoff short enough for tests; Retry-After is still honoured as sent.
FAST_RETRIES = RetryPolicy(max_retries=3, base_delay=0.01, max_delay=0.05)


@pytest.fixture
def rapport(live_server: Any, api_key: str) -> Iterator[RapportClient]:
    with RapportClient(live_server.url, api_key, retry_policy=FAST_RETRIES) as client:
        yield client


@dataclass(frozen=True)
class Reply:
    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


# Script steps other than a Reply: close the connection without answering; pass the request on to the upstream
# server (and answer what it answers, or drop its answer).
DROP = "drop"
FORWARD = "forward"
FORWARD_THEN_DROP = "forward-then-drop"


@dataclass(frozen=True)
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    at: float


class ScriptedServer:
    """Answers each request with the next step of ``script`` (the last step repeats) and records what it saw."""

    def __init__(self, script: list[Reply | str], upstream: str = "") -> None:
        self.script = list(script)
        self.upstream = upstream
        self.seen: list[Seen] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def next_step(self) -> Reply | str:
        return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler_for(server: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _handle(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.loads(raw) if raw else None
            server.seen.append(Seen(self.command, self.path, dict(self.headers), body, time.monotonic()))
            step = server.next_step()
            if step == DROP:
                return  # no response: the client sees the connection close
            reply = _forward(server.upstream, self, raw) if step in (FORWARD, FORWARD_THEN_DROP) else step
            if step == FORWARD_THEN_DROP:
                return  # the upstream acted on the request; its answer is lost on the way back
            assert isinstance(reply, Reply)
            self._reply(reply)

        def _reply(self, reply: Reply) -> None:
            payload = b"" if reply.body is None else json.dumps(reply.body).encode()
            self.send_response(reply.status)
            for name, value in {"Content-Type": "application/json", **reply.headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PATCH = do_DELETE = _handle

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet test output

    return Handler


def _forward(upstream: str, request: BaseHTTPRequestHandler, raw: bytes) -> Reply:
    headers = {name: value for name, value in request.headers.items() if name.lower() not in {"host", "content-length"}}
    response = httpx.request(request.command, f"{upstream}{request.path}", content=raw, headers=headers)
    return Reply(response.status_code, response.json() if response.content else None)


@pytest.fixture
def scripted() -> Iterator[Callable[..., ScriptedServer]]:
    """``scripted([Reply(503, ...), Reply(200, ...)])`` starts a server, stopped after the test."""
    started: list[ScriptedServer] = []

    def start(script: list[Reply | str], upstream: str = "") -> ScriptedServer:
        server = ScriptedServer(script, upstream)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
