"""schemathesis against our own OpenAPI schema (/api/schema/), in-process through WSGI, with a valid tenant key.

Every operation gets positive cases (data the schema allows), half of those on object routes aimed at seeded
objects so they answer 2xx as well as 404, and negative cases (data the schema forbids). Each answer must be no
5xx, a documented status code and content type, a body matching the documented schema; the request re-sent without
the key must be refused, and with a method the path lacks must be a 405 naming the allowed ones.

Run alone to see the figures (recorded in RELIABILITY.md):
    RAPPORT_TEST_DB_SUFFIX=_props .venv/bin/python -m pytest --ds=tests.settings -q -s \
        tests/security/test_schemathesis.py
"""

from __future__ import annotations

import logging
import traceback
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from config import clock
from contacts.models import Contact, Conversation, Tenant
from memories.models import Memory
from moods.models import Trigger, TriggerKind
from tests.memories.helpers import ingest
from webhooks.models import Delivery, Endpoint
from webhooks.services.endpoints import secret_generate

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = 30  # per operation and generation mode


@schemathesis.check
def body_negative_data_rejection(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """A body the schema forbids - 42 for a string, "1" for a boolean, a missing or unknown field - is refused, not
    coerced. Bodies only: a query parameter is a string by nature, and an empty optional filter (``?type=``) means
    no filter, as DRF reads a query."""
    components = case.meta.components if case.meta else {}
    negated = {location for location, info in components.items() if info.mode.is_negative}
    if negated != {ParameterLocation.BODY}:
        return None
    result: bool | None = negative_data_rejection(ctx, response, case)
    return result


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    ignored_auth,  # re-sent without the key: must be refused
    unsupported_method,  # re-sent with a method the path lacks: 405
    allow_header_conformance,  # and that 405 lists the methods the path has
    missing_required_header,
    body_negative_data_rejection,  # a body the schema forbids is refused (defined above)
]


class _Undo(Exception):
    """Raised inside each case's savepoint so every case starts from the same seeded data."""


@pytest.fixture
def wsgi_app() -> Iterator[WSGIHandler]:
    # In-process requests share the test's connection and transaction: like Django's test client, keep the
    # request signals from closing that connection at the end of every request.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def server_errors() -> Iterator[list[str]]:
    """Tracebacks of exceptions the views raised (a 5xx says which operation; this says where)."""
    seen: list[str] = []

    def record(sender: Any, request: Any = None, **kwargs: Any) -> None:
        seen.append(traceback.format_exc())

    signals.got_request_exception.connect(record)
    try:
        yield seen
    finally:
        signals.got_request_exception.disconnect(record)


@pytest.fixture
def seeded(tenant: Tenant) -> dict[str, Any]:
    """A contact with a conversation, messages, memories and a trigger: object routes can hit real rows."""
    ingest(tenant, "My dog Bruno ate my shoes again", message_id="seed-1", contact_id="seed", conversation_id="conv")
    ingest(tenant, "I love hiking in the Alps", message_id="seed-2", contact_id="seed", conversation_id="conv")
    contact = Contact.objects.get(tenant=tenant, external_id="seed")
    memory = Memory.objects.filter(contact=contact).first()
    assert memory is not None
    trigger = Trigger.objects.create(
        tenant=tenant, contact=contact, kind=TriggerKind.CHECK_IN, reason="seeded",
        due_at=clock.now() - timedelta(hours=1), dedupe_key="seed",
    )  # fmt: skip
    assert Conversation.objects.filter(tenant=tenant, external_id="conv").exists()
    # A webhook endpoint with a failed delivery (redelivery answers 202; the send is queued after a commit that never
    # comes, and the host does not resolve). Written directly: the API would refuse a host that does not resolve.
    endpoint = Endpoint.objects.create(
        tenant=tenant, url="https://webhooks.invalid/seed", events=["trigger.created"], secret=secret_generate()
    )
    delivery = Delivery.objects.create(
        endpoint=endpoint, event_type="trigger.created", event_id="msg_seed",
        payload={"type": "trigger.created", "timestamp": clock.now().isoformat(), "data": {"contact_id": "seed"}},
        status="failed", attempts=8,
    )  # fmt: skip
    return {
        "contact_id": "seed", "conversation_id": "conv", "memory_id": memory.pk, "trigger_id": trigger.pk,
        "endpoint_id": endpoint.pk, "delivery_id": delivery.pk,
    }  # fmt: skip


@pytest.mark.parametrize("mode", [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE])
def test_the_api_answers_every_generated_case_as_documented(
    mode: schemathesis.GenerationMode,
    wsgi_app: WSGIHandler,
    api_key: str,
    seeded: dict[str, Any],
    server_errors: list[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    # given the schema the API serves and a valid key (4xx are expected by the hundred: not logged here)
    caplog.set_level(logging.ERROR, logger="django.request")
    schema = schemathesis.openapi.from_wsgi("/api/schema/", wsgi_app)
    headers = {"Authorization": f"Bearer {api_key}"}
    counts: Counter[str] = Counter()
    failures: dict[str, str] = {}

    # when every operation is called with generated cases
    for result in schema.get_all_operations():
        operation = result.ok()
        error = _run_operation(operation, mode, headers, seeded, counts)
        if error:
            failures[operation.label] = error + "".join(server_errors[-1:])
            server_errors.clear()

    # then nothing failed, and every operation that takes input really ran
    total = sum(counts.values())
    print(f"\nschemathesis {schemathesis.__version__} ({mode.value}): {total} cases, {len(failures)} operations failed")
    for label, count in sorted(counts.items()):
        print(f"  {count:4d}  {label}")
    assert failures == {}, "\n\n".join(f"{label}:\n{error}" for label, error in failures.items())
    expected = len(list(schema.get_all_operations())) - (2 if mode.is_negative else 0)  # /health(/ready): no input
    assert len([count for count in counts.values() if count > 0]) == expected


def _run_operation(
    operation: Any,
    mode: schemathesis.GenerationMode,
    headers: dict[str, str],
    seeded: dict[str, Any],
    counts: Counter[str],
) -> str:
    inputs = [operation.path_parameters, operation.query, operation.headers, operation.cookies, operation.body]
    if mode.is_negative and not any(inputs):
        return ""  # nothing to negate (GET /health and /health/ready take no input)
    strategy = operation.as_strategy(generation_mode=mode)
    path_names = {p.name for p in operation.path_parameters}
    if path_names and mode.is_positive:
        known = operation.as_strategy(generation_mode=mode, path_parameters={name: seeded[name] for name in path_names})
        strategy = st.one_of(strategy, known)

    @given(case=strategy)
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,  # the same cases on every run: CI is reproducible, a failure replays exactly
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    def check(case: schemathesis.Case) -> None:
        counts[operation.label] += 1
        response = _call_and_undo(case, headers)
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        check()
    except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - schemathesis groups its failures
        return str(exc)[:3000]
    return ""


def _call_and_undo(case: schemathesis.Case, headers: dict[str, str]) -> Any:
    try:
        with transaction.atomic():
            response = case.call(headers=headers)
            raise _Undo
    except _Undo:
        return response
