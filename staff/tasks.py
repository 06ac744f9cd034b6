"""The staff admin's one task: "Consolidate now" on a contact's page. Thin, idempotent, retried while another
consolidation pass holds the lock."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from staff.services import contact_consolidate_logged

LOCK_RETRY_SECONDS = 30


@shared_task(bind=True, acks_late=True, max_retries=20, soft_time_limit=600, time_limit=660)
def contact_consolidate_now_task(self: Any, contact_id: int, user_id: int) -> dict[str, Any]:
    stats = contact_consolidate_logged(contact_id=contact_id, user_id=user_id)
    if stats is None:  # the periodic pass is running: it releases the lock when done
        raise self.retry(countdown=LOCK_RETRY_SECONDS)
    return stats
