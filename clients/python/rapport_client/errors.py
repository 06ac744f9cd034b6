"""Typed exceptions, one per kind of answer: catch ``RapportError`` for all of them, or the one you can handle."""

from __future__ import annotations

import email.utils
import time
from typing import Any

import httpx

# Response headers that may carry the server's id for the request (quoted in bug reports), first found wins.
REQUEST_ID_HEADERS = ("x-request-id", "request-id", "x-correlation-id")


class RapportError(Exception):
    """An error answer from the API (or, for ``RapportConnectionError``, no answer at all).

    ``status`` is the HTTP status (None when no response arrived), ``body`` the error body as parsed JSON (or its text
    when it is not JSON), ``request_id`` the server's id for the request when it sends one, ``retry_after`` the seconds
    its ``Retry-After`` header asked to wait (None without one).

    For an ingest, ``message_id`` is the id the message was sent with, the SDK's own when you gave none
    (``message_ids``: every item's, for a batch): the message may have been stored, so send it again with that
    id if you retry by yourself and the server will store it once."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        body: Any = None,
        request_id: str | None = None,
        retry_after: float | None = None,
        message_ids: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.body = body
        self.request_id = request_id
        self.retry_after = retry_after
        self.message_ids = message_ids

    @property
    def message_id(self) -> str | None:
        """The id of the one message the failed request carried (None for any other request, or a batch of many)."""
        return self.message_ids[0] if len(self.message_ids) == 1 else None

    @property
    def detail(self) -> str | None:
        """The server's ``detail`` sentence, when its body has one."""
        if isinstance(self.body, dict) and isinstance(self.body.get("detail"), str):
            return str(self.body["detail"])
        return None


class RapportConnectionError(RapportError):
    """No response: the connection failed or timed out (after the retries allowed for the request)."""


class AuthenticationError(RapportError):
    """401 or 403: a missing, wrong, revoked or expired API key."""


class NotFoundError(RapportError):
    """404: an unknown contact, memory, trigger or conversation (another tenant's looks the same)."""


class ConflictError(RapportError):
    """409: e.g. a ``message_id`` reused for a different message, or a conversation of another contact."""


class GoneError(RapportError):
    """410: the contact was erased; messages sent before the erasure are refused."""


class ValidationError(RapportError):
    """400: the request was refused; ``errors`` maps each field (or ``detail``) to its messages."""

    @property
    def errors(self) -> dict[str, Any]:
        return dict(self.body) if isinstance(self.body, dict) else {"detail": self.body}


class RateLimitedError(RapportError):
    """429: this API key made too many requests; ``retry_after`` says how many seconds to wait."""


class ServerError(RapportError):
    """5xx: the server failed or is unavailable (503)."""


_BY_STATUS: dict[int, type[RapportError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: AuthenticationError,
    404: NotFoundError,
    409: ConflictError,
    410: GoneError,
    429: RateLimitedError,
}


def error_from_response(response: httpx.Response) -> RapportError:
    """The typed exception for an error response (any status without its own class is a plain ``RapportError``)."""
    status = response.status_code
    kind = ServerError if status >= 500 else _BY_STATUS.get(status, RapportError)
    body = _body(response)
    detail = body.get("detail") if isinstance(body, dict) else None
    summary = detail if isinstance(detail, str) else (str(body)[:500] if body else response.reason_phrase)
    return kind(
        f"{status} {summary}",
        status=status,
        body=body,
        request_id=_request_id(response),
        retry_after=retry_after_seconds(response.headers.get("retry-after")),
    )


def retry_after_seconds(value: str | None) -> float | None:
    """``Retry-After`` as seconds from now: delta-seconds or an HTTP date (RFC 9110); None if absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _body(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return response.text


def _request_id(response: httpx.Response) -> str | None:
    for name in REQUEST_ID_HEADERS:
        if name in response.headers:
            return response.headers[name]
    return None
