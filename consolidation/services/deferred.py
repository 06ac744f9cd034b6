"""The deferred tier's per-contact pass (AI Brain §4.3): after a conversation turn, debounced per contact
(CONSOLIDATION_DEBOUNCE_SECONDS), merge near-duplicates across the contact's recent memories, link memories
to the entities they name, compute importance from the feeling an episode was told with, and rewrite the
permanent profile when a durable memory changed (minutes after it was told, not at the next periodic pass).
The per-message deferred step already merges each new memory with its nearest twin; this pass catches what
arrived together (two twins neither of which was embedded when the other was checked) and links memories
written before their entity existed.

Each pass looks at the memories changed since the previous pass began (its watermark, kept in Redis), not at a
wall-clock window: a backfill writes a year in minutes, and a window would hand every pass all of it (the cost of an
import then grows with the square of its length). Without a watermark (a contact's first pass, or Redis lost it) the
pass looks back two debounce windows, as it always did: looking at all of a contact's memories instead would cost
every contact's first pass after an upgrade one nearest-neighbour query per memory."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from redis.exceptions import RedisError

from config.redis_client import redis_client
from consolidation.services.profile import profile_refresh
from contacts.models import ContactState, Mood
from memories.durability import is_durable
from memories.models import Memory, MemoryStatus, MemoryType
from memories.services.enrichment import memory_merge_similar
from memories.services.entities import contact_entities, entities_mentioned
from memories.services.records import memory_update
from metrics.instruments import consolidation_pass_record
from moods.models import MoodLog, MoodSource

logger = logging.getLogger(__name__)
EMOTIONAL_CONFIDENCE = 0.6
EMOTIONAL_BOOST = 0.1
# A memory saved just before a pass began may commit after the pass read: the next pass looks this far back past its
# watermark. Longer than an ingest transaction, short enough that a backfill's passes overlap by a few turns only.
WATERMARK_MARGIN = timedelta(seconds=10)
WATERMARK_SECONDS = 30 * 24 * 3600  # a contact quiet this long starts again from the window


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


def watermark_key(contact_id: int) -> str:
    return f"consolidate:deferred:checked:{contact_id}"


def contact_consolidate_deferred(*, contact_id: int) -> dict[str, int]:
    """Idempotent. Looks at the memories changed since the previous pass began. Releases the debounce key
    first, so a turn arriving while this pass runs queues the next one."""
    started = timezone.now()  # wall-clock, as updated_at (auto_now); clock.now() may be a backfill's frozen past
    try:
        redis_client().delete(debounce_key(contact_id))
    except RedisError:
        logger.warning("debounce key unavailable for contact %s", contact_id)
    since = _previous_pass(contact_id, started)
    recent = list(
        Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE, updated_at__gte=since).order_by("pk")
    )
    merged = sum(memory_merge_similar(memory=memory) is not None for memory in recent)
    linked = _link_entities(contact_id, recent, since)
    boosted = _emotional_importance(contact_id, recent)
    stats = {"merged": merged, "linked": linked, "boosted": boosted, "profile": _profile(contact_id, since)}
    _record_pass(contact_id, started)
    consolidation_pass_record(kind="deferred", seconds=(timezone.now() - started).total_seconds(), stats=stats)
    return stats


def _previous_pass(contact_id: int, started: datetime) -> datetime:
    """When the previous pass began, less WATERMARK_MARGIN; without one, two debounce windows before ``started``."""
    try:
        value = redis_client().get(watermark_key(contact_id))
    except RedisError:
        logger.warning("deferred-pass watermark unavailable for contact %s", contact_id)
        value = None
    if value is None:
        return started - timedelta(seconds=2 * max(settings.CONSOLIDATION_DEBOUNCE_SECONDS, 60))
    return datetime.fromtimestamp(float(value), tz=UTC) - WATERMARK_MARGIN


def _record_pass(contact_id: int, started: datetime) -> None:
    try:
        redis_client().set(watermark_key(contact_id), repr(started.timestamp()), ex=WATERMARK_SECONDS)
    except RedisError:
        logger.warning("deferred-pass watermark unavailable for contact %s", contact_id)


def _profile(contact_id: int, since: datetime) -> int:
    """Rewrite the profile if a durable memory changed in the window — superseded ones included, so a new
    value replaces the old in the profile too (the rewrite itself is a no-op when the set is unchanged)."""
    changed = Memory.objects.filter(contact_id=contact_id, updated_at__gte=since).values_list("memory_type", "metadata")
    if not any(is_durable(memory_type=memory_type, metadata=metadata) for memory_type, metadata in changed):
        return 0
    return int(profile_refresh(contact_id=contact_id))


def _emotional_importance(contact_id: int, memories: list[Memory]) -> int:
    """Compute importance (AI Brain §4.3, for contacts): an episode told with a clear feeling — a
    non-neutral mood read with EMOTIONAL_CONFIDENCE or more — matters more, + EMOTIONAL_BOOST, once."""
    episodes = [m for m in memories if m.memory_type == MemoryType.EPISODE and "emotion" not in m.metadata]
    message_ids = {message_id for episode in episodes for message_id in episode.source_message_ids}
    readings = dict(
        MoodLog.objects.filter(contact_id=contact_id, message__client_message_id__in=message_ids)
        .exclude(source=MoodSource.PREVIOUS)
        .exclude(mood=Mood.NEUTRAL)
        .filter(confidence__gte=EMOTIONAL_CONFIDENCE)
        .values_list("message__client_message_id", "mood")
    )
    boosted = 0
    for episode in episodes:
        moods = [readings[m] for m in episode.source_message_ids if m in readings]
        if not moods:
            continue
        with transaction.atomic():
            fresh = Memory.objects.select_for_update().filter(pk=episode.pk, status=MemoryStatus.ACTIVE).first()
            if fresh is None or "emotion" in fresh.metadata:
                continue
            changes = {"importance": min(1.0, fresh.importance + EMOTIONAL_BOOST),
                       "metadata": {**fresh.metadata, "emotion": moods[0]}}  # fmt: skip
            memory_update(memory=fresh, changes=changes, actor="consolidation")
        boosted += 1
    return boosted


def _link_entities(contact_id: int, recent: list[Memory], since: datetime) -> int:
    """Links the changed memories to every entity they name, and all the contact's memories to the entities that
    are new or renamed since ``since`` ("Bruno ate my shoes" told before "my dog Bruno")."""
    state = ContactState.objects.select_related("contact").filter(contact_id=contact_id).first()
    if state is None:
        return 0
    known = contact_entities(state.contact)
    changed = [entity for entity in known if entity.updated_at >= since]
    linked = 0
    with transaction.atomic():
        ContactState.objects.select_for_update().filter(contact_id=contact_id).first()
        active = Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE)
        current = {m.pk: m for m in (active if changed else active.filter(pk__in=[m.pk for m in recent]))}
        recent_ids = {m.pk for m in recent}
        links = Memory.entities.through.objects.filter(memory_id__in=current).values_list(
            "memory_id", "contactentity_id"
        )
        have: dict[int, set[int]] = {}
        for memory_id, entity_id in links:
            have.setdefault(memory_id, set()).add(entity_id)
        for memory in current.values():
            named = entities_mentioned(memory.content, known if memory.pk in recent_ids else changed)
            missing = [e for e in named if e.pk not in have.get(memory.pk, set())]
            if missing:
                memory.entities.add(*missing)
                linked += len(missing)
    return linked
