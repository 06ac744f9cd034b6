"""Thin Celery tasks of webhooks: ids in, one service call. Idempotent: an attempt claims its delivery first."""

from __future__ import annotations

from celery import shared_task

from metrics.instruments import webhook_attempt_record
from webhooks.services.delivery import deliveries_due_sweep, delivery_attempt
from webhooks.services.retention import deliveries_retention_apply

# The request's timeout (WEBHOOK_TIMEOUT_SECONDS, 10 s) bounds an attempt; these limits only catch a stuck one.
ATTEMPT_SOFT_LIMIT, ATTEMPT_HARD_LIMIT = 60, 90


@shared_task(acks_late=True, soft_time_limit=ATTEMPT_SOFT_LIMIT, time_limit=ATTEMPT_HARD_LIMIT)
def deliver_webhook(delivery_id: int) -> str | None:
    """One attempt; the retry is a row the sweeper (or a countdown) picks up, not a Celery retry."""
    delivery = delivery_attempt(delivery_id=delivery_id)
    if delivery is None:
        return None
    webhook_attempt_record(delivery_status=delivery.status)
    return delivery.status


@shared_task(acks_late=True, soft_time_limit=50, time_limit=55)
def sweep_webhook_deliveries() -> int:
    """celery-beat, every 30 s (declared in config/beat.py): queue the deliveries that are due."""
    return deliveries_due_sweep()


@shared_task(acks_late=True)
def prune_webhook_deliveries() -> int:
    """celery-beat, daily (declared in config/beat.py): delete finished deliveries past their retention."""
    return deliveries_retention_apply()
