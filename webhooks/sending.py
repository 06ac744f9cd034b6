"""The one place a webhook leaves the building: a signed POST (Standard Webhooks), and what came back.

Headers ``webhook-id`` (the event's id, the same on every attempt), ``webhook-timestamp`` (this attempt, in Unix
seconds) and ``webhook-signature`` (``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``, by the standardwebhooks
package). Redirects are not followed: a 3xx is a failure (following one could lead past the address check). The
connection goes to the address the check passed, with the URL's host in ``Host`` and, for https, in the TLS
handshake (SNI), so the certificate is still verified against the name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
from django.conf import settings
from standardwebhooks.webhooks import Webhook

BODY_EXCERPT_CHARS = 500
USER_AGENT = "Rapport-Webhooks/1"


@dataclass(frozen=True)
class Outcome:
    status: int | None  # None when no answer came (timeout, refused connection, DNS)
    body_excerpt: str = ""
    error: str = ""

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
    *, url: str, address: str, secret: str, event_id: str, payload: dict[str, Any], at: datetime
) -> Outcome:
    body = payload_body(payload)
    headers = signed_headers(secret=secret, event_id=event_id, body=body, at=at)
    target = httpx.URL(url)
    headers["host"] = target.netloc.decode("ascii")
    try:
        with httpx.Client(timeout=settings.WEBHOOK_TIMEOUT_SECONDS, follow_redirects=False) as client:
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
        return Outcome(status=None, error=f"{type(error).__name__}: {error}"[:BODY_EXCERPT_CHARS])


def _excerpt(response: httpx.Response) -> str:
    """The answer's first characters, reading no more of it than that (a receiver may answer with gigabytes)."""
    read = b""
    for chunk in response.iter_bytes():
        read += chunk
        if len(read) >= 4 * BODY_EXCERPT_CHARS:
            break
    return read.decode("utf-8", errors="replace")[:BODY_EXCERPT_CHARS]
