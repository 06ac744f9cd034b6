"""Create, reinforce, supersede, merge, edit and delete memories — each change recorded as a
MemoryEvent. Callers hold the contact's ContactState row lock when ordering matters (ingest)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from config import clock
from contacts.admin_log import admin_log_forget
from contacts.models import Contact, Tenant
from memories.models import (
    ContactEntity,
    Memory,
    MemoryEvent,
    MemoryEventKind,
    MemorySource,
    MemoryStatus,
    MemoryType,
)
from memories.services import recent
from webhooks.models import EventType
from webhooks.services.events import event_emit, event_is_live

SNAPSHOT_FIELDS = ("memory_type", "content", "importance", "status", "pinned", "expires_at", "slot")


def memory_create(
    *,
    tenant: Tenant,
    contact: Contact | None,
    memory_type: str,
    content: str,
    source: str,
    created_at: datetime | None = None,
    importance: float | None = None,
    slot: str = "",
    metadata: dict[str, Any] | None = None,
    source_message_ids: Sequence[str] = (),
    entities: Iterable[ContactEntity] = (),
    expires_at: datetime | None = None,
    actor: str = "system",
    embed_later: bool = True,
) -> Memory:
    """A new active memory with its "created" event, embedded in the deferred tier after this transaction commits.
    ``embed_later=False`` only where the caller's own deferred step embeds it (the ingest pipeline's, which embeds and
    merges a message's memories together)."""
    defaults = settings.MEMORY_DEFAULTS[memory_type]
    at = created_at or clock.now()
    memory = Memory.objects.create(
        tenant=tenant,
        contact=contact,
        memory_type=memory_type,
        content=content,
        importance=defaults["importance"] if importance is None else importance,
        decay_rate=defaults["decay_rate"] if contact is not None else settings.BUSINESS_DECAY_RATE,
        source=source,
        slot=slot,
        metadata=metadata or {},
        source_message_ids=list(dict.fromkeys(source_message_ids)),
        expires_at=expires_at,
        valid_from=at,
        created_at=at,
        mattered_at=at,
    )
    entity_list = list(entities)
    if entity_list:
        memory.entities.add(*entity_list)
    _record(memory, MemoryEventKind.CREATED, actor, after=_snapshot(memory), message_ids=source_message_ids, at=at)
    _changed(memory)
    if embed_later:
        _embed_later(memory)
    return memory


def memory_reinforce(
    *, memory: Memory, source_message_ids: Sequence[str], at: datetime, entities: Iterable[ContactEntity] = ()
) -> Memory:
    """Mentioned again: importance + REINFORCE_BOOST (capped at 1), provenance extended, and it mattered at ``at``
    (decay counts from there, not from its creation).

    A message counts once: messages already in the provenance (a task replayed after a crash, or a second
    candidate from one message) reinforce nothing, so processing a message twice leaves what once does."""
    entity_list = list(entities)
    if entity_list:
        memory.entities.add(*entity_list)
    if source_message_ids and set(source_message_ids) <= set(memory.source_message_ids):
        return memory
    before = _snapshot(memory)
    memory.importance = min(1.0, memory.importance + settings.REINFORCE_BOOST)
    memory.source_message_ids = _union(memory.source_message_ids, source_message_ids)
    memory.mattered_at = max(memory.mattered_at, at)
    memory.save(update_fields=["importance", "source_message_ids", "mattered_at", "updated_at"])
    _record(memory, MemoryEventKind.REINFORCED, "system", before, _snapshot(memory), source_message_ids, at)
    _changed(memory)
    return memory


def memory_supersede(*, old: Memory, new: Memory, at: datetime, actor: str = "system") -> None:
    """``new`` replaces ``old`` (a new value of a single-valued fact); ``old`` is kept as history."""
    before = _snapshot(old)
    old.status = MemoryStatus.SUPERSEDED
    old.valid_to = at
    old.superseded_by = new
    old.save(update_fields=["status", "valid_to", "superseded_by", "updated_at"])
    _record(
        old, MemoryEventKind.SUPERSEDED, actor, before, {**_snapshot(old), "by": new.pk}, new.source_message_ids, at
    )
    _changed(old)
    if event_is_live(at=at):  # a supersession found in imported history (``at`` its message's time) is not news
        _supersession_announce(old, new, actor)


