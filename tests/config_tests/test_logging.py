"""Structured logs: JSON lines, the request id from the caller to the tasks, one line per request at its level, and
nothing a contact said, no API key, in any line."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import Mock

import pytest
import structlog
from celery import signals
from celery.contrib.testing.mocks import TaskMessage
from rest_framework.test import APIClient

from config.celery import app
from config.logging import request_id_from, structured_formatter
from contacts.models import Tenant
from ingest.tasks import sweep_pending_messages

pytestmark = pytest.mark.django_db


class CapturedLogs:
    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream

    @property
    def text(self) -> str:
        return self.stream.getvalue()

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.text.splitlines() if line.strip()]

    def requests(self) -> list[dict[str, Any]]:
        return [line for line in self.lines() if line["logger"] == "rapport.request"]


@pytest.fixture
def captured_logs() -> Iterator[CapturedLogs]:
    """Every logger's output as the JSON lines the processes write, at DEBUG (the most a deployment could show)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(structured_formatter(renderer="json"))
    root = logging.getLogger()
    previous_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield CapturedLogs(stream)
    finally:
        root.removeHandler(handler)
        root.setLevel(previous_level)


@pytest.mark.parametrize(
    ("header", "kept"),
    [
        ("0b4f6c1e-7c55-4a0c-9d0e-3f5b8e9a1c2d", True),
        ("Root=1-67891233-abcdef012345678912345678", True),
        ("x" * 128, True),
        ("x" * 129, False),
        ("", False),
        ("id\nforged log line", False),
        ('id"}', False),
        (None, False),
    ],
)
def test_a_request_id_is_kept_only_when_short_and_safe(header: str | None, kept: bool) -> None:
    # when the caller's header is read
    request_id = request_id_from(header=header)

    # then it is kept as sent, or replaced by a new 32-hex id
    if kept:
        assert request_id == header
    else:
        assert request_id != header
        assert len(request_id) == 32
        int(request_id, 16)


def test_the_response_echoes_the_callers_request_id_and_its_line_carries_it(
    api_client: APIClient, tenant: Tenant, captured_logs: CapturedLogs
) -> None:
    # when a request names its id
    response = api_client.get("/contacts/nobody", HTTP_X_REQUEST_ID="req-abc.123")

    # then the response echoes it, and the request's one line carries it with the route and the tenant (not its key)
    assert response["X-Request-ID"] == "req-abc.123"
    [line] = captured_logs.requests()
    assert line["request_id"] == "req-abc.123"
    assert line["method"] == "GET"
    assert line["route"] == "contacts/<str:contact_id>"
    assert line["status"] == 404
    assert line["level"] == "info"  # an unknown contact is an ordinary answer
    assert (line["tenant"], line["tenant_id"]) == (tenant.slug, tenant.pk)
    assert isinstance(line["duration_ms"], float)
    assert line["event"] == "request"


def test_a_request_without_an_id_gets_a_new_one_echoed(captured_logs: CapturedLogs) -> None:
    # when a request names no id, or an unsafe one
    first = APIClient().get("/health")
    second = APIClient().get("/health", HTTP_X_REQUEST_ID="a b")

    # then each gets an id of its own, echoed
    ids = [first["X-Request-ID"], second["X-Request-ID"]]
    assert len(ids[0]) == len(ids[1]) == 32
    assert ids[0] != ids[1]
    assert [line["request_id"] for line in captured_logs.requests()] == ids


@pytest.mark.parametrize(
    ("path", "status", "level"),
    [
        ("/health", 200, "debug"),  # a probe every few seconds
        ("/contacts/x", 401, "warning"),  # no key
        ("/no-such-path", 404, "info"),
        ("/api/schema/", 200, "info"),
    ],
)
def test_each_request_is_logged_once_at_its_level(
    path: str, status: int, level: str, captured_logs: CapturedLogs
) -> None:
    # when a request is answered
    response = APIClient().get(path)

    # then one line says so, at the status's level, and nothing else (Django's own 4xx line) repeats it
    assert response.status_code == status
    assert [(line["status"], line["level"]) for line in captured_logs.requests()] == [(status, level)]
    assert not any(line["logger"] == "django.request" for line in captured_logs.lines())


