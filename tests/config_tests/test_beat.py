"""The periodic tasks: declared once (config/beat.py), created after migrate when missing, never overwritten."""

from __future__ import annotations

import importlib
import importlib.util
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django_celery_beat.models import CrontabSchedule, IntervalSchedule, PeriodicTask, PeriodicTasks

from config import celery_app
from config.beat import BEAT_SCHEDULES, BeatSchedule, Crontab, Interval

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SWEEP_TASK = "memories.tasks.sweep_pending_messages"
LONG_AGO = datetime(2020, 1, 1, tzinfo=UTC)


def _migrate() -> None:
    call_command("migrate", verbosity=0, interactive=False)


def _as_declared(row: PeriodicTask) -> BeatSchedule:
    """A database row written back as a declaration, to compare with config/beat.py."""
    schedule: Interval | Crontab
    if row.interval is not None:
        schedule = Interval(every=row.interval.every, period=row.interval.period)
    else:
        assert row.crontab is not None
        cron = row.crontab
        schedule = Crontab(
            minute=cron.minute, hour=cron.hour, day_of_month=cron.day_of_month,
            month_of_year=cron.month_of_year, day_of_week=cron.day_of_week, timezone=str(cron.timezone),
        )  # fmt: skip
    return BeatSchedule(name=row.name, task=row.task, schedule=schedule, expire_seconds=row.expire_seconds)


def _snapshot() -> dict[str, Any]:
    return {
        "tasks": list(PeriodicTask.objects.order_by("pk").values()),
        "intervals": list(IntervalSchedule.objects.order_by("pk").values()),
        "crontabs": list(CrontabSchedule.objects.order_by("pk").values()),
        "changed": PeriodicTasks.last_change(),
    }


def test_the_migrated_database_holds_every_declared_schedule_as_declared() -> None:
    # given the test database, migrated from nothing at the start of the session
    rows = [PeriodicTask.objects.get(task=entry.task) for entry in BEAT_SCHEDULES]

    # then each declared task has its schedule exactly as declared, enabled
    assert [_as_declared(row) for row in rows] == list(BEAT_SCHEDULES)
    assert all(row.enabled for row in rows)


def test_a_migrate_creates_each_missing_schedule_once_and_tells_a_running_beat() -> None:
    # given a database without periodic tasks, and beat's change marker long ago
    PeriodicTask.objects.all().delete()
    PeriodicTasks.objects.update_or_create(ident=1, defaults={"last_update": LONG_AGO})

    # when migrate runs (twice)
    _migrate()
    _migrate()

    # then every declared task is scheduled exactly once, as declared
    assert Counter(PeriodicTask.objects.values_list("task", flat=True)) == {entry.task: 1 for entry in BEAT_SCHEDULES}
    assert [_as_declared(PeriodicTask.objects.get(task=entry.task)) for entry in BEAT_SCHEDULES] == list(BEAT_SCHEDULES)
    # and the change marker moved, so a running beat reloads its schedule
    last_change = PeriodicTasks.last_change()
    assert last_change is not None and last_change > LONG_AGO


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_flush_empties_the_database_and_schedules_every_declared_task_again() -> None:
    # given a migrated database
    # when an operator flushes it (post_migrate is sent without the migrated state's apps)
    call_command("flush", verbosity=0, interactive=False)

    # then every declared task is scheduled again, as declared
    assert [_as_declared(PeriodicTask.objects.get(task=entry.task)) for entry in BEAT_SCHEDULES] == list(BEAT_SCHEDULES)


def test_migrating_again_changes_nothing() -> None:
    # given a migrated database
    before = _snapshot()

    # when migrate runs again
    _migrate()

    # then no schedule, interval, crontab or change marker moved
    assert _snapshot() == before


def test_a_schedule_staff_changed_in_the_admin_survives_migrate() -> None:
    # given staff slowed the sweeper to every 5 minutes, renamed and paused it (as the admin's form saves it)
    sweep = PeriodicTask.objects.get(task=SWEEP_TASK)
    every_five_minutes = IntervalSchedule.objects.create(every=5, period=IntervalSchedule.MINUTES)
    sweep.interval, sweep.name, sweep.enabled = every_five_minutes, "Sweeper (slowed down)", False
    sweep.save()

    # when migrate runs
    _migrate()

    # then their schedule stands as they left it, and no second sweeper was created
    kept = PeriodicTask.objects.get(task=SWEEP_TASK)
    assert (kept.pk, kept.name, kept.interval_id, kept.enabled) == (
        sweep.pk,
        "Sweeper (slowed down)",
        every_five_minutes.pk,
        False,
    )


def test_a_deleted_schedule_comes_back_at_the_next_migrate() -> None:
    # given staff deleted the retention schedule (pausing is how to stop a task)
    PeriodicTask.objects.filter(task="contacts.tasks.apply_ledger_retention").delete()

    # when migrate runs
    _migrate()

    # then it is back, as declared
    declared = next(entry for entry in BEAT_SCHEDULES if entry.task == "contacts.tasks.apply_ledger_retention")
    assert _as_declared(PeriodicTask.objects.get(task=declared.task)) == declared


def test_every_declared_task_is_a_celery_task() -> None:
    # given every installed app's tasks module loaded, as the worker's autodiscovery does
    for app_config in django_apps.get_app_configs():
        if importlib.util.find_spec(f"{app_config.name}.tasks") is not None:
            importlib.import_module(f"{app_config.name}.tasks")

    # then each declared name is a registered task (a task moved without its explicit name would not be)
    assert {entry.task for entry in BEAT_SCHEDULES} <= set(celery_app.tasks)


def test_the_declared_consolidation_period_is_the_setting(settings) -> None:  # type: ignore[no-untyped-def]
    consolidation = next(entry for entry in BEAT_SCHEDULES if entry.task == "consolidation.tasks.consolidate_periodic")

    assert consolidation.schedule == Interval(every=settings.CONSOLIDATION_INTERVAL_HOURS, period="hours")


def test_no_migration_creates_periodic_tasks() -> None:
    # the schedules live in config/beat.py only, not spread over data migrations
    writers = sorted(
        str(path.relative_to(ROOT))
        for path in ROOT.glob("*/migrations/*.py")
        if "PeriodicTask" in path.read_text() or "IntervalSchedule" in path.read_text()
    )

    assert writers == []
