"""Celery task durations and failures, from Celery's own signals: no task needs to know it is measured.

Prerun and postrun fire in the process that runs the task (a prefork child), so the start time is kept there, by
task id. A task that never reaches postrun (its process killed) leaves its entry behind; the dict is cleared past
MAX_RUNNING entries so such losses cannot grow it without end."""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import signals
from django.conf import settings

from metrics.instruments import celery_task_duration, celery_task_failures
from metrics.multiprocess import multiprocess_enabled

logger = logging.getLogger(__name__)
MAX_RUNNING = 10_000
_started: dict[str, float] = {}


@signals.task_prerun.connect
def _task_started(*, task_id: str, **kwargs: Any) -> None:
    if len(_started) >= MAX_RUNNING:
        _started.clear()
    _started[task_id] = time.perf_counter()


@signals.task_postrun.connect
def _task_finished(*, task_id: str, task: Any, state: str | None = None, **kwargs: Any) -> None:
    started = _started.pop(task_id, None)
    if started is not None:
        celery_task_duration.labels(task=task.name, state=state or "UNKNOWN").observe(time.perf_counter() - started)


@signals.task_failure.connect
def _task_failed(*, sender: Any, exception: BaseException, **kwargs: Any) -> None:
    celery_task_failures.labels(task=sender.name, exception=type(exception).__name__).inc()


@signals.worker_init.connect
def _serve_worker_metrics(**kwargs: Any) -> None:
    """METRICS_WORKER_PORT set: this worker's own /metrics, for a host whose web process does not share its directory.
    In the worker's main process, before its pool starts; the pool's children write to the directory it reads."""
    port: int = settings.METRICS_WORKER_PORT
    if not port:
        return
    if not multiprocess_enabled():
        # Its tasks run in child processes: without the directory it would serve only its own, empty, registry.
        logger.warning("METRICS_WORKER_PORT is set without PROMETHEUS_MULTIPROC_DIR: worker metrics not served")
        return
    from prometheus_client import CollectorRegistry, multiprocess, start_http_server

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    start_http_server(port, addr=settings.METRICS_WORKER_ADDR, registry=registry)
    logger.info("worker metrics served on %s:%s", settings.METRICS_WORKER_ADDR, port)