def _supersession_announce(old: Memory, new: Memory, actor: str) -> None:
    """``memory.superseded`` to the tenant's webhooks: ids and kinds, not the memories' text (GET /memories/{id}
    reads it). ``contact_id`` is null for a business memory."""
    event_emit(
        tenant_id=old.tenant_id,
        event_type=EventType.MEMORY_SUPERSEDED,
        dedupe_key=f"memory:{old.pk}:{new.pk}",
        data=lambda: {
            "memory_id": old.pk, "superseded_by": new.pk,
            "contact_id": old.contact.external_id if old.contact is not None else None,
            "memory_type": old.memory_type, "slot": old.slot, "actor": actor,
        },
    )  # fmt: skip


def memory_merge(*, winner: Memory, loser: Memory, at: datetime) -> Memory:
    """Two memories that say the same thing become one: importance = max + boost, provenance and
    entity links united, the winner mattered at ``at`` (or when the loser last did, if later); the loser stays as
    superseded, pointing at the winner."""
    before = _snapshot(winner)
    winner.importance = min(1.0, max(winner.importance, loser.importance) + settings.REINFORCE_BOOST)
    winner.source_message_ids = _union(winner.source_message_ids, loser.source_message_ids)
    winner.access_count += loser.access_count
    winner.mattered_at = max(winner.mattered_at, loser.mattered_at, at)
    winner.save(update_fields=["importance", "source_message_ids", "access_count", "mattered_at", "updated_at"])
    winner.entities.add(*loser.entities.all())
    _record(
        winner,
        MemoryEventKind.MERGED,
        "system",
        before,
        {**_snapshot(winner), "merged": loser.pk},
        loser.source_message_ids,
        at,
    )
    memory_supersede(old=loser, new=winner, at=at)
    _changed(winner)
    return winner


def memory_update(*, memory: Memory, changes: dict[str, Any], actor: str) -> Memory:
    """Edit fields (content, importance, expires_at, pinned, memory_type). New content is re-embedded."""
    before = _snapshot(memory)
    for field, value in changes.items():
        setattr(memory, field, value)
    content_changed = "content" in changes and changes["content"] != before["content"]
    if content_changed:
        memory.embedding = None
        memory.embedding_model = ""
    memory.save()
    _record(memory, MemoryEventKind.EDITED, actor, before, _snapshot(memory), (), clock.now())
    _changed(memory)
    if content_changed:
        _embed_later(memory)
    return memory


def memory_delete(*, memory: Memory) -> None:
    """Gone for good, history included (the message ledger keeps what was said). A contact's memory takes the admin
    log's lines about it too, which quote its text: erasing the contact later finds lines only through rows that
    exist (the deletion itself is logged on the contact). A business memory keeps them: no erasure reaches it."""
    with transaction.atomic():
        if memory.contact_id is not None:
            admin_log_forget(model=Memory, ids=[memory.pk])
        memory.delete()
    _changed(memory)


class MemoryRestoreError(ValueError):
    """A memory that cannot be restored as asked (the message says why, for the staff user)."""


def memory_restore(*, memory: Memory, actor: str) -> Memory:
    """A forgotten memory (pruned or evicted by the lifecycle) back in the active set, recorded as "restored". It
    mattered now — someone decided it does —, so decay starts again after a quiet week, and it is at least as
    important as a new memory of its type: restored at the importance it was pruned at, the next pass would forget
    it again. (The cap may still evict it, like any memory of its type: pin it to keep it for good.) A memory whose
    slot has since been filled is not restored over the current value."""
    if memory.status != MemoryStatus.FORGOTTEN:
        raise MemoryRestoreError(f"Memory #{memory.pk} is {memory.status}, not forgotten.")
    holders = Memory.objects.filter(tenant_id=memory.tenant_id, contact=memory.contact, status=MemoryStatus.ACTIVE)
    if memory.slot and holders.filter(slot=memory.slot).exists():
        raise MemoryRestoreError(f"Memory #{memory.pk}: another active memory holds its slot {memory.slot!r}.")
    before = _snapshot(memory)
    now = clock.now()
    memory.status, memory.valid_to, memory.mattered_at = MemoryStatus.ACTIVE, None, now
    memory.importance = max(memory.importance, settings.MEMORY_DEFAULTS[memory.memory_type]["importance"])
    memory.save(update_fields=["status", "valid_to", "mattered_at", "importance", "updated_at"])
    _record(memory, MemoryEventKind.RESTORED, actor, before, _snapshot(memory), (), now)
    _changed(memory)
    return memory


