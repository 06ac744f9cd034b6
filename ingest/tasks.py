"""Thin Celery tasks: ids in, one service call, retried on provider errors. All idempotent.

They were declared in ``memories.tasks`` before the ingest app existed and keep those names: queued
messages and celery-beat rows refer to a task by its name."""

from __future__ import annotations

from celery import shared_task

from ingest.services.pipeline import message_process_deferred
from ingest.services.sweeper import pending_messages_sweep
from memories.tasks import TRANSIENT_ERRORS


@shared_task(
    name="memories.tasks.process_message",
    acks_late=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=5,
    retry_backoff_max=600,
    max_retries=10,
)
def process_message(message_id: int) -> None:
    message_process_deferred(message_id=message_id)


@shared_task(name="memories.tasks.sweep_pending_messages", acks_late=True, soft_time_limit=50, time_limit=55)
def sweep_pending_messages() -> int:
    """celery-beat, every minute (declared in config/beat.py): re-enqueue messages stranded as pending."""
    return pending_messages_sweep()
