"""GDPR erasure: the contact and everything derived from them, in Postgres and in Redis.

Postgres: one transaction deletes the contact, and with it (cascades) the ledger messages (and so the
stored idempotency replies, which are the ledger rows), conversations, state, memories with their
embeddings and history, entities, mood logs, triggers, review flags and insights. A tombstone records a
keyed hash of the external id and the time (see ``contact_erased_at`` for what a later ingest does).
Redis, after commit: the conversations' history windows, the recent-memory cache, the deferred-pass
debounce key and every cached query embedding computed for this contact's /context calls.

Tasks still queued for the contact find nothing and finish as no-ops (they look rows up by id).
"""

from __future__ import annotations

import logging
from collections import Counter
from datetime import datetime
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, QuerySet
from redis.exceptions import RedisError

from config import clock
from config.redis_client import redis_client
from consolidation.models import ConsolidationRun
from consolidation.services.deferred import debounce_key
from contacts.history import history_key
from contacts.models import Contact, ContactState, Conversation, Message, Tenant
from memories.models import ContactEntity, Memory
from memories.retrieval.query import contact_queries_key
from memories.services import recent
from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from privacy.models import ErasureTombstone, external_id_hash

logger = logging.getLogger(__name__)
ERASED = "(erased)"


def contact_erase(*, contact: Contact) -> dict[str, int]:
    """Hard-delete; returns a receipt of rows (by kind) and Redis keys deleted."""
    conversation_keys = [history_key(conversation) for conversation in contact.conversations.all()]
    contact_id, tenant_id = contact.pk, contact.tenant_id
    with transaction.atomic():
        admin_entries = _admin_log_entries(contact).delete()[0]
        runs = ConsolidationRun.objects.filter(
            tenant_slug=contact.tenant.slug, contact_external_id=contact.external_id
        ).update(contact_external_id=ERASED)
        _, by_model = contact.delete()
        ErasureTombstone.objects.update_or_create(
            tenant_id=tenant_id,
            external_id_hash=external_id_hash(tenant_id, contact.external_id),
            defaults={"erased_at": clock.now()},
        )
    receipt = {label.split(".")[-1].lower(): count for label, count in sorted(by_model.items())}
    receipt["admin_log_entries"] = admin_entries
    receipt["consolidation_runs_anonymised"] = runs
    receipt["redis_keys"] = _forget_in_redis(tenant_id, contact_id, conversation_keys)
    return receipt


def tenant_erase(*, tenant: Tenant) -> dict[str, int]:
    """Every contact as above, then the tenant itself (business memory, keys, tombstones)."""
    totals: Counter[str] = Counter()
    for contact in Contact.objects.filter(tenant=tenant).iterator():
        totals.update(contact_erase(contact=contact))
    _, by_model = tenant.delete()
    totals.update({label.split(".")[-1].lower(): count for label, count in by_model.items()})
    return dict(sorted(totals.items()))


def contact_erased_at(*, tenant: Tenant, external_id: str) -> datetime | None:
    """When this id was erased, if it was. The ingest rule: a message timestamped at or before the erasure
    is refused (a late delivery or a retry of erased traffic, 410 Gone); a later one starts a new contact."""
    return (
        ErasureTombstone.objects.filter(tenant=tenant, external_id_hash=external_id_hash(tenant.pk, external_id))
        .values_list("erased_at", flat=True)
        .first()
    )


def _admin_log_entries(contact: Contact) -> QuerySet[LogEntry]:
    """Staff edits in the admin log name the object they changed (a memory's text, a contact's name)."""
    related = {
        Memory: "memories", ContactEntity: "entities", Message: "messages", Conversation: "conversations",
        MoodLog: "mood_logs", ReviewFlag: "review_flags", Trigger: "triggers", Insight: "insights",
    }  # fmt: skip
    owned: dict[type, Any] = {Contact: [contact.pk], ContactState: [contact.pk]}
    owned |= {model: getattr(contact, name).values_list("pk", flat=True) for model, name in related.items()}
    condition = Q(pk__in=[])
    for model, ids in owned.items():
        content_type = ContentType.objects.get_for_model(model)
        condition |= Q(content_type=content_type, object_id__in=[str(pk) for pk in ids])
    return LogEntry.objects.filter(condition)


def _forget_in_redis(tenant_id: int, contact_id: int, conversation_keys: list[str]) -> int:
    try:
        client = redis_client()
        queries_key = contact_queries_key(tenant_id, contact_id)
        query_cache_keys = [m.decode() if isinstance(m, bytes) else m for m in client.smembers(queries_key)]
        # query embeddings cached before they moved out of Django's cache carry its key prefix
        legacy_keys = [cache.make_key(key) for key in query_cache_keys]
        deleted = int(
            client.delete(*conversation_keys, debounce_key(contact_id), queries_key, *query_cache_keys, *legacy_keys)
        )
        return deleted + recent.forget(contact_id)
    except RedisError:
        # The Postgres erasure stands; what is left in Redis expires with its TTL (at most 7 days).
        logger.error("Redis unavailable while erasing contact %s: cached keys expire with their TTL", contact_id)
        return 0
