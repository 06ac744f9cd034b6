"""Thin Celery tasks of the emotional-intelligence layer. Idempotent: a second run changes nothing."""

from __future__ import annotations

from celery import shared_task

from moods.services.patterns import mood_patterns_detect_all


@shared_task(acks_late=True, soft_time_limit=1800, time_limit=1900)
def detect_mood_patterns() -> int:
    """Periodic (celery-beat, every 6 hours; declared in config/beat.py)."""
    return mood_patterns_detect_all()
