"""What the sync and async clients share: the connection settings, and turning a ``Call`` into a request and a
response into a result or a typed error."""

from __future__ import annotations

from typing import Any, TypeVar

import httpx

from rapport_client.calls import Call
from rapport_client.errors import RapportConnectionError, RapportError, error_from_response
from rapport_client.retry import RetryPolicy

T = TypeVar("T")

VERSION = "0.1.0"
USER_AGENT = f"rapport-client-python/{VERSION}"


def client_options(*, base_url: str, api_key: str, timeout: float) -> dict[str, Any]:
    """The keyword arguments of ``httpx.Client`` and ``httpx.AsyncClient`` for this API."""
    if not api_key:
        raise ValueError("api_key is required (the tenant's key, as `make run` prints it)")
    return {
        "base_url": base_url.rstrip("/"),
        "timeout": httpx.Timeout(timeout),
        "headers": {
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        },
    }


def request_options(call: Call[Any]) -> dict[str, Any]:
    """The keyword arguments of ``httpx.Client.request`` for ``call``; bodies are always JSON."""
    options: dict[str, Any] = {"params": dict(call.params), "headers": dict(call.headers)}
    if call.json is not None:
        options["json"] = call.json
    return options


def result(call: Call[T], response: httpx.Response) -> T:
    """The parsed result of a successful response; raises the typed error of any other."""
    if not response.is_success:
        raise error_from_response(response)
    if response.status_code == 204 or not response.content:
        return call.parse(None)
    try:
        data = response.json()
    except ValueError as exc:
        raise RapportError(
            f"{response.status_code}: the response is not JSON", status=response.status_code, body=response.text
        ) from exc
    return call.parse(data)


def connection_error(call: Call[Any], exc: httpx.TransportError) -> RapportConnectionError:
    return RapportConnectionError(
        f"{call.method} {call.path}: {type(exc).__name__}: {exc}", message_ids=call.message_ids
    )


def name_messages(call: Call[Any], error: RapportError) -> None:
    """Puts on ``error``, about to be raised (no retry left), the ids of the messages ``call`` carried."""
    error.message_ids = call.message_ids


def default_policy(max_retries: int) -> RetryPolicy:
    if max_retries < 0:
        raise ValueError("max_retries must be 0 or more")
    return RetryPolicy(max_retries=max_retries)
