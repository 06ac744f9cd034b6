"""Each task goes to its queue (config/settings.py CELERY_TASK_ROUTES), and every queue is consumed by a worker of
make run (the Procfile, which config/run.py starts under honcho) and of docker-compose.yml: a new queue without a
consumer, or a new task that has not picked its queue, fails here."""

from __future__ import annotations

import itertools
import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from config.beat import BEAT_SCHEDULES
from config.celery import app, task_queues
from config.redis_client import redis_client

ROOT = Path(__file__).resolve().parents[2]

# Every task of ours and the queue it must go to (SCALING.md, "Queues").
EXPECTED_QUEUES = {
    "memories.tasks.process_message": "ingest",
    "memories.tasks.embed_memories": "embeddings",
    "consolidation.tasks.consolidate_contact": "consolidation",
    "consolidation.tasks.consolidate_periodic": "consolidation",
    "staff.tasks.contact_consolidate_now_task": "consolidation",
    "moods.tasks.detect_mood_patterns": "consolidation",
    "contacts.tasks.apply_ledger_retention": "consolidation",
    "webhooks.tasks.deliver_webhook": "webhooks",
    # the short periodic sweeps stay on the default queue, apart from the work they schedule
    "memories.tasks.sweep_pending_messages": "celery",
    "memories.tasks.flush_access_log": "celery",
    "memories.tasks.record_access": "celery",
    "webhooks.tasks.sweep_webhook_deliveries": "celery",
    "webhooks.tasks.prune_webhook_deliveries": "celery",
}


def _queue_of(task_name: str) -> str:
    return str(app.amqp.router.route({}, task_name)["queue"].name)


def _our_tasks() -> list[str]:
    app.loader.import_default_modules()  # autodiscovered as the worker does
    # (not Celery's own, nor those a test module defines for itself: tests.metrics' failing task)
    return sorted(name for name in app.tasks if not name.startswith(("celery.", "tests.")))


def _worker_queues(command: list[str]) -> tuple[str, list[str]] | None:
    """A ``celery worker`` command's node name and queues (None for any other command)."""
    if command[:1] != ["celery"] or "worker" not in command:
        return None
    node = command[command.index("-n") + 1] if "-n" in command else "celery@%h"
    queues = command[command.index("-Q") + 1].split(",") if "-Q" in command else [app.conf.task_default_queue]
    return node, queues


def _procfile() -> dict[str, list[str]]:
    lines = [line for line in (ROOT / "Procfile").read_text().splitlines() if line.strip()]
    commands = {name: shlex.split(command) for name, command in (line.split(": ", 1) for line in lines)}
    # the environment assignments before the program (web, mcp) are not part of the command
    return {name: list(itertools.dropwhile(lambda word: re.match(r"^[A-Z_]+=", word), words))
            for name, words in commands.items()}  # fmt: skip


def _compose() -> dict[str, list[str]]:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    return {name: list(service.get("command") or []) for name, service in services.items()}


def test_every_task_goes_to_its_queue() -> None:
    # given every task the worker would run
    tasks = _our_tasks()

    # then each has picked its queue, and goes there
    assert tasks == sorted(EXPECTED_QUEUES)
    assert {name: _queue_of(name) for name in tasks} == EXPECTED_QUEUES
    assert task_queues() == ["celery", "consolidation", "embeddings", "ingest", "webhooks"]


def test_the_periodic_tasks_that_expire_stay_on_the_default_queue() -> None:
    # given the periodic tasks whose run expires by the next one (config/beat.py)
    expiring = [schedule.task for schedule in BEAT_SCHEDULES if schedule.expire_seconds is not None]
    assert len(expiring) == 3

    # then none waits behind a backlog of ingest, embeddings, consolidation or webhook attempts
    assert {task: _queue_of(task) for task in expiring} == dict.fromkeys(expiring, app.conf.task_default_queue)


@pytest.mark.parametrize("processes", [_procfile, _compose], ids=["make-run-procfile", "docker-compose"])
def test_every_queue_has_a_worker_and_there_is_one_beat(processes: Any) -> None:
    # given the processes make run starts (or the compose services)
    commands = processes()
    workers = {name: found for name, command in commands.items() if (found := _worker_queues(command)) is not None}

    # then every queue a task goes to is consumed, and no worker waits on a queue nothing is sent to
    consumed = [queue for _, queues in workers.values() for queue in queues]
    assert set(consumed) == set(task_queues()), workers
    # and ingest never shares a worker with the long passes or the webhook attempts
    for _, queues in workers.values():
        assert "ingest" not in queues or not {"consolidation", "webhooks"} & set(queues), queues
    # and two workers on one host never share a node name (Celery refuses a duplicate)
    nodes = [node for node, _ in workers.values()]
    assert len(nodes) == len(set(nodes)), nodes
    # and exactly one beat schedules the periodic tasks
    assert [name for name, command in commands.items() if _is_beat(command)] == ["beat"]


def _is_beat(command: list[str]) -> bool:
    """``celery -A config [global options such as --quiet] beat ...``."""
    return command[:3] == ["celery", "-A", "config"] and "beat" in command


@pytest.fixture
def published() -> Iterator[None]:
    """Tasks are published to the test Redis, not run in-process; the queues start and end empty."""
    redis_client().delete(*task_queues())
    app.conf.CELERY_TASK_ALWAYS_EAGER = False
    yield
    app.conf.CELERY_TASK_ALWAYS_EAGER = True
    redis_client().delete(*task_queues())


@pytest.mark.parametrize(
    ("task_name", "args"),
    [
        ("memories.tasks.process_message", [1]),
        ("memories.tasks.embed_memories", [1, 2]),
        ("consolidation.tasks.consolidate_contact", [3]),
        ("memories.tasks.sweep_pending_messages", []),
    ],
)
def test_a_published_task_waits_on_its_queue_in_redis(published: None, task_name: str, args: list[int]) -> None:
    # when the task is enqueued as the app enqueues it
    app.loader.import_default_modules()
    app.tasks[task_name].delay(*args)

    # then its message waits in its own queue's Redis list and in no other
    waiting = {queue: [json.loads(raw)["headers"]["task"] for raw in redis_client().lrange(queue, 0, -1)]
               for queue in task_queues()}  # fmt: skip
    assert {queue: names for queue, names in waiting.items() if names} == {EXPECTED_QUEUES[task_name]: [task_name]}
