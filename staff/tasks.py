"""The staff admin's one task: "Consolidate now" on a contact's page. Thin, idempotent, retried while another
consolidation pass holds the lock."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from staff.services import contact_consolidate_abandoned, contact_consolidate_logged

# Waiting for the lock: 30 s, doubling, at most 5 min between tries; 20 tries wait ~80 min in all, past the periodic
# pass's time limit (consolidation.tasks.consolidate_periodic, 55 min), so a running pass is waited out.
LOCK_RETRY_SECONDS = 30
LOCK_RETRY_MAX_SECONDS = 300
LOCK_RETRIES = 20


@shared_task(bind=True, acks_late=True, max_retries=LOCK_RETRIES, soft_time_limit=600, time_limit=660)
def contact_consolidate_now_task(self: Any, contact_id: int, user_id: int) -> dict[str, Any]:
    stats = contact_consolidate_logged(contact_id=contact_id, user_id=user_id)
    if stats is not None:
        return stats
    if self.request.retries >= self.max_retries:  # said on the contact's history, not dropped unsaid
        contact_consolidate_abandoned(contact_id=contact_id, user_id=user_id)
        return {}
    raise self.retry(countdown=lock_retry_countdown(retries=self.request.retries))


def lock_retry_countdown(*, retries: int) -> int:
    return int(min(LOCK_RETRY_MAX_SECONDS, LOCK_RETRY_SECONDS * 2**retries))