def test_an_unhandled_error_is_one_error_line_with_its_traceback(
    api_client: APIClient, captured_logs: CapturedLogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a view that fails
    def fail(**kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("config.health.check_postgres", fail)
    monkeypatch.setattr("config.health._outcome", lambda check: check())
    client = APIClient(raise_request_exception=False)

    # when it is asked
    response = client.get("/health")

    # then a JSON 500, and one ERROR line carrying the exception
    assert response.status_code == 500
    [line] = captured_logs.requests()
    assert (line["status"], line["level"]) == (500, "error")
    assert line["exception"][0]["exc_type"] == "RuntimeError"
    assert not any(line["logger"] == "django.request" for line in captured_logs.lines())


@pytest.mark.django_db(transaction=True, serialized_rollback=True)  # as every committing test: see tests/mcpserver
def test_no_message_text_query_or_api_key_reaches_any_log_line(
    api_client: APIClient, api_key: str, captured_logs: CapturedLogs
) -> None:
    # given a distinctive message and a distinctive query
    message = "Zanzibarian marmalade recipe from grandmother Xylophia"
    query = "Xylophia's marmalade"

    # and a line logged inside every task (what a task logs of its own depends on what ran before: a model loaded once)
    def log_inside_the_task(**kwargs: Any) -> None:
        logging.getLogger("tests.task").info("task running")

    signals.task_prerun.connect(log_inside_the_task, weak=False)  # after config.celery's, which binds the ids
    try:
        # when it is ingested (the tasks it enqueues run in place, in the request) and context is read with the query
        ingest = api_client.post(
            "/ingest",
            {"contact_id": "arjun", "message": message, "role": "user", "conversation_id": "c1", "message_id": "m1"},
            format="json",
            HTTP_X_REQUEST_ID="ingest-req-1",
        )
        context = api_client.get("/context/arjun", {"query": query}, HTTP_X_REQUEST_ID="context-req-1")
    finally:
        signals.task_prerun.disconnect(log_inside_the_task)

    # then both answered and were logged, the tasks' lines carry the ingest's id...
    assert (ingest.status_code, context.status_code) == (202, 200)
    assert [(line["route"], line["request_id"]) for line in captured_logs.requests()] == [
        ("ingest", "ingest-req-1"),
        ("context/<str:contact_id>", "context-req-1"),
    ]
    task_lines = [line for line in captured_logs.lines() if "task_id" in line]
    assert task_lines
    assert {line["request_id"] for line in task_lines} == {"ingest-req-1"}
    # ...and no line holds the message, the query or the key (nor a piece of them)
    text = captured_logs.text
    for secret in ("Zanzibarian", "Xylophia", "marmalade", api_key, api_key.split(".")[-1]):
        assert secret not in text


@pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored")
def test_a_task_published_in_a_request_carries_its_id_in_the_message_headers() -> None:
    # given a request's id bound
    structlog.contextvars.bind_contextvars(request_id="req-for-task")
    try:
        # when a task is sent to the broker (send_task publishes, even with the test settings' eager tasks), on a
        # queue of the test's own
        app.send_task("memories.tasks.sweep_pending_messages", queue="test-logs-request-id")
        with app.connection_for_read() as connection:
            queue = connection.SimpleQueue("test-logs-request-id")
            message = queue.get(timeout=5)
            message.ack()
            queue.close()
    finally:
        structlog.contextvars.clear_contextvars()

    # then its headers carry the id
    assert message.headers["request_id"] == "req-for-task"


@dataclass(frozen=True)
class _Task:
    """What the signals read of a task: its name and the request its message made."""

    name: str
    request: SimpleNamespace = field(hash=False, compare=False)


def test_a_worker_binds_the_tasks_request_id_and_task_while_it_runs_then_restores() -> None:
    # given a worker between tasks, with a value of its own bound
    structlog.contextvars.bind_contextvars(worker="w1")
    task = _Task(name="memories.tasks.process_message", request=SimpleNamespace(request_id="req-7"))

    # when a task whose message carries a request id starts, then ends
    signals.task_prerun.send(sender=task, task_id="t-1", task=task, args=(), kwargs={})
    during = structlog.contextvars.get_contextvars()
    signals.task_postrun.send(sender=task, task_id="t-1", task=task, args=(), kwargs={}, retval=None, state="SUCCESS")
    after = structlog.contextvars.get_contextvars()
    structlog.contextvars.clear_contextvars()

    # then its lines carried the task and the request, and the worker's context is as it was
    assert during == {"worker": "w1", "task": "memories.tasks.process_message", "task_id": "t-1", "request_id": "req-7"}
    assert after == {"worker": "w1"}


@pytest.mark.parametrize("request_id", ["req-9", None])
def test_the_workers_task_received_line_carries_the_request_id_of_its_message(
    captured_logs: CapturedLogs, request_id: str | None
) -> None:
    # given the worker's handler for a task's messages (its strategy, as the consumer builds it; the consumer a mock,
    # as in Celery's own tests), with a value of the worker's own bound, and a message with or without a request id
    task = sweep_pending_messages  # imported, not autodiscovered: that reconfigures logging (django.setup)
    consumer = Mock(event_dispatcher=None, disable_rate_limits=True, task_buckets={})
    consumer.controller.state.revoked = set()
    handle = task.start_strategy(app, consumer)
    headers = {"request_id": request_id} if request_id else {}
    message = TaskMessage(task.name, id="t-2", **headers)
    structlog.contextvars.bind_contextvars(worker="w1")

    # when the message arrives (before any task signal: the "received" line is logged here, in the main process)
    handle(message, None, Mock(), Mock(), [])
    after = structlog.contextvars.get_contextvars()
    structlog.contextvars.clear_contextvars()

    # then its line names the request that enqueued it, when there was one, and the worker's context is as it was
    received = [line for line in captured_logs.lines() if line["logger"] == "celery.worker.strategy"]
    assert [(line["event"], line.get("request_id")) for line in received] == [
        ("Task memories.tasks.sweep_pending_messages[t-2] received", request_id)
    ]
    assert after == {"worker": "w1"}


def test_every_line_is_one_json_object_whoever_logs(captured_logs: CapturedLogs) -> None:
    # when the standard library, with arguments and extra fields, and structlog log
    logging.getLogger("celery.worker").warning("worker %s lost", "w1", extra={"queue": "celery"})
    structlog.get_logger("rapport.test").info("counted", items=3)

    # then each is a JSON line with its logger, level and fields
    lines = captured_logs.lines()
    assert [(line["logger"], line["level"], line["event"]) for line in lines] == [
        ("celery.worker", "warning", "worker w1 lost"),
        ("rapport.test", "info", "counted"),
    ]
    assert lines[0]["queue"] == "celery"
    assert lines[1]["items"] == 3
    assert all(line["timestamp"].endswith("Z") for line in lines)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)  # as every committing test: see tests/mcpserver
def test_a_logged_traceback_shows_no_local_variables(
    api_client: APIClient, captured_logs: CapturedLogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given an immediate tier that fails (logged with its traceback; the frames' locals hold the payload and message)
    def fail(**kwargs: Any) -> None:
        raise RuntimeError("tier down")

    monkeypatch.setattr("ingest.services.receive.message_process_inline", fail)

    # when a distinctive message is ingested
    message = "Quetzalcoatlan pottery class with cousin Ximena"
    response = api_client.post(
        "/ingest",
        {"contact_id": "arjun", "message": message, "role": "user", "conversation_id": "c1", "message_id": "m1"},
        format="json",
    )

    # then the failure is logged with its traceback, and no line holds the message (nor a piece of it)
    assert response.status_code == 202
    [failure] = [line for line in captured_logs.lines() if "immediate tier failed" in line["event"]]
    assert failure["exception"][0]["exc_type"] == "RuntimeError"
    assert failure["exception"][0]["frames"]
    for secret in ("Quetzalcoatlan", "Ximena", "pottery"):
        assert secret not in captured_logs.text


def test_a_probe_answered_not_ready_is_a_warning_not_an_error(captured_logs: CapturedLogs, settings: Any) -> None:
    # given no worker beating for the ingest queue
    settings.READY_WORKER_QUEUES = ["ingest-nobody-consumes"]

    # when the readiness probe asks
    response = APIClient().get("/health/ready")

    # then it is told "not ready", logged as a warning (an answer, not our failure: no ERROR, no Sentry issue)
    assert response.status_code == 503
    assert [(line["status"], line["level"]) for line in captured_logs.requests()] == [(503, "warning")]
