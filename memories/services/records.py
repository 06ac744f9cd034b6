"""Create, reinforce, supersede, merge, edit and delete memories — each change recorded as a
MemoryEvent. Callers hold the contact's ContactState row lock when ordering matters (ingest)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.utils import timezone

from config import clock
from contacts.models import Contact, Tenant
from memories.models import ContactEntity, Memory, MemoryEvent, MemoryEventKind, MemoryStatus
from memories.services import recent

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
) -> Memory:
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
    )
    entity_list = list(entities)
    if entity_list:
        memory.entities.add(*entity_list)
    _record(memory, MemoryEventKind.CREATED, actor, after=_snapshot(memory), message_ids=source_message_ids, at=at)
    _changed(memory)
    return memory


def memory_reinforce(
    *, memory: Memory, source_message_ids: Sequence[str], at: datetime, entities: Iterable[ContactEntity] = ()
) -> Memory:
    """Mentioned again: importance + REINFORCE_BOOST (capped at 1), provenance extended.

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
    memory.save(update_fields=["importance", "source_message_ids", "updated_at"])
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


def memory_merge(*, winner: Memory, loser: Memory, at: datetime) -> Memory:
    """Two memories that say the same thing become one: importance = max + boost, provenance and
    entity links united; the loser stays as superseded, pointing at the winner."""
    before = _snapshot(winner)
    winner.importance = min(1.0, max(winner.importance, loser.importance) + settings.REINFORCE_BOOST)
    winner.source_message_ids = _union(winner.source_message_ids, loser.source_message_ids)
    winner.access_count += loser.access_count
    winner.save(update_fields=["importance", "source_message_ids", "access_count", "updated_at"])
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
        memory_embed_later(memory)
    return memory


def memory_delete(*, memory: Memory) -> None:
    """Gone for good, history included (the message ledger keeps what was said). A contact's memory takes the admin
    log's lines about it too, which quote its text: erasing the contact later finds lines only through rows that
    exist (the deletion itself is logged on the contact). A business memory keeps them: no erasure reaches it."""
    with transaction.atomic():
        if memory.contact_id is not None:
            admin_log_forget(memory)
        memory.delete()
    _changed(memory)


def admin_log_forget(row: models.Model) -> int:
    """Delete the admin log's lines about ``row`` (Django writes them under the row, quoting it), before the row
    itself goes; the caller deletes the row in the same transaction."""
    row_type = ContentType.objects.get_for_model(row)
    return int(LogEntry.objects.filter(content_type=row_type, object_id=str(row.pk)).delete()[0])


def memory_link_reply(*, episode: Memory, reply_message_id: str, reply_summary: str) -> None:
    """Attach the assistant's reply to the episode of the user message it answered — in metadata
    only. Its words are not the episode's content, so it is not the episode's provenance either
    (an assistant's words never become content about the contact)."""
    episode.metadata = {**episode.metadata, "reply": reply_summary, "reply_message_id": reply_message_id}
    episode.save(update_fields=["metadata", "updated_at"])


def memory_embed_later(memory: Memory) -> None:
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


def memories_compress(*, episodes: Sequence[Memory], pattern: Memory, at: datetime) -> None:
    """Episodes of one contact summarised by a pattern: kept for history, out of context from now on. Set-based
    (one UPDATE, one INSERT of their history events): a periodic pass compresses tens of thousands."""
    if not episodes:
        return
    befores = [_snapshot(episode) for episode in episodes]
    updated_at = timezone.now()
    for episode in episodes:
        episode.status, episode.valid_to, episode.superseded_by, episode.updated_at = (
            MemoryStatus.COMPRESSED, at, pattern, updated_at,
        )  # fmt: skip
    Memory.objects.filter(pk__in=[episode.pk for episode in episodes]).update(
        status=MemoryStatus.COMPRESSED, valid_to=at, superseded_by=pattern, updated_at=updated_at
    )
    MemoryEvent.objects.bulk_create(
        MemoryEvent(
            memory=episode,
            kind=MemoryEventKind.COMPRESSED,
            actor="consolidation",
            before=before,
            after={**_snapshot(episode), "pattern": pattern.pk},
            source_message_ids=[],
            created_at=at,
        )  # fmt: skip
        for episode, before in zip(episodes, befores, strict=True)
    )
    _changed(episodes[0])
