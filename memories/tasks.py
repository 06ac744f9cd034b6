"""Thin Celery tasks: ids in, one service call, retried on provider errors. All idempotent."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.db import InterfaceError, OperationalError

from memories.services.access import memories_access_log_flush, memories_record_access
from memories.services.enrichment import memories_embed_pending
from providers.embeddings import EmbeddingError

# Worth retrying: the embeddings provider or Postgres briefly unreachable (a restart, a failover).
TRANSIENT_ERRORS = (EmbeddingError, OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=5, retry_backoff_max=600, max_retries=10)
def embed_memories(tenant_id: int, contact_id: int | None) -> None:
    memories_embed_pending(tenant_id=tenant_id, contact_id=contact_id)


@shared_task(acks_late=True, max_retries=3)
def record_access(memory_ids: list[int], at: str) -> None:
    # No longer enqueued (accesses go through the access log); kept so messages queued before an upgrade still run.
    memories_record_access(memory_ids=memory_ids, at=datetime.fromisoformat(at))


@shared_task(acks_late=True, soft_time_limit=50, time_limit=55)
def flush_access_log() -> int:
    """celery-beat, every 10 s (declared in config/beat.py): apply the accesses /context queued in Redis."""
    return memories_access_log_flush()
