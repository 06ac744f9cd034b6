"""The Celery app. Configuration comes from Django settings (CELERY_* names).

Its signals carry a request's id into the tasks it enqueued (bound to their log lines; the worker's "received" line
gets it from ``strategy_with_request_id``), send Celery's own logging through settings.LOGGING, and record the
workers' heartbeat (config/heartbeat.py)."""

import logging
import os
from collections.abc import Callable
from typing import Any

import structlog
from celery import Celery, Task, signals
from django.conf import settings
from redis.exceptions import RedisError

from config.embedded import ensure_configured_services
from config.heartbeat import worker_heartbeat_record

logger = logging.getLogger(__name__)

# The message header carrying the id of the request that enqueued a task (bound while serving it: config.middleware).
REQUEST_ID_HEADER_NAME = "request_id"
# Tokens of the values bound for each running task (by task id: an eager task may run inside another, a thread pool
# runs several at once), reset when it ends.
_task_context_tokens: dict[str, Any] = {}

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class _Task(Task):
    """Every task's base (shared_task builds on the app's): Celery's own, its messages handled with their request id
    bound."""

    Strategy = "config.celery:strategy_with_request_id"


app = Celery("rapport", task_cls=_Task)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def task_queues() -> list[str]:
    """Every queue a task goes to, the default one first: what one worker that runs everything consumes (the
    reliability tests' and the benchmarks' worker; make run splits them, see the Procfile)."""
    default = app.conf.task_default_queue
    routed = {route["queue"] for route in app.conf.task_routes.values()}
    return [default, *sorted(routed - {default})]


@signals.import_modules.connect(sender=app)
def _without_connection_pool(**kwargs: Any) -> None:
    """The worker and beat (which send this signal before they open a connection or fork) run without the
    DATABASE_POOL pool, on one persistent connection per process: a prefork child runs one task at a time, so a
    pool would hold idle connections; and Celery's Django fixup closes the connection and the whole pool after
    every task (celery/fixups/django.py, _close_database), so each task would open a new pool."""
    database = settings.DATABASES["default"]
    if database.get("OPTIONS", {}).pop("pool", None):
        database["CONN_MAX_AGE"] = settings.CONN_MAX_AGE_WITHOUT_POOL


@signals.import_modules.connect(sender=app)
def _start_embedded_services(**kwargs: Any) -> None:
    """The worker and beat load their task modules before they connect to Redis or PostgreSQL: the embedded
    services the settings point at are started (or found) then. Importing this module starts nothing (and
    ``config/__init__.py`` imports it whenever anything under ``config`` is imported, the settings included)."""
    ensure_configured_services()


@signals.setup_logging.connect
def _use_django_logging(**kwargs: Any) -> None:
    """Celery's logs go through settings.LOGGING (JSON lines, config/logging.py) like everything else: connected,
    this signal stops Celery from installing its own plain-text handlers and from redirecting stdout to a logger."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


@signals.before_task_publish.connect
def _carry_request_id(headers: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """A task enqueued while serving a request carries the request's id in its message headers."""
    request_id = structlog.contextvars.get_contextvars().get("request_id")
    if headers is not None and request_id is not None:
        headers[REQUEST_ID_HEADER_NAME] = request_id


@signals.task_prerun.connect
def _bind_task_context(task: Any = None, task_id: str | None = None, **kwargs: Any) -> None:
    """The worker's lines while a task runs name the task and the request that enqueued it. A task run in place
    (eager, in tests) already has the request's id bound: kept."""
    context: dict[str, Any] = {"task": getattr(task, "name", None), "task_id": task_id}
    request_id = _request_id_of(task)
    if request_id is not None:
        context["request_id"] = request_id
    if task_id is not None:
        _task_context_tokens[task_id] = structlog.contextvars.bind_contextvars(**context)


def strategy_with_request_id(task: Task, app: Celery, consumer: Any, **kwargs: Any) -> Callable[..., Any]:
    """The worker's handler for a task's messages, with the message's request id bound while it runs: Celery logs
    "Task … received" there, in the main process, before any task signal (celery/worker/strategy.py), so
    ``task_prerun``'s binding comes too late for that line."""
    from celery.worker.strategy import default  # the worker's module: not imported by web processes

    handle = default(task, app, consumer, **kwargs)

    def handle_with_request_id(message: Any, *args: Any, **handler_kwargs: Any) -> Any:
        request_id = (message.headers or {}).get(REQUEST_ID_HEADER_NAME)
        if not isinstance(request_id, str):
            return handle(message, *args, **handler_kwargs)
        tokens = structlog.contextvars.bind_contextvars(request_id=request_id)
        try:
            return handle(message, *args, **handler_kwargs)
        finally:
            structlog.contextvars.reset_contextvars(**tokens)

    return handle_with_request_id


def _request_id_of(task: Any) -> str | None:
    """A message's own headers are the task request's attributes in a worker; ``apply(headers=…)`` nests them."""
    request = getattr(task, "request", None)
    found = getattr(request, REQUEST_ID_HEADER_NAME, None) or (getattr(request, "headers", None) or {}).get(
        REQUEST_ID_HEADER_NAME
    )
    return found if isinstance(found, str) else None


@signals.task_postrun.connect
def _unbind_task_context(task_id: str | None = None, **kwargs: Any) -> None:
    tokens = _task_context_tokens.pop(task_id, None) if task_id is not None else None
    if tokens is not None:
        structlog.contextvars.reset_contextvars(**tokens)


@signals.heartbeat_sent.connect
def _record_heartbeat(**kwargs: Any) -> None:
    """Every 2 s in the worker's main process: the queues it consumes are being served (GET /health/ready)."""
    try:
        worker_heartbeat_record(queues=app.amqp.queues.consume_from or app.amqp.queues)
    except RedisError:
        logger.warning("worker heartbeat not recorded: Redis unavailable")
