"""Storing what an extraction proposes: a candidate memory reinforces its duplicate, supersedes the old
value of its slot, or is created. The rules extractor (ingest's immediate tier) and the LLM extractor
both go through ``candidate_apply``; the caller holds the contact's ContactState row lock, so one
contact's writes see each other."""

from __future__ import annotations

from typing import Any

from contacts.models import Message
from memories.extraction import Candidate
from memories.extraction.injection import FLAG as INJECTION_FLAG
from memories.extraction.injection import looks_like_injection
from memories.extraction.text import content_words, normalise
from memories.models import ContactEntity, Memory, MemorySource, MemoryStatus
from memories.services.entities import entity_resolve
from memories.services.records import memory_create, memory_reinforce, memory_supersede

NEAR_DUPLICATE_OVERLAP = 0.8  # share of content words in common (Jaccard) that counts as "the same"


def candidate_apply(
    *, message: Message, candidate: Candidate, known: list[ContactEntity], recent_rows: list[dict[str, Any]],
    source: str = MemorySource.RULES, importance: float | None = None, expires_at: Any = None,
) -> Memory:  # fmt: skip
    """Store a proposed memory: reinforce a duplicate, supersede the slot's old value, or create."""
    entities = [entity_resolve(contact=message.contact, mention=m, known=known) for m in candidate.entities]
    ids = [message.client_message_id]
    current = _slot_holder(message.contact_id, candidate.slot) if candidate.slot else None
    if current is not None and _same(current.content, candidate.content):
        return memory_reinforce(memory=current, source_message_ids=ids, at=message.sent_at, entities=entities)
    if current is None:
        duplicate = _near_duplicate(candidate, recent_rows)
        if duplicate is not None:
            return memory_reinforce(memory=duplicate, source_message_ids=ids, at=message.sent_at, entities=entities)
    memory = memory_create(
        tenant=message.contact.tenant,
        contact=message.contact,
        memory_type=candidate.memory_type,
        content=candidate.content,
        source=source,
        created_at=message.sent_at,
        slot=candidate.slot,
        metadata=_flagged(dict(candidate.metadata), candidate.content, message.content),
        source_message_ids=ids,
        entities=entities,
        importance=importance,
        expires_at=expires_at,
        embed_later=False,  # the message's deferred tier embeds it, then merges it with its nearest twin
    )
    if current is not None:
        memory_supersede(old=current, new=memory, at=message.sent_at)
    recent_rows.insert(
        0, {"id": memory.pk, "memory_type": memory.memory_type, "content": memory.content, "slot": memory.slot}
    )
    return memory


def _flagged(metadata: dict[str, Any], *texts: str) -> dict[str, Any]:
    """Instruction-like text is kept as what the user said, marked so context_text can say so."""
    if any(looks_like_injection(text) for text in texts):
        metadata["flagged"] = INJECTION_FLAG
    return metadata


def _slot_holder(contact_id: int, slot: str) -> Memory | None:
    return (
        Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE, slot=slot)
        .order_by("-created_at")
        .first()
    )


def _near_duplicate(candidate: Candidate, recent_rows: list[dict[str, Any]]) -> Memory | None:
    for row in recent_rows:
        if row["memory_type"] == candidate.memory_type and _same(row["content"], candidate.content):
            return Memory.objects.filter(pk=row["id"], status=MemoryStatus.ACTIVE).first()
    return None


def _same(a: str, b: str) -> bool:
    if normalise(a) == normalise(b):
        return True
    words_a, words_b = set(content_words(a)), set(content_words(b))
    if not words_a or not words_b:
        return False
    return len(words_a & words_b) / len(words_a | words_b) >= NEAR_DUPLICATE_OVERLAP
