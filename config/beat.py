"""Every periodic task, declared once, and their sync into django-celery-beat's tables.

celery-beat runs the database scheduler: it reads its schedules from django-celery-beat's tables, which staff
see and change in the admin (*Periodic tasks*). ``beat_schedules_sync`` runs after every ``migrate`` (connected
in ``contacts/apps.py``) and creates there each declared task that has no schedule yet. It never changes one
that exists: an interval staff edited, a task they paused or renamed, stays as they left it. A deleted schedule
comes back at the next migrate; to stop a task, untick *Enabled* instead.

Tasks are named as strings, never imported: apps import this module (contacts), so it imports no app
(tests/architecture/test_layers.py). The names are the Celery task names, which stay fixed when a task's code
moves (queued messages and existing rows refer to them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps as global_apps
from django.db import router
from django.utils import timezone


@dataclass(frozen=True, kw_only=True)
class Interval:
    every: int
    period: str  # django-celery-beat's IntervalSchedule.period: "seconds", "minutes", "hours" or "days"


@dataclass(frozen=True, kw_only=True)
class Crontab:
    minute: str
    hour: str
    day_of_month: str = "*"
    month_of_year: str = "*"
    day_of_week: str = "*"
    timezone: str = "UTC"


@dataclass(frozen=True, kw_only=True)
class BeatSchedule:
    name: str  # what the admin lists
    task: str  # the Celery task name
    schedule: Interval | Crontab
    # A run still queued when the next one is due is dropped rather than piled up behind a stopped worker.
    expire_seconds: int | None = None


BEAT_SCHEDULES: tuple[BeatSchedule, ...] = (
    # Every minute: a message stranded before the deferred tier (a crash between commit and enqueue, a lost
    # broker message, a Redis outage) is picked up within a minute of SWEEP_AFTER_SECONDS (120); the per-message
    # backoff, not this period, spaces out the sweeps of one message (ingest/services/sweeper.py).
    BeatSchedule(
        name="Sweep pending messages (re-enqueue messages stranded before the deferred tier)",
        task="memories.tasks.sweep_pending_messages",
        schedule=Interval(every=60, period="seconds"),
        expire_seconds=60,
    ),
    # Every 10 s: /context queues the accesses of the memories it shows in a Redis list and never waits on the
    # write; one flush applies everything queued so far, so access counts and times lag by seconds only.
    BeatSchedule(
        name="Flush the access log (memories shown by /context)",
        task="memories.tasks.flush_access_log",
        schedule=Interval(every=10, period="seconds"),
        expire_seconds=10,
    ),
    # Every 30 s: webhook deliveries that are due (retries waiting longer than a countdown would, attempts lost with
    # their worker, enqueues the broker dropped); the delivery's own schedule, not this period, spaces its retries.
    BeatSchedule(
        name="Send webhook deliveries that are due (retries, lost attempts)",
        task="webhooks.tasks.sweep_webhook_deliveries",
        schedule=Interval(every=30, period="seconds"),
        expire_seconds=30,
    ),
    # Every 6 hours (CONSOLIDATION_INTERVAL_HOURS; contact-intelligence §6): decay is charged per day and
    # stages move over days, so four passes a day keep them current; a pass walks every tenant's memories.
    BeatSchedule(
        name="Consolidation (decay, compression, pruning, expiry, caps, stages, profiles)",
        task="consolidation.tasks.consolidate_periodic",
        schedule=Interval(every=6, period="hours"),
    ),
    # Every 6 hours: timing habits and engagement decline are read over windows of 7 to 30 days, so a few
    # looks a day are enough.
    BeatSchedule(
        name="Mood patterns (timing, engagement decline)",
        task="moods.tasks.detect_mood_patterns",
        schedule=Interval(every=6, period="hours"),
    ),
    # Daily at 03:30 UTC: retention is counted in days; a quiet hour for most tenants, and clear of the
    # 6-hourly passes on the hour.
    BeatSchedule(
        name="Ledger retention (delete messages past each tenant's ledger_retention_days)",
        task="contacts.tasks.apply_ledger_retention",
        schedule=Crontab(minute="30", hour="3"),
    ),
    # Daily at 03:45 UTC: the delivery log's retention (WEBHOOK_DELIVERY_RETENTION_DAYS) is counted in days;
    # after the ledger's, clear of the 6-hourly passes on the hour.
    BeatSchedule(
        name="Webhook delivery retention (delete finished deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS)",
        task="webhooks.tasks.prune_webhook_deliveries",
        schedule=Crontab(minute="45", hour="3"),
    ),
)


# ``apps`` is the migrated state's registry (django.apps.registry.Apps), typed Any: importing that class trips
# mypy 2.4 with django-stubs (typeddjango/django-stubs#3605, "Cannot serialize PlaceholderType instance"). ``flush``
# sends post_migrate without it: then the installed apps, as Django's own handlers default to.
def beat_schedules_sync(*, apps: Any = global_apps, using: str = "default", verbosity: int = 1, **kwargs: Any) -> None:
    """``post_migrate``: create the declared periodic tasks that have no schedule in the database yet.

    A task counts as scheduled when any row names it, whatever the row's name, interval or state (staff may
    have renamed, re-timed or paused it). Uses the migrated state's models, as Django's own post-migrate
    handlers do, so a database migrated only part-way (django-celery-beat not yet there) is left alone.
    """
    try:
        periodic_task = apps.get_model("django_celery_beat", "PeriodicTask")
    except LookupError:
        return
    if not router.allow_migrate_model(using, periodic_task):
        return
    scheduled = set(periodic_task.objects.using(using).values_list("task", flat=True))
    missing = [entry for entry in BEAT_SCHEDULES if entry.task not in scheduled]
    for entry in missing:
        periodic_task.objects.using(using).create(
            name=entry.name, task=entry.task, expire_seconds=entry.expire_seconds, **_schedule_row(apps, using, entry)
        )
        if verbosity >= 2:
            print(f"Adding periodic task '{entry.name}'")
    if missing:
        _mark_schedules_changed(apps, using)


def _schedule_row(apps: Any, using: str, entry: BeatSchedule) -> dict[str, Any]:
    """The ``interval`` or ``crontab`` the task points at: an existing identical schedule, else a new one."""
    schedule = entry.schedule
    if isinstance(schedule, Interval):
        model = apps.get_model("django_celery_beat", "IntervalSchedule")
        fields: dict[str, Any] = {"every": schedule.every, "period": schedule.period}
        key = "interval"
    else:
        model = apps.get_model("django_celery_beat", "CrontabSchedule")
        fields = {
            "minute": schedule.minute,
            "hour": schedule.hour,
            "day_of_month": schedule.day_of_month,
            "month_of_year": schedule.month_of_year,
            "day_of_week": schedule.day_of_week,
            "timezone": schedule.timezone,
        }
        key = "crontab"
    # first(), not get(): staff may have created an identical schedule twice.
    row = model.objects.using(using).filter(**fields).order_by("pk").first()
    return {key: row or model.objects.using(using).create(**fields)}


def _mark_schedules_changed(apps: Any, using: str) -> None:
    """Bump django-celery-beat's change marker so a running beat reloads its schedule (what
    ``PeriodicTasks.update_changed()`` does; the migrated state's model has no methods)."""
    marker = apps.get_model("django_celery_beat", "PeriodicTasks")
    marker.objects.using(using).update_or_create(ident=1, defaults={"last_update": timezone.now()})
