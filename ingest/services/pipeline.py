"""The per-message pipeline: the immediate tier (inline, in the request) and the deferred tier
(Celery). This module coordinates; the work belongs to the apps below (memories extracts, stores,
embeds and merges; moods reads the crisis signal and the mood; consolidation runs its per-contact
pass). Both tiers are idempotent: a message already extracted / processed is skipped, so a retried
task or a replayed backfill changes nothing the second time."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from config import clock
from consolidation.services.deferred import contact_consolidation_schedule
from contacts.activity import contact_state_record_activity
from contacts.models import ContactState, Message, ProcessingStatus, Role
from memories.extraction import Candidate, Extraction, extract
from memories.extraction.episodes import episode_summary, first_words, says_more_than, summarise
from memories.models import ContactEntity, Memory, MemoryStatus, MemoryType
from memories.services import recent
from memories.services.candidates import candidate_apply
from memories.services.enrichment import memories_embed_pending, memory_merge_similar
from memories.services.entities import contact_entities, entities_mentioned, entity_resolve, known_people
from memories.services.llm_extraction import memories_extract_with_llm
from memories.services.records import memory_link_reply
from metrics.instruments import ingest_processed
from moods.services.crisis import message_crisis_record
from moods.services.readings import message_mood_record
from providers import llm

logger = logging.getLogger(__name__)
# An episode keeps this much of the assistant message it answers, to be embedded with (see _replying_to).
REPLYING_TO_MAX_WORDS = 60


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
        known = contact_entities(message.contact)
        _remember(message, extract(message.content, role=message.role, people=known_people(known)), known)
        message.extracted_at = clock.now()
        message.save(update_fields=["extracted_at"])
    return True


def message_mark_processed(*, message_id: int) -> None:
    if Message.objects.filter(pk=message_id, processed_at__isnull=True).update(
        processing_status=ProcessingStatus.DONE, processed_at=clock.now()
    ):
        ingest_processed.inc()  # once per message: a retried task finds it already processed


def message_process_deferred(*, message_id: int) -> None:
    """Finish a message: immediate tier if it never ran, embeddings, merge, LLM extraction.

    Idempotent and safe to retry (EmbeddingError propagates so the task retries); a message
    that no longer exists (contact erased) is a no-op.
    """
    message = Message.objects.select_related("contact").filter(pk=message_id).first()
    if message is None or message.processed_at is not None:
        return
    if message.extracted_at is None:
        message_process_inline(message_id=message_id)
    if message.role == Role.USER and settings.LLM_EXTRACTION_ENABLED and llm.llm_configured():
        memories_extract_with_llm(message=message)
    if message.role == Role.USER:
        _record_mood(message)
    memories_embed_pending(tenant_id=message.contact.tenant_id, contact_id=message.contact_id)
    for memory in Memory.objects.filter(
        contact_id=message.contact_id,
        status=MemoryStatus.ACTIVE,
        source_message_ids__contains=[message.client_message_id],
    ):
        memory_merge_similar(memory=memory)
    message_mark_processed(message_id=message_id)
    contact_consolidation_schedule(contact_id=message.contact_id)


def _record_mood(message: Message) -> None:
    """The mood step must never fail or block the message's processing: any error is logged and the
    message is finished without a mood reading (the next message reads the mood afresh)."""
    try:
        message_mood_record(message_id=message.pk)
    except Exception:  # noqa: BLE001 - by contract, see docstring
        logger.exception("mood classification failed for message %s", message.pk)


def _remember(message: Message, extraction: Extraction, known: list[ContactEntity]) -> None:
    recent_rows = recent.recent_memories(message.contact_id)
    for candidate in extraction.candidates:
        candidate_apply(message=message, candidate=candidate, known=known, recent_rows=recent_rows)
    if message.role == Role.USER and extraction.meaningful and says_more_than(message.content, extraction.candidates):
        _record_episode(message, extraction, known, recent_rows)
    elif message.role == Role.ASSISTANT:
        _link_reply(message)


def _record_episode(
    message: Message, extraction: Extraction, known: list[ContactEntity], recent_rows: list[dict[str, Any]]
) -> None:
    summary = episode_summary(message.content)
    if not summary:  # all chat around what happened: questions and reactions to the listener
        return
    resolved = [entity_resolve(contact=message.contact, mention=m, known=known) for m in extraction.mentions]
    linked = list({e.pk: e for e in [*resolved, *entities_mentioned(message.content, known)]}.values())
    replying_to = _replying_to(message)
    episode = Candidate(MemoryType.EPISODE, summary, metadata={"replying_to": replying_to} if replying_to else {})
    memory = candidate_apply(message=message, candidate=episode, known=known, recent_rows=recent_rows)
    if linked:
        memory.entities.add(*linked)


def _replying_to(message: Message) -> str:
    """What the assistant said just before the message, if it was the assistant: the episode is read in its light
    ("Bruno!" answers "what's your dog called?"), so it is embedded with it (``memories.services.enrichment``).
    Its first REPLYING_TO_MAX_WORDS words; "" when the conversation opens with the message or the user spoke last."""
    previous = (
        Message.objects.filter(conversation_id=message.conversation_id)
        .filter(Q(sent_at__lt=message.sent_at) | Q(sent_at=message.sent_at, pk__lt=message.pk))
        .order_by("-sent_at", "-pk")
        .values_list("role", "content")
        .first()
    )
    if previous is None or previous[0] != Role.ASSISTANT:
        return ""
    return first_words(previous[1], REPLYING_TO_MAX_WORDS)


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
