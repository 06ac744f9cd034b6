"""A real local webhook receiver: an http.server in a thread on 127.0.0.1, answering the statuses a test sets."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from contacts.models import Tenant
from webhooks.models import Endpoint
from webhooks.services.endpoints import endpoint_create


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    url: str
    statuses: list[int] = field(default_factory=list)  # answered in turn; 200 once they run out
    requests: list[Received] = field(default_factory=list)


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            receiver.requests.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            status = receiver.statuses.pop(0) if receiver.statuses else 200
            self.send_response(status)
            self.send_header("content-type", "text/plain")
            self.end_headers()
            self.wfile.write(f"answered {status}".encode())

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def receiver(settings) -> Iterator[Receiver]:  # type: ignore[no-untyped-def]
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True  # it listens on loopback
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    found = Receiver(url=f"http://127.0.0.1:{server.server_address[1]}/hooks")
    server.RequestHandlerClass = _handler(found)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield found
    server.shutdown()
    server.server_close()


@pytest.fixture
def endpoint(tenant: Tenant, receiver: Receiver) -> Endpoint:
    return endpoint_create(tenant=tenant, url=receiver.url, events=["crisis.flagged", "trigger.created"])
