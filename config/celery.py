"""The Celery app. Configuration comes from Django settings (CELERY_* names)."""

import os
from typing import Any

from celery import Celery, signals
from django.conf import settings

from config.embedded import ensure_configured_services

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rapport")
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
