"""The deferred tier's per-contact pass (AI Brain §4.3): after a conversation turn, debounced per contact
(CONSOLIDATION_DEBOUNCE_SECONDS), merge near-duplicates across the contact's recent memories and link
memories to the entities they name. The per-message deferred step already merges each new memory with
its nearest twin; this pass catches what arrived together (two twins neither of which was embedded when
the other was checked) and links memories written before their entity existed."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from redis.exceptions import RedisError

from config import clock
from config.redis_client import redis_client
from contacts.models import ContactState
from memories.models import Memory, MemoryStatus
from memories.services.enrichment import memory_merge_similar
from memories.services.entities import contact_entities, entities_mentioned

logger = logging.getLogger(__name__)


def contact_consolidation_schedule(*, contact_id: int) -> bool:
    """Queue the pass CONSOLIDATION_DEBOUNCE_SECONDS from now unless one is already queued for this
    contact (a Redis key with that lifetime). Redis down → queue it anyway (the pass is idempotent)."""
    delay = settings.CONSOLIDATION_DEBOUNCE_SECONDS
    try:
        first = bool(redis_client().set(debounce_key(contact_id), 1, nx=True, ex=max(delay, 1)))
    except RedisError:
        logger.warning("debounce key unavailable; queueing the deferred pass for contact %s", contact_id)
        first = True
    if first:
        from consolidation.tasks import consolidate_contact

        transaction.on_commit(lambda: consolidate_contact.apply_async(args=[contact_id], countdown=delay))
    return first


def debounce_key(contact_id: int) -> str:
    return f"consolidate:deferred:{contact_id}"


def contact_consolidate_deferred(*, contact_id: int) -> dict[str, int]:
    """Idempotent. Looks at memories changed in the last two debounce windows."""
    since = clock.now() - timedelta(seconds=2 * max(settings.CONSOLIDATION_DEBOUNCE_SECONDS, 60))
    recent = list(
        Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE, updated_at__gte=since).order_by("pk")
    )
    merged = sum(memory_merge_similar(memory=memory) is not None for memory in recent)
    return {"merged": merged, "linked": _link_entities(contact_id, recent)}


def _link_entities(contact_id: int, memories: list[Memory]) -> int:
    state = ContactState.objects.select_related("contact").filter(contact_id=contact_id).first()
    if state is None:
        return 0
    known = contact_entities(state.contact)
    linked = 0
    with transaction.atomic():
        ContactState.objects.select_for_update().filter(contact_id=contact_id).first()
        current = {m.pk: m for m in Memory.objects.filter(pk__in=[m.pk for m in memories], status=MemoryStatus.ACTIVE)}
        links = Memory.entities.through.objects.filter(memory_id__in=current).values_list(
            "memory_id", "contactentity_id"
        )
        have: dict[int, set[int]] = {}
        for memory_id, entity_id in links:
            have.setdefault(memory_id, set()).add(entity_id)
        for memory in current.values():
            missing = [e for e in entities_mentioned(memory.content, known) if e.pk not in have.get(memory.pk, set())]
            if missing:
                memory.entities.add(*missing)
                linked += len(missing)
    return linked