def memory_link_reply(*, episode: Memory, reply_message_id: str, reply_summary: str) -> None:
    """Attach the assistant's reply to the episode of the user message it answered — in metadata
    only. Its words are not the episode's content, so it is not the episode's provenance either
    (an assistant's words never become content about the contact)."""
    episode.metadata = {**episode.metadata, "reply": reply_summary, "reply_message_id": reply_message_id}
    episode.save(update_fields=["metadata", "updated_at"])


def _embed_later(memory: Memory) -> None:
    """Embed the memory in the deferred tier, after this transaction commits."""
    from memories.tasks import embed_memories

    transaction.on_commit(lambda: embed_memories.delay(memory.tenant_id, memory.contact_id))


def _changed(memory: Memory) -> None:
    # Dropped now (this transaction's later reads rebuild it) and again after commit (a reader
    # in between may have cached the pre-commit state).
    if memory.contact_id is not None:
        contact_id = memory.contact_id
        recent.forget(contact_id)
        transaction.on_commit(lambda: recent.forget(contact_id))


def _record(
    memory: Memory,
    kind: str,
    actor: str,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    message_ids: Sequence[str] = (),
    at: datetime | None = None,
) -> None:
    MemoryEvent.objects.create(
        memory=memory,
        kind=kind,
        actor=actor,
        before=before or {},
        after=after or {},
        source_message_ids=list(message_ids),
        created_at=at or clock.now(),
    )


def _snapshot(memory: Memory) -> dict[str, Any]:
    values = {field: getattr(memory, field) for field in SNAPSHOT_FIELDS}
    if values["expires_at"] is not None:
        values["expires_at"] = values["expires_at"].isoformat()
    return values


def _union(current: Sequence[str], extra: Sequence[str]) -> list[str]:
    return list(dict.fromkeys([*current, *extra]))


@dataclass(frozen=True)
class PatternDraft:
    """A pattern to write for a contact: its sentence, the slot it holds (``theme:<entity ref>``, "" for an embedding
    cluster), the entity it is about (if any) and the episodes it summarises, oldest first (its provenance)."""

    contact: Contact
    content: str
    slot: str
    entity: ContactEntity | None
    episodes: Sequence[Memory]
    importance: float | None = None  # THEME_PATTERN_IMPORTANCE unless given
    mattered_at: datetime | None = None  # when it is written unless given (a month's summary: its last episode's)
    decay_rate: float | None = None  # the pattern's default unless given


