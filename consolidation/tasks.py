"""Thin Celery tasks of the consolidation engine. Idempotent: running one twice changes nothing more."""

from __future__ import annotations

from celery import shared_task

from consolidation.services.deferred import contact_consolidate_deferred
from consolidation.services.run import consolidation_run


@shared_task(acks_late=True, soft_time_limit=3000, time_limit=3300)
def consolidate_periodic() -> dict | None:  # type: ignore[type-arg]
    """celery-beat, every CONSOLIDATION_INTERVAL_HOURS (declared in config/beat.py). Skips
    (returns None) while another pass holds the lock."""
    return consolidation_run()


@shared_task(acks_late=True, max_retries=3)
def consolidate_contact(contact_id: int) -> dict[str, int]:
    return contact_consolidate_deferred(contact_id=contact_id)
