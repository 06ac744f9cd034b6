"""Every typed exception, raised from a real response of the service (a scripted server for the 5xx)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from rapport_client import (
    AuthenticationError,
    ConflictError,
    GoneError,
    NotFoundError,
    RapportClient,
    RapportError,
    RateLimitedError,
    RetryPolicy,
    ServerError,
    ValidationError,
)

from tests.clients.conftest import Reply, ScriptedServer

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_a_wrong_key_is_an_authentication_error(live_server: Any) -> None:
    # given a client with a key the service does not know, when it reads a context
    with RapportClient(live_server.url, "nope.not-a-key") as rapport, pytest.raises(AuthenticationError) as caught:
        rapport.context("arjun")

    # then the error carries the status and the server's body
    assert (caught.value.status, caught.value.detail) == (401, "Invalid API key.")
    assert caught.value.body == {"detail": "Invalid API key."}


def test_an_unknown_contact_is_not_found(rapport: RapportClient) -> None:
    with pytest.raises(NotFoundError) as caught:
        rapport.context("nobody")

    assert (caught.value.status, caught.value.detail) == (404, "Contact not found.")
    assert isinstance(caught.value, RapportError)


def test_a_bad_body_is_a_validation_error_with_the_field_errors(rapport: RapportClient) -> None:
    # when a whitespace-only message is ingested
    with pytest.raises(ValidationError) as caught:
        rapport.ingest("arjun", "   ", conversation_id="conv-1")

    # then the 400's field errors are there by field
    assert caught.value.status == 400
    assert caught.value.errors == {"message": ["The message must not be empty or whitespace."]}


def test_a_reused_message_id_is_a_conflict(rapport: RapportClient) -> None:
    # given a message ingested as m-1
    rapport.ingest("arjun", "I live in Porto", conversation_id="conv-1", message_id="m-1")

    # when another text is sent under the same id
    with pytest.raises(ConflictError) as caught:
        rapport.ingest("arjun", "I live in Lisbon", conversation_id="conv-1", message_id="m-1")

    # then 409, naming the id
    assert caught.value.status == 409
    assert "m-1" in (caught.value.detail or "")


def test_a_message_for_an_erased_contact_is_gone(rapport: RapportClient) -> None:
    # given a contact erased after their first message
    rapport.ingest("arjun", "I live in Porto", conversation_id="conv-1")
    rapport.erase("arjun")

    # when a late delivery of an older message arrives
    with pytest.raises(GoneError) as caught:
        rapport.ingest("arjun", "I work at Infosys", conversation_id="conv-2", timestamp="2020-01-01T00:00:00Z")

    # then 410
    assert caught.value.status == 410


def test_beyond_the_rate_limit_is_rate_limited_with_retry_after(live_server: Any, api_key: str) -> None:
    # given a deployment allowing one request a day per key (a window that does not end between two requests, bar
    # midnight UTC), and a client that does not retry
    rates = {**settings.API_RATE_LIMITS, "default": "1/day"}
    with (
        override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}),
        RapportClient(live_server.url, api_key, max_retries=0) as rapport,
    ):
        # when it makes two requests
        with pytest.raises(NotFoundError):
            rapport.get_contact("nobody")
        with pytest.raises(RateLimitedError) as caught:
            rapport.get_contact("nobody")

    # then the second is refused, saying how long to wait (whole seconds, to the end of the day)
    assert caught.value.status == 429
    assert caught.value.retry_after is not None and 1 <= caught.value.retry_after <= 86_400
    assert "1/day" in (caught.value.detail or "")


def test_a_retry_after_longer_than_the_client_waits_is_raised_at_once(live_server: Any, api_key: str) -> None:
    # given a key over its limit, and a client that waits at most half a second (Retry-After is at least 1)
    rates = {**settings.API_RATE_LIMITS, "default": "1/day"}
    policy = RetryPolicy(max_retries=3, max_retry_after=0.5)
    with (
        override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}),
        RapportClient(live_server.url, api_key, retry_policy=policy) as rapport,
    ):
        rapport.list_triggers()

        # when it makes another request
        with pytest.raises(RateLimitedError) as caught:
            rapport.list_triggers()

    # then the 429 is raised with its retry_after instead of being slept through
    assert caught.value.retry_after is not None and caught.value.retry_after >= 1


def test_a_server_error_is_a_server_error(scripted: Callable[..., ScriptedServer]) -> None:
    # given a server failing with a request id
    server = scripted([Reply(500, {"detail": "Server error."}, {"X-Request-ID": "req-42"})])

    # when the client calls it
    with RapportClient(server.url, "key") as rapport, pytest.raises(ServerError) as caught:
        rapport.get_contact("arjun")

    # then a ServerError with the status, body and request id, after one request (a 500 is not retried)
    assert (caught.value.status, caught.value.detail, caught.value.request_id) == (500, "Server error.", "req-42")
    assert len(server.seen) == 1
