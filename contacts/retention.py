"""Ledger retention: a tenant may keep raw messages only N days (``Tenant.settings["ledger_retention_days"]``).

Only the ledger shrinks. Memories and their history keep provenance as client message ids (not foreign
keys), so the ids stay and only the text is gone; entities, conversations (they hold resolution
summaries), mood logs and review flags stay too — the latter two lose their message link (SET_NULL).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

import redis
from django.db.models import QuerySet

from config import clock
from config.redis_client import redis_client
from contacts.history import history_key
from contacts.models import Conversation, Message, ProcessingStatus, Tenant

logger = logging.getLogger(__name__)

SETTING = "ledger_retention_days"
# Ids per DELETE: a large backlog is trimmed in many short transactions, never one giant one.
BATCH_SIZE = 5000


def ledger_retention_days(tenant: Tenant) -> int | None:
    """The tenant's retention in days, or None to keep messages forever (absent, null or invalid)."""
    value: Any = tenant.settings.get(SETTING) if isinstance(tenant.settings, dict) else None
    if value is None:
        return None
    # bool is an int subclass: ``true`` is a mistake, not one day.
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        logger.warning(
            "tenant %s: ignoring invalid %s=%r (a positive integer is required)", tenant.slug, SETTING, value
        )
        return None
    return value


def ledger_retention_apply(*, now: datetime | None = None, tenant: Tenant | None = None) -> dict[str, int]:
    """Delete ledger messages older than each tenant's retention; returns messages deleted per tenant slug
    (tenants with a valid setting only).

    Idempotent: a second run with the same ``now`` deletes nothing. Each batch commits on its own, so a
    run cut short (time limit, restart) keeps what it did and the next one carries on. Messages whose
    processing has not finished are never deleted — they are work still to do — until a later run finds
    them done.
    """
    now = now or clock.now()
    tenants = Tenant.objects.filter(settings__has_key=SETTING).order_by("pk")
    if tenant is not None:
        tenants = tenants.filter(pk=tenant.pk)
    deleted: dict[str, int] = {}
    for candidate in tenants:
        days = ledger_retention_days(candidate)
        if days is not None:
            deleted[candidate.slug] = _tenant_trim(candidate, cutoff=now - timedelta(days=days))
    return deleted


def _tenant_trim(tenant: Tenant, *, cutoff: datetime) -> int:
    """Keyset over the expired, processed messages by pk, one batch per DELETE (its own transaction)."""
    expired = _expired(tenant, cutoff)
    deleted, last_pk = 0, 0
    while True:
        batch = list(expired.filter(pk__gt=last_pk).order_by("pk").values_list("pk", "conversation_id")[:BATCH_SIZE])
        if not batch:
            break
        deleted += _delete(expired, [pk for pk, _ in batch])
        _forget_windows({conversation_id for _, conversation_id in batch})
        if len(batch) < BATCH_SIZE:
            break
        last_pk = batch[-1][0]
    if deleted:
        logger.info("tenant %s: ledger retention deleted %d messages sent before %s", tenant.slug, deleted, cutoff)
    return deleted


def _expired(tenant: Tenant, cutoff: datetime) -> QuerySet[Message]:
    return Message.objects.filter(tenant=tenant, sent_at__lt=cutoff, processed_at__isnull=False).exclude(
        processing_status=ProcessingStatus.PENDING
    )


def _delete(expired: QuerySet[Message], pks: list[int]) -> int:
    # The ORM's delete, not raw SQL: it runs the SET_NULL of mood logs and review flags in the same
    # transaction. The expiry filter is applied again so the row set is checked at delete time.
    _, per_model = expired.filter(pk__in=pks).only("pk").delete()
    return per_model.get(Message._meta.label, 0)


def _forget_windows(conversation_ids: set[int]) -> None:
    """Drop the cached session windows of trimmed conversations: the next read rebuilds them from what
    is left in the ledger instead of serving the deleted text from Redis until the TTL runs out."""
    conversations = Conversation.objects.filter(pk__in=conversation_ids).only("tenant_id", "external_id")
    keys = [history_key(conversation) for conversation in conversations]
    if not keys:
        return
    try:
        redis_client().delete(*keys)
    except redis.RedisError:
        logger.warning("session history cache unavailable; trimmed windows expire with their TTL")
