"""The per-message pipeline: the immediate tier (inline, in the request) and the deferred tier
(Celery). Both are idempotent: a message already extracted / processed is skipped, so a retried
task or a replayed backfill changes nothing the second time."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from config import clock
from contacts.activity import contact_state_record_activity
from contacts.models import ContactState, Message, ProcessingStatus, Role
from memories.extraction import Candidate, Extraction, extract
from memories.extraction.episodes import summarise
from memories.extraction.injection import FLAG as INJECTION_FLAG
from memories.extraction.injection import looks_like_injection
from memories.extraction.text import content_words, normalise
from memories.models import ContactEntity, Memory, MemorySource, MemoryStatus, MemoryType
from memories.services import recent
from memories.services.entities import contact_entities, entities_mentioned, entity_resolve
from memories.services.records import memory_create, memory_link_reply, memory_reinforce, memory_supersede
from moods.services.crisis import message_crisis_record

logger = logging.getLogger(__name__)
NEAR_DUPLICATE_OVERLAP = 0.8  # share of content words in common (Jaccard) that counts as "the same"


def message_process_inline(*, message_id: int) -> bool:
    """Immediate tier for one ledger message; returns False if there was nothing to do.

    Locks the message row, then the contact's state row, so one contact's memory writes are
    serialised (dedup and supersession see each other) while other contacts proceed in parallel.
    """
    message_crisis_record(message_id=message_id)
    with transaction.atomic():
        message = (
            Message.objects.select_for_update(of=("self",))
            .select_related("contact__tenant", "conversation")
            .filter(pk=message_id)
            .first()
        )
        if message is None or message.extracted_at is not None:
            return False
        state = (
            ContactState.objects.select_for_update(of=("self",))
            .select_related("contact")
            .get(contact_id=message.contact_id)
        )
        if message.role == Role.USER:
            contact_state_record_activity(state=state, conversation=message.conversation, at=message.sent_at)
            state.save()
        _remember(message, extract(message.content, role=message.role))
        message.extracted_at = clock.now()
        message.save(update_fields=["extracted_at"])
    return True


def message_mark_processed(*, message_id: int) -> None:
    Message.objects.filter(pk=message_id, processed_at__isnull=True).update(
        processing_status=ProcessingStatus.DONE, processed_at=clock.now()
    )


def _remember(message: Message, extraction: Extraction) -> None:
    known = contact_entities(message.contact)
    recent_rows = recent.recent_memories(message.contact_id)
    for candidate in extraction.candidates:
        candidate_apply(message=message, candidate=candidate, known=known, recent_rows=recent_rows)
    if message.role == Role.USER and extraction.meaningful and not _said_already(message.content, extraction):
        _record_episode(message, extraction, known, recent_rows)
    elif message.role == Role.ASSISTANT:
        _link_reply(message)


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


def _record_episode(
    message: Message, extraction: Extraction, known: list[ContactEntity], recent_rows: list[dict[str, Any]]
) -> None:
    resolved = [entity_resolve(contact=message.contact, mention=m, known=known) for m in extraction.mentions]
    linked = list({e.pk: e for e in [*resolved, *entities_mentioned(message.content, known)]}.values())
    episode = Candidate(MemoryType.EPISODE, summarise(message.content))
    memory = candidate_apply(message=message, candidate=episode, known=known, recent_rows=recent_rows)
    if linked:
        memory.entities.add(*linked)


def _said_already(text: str, extraction: Extraction) -> bool:
    """True when the facts and preferences already hold every content word of the message
    ("I work at Infosys" → "Works at Infosys"): an episode would only repeat them."""
    if not extraction.candidates:
        return False
    covered = {_stem(w) for c in extraction.candidates for w in content_words(c.content)}
    return all(_stem(w) in covered for w in content_words(text))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _link_reply(message: Message) -> None:
    previous = (
        Message.objects.filter(conversation_id=message.conversation_id, role=Role.USER, sent_at__lte=message.sent_at)
        .exclude(pk=message.pk)
        .order_by("-sent_at", "-pk")
        .values_list("client_message_id", flat=True)
        .first()
    )
    if previous is None:
        return
    episode = Memory.objects.filter(
        contact_id=message.contact_id, memory_type=MemoryType.EPISODE, source_message_ids__contains=[previous]
    ).first()
    if episode is not None:
        memory_link_reply(
            episode=episode, reply_message_id=message.client_message_id, reply_summary=summarise(message.content)
        )


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
