"""The one HTTP client of webhooks: no proxy from the environment (it would connect by name, past the address
check and the SNI pinning), and an answer read raw (a gzip bomb is not inflated)."""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from contacts.models import Tenant
from tests.webhooks.conftest import Receiver
from webhooks.models import Delivery
from webhooks.sending import BODY_EXCERPT_CHARS
from webhooks.services.endpoints import endpoint_create
from webhooks.services.events import event_emit

pytestmark = pytest.mark.django_db
BOMB = gzip.compress(b"\0" * 20_000_000)  # 20 MB of zeros in ~20 KB


def _emit(tenant: Tenant, capture: Any) -> Delivery:
    with capture(execute=True):
        event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key="k", data={"trigger_id": 1})
    return Delivery.objects.get()


class BombHandler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        self.rfile.read(int(self.headers.get("content-length", 0)))
        self.send_response(200)
        self.send_header("content-encoding", "gzip")
        self.send_header("content-length", str(len(BOMB)))
        self.end_headers()
        self.wfile.write(BOMB)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def bomb_url(settings: Any) -> Iterator[str]:
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), BombHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hooks"
    server.shutdown()
    server.server_close()


def test_a_proxy_in_the_environment_is_not_used(
    tenant: Tenant, receiver: Receiver, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    # given proxy variables pointing at a port nothing listens on
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    endpoint_create(tenant=tenant, url=receiver.url, events=["trigger.created"])

    # when an event is delivered
    delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # then it went straight to the receiver (whatever makes it so: the custom transport, or trust_env=False)
    assert (delivery.status, len(receiver.requests)) == ("succeeded", 1)


def test_a_compressed_answer_is_logged_as_sent_not_inflated(
    tenant: Tenant, bomb_url: str, django_capture_on_commit_callbacks: Any
) -> None:
    # given a receiver answering 200 with a gzip bomb
    endpoint_create(tenant=tenant, url=bomb_url, events=["trigger.created"])

    # when an event is delivered
    delivery = _emit(tenant, django_capture_on_commit_callbacks)

    # then the excerpt is the first raw bytes (gzip's magic), never the inflated zeros (a NUL shown as U+FFFD)
    assert delivery.status == "succeeded"
    raw = BOMB[:2000].decode("utf-8", errors="replace")[:BODY_EXCERPT_CHARS].replace("\0", "\ufffd")
    assert delivery.last_response_body == raw
    assert delivery.last_response_body.startswith("\x1f\ufffd")  # gzip's magic is 1f 8b: 8b alone is not UTF-8