def patterns_create(*, drafts: Sequence[PatternDraft], at: datetime) -> list[Memory]:
    """``memory_create`` of many patterns at once (consolidation's compression): the same rows, entity links and
    "created" events, in one INSERT each. The caller drops the contacts' recent-memory caches."""
    if not drafts:
        return []
    patterns = Memory.objects.bulk_create(
        Memory(
            tenant_id=draft.contact.tenant_id, contact=draft.contact, memory_type=MemoryType.PATTERN,
            content=draft.content, source=MemorySource.CONSOLIDATION,
            importance=settings.THEME_PATTERN_IMPORTANCE if draft.importance is None else draft.importance,
            slot=draft.slot,
            decay_rate=settings.MEMORY_DEFAULTS[MemoryType.PATTERN]["decay_rate"]
            if draft.decay_rate is None
            else draft.decay_rate,
            metadata={"compressed_from": [e.pk for e in draft.episodes]},
            source_message_ids=list(dict.fromkeys(_message_ids(draft.episodes))), valid_from=at, created_at=at,
            mattered_at=draft.mattered_at or at,
        )
        for draft in drafts
    )  # fmt: skip
    Memory.entities.through.objects.bulk_create(
        Memory.entities.through(memory_id=pattern.pk, contactentity_id=draft.entity.pk)
        for pattern, draft in zip(patterns, drafts, strict=True)
        if draft.entity is not None
    )
    MemoryEvent.objects.bulk_create(
        MemoryEvent(
            memory=pattern, kind=MemoryEventKind.CREATED, actor="system", before={}, after=_snapshot(pattern),
            source_message_ids=_message_ids(draft.episodes), created_at=at,
        )
        for pattern, draft in zip(patterns, drafts, strict=True)
    )  # fmt: skip
    for pattern in {pattern.contact_id: pattern for pattern in patterns}.values():
        _embed_later(pattern)  # one task per contact embeds all its memories still without a vector
    return patterns


def pattern_rewrite(
    *, pattern: Memory, content: str, episodes: Sequence[Memory], mattered_at: datetime, at: datetime
) -> Memory:
    """A summary pattern said anew from its episodes (a month's summary that took in more of the month, or gave some
    to a theme): new content, re-embedded; ``episodes`` joins its provenance, and it mattered at ``mattered_at`` if
    that is later. Its importance is untouched: a summary growing is not the contact saying something again."""
    before = _snapshot(pattern)
    pattern.content = content
    pattern.source_message_ids = _union(pattern.source_message_ids, _message_ids(episodes))
    pattern.metadata = {
        **pattern.metadata,
        "compressed_from": list(
            dict.fromkeys([*pattern.metadata.get("compressed_from", []), *(e.pk for e in episodes)])
        ),
    }
    pattern.mattered_at = max(pattern.mattered_at, mattered_at)
    pattern.embedding, pattern.embedding_model = None, ""
    pattern.save(
        update_fields=[
            "content",
            "source_message_ids",
            "metadata",
            "mattered_at",
            "embedding",
            "embedding_model",
            "updated_at",
        ]
    )
    _record(pattern, MemoryEventKind.EDITED, "consolidation", before, _snapshot(pattern), _message_ids(episodes), at)
    _changed(pattern)
    _embed_later(pattern)
    return pattern


def memories_compress(*, compressions: Sequence[tuple[Memory, Sequence[Memory]]], at: datetime) -> None:
    """Each pattern's episodes summarised by it: kept for history, out of context from now on. Set-based (one UPDATE,
    one INSERT of their "compressed" events): a periodic pass compresses tens of thousands. The caller drops the
    contacts' recent-memory caches."""
    if not compressions:
        return
    updated_at = timezone.now()
    events = []
    for pattern, episodes in compressions:
        for episode in episodes:
            before = _snapshot(episode)
            episode.status, episode.valid_to, episode.superseded_by, episode.updated_at = (
                MemoryStatus.COMPRESSED, at, pattern, updated_at,
            )  # fmt: skip
            events.append(
                MemoryEvent(
                    memory=episode, kind=MemoryEventKind.COMPRESSED, actor="consolidation", before=before,
                    after={**_snapshot(episode), "pattern": pattern.pk}, source_message_ids=[], created_at=at,
                )
            )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(
            """UPDATE memories_memory m SET status = %s, valid_to = %s, superseded_by_id = v.pattern_id,
                   updated_at = %s
               FROM unnest(%s::bigint[], %s::bigint[]) AS v(id, pattern_id) WHERE m.id = v.id""",
            [
                MemoryStatus.COMPRESSED, at, updated_at,
                [episode.pk for _, episodes in compressions for episode in episodes],
                [pattern.pk for pattern, episodes in compressions for _ in episodes],
            ],
        )  # fmt: skip
    MemoryEvent.objects.bulk_create(events)


def _message_ids(episodes: Sequence[Memory]) -> list[str]:
    return [message_id for episode in episodes for message_id in episode.source_message_ids]
