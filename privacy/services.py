"""GDPR erasure: the contact and everything derived from them, in Postgres and in Redis.

Each app deletes what it holds through its own ``contact_forget`` (see contacts/erasure.py): consolidation
anonymises its runs, moods deletes mood logs, review flags, triggers and insights, memories the memories with
their embeddings and history, and the entities, contacts the contact with its ledger messages (and so the stored
idempotency replies, which are the ledger rows), conversations and state — each with the admin log's lines about
its rows. One transaction holds them all, top app first, with a tombstone: a keyed hash of the external id and
the time (see ``contact_erased_at`` for what a later ingest does). Redis, after commit: the conversations'
history windows, the recent-memory cache, the deferred-pass debounce key and every cached query embedding
computed for this contact's /context calls.

Tasks still queued for the contact find nothing and finish as no-ops (they look rows up by id).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from redis.exceptions import RedisError

from config import clock
from consolidation.services.erasure import contact_forget as consolidation_forget
from contacts.erasure import Forgotten
from contacts.erasure import contact_forget as contacts_forget
from contacts.models import Contact, Tenant
from memories.services.erasure import contact_forget as memories_forget
from moods.services.erasure import contact_forget as moods_forget
from privacy.models import ErasureTombstone, external_id_hash
from webhooks.models import EventType
from webhooks.services.erasure import contact_forget as webhooks_forget
from webhooks.services.events import event_emit

logger = logging.getLogger(__name__)
# Top app first: each deletes its rows before the rows they hang off (contacts, holding the contact, goes last).
FORGETTING: tuple[Callable[..., Forgotten], ...] = (
    consolidation_forget,
    moods_forget,
    memories_forget,
    webhooks_forget,
    contacts_forget,
)


def contact_erase(*, contact: Contact) -> dict[str, int]:
    """Hard-delete; returns a receipt of rows (by kind) and Redis keys deleted."""
    contact_id, tenant_id, external_id = contact.pk, contact.tenant_id, contact.external_id
    with transaction.atomic():
        forgotten = [forget(contact=contact) for forget in FORGETTING]
        tombstone, _ = ErasureTombstone.objects.update_or_create(
            tenant_id=tenant_id,
            external_id_hash=external_id_hash(tenant_id, external_id),
            defaults={"erased_at": clock.now()},
        )
        # After the forgetting, which removed the contact's other deliveries: the tenant hears of the erasure by id.
        event_emit(
            tenant_id=tenant_id,
            event_type=EventType.CONTACT_ERASED,
            dedupe_key=f"contact:{contact_id}",
            data={"contact_id": external_id, "erased_at": tombstone.erased_at.isoformat()},
        )
    return _receipt(forgotten, redis_keys=_forget_in_redis(contact_id, forgotten))


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


def _receipt(forgotten: list[Forgotten], *, redis_keys: int) -> dict[str, int]:
    """Rows deleted by kind (in model label order), the admin log's lines, rows changed, the Redis keys."""
    rows: Counter[str] = Counter()
    changed: dict[str, int] = {}
    for app in forgotten:
        rows.update(app.rows)
        changed |= app.changed
    receipt = {label.split(".")[-1].lower(): count for label, count in sorted(rows.items())}
    receipt["admin_log_entries"] = sum(app.admin_log_entries for app in forgotten)
    return receipt | changed | {"redis_keys": redis_keys}


def _forget_in_redis(contact_id: int, forgotten: list[Forgotten]) -> int:
    try:
        return sum(app.forget_cached() for app in forgotten)
    except RedisError:
        # The Postgres erasure stands; what is left in Redis expires with its TTL (at most 7 days).
        logger.error("Redis unavailable while erasing contact %s: cached keys expire with their TTL", contact_id)
        return 0
