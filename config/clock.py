"""The one source of "now". Tests and backfills set time through here, never via the OS clock."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
