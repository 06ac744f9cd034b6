"""Storing what an extraction proposes: a candidate memory reinforces its duplicate, supersedes the old
value of its slot, or is created. The rules extractor (ingest's immediate tier) and the LLM extractor
both go through ``candidate_apply``; the caller holds the contact's ContactState row lock, so one
contact's writes see each other.

In a slot, what decides is the value, not the wording: a statement of the value the slot's current memory
already holds ("I live in Pune now" after "I moved to Pune") reinforces that memory; only a different value
supersedes it. A slot keeps at most one active memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from contacts.models import Message
from memories.extraction import PARTNER_SLOT, Candidate, extract
from memories.extraction.casing import NAME_GUESSED
from memories.extraction.facts.base import facet
from memories.extraction.injection import FLAG as INJECTION_FLAG
from memories.extraction.injection import looks_like_injection
from memories.extraction.text import content_words, normalise
from memories.extraction.when import plan_date
from memories.models import ContactEntity, Memory, MemorySource, MemoryStatus
from memories.services.enrichment import same_time_if_an_episode
from memories.services.entities import entity_resolve, known_people
from memories.services.records import memory_create, memory_reinforce, memory_supersede

NEAR_DUPLICATE_OVERLAP = 0.8  # share of content words in common (Jaccard) that counts as "the same"
# Source messages re-read for a slot memory's value: its first one made it; more only after a merge or an edit.
_SOURCES_READ = 3


def candidate_apply(
    *, message: Message, candidate: Candidate, known: list[ContactEntity], recent_rows: list[dict[str, Any]],
    source: str = MemorySource.RULES, importance: float | None = None, expires_at: Any = None,
) -> Memory:  # fmt: skip
    """Store a proposed memory: reinforce a duplicate, supersede the slot's old value, or create."""
    candidate, expires_at = _dated(candidate, message.sent_at, expires_at)
    entities = [entity_resolve(contact=message.contact, mention=m, known=known) for m in candidate.entities]
    ids = [message.client_message_id]
    holders = _slot_holders(message.contact_id, candidate.slot) if candidate.slot else []
    current = holders[0] if holders else None
    if current is not None and _restates(current, candidate, known):
        memory = memory_reinforce(memory=current, source_message_ids=ids, at=message.sent_at, entities=entities)
        _retire(holders[1:], by=memory, at=message.sent_at)
        return memory
    if current is not None and candidate.metadata.get(NAME_GUESSED):
        return current  # a name read from lowercase ("my mom texted me"?) fills an empty slot, never replaces a value
    if current is None:
        duplicate = _near_duplicate(candidate, recent_rows, message.sent_at)
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
    _retire(holders, by=memory, at=message.sent_at)
    if candidate.slot == PARTNER_SLOT and _ENDED in candidate.value:  # a break-up ends the wedding being planned
        _retire(_slot_holders(message.contact_id, "plan:wedding"), by=memory, at=message.sent_at)
    recent_rows.insert(
        0, {"id": memory.pk, "memory_type": memory.memory_type, "content": memory.content, "slot": memory.slot}
    )
    return memory


def _dated(candidate: Candidate, sent_at: datetime, expires_at: Any) -> tuple[Candidate, Any]:
    """A plan's fact with its date said so that it stays true ("in June" → "in June 2027"), expiring once the plan
    is over (``when.plan_date``); any other candidate as it is."""
    plan = plan_date(candidate.happens, sent_at) if candidate.happens else None
    if plan is None:
        return candidate, expires_at
    return replace(candidate, content=candidate.content.replace(candidate.happens, plan.said)), expires_at or plan.over


def _flagged(metadata: dict[str, Any], *texts: str) -> dict[str, Any]:
    """Instruction-like text is kept as what the user said, marked so context_text can say so."""
    if any(looks_like_injection(text) for text in texts):
        metadata["flagged"] = INJECTION_FLAG
    return metadata


def _slot_holders(contact_id: int, slot: str) -> list[Memory]:
    """The slot's active memories, the current one first. One, or none: more only where an earlier writer left
    two (the next statement in the slot retires the others)."""
    holders = Memory.objects.filter(contact_id=contact_id, status=MemoryStatus.ACTIVE, slot=slot)
    return list(holders.order_by("-created_at", "-pk"))


_ENDED = facet("relation", "ex")  # the partner slot's value when they broke up or separated (extraction.household)


def _retire(holders: list[Memory], *, by: Memory, at: datetime) -> None:
    for holder in holders:
        memory_supersede(old=holder, new=by, at=at)


def _restates(holder: Memory, candidate: Candidate, known: list[ContactEntity]) -> bool:
    """True when the candidate says nothing the slot's current memory does not: every facet of its value is
    held already ("Has a dog named Bruno" restates "Has a golden retriever named Bruno", not the reverse).
    Without a value on either side (an LLM memory, a staff edit), the wording decides."""
    held = _held_value(holder, known) if candidate.value else None
    if held is None:
        return _same(holder.content, candidate.content)
    return set(candidate.value) <= set(held)


def _held_value(holder: Memory, known: list[ContactEntity]) -> tuple[str, ...] | None:
    """The value of the statement the memory was made from, read again from its first source messages as the rules
    read it; None when none of them yields the memory's own text (erased from the ledger, edited, not the rules')."""
    messages = Message.objects.filter(
        tenant_id=holder.tenant_id, client_message_id__in=holder.source_message_ids[:_SOURCES_READ]
    ).only("content", "role")
    people = known_people(known)  # the holder's contact's entities, as the message's extraction knew them
    for source in messages:
        for said in extract(source.content, role=source.role, people=people).candidates:
            if said.slot == holder.slot and said.content == holder.content and said.value:
                return said.value
    return None


def _near_duplicate(candidate: Candidate, recent_rows: list[dict[str, Any]], at: datetime) -> Memory | None:
    for row in recent_rows:
        if row["memory_type"] == candidate.memory_type and _same(row["content"], candidate.content):
            when = same_time_if_an_episode(memory_type=candidate.memory_type, at=at)
            return Memory.objects.filter(when, pk=row["id"], status=MemoryStatus.ACTIVE).first()
    return None


def _same(a: str, b: str) -> bool:
    if normalise(a) == normalise(b):
        return True
    words_a, words_b = set(content_words(a)), set(content_words(b))
    if not words_a or not words_b:
        return False
    return len(words_a & words_b) / len(words_a | words_b) >= NEAR_DUPLICATE_OVERLAP
