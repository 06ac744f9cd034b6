"""The Celery settings the fault tests rely on (RELIABILITY.md), pinned on the app the worker runs: a change that
would lose or double-run tasks, or let a hung Redis block a request, fails here in milliseconds."""

from __future__ import annotations

from collections.abc import Iterator

from celery import Task
from kombu.transport.redis import Transport

from config.celery import app


def registered_tasks() -> Iterator[Task]:
    """Every task of ours the worker would run (autodiscovered as the worker does), not Celery's built-ins."""
    app.loader.import_default_modules()
    return (task for name, task in sorted(app.tasks.items()) if not name.startswith("celery."))


def hard_limit(task: Task) -> int:
    return int(task.time_limit or app.conf.task_time_limit)


def test_tasks_are_acknowledged_after_they_ran_and_requeued_when_their_process_dies() -> None:
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1
    assert [task.name for task in registered_tasks() if not (task.acks_late and task.reject_on_worker_lost)] == []


def test_tasks_have_soft_and_hard_time_limits() -> None:
    assert (app.conf.task_soft_time_limit, app.conf.task_time_limit) == (240, 300)
    assert [
        task.name
        for task in registered_tasks()
        if not (task.soft_time_limit or app.conf.task_soft_time_limit) < hard_limit(task)
    ] == []


def test_the_visibility_timeout_outlasts_every_tasks_hard_time_limit() -> None:
    # A task still running when its message's visibility timeout ends is delivered again: it would run twice.
    visibility_timeout = app.conf.broker_transport_options["visibility_timeout"]
    tasks = list(registered_tasks())

    assert visibility_timeout == 3600
    # the iteration saw the autodiscovered tasks, the longest-running (3,300 s) among them, not an empty registry
    assert {"memories.tasks.process_message", "consolidation.tasks.consolidate_periodic"} <= {t.name for t in tasks}
    assert [task.name for task in tasks if hard_limit(task) >= visibility_timeout] == []


def test_a_hung_broker_cannot_block_a_publish_for_long() -> None:
    options = app.conf.broker_transport_options

    assert (options["socket_timeout"], options["socket_connect_timeout"]) == (2, 2)
    # The worker's BRPOP waits this long for a reply on the same connections: it must not time out.
    assert options["socket_timeout"] > Transport.brpop_timeout
    assert app.conf.task_publish_retry is True
    assert app.conf.task_publish_retry_policy == {
        "max_retries": 1,
        "interval_start": 0,
        "interval_step": 0.2,
        "interval_max": 0.2,
    }
