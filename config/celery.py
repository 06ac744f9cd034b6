"""The Celery app. Configuration comes from Django settings (CELERY_* names)."""

import os
from typing import Any

from celery import Celery, signals

from config.embedded import ensure_configured_services

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rapport")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.import_modules.connect(sender=app)
def _start_embedded_services(**kwargs: Any) -> None:
    """The worker and beat load their task modules before they connect to Redis or PostgreSQL: the embedded
    services the settings point at are started (or found) then. Importing this module starts nothing (and
    ``config/__init__.py`` imports it whenever anything under ``config`` is imported, the settings included)."""
    ensure_configured_services()
