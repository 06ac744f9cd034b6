"""API keys and secrets never appear in a log record or a response (issue 9): every answer the API gives — 401 for a
bad, revoked or expired key, 413, 429, the database-down 503, and the ordinary 200/202 with the LLM called — is
driven in-process with every logger at DEBUG, and neither the caller's API key, nor OPENAI_API_KEY, nor SECRET_KEY
may be found in any record's message, arguments or traceback, or in any response's body or headers."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import OperationalError, connection
from django.http import HttpResponse
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_django import Settings
from rest_framework.test import APIClient

from contacts import throttling
from contacts.models import Tenant, TenantAPIKey
from contacts.services import api_key_create, api_key_revoke
from contacts.throttling import ApiKeyRateThrottle
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.django_db
# A fixed throttle clock, 15 s into a minute: a rate window never rolls over mid-test.
T = 60 * 60 * 500_000 + 15.0
MEMORY = '{"memories": [{"memory": "Has a dog called Bruno", "topics": ["pet"], "importance": "high"}]}'


@dataclass(frozen=True)
class Secrets:
    api_key: str
    openai_api_key: str
    secret_key: str

    def named(self) -> dict[str, str]:
        return {"API key": self.api_key, "OPENAI_API_KEY": self.openai_api_key, "SECRET_KEY": self.secret_key}


@pytest.fixture
def in_play(settings: Settings, openai_stub: OpenAIStub, tenant: Tenant, monkeypatch: pytest.MonkeyPatch) -> Secrets:
    """Distinctive secrets, set where the app reads them, with the LLM on (extraction and mood call the stub with
    OPENAI_API_KEY in every request) and the throttle on a fixed clock."""
    settings.OPENAI_API_KEY = "sk-openai-" + secrets.token_urlsafe(24)
    settings.SECRET_KEY = "django-secret-" + secrets.token_urlsafe(40)
    settings.LLM_EXTRACTION_ENABLED = True
    settings.MOOD_LLM_ENABLED = True
    openai_stub.reply_chat(MEMORY)
    monkeypatch.setattr(ApiKeyRateThrottle, "timer", lambda self: T)
    monkeypatch.setattr(throttling, "_cache_outage", False)
    _, api_key = api_key_create(tenant=tenant)
    return Secrets(api_key=api_key, openai_api_key=settings.OPENAI_API_KEY, secret_key=settings.SECRET_KEY)


@pytest.fixture
def every_logger_at_debug(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    caplog.set_level(logging.DEBUG)
    loggers = [logger for logger in logging.root.manager.loggerDict.values() if isinstance(logger, logging.Logger)]
    for logger in loggers:
        caplog.set_level(logging.DEBUG, logger=logger.name)
    # A logger that does not propagate (django.server) would never reach caplog's handler on the root.
    isolated = [logger for logger in loggers if not logger.propagate]
    for logger in isolated:
        logger.addHandler(caplog.handler)
    try:
        # SQL and its parameters are logged too (django.db.backends, as with DEBUG on): no key may reach a query.
        with CaptureQueriesContext(connection):
            yield caplog
    finally:
        for logger in isolated:
            logger.removeHandler(caplog.handler)


def _record_texts(record: logging.LogRecord) -> list[str]:
    texts = [record.getMessage(), repr(record.msg), repr(record.args)]
    if record.exc_info:
        texts.append(logging.Formatter().formatException(record.exc_info))
    if record.exc_text:
        texts.append(record.exc_text)
    return texts


def _response_texts(response: HttpResponse) -> list[str]:
    return [response.content.decode(errors="replace"), repr(dict(response.headers))]


def leaks(found_in: dict[str, list[str]], known: dict[str, str]) -> list[tuple[str, str]]:
    """(secret's name, where) for every secret found in any of the texts."""
    return [
        (name, where)
        for name, value in known.items()
        for where, texts in found_in.items()
        if any(value in text for text in texts)
    ]


def _evidence(caplog: pytest.LogCaptureFixture, responses: list[HttpResponse]) -> dict[str, list[str]]:
    return {
        "logs": [text for record in caplog.records for text in _record_texts(record)] + [caplog.text],
        "responses": [text for response in responses for text in _response_texts(response)],
    }


def _client(key: str, header: str = "Authorization") -> APIClient:
    client = APIClient()
    if header == "Authorization":
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    else:
        client.credentials(HTTP_X_API_KEY=key)
    return client


def _ingest(client: APIClient, message_id: str, text: str = "My dog Bruno chewed my shoes") -> HttpResponse:
    body = {"contact_id": "arjun", "conversation_id": "c1", "message_id": message_id, "role": "user", "message": text}
    return client.post("/ingest", data=json.dumps(body), content_type="application/json")


def test_the_checker_finds_a_secret_that_was_logged_or_answered(
    in_play: Secrets, every_logger_at_debug: pytest.LogCaptureFixture
) -> None:
    # given a record and a response that each carry a secret (what a regression would look like)
    logging.getLogger("contacts.authentication").debug("refused %s", in_play.api_key)
    echoed = HttpResponse(f'{{"detail": "bad key {in_play.openai_api_key}"}}')

    # when the evidence is searched
    found = leaks(_evidence(every_logger_at_debug, [echoed]), in_play.named())

    # then both are reported
    assert found == [("API key", "logs"), ("OPENAI_API_KEY", "responses")]


def test_the_normal_paths_log_no_secret(
    in_play: Secrets,
    every_logger_at_debug: pytest.LogCaptureFixture,
    openai_stub: OpenAIStub,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    # when a contact is ingested (its deferred task run in-process on commit: LLM extraction and mood, both calling
    # the LLM with OPENAI_API_KEY), read, and its context fetched, through both key headers; then ingested once
    # more with the LLM failing
    client = _client(in_play.api_key)
    with django_capture_on_commit_callbacks(execute=True):
        responses = [_ingest(client, "m1")]
    responses += [
        client.get("/contacts/arjun"),
        _client(in_play.api_key, header="X-API-Key").get("/context/arjun?query=how%20is%20the%20dog"),
        client.get("/contacts/arjun/memories"),
    ]
    openai_stub.fail(500)
    with django_capture_on_commit_callbacks(execute=True):
        responses.append(_ingest(client, "m2", "Bruno ate my other shoes too"))

    # then each answered as usual, the LLM was called with the key ...
    assert [r.status_code for r in responses] == [202, 200, 200, 200, 202]
    assert [path for path, _ in openai_stub.requests].count("/v1/chat/completions") >= 2
    assert any(r.name.startswith("openai") and r.levelno == logging.DEBUG for r in every_logger_at_debug.records)
    # ... and no secret is in any log record or response
    assert leaks(_evidence(every_logger_at_debug, responses), in_play.named()) == []


def test_refused_keys_log_no_secret(
    in_play: Secrets, tenant: Tenant, every_logger_at_debug: pytest.LogCaptureFixture
) -> None:
    # given an unknown key of the right shape, a known prefix with the wrong secret, a revoked and an expired key
    unknown, _, _ = TenantAPIKey.objects.key_generator.generate()
    wrong_secret = in_play.api_key.partition(".")[0] + "." + secrets.token_urlsafe(24)
    revoked_model, revoked = api_key_create(tenant=tenant, name="revoked")
    api_key_revoke(prefix=revoked_model.prefix)
    _, expired = api_key_create(tenant=tenant, name="expired", expiry_date=timezone.now() - timedelta(minutes=1))
    refused = {"unknown": unknown, "wrong secret": wrong_secret, "revoked": revoked, "expired": expired}

    # when each is sent, in both headers, to a read and to ingest
    responses = [
        call(_client(key, header))
        for key in refused.values()
        for header in ("Authorization", "X-API-Key")
        for call in (lambda c: c.get("/contacts/arjun"), lambda c: _ingest(c, "m1"))
    ]

    # then every one is a 401 that names no key, and neither these keys nor the secrets are logged or answered
    assert {r.status_code for r in responses} == {401}
    assert {r.content for r in responses} == {b'{"detail":"Invalid API key."}'}
    assert leaks(_evidence(every_logger_at_debug, responses), {**refused, **in_play.named()}) == []


def test_a_413_logs_no_secret(in_play: Secrets, every_logger_at_debug: pytest.LogCaptureFixture) -> None:
    # given a body one byte over the limit, carrying the key in its text too
    limit = django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = json.dumps({"contact_id": "arjun", "role": "user", "conversation_id": "c1", "message": in_play.api_key})
    body = body[:-2] + "x" * (limit + 1 - len(body)) + body[-2:]

    # when it is posted
    response = _client(in_play.api_key).post("/ingest", data=body, content_type="application/json")

    # then 413, and no secret logged or answered
    assert response.status_code == 413
    assert leaks(_evidence(every_logger_at_debug, [response]), in_play.named()) == []


def test_a_429_logs_no_secret(
    in_play: Secrets, tenant: Tenant, every_logger_at_debug: pytest.LogCaptureFixture
) -> None:
    # given a tenant allowed one request a minute
    tenant.settings = {"rate_limits": {"default": "1/min", "ingest": "1/min"}}
    tenant.save(update_fields=["settings"])
    client = _client(in_play.api_key)

    # when its key goes over the limit on a read and on ingest
    responses = [
        client.get("/contacts/arjun"),
        client.get("/contacts/arjun"),
        _ingest(client, "m1"),
        _ingest(client, "m2"),
    ]

    # then the second of each is a 429, and no secret is logged or answered
    assert [r.status_code for r in responses] == [404, 429, 202, 429]
    assert leaks(_evidence(every_logger_at_debug, responses), in_play.named()) == []


def _database_down(execute: Callable[..., object], sql: str, params: object, many: bool, context: object) -> object:
    # What psycopg raises when the server is gone; its message names the socket and user, never a key.
    raise OperationalError('connection to server on socket "/run/postgresql/.s.PGSQL.5432" failed: No such file')


def test_the_database_down_503_logs_no_secret(
    in_play: Secrets, every_logger_at_debug: pytest.LogCaptureFixture
) -> None:
    # given Postgres unreachable for every query
    client = _client(in_play.api_key)
    with connection.execute_wrapper(_database_down):
        # when a read and an ingest arrive
        responses = [client.get("/contacts/arjun"), _ingest(client, "m1")]

    # then both are the JSON 503, and no secret is logged or answered
    assert [r.status_code for r in responses] == [503, 503]
    assert responses[0].json() == {"detail": "The database is unavailable; retry shortly."}
    assert leaks(_evidence(every_logger_at_debug, responses), in_play.named()) == []
