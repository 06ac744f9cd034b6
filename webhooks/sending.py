"""The one place a webhook leaves the building: a signed POST (Standard Webhooks), and what came back.

Headers ``webhook-id`` (the event's id, the same on every attempt), ``webhook-timestamp`` (this attempt, in Unix
seconds) and ``webhook-signature`` (``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``, by the standardwebhooks
package). Redirects are not followed: a 3xx is a failure (following one could lead past the address check). The
connection goes to the address the check passed, with the URL's host in ``Host`` and, for https, in the TLS
handshake (SNI), so the certificate is still verified against the name.

An attempt has a total deadline (WEBHOOK_ATTEMPT_DEADLINE_SECONDS), not only a timeout per read: every socket
operation waits at most what is left of it, so a receiver answering one byte at a time is cut off on time.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
from django.conf import settings
from standardwebhooks.webhooks import Webhook

BODY_EXCERPT_CHARS = 500
USER_AGENT = "Rapport-Webhooks/1"
# The raw bytes read of an answer, before any decoding: a compressed answer is not inflated (no gzip bomb).
BODY_READ_BYTES = 4 * BODY_EXCERPT_CHARS

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    status: int | None  # None when no answer came (timeout, refused connection, DNS)
    body_excerpt: str = ""
    error: str = ""
    unreachable: bool = False  # no connection was made: another address of the host may be tried

    @property
    def succeeded(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def payload_body(payload: dict[str, Any]) -> str:
    """The exact text signed and sent."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def signed_headers(*, secret: str, event_id: str, body: str, at: datetime) -> dict[str, str]:
    return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": event_id,
        "webhook-timestamp": str(int(at.timestamp())),
        # The package reads the time's fields as UTC: hand it UTC.
        "webhook-signature": Webhook(secret).sign(msg_id=event_id, timestamp=at.astimezone(UTC), data=body),
    }


def signed_post(
    *,
    url: str,
    address: str,
    secret: str,
    event_id: str,
    payload: dict[str, Any],
    at: datetime,
    deadline: float | None = None,
) -> Outcome:
    """``deadline`` (``time.monotonic()``) ends the attempt; by default WEBHOOK_ATTEMPT_DEADLINE_SECONDS from now."""
    body = payload_body(payload)
    headers = signed_headers(secret=secret, event_id=event_id, body=body, at=at)
    target = httpx.URL(url)
    headers["host"] = target.netloc.decode("ascii")
    if deadline is None:
        deadline = time.monotonic() + settings.WEBHOOK_ATTEMPT_DEADLINE_SECONDS
    # Imported here, not with this module: httpcore imports trio when it is installed, and trio runs ldconfig as it
    # loads; the admin imports this module, so every django.setup() would pay for (and spawn) it.
    from webhooks.deadline import DeadlineTransport

    try:
        # No proxy from the environment: it would connect to the name, not the checked address. httpx already ignores
        # proxy variables when given a transport; trust_env=False keeps that if the transport ever goes.
        with httpx.Client(
            transport=DeadlineTransport(deadline=deadline),
            timeout=settings.WEBHOOK_TIMEOUT_SECONDS,
            follow_redirects=False,
            trust_env=False,
        ) as client:
            request = client.build_request(
                "POST",
                target.copy_with(host=address),
                content=body.encode(),
                headers=headers,
                extensions={"sni_hostname": target.host},
            )
            response = client.send(request, stream=True)
            try:
                return Outcome(status=response.status_code, body_excerpt=_excerpt(response))
            finally:
                response.close()
    except httpx.HTTPError as error:
        # The kind of error with its text: "ConnectTimeout: timed out" reads better in a delivery log.
        return Outcome(
            status=None,
            error=f"{type(error).__name__}: {error}"[:BODY_EXCERPT_CHARS],
            unreachable=isinstance(error, httpx.ConnectError | httpx.ConnectTimeout),
        )
    except Exception as error:  # noqa: BLE001 - any failure is this attempt's outcome, never a lost attempt
        # Only the kind: the text of an unexpected error may quote the request (its signature, the payload).
        logger.warning("webhook attempt to %s failed: %s", target.host, type(error).__name__)
        return Outcome(status=None, error=f"Not sent: {type(error).__name__}.")


def _excerpt(response: httpx.Response) -> str:
    """The answer's first characters, reading no more of it than that (a receiver may answer with gigabytes), as
    sent: raw bytes, not decompressed (a small gzip answer may inflate to gigabytes)."""
    read = b""
    for chunk in response.iter_raw():
        read += chunk
        if len(read) >= BODY_READ_BYTES:
            break
    text = read[:BODY_READ_BYTES].decode("utf-8", errors="replace")[:BODY_EXCERPT_CHARS]
    return text.replace("\x00", "\ufffd")  # Postgres text holds no NUL (a binary answer would fail the write)
