"""Structured logs: one JSON object per line on stdout, from every logger of every process (web, worker, beat, mcp).

The standard library's loggers (Django's, Celery's, gunicorn's, uvicorn's, ours) all end in one handler whose
formatter is structlog's ``ProcessorFormatter``; structlog's own loggers (the request line) are wrapped for it. So a
line looks the same whoever wrote it, and carries the values bound in the context: ``request_id`` (bound by the
request middleware, carried into the tasks the request enqueued, config.celery), ``task``/``task_id`` in a worker.

``LOG_FORMAT=console`` renders the same events for a human (development); the default, and ``make run``, is JSON.

What may go in a line: identifiers, counts, kinds, durations. Never a message's text, a query string, an API key or
an Authorization header (tests/config_tests/test_logging.py runs an ingest and a context read and looks).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import uuid
from typing import Any

import structlog
from gunicorn import glogging

REQUEST_ID_HEADER = "X-Request-ID"
# A caller's id is kept when it is short and made of characters safe in a header and a log line (a UUID, a ULID,
# a load balancer's "Root=1-67891233-abcdef012345678912345678"); anything else is replaced by a new one.
_SAFE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:=+/-]{1,128}")

_SHARED_PROCESSORS: list[Any] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


def _drop_color_message(logger: Any, method_name: str, event_dict: Any) -> Any:
    """uvicorn adds an ANSI-coloured copy of its message as an extra field: the same text twice, with escapes."""
    event_dict.pop("color_message", None)
    return event_dict


def request_id_from(*, header: str | None) -> str:
    """The caller's ``X-Request-ID`` when it is safe to echo and log, else a new one."""
    if header is not None and _SAFE_REQUEST_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


def configure_structlog() -> None:
    """structlog's loggers hand their events to the standard library, which formats them with the rest. Python's
    warnings (a library's deprecation, Celery's SecurityWarning) become log lines too, instead of text on stderr."""
    logging.captureWarnings(True)
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *_SHARED_PROCESSORS,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


def structured_formatter(*, renderer: str) -> structlog.stdlib.ProcessorFormatter:
    return structlog.stdlib.ProcessorFormatter(**_formatter_options(renderer=renderer))


def _formatter_options(*, renderer: str) -> dict[str, Any]:
    # A traceback never shows its frames' local variables (structlog's default, and rich's, do): they hold what a
    # contact said (the payload, the message, the extracted facts), API keys and provider prompts.
    final: Any = (
        structlog.dev.ConsoleRenderer(exception_formatter=structlog.dev.plain_traceback)
        if renderer == "console"
        else structlog.processors.JSONRenderer()
    )
    tracebacks = structlog.processors.ExceptionRenderer(
        structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
    )
    return {
        "foreign_pre_chain": [*_SHARED_PROCESSORS, structlog.stdlib.ExtraAdder(), _drop_color_message],
        "processors": [
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            # JSON: a traceback as one structured value, not lines a log shipper would split into separate records.
            *([] if renderer == "console" else [tracebacks]),
            final,
        ],
    }


def logging_config(*, level: str, renderer: str) -> dict[str, Any]:
    """``settings.LOGGING``: every logger to one stdout handler.

    Each request is logged once, by config.middleware.RequestLogMiddleware (an unhandled exception's traceback
    included): Django's own line per 4xx/5xx (``django.request``) and runserver's access line would repeat it.
    Django's default configuration also prints ``django.*`` to stderr as plain text when DEBUG is on: replaced."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "structured": {"()": structlog.stdlib.ProcessorFormatter, **_formatter_options(renderer=renderer)}
        },
        "handlers": {
            "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "structured"}
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "django": {"handlers": [], "level": level, "propagate": True},
            "django.request": {"handlers": [], "level": "CRITICAL", "propagate": False},
            "django.server": {"handlers": [], "level": "CRITICAL", "propagate": False},
            # Its DEBUG lines are SQL with the parameters: message text. Never logged, whatever LOG_LEVEL says.
            "django.db.backends": {"handlers": [], "level": "INFO", "propagate": True},
        },
    }


def log_to_stderr() -> None:
    """Move the handlers writing to stdout to stderr: for a process whose stdout is a protocol (MCP over stdio)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler) and handler.stream is sys.stdout:
            handler.setStream(sys.stderr)


class GunicornLogger(glogging.Logger):
    """gunicorn's own lines (starting, booting a worker, a worker timeout) in the same JSON as the rest
    (``--logger-class config.logging.GunicornLogger``). Its access log is off: the request middleware logs each
    request once, with its route rather than its raw path and query string (which may carry user text)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(structured_formatter(renderer=os.environ.get("LOG_FORMAT", "json")))
        self.error_log.handlers = [handler]
        self.error_log.propagate = False
        self.access_log.handlers = []
        self.access_log.propagate = False

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        return None
