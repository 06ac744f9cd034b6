"""The optional LLM extraction: one structured-output call per user message, its answer validated into the rules'
types (memories.extraction.llm), and what passes stored through ``candidate_apply`` like rule output. Ingest's
deferred tier decides when it runs (a user message, LLM_EXTRACTION_ENABLED, an LLM configured), after the rules
stored their memories inline: on any failure the rules' memories are what the contact keeps."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction

from contacts.models import ContactState, Message
from memories.extraction.llm import PROMPT, SCHEMA, SCHEMA_NAME, AnswerNotSchema, LLMExtraction, llm_answer_read
from memories.models import MemorySource
from memories.services import recent
from memories.services.candidates import candidate_apply
from memories.services.entities import contact_entities
from providers import llm

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000  # as the rules: the start of a very long message
_MAX_TOKENS = 1200  # room for ten memories and their entities


def llm_extract(*, text: str) -> LLMExtraction:
    """What the LLM reads in a message, validated; no database. Raises llm.LLMUnavailable on any failure, an answer
    that is not the schema included."""
    answer = llm.complete_structured(
        system=PROMPT, user=text[:MAX_MESSAGE_CHARS], name=SCHEMA_NAME, schema=SCHEMA,
        timeout=settings.LLM_EXTRACTION_TIMEOUT_SECONDS, max_tokens=_MAX_TOKENS,
    )  # fmt: skip
    try:
        return llm_answer_read(answer)
    except AnswerNotSchema as err:
        raise llm.LLMUnavailable(f"LLM answer is not the extraction schema ({err})") from err


def memories_extract_with_llm(*, message: Message) -> int:
    """Store what the LLM reads in a user message (profile spec: typed, slotted, with lifetimes), deduplicated and
    superseding like rule output; returns how many memories it proposed. Any LLM failure is logged and skipped.
    Idempotent: a redelivered task restates the same memories from the same message, which reinforces nothing."""
    try:
        extraction = llm_extract(text=message.content)
    except llm.LLMUnavailable as exc:
        logger.info("LLM extraction skipped for message %s: %s", message.pk, exc)
        return 0
    known = contact_entities(message.contact)
    recent_rows = recent.recent_memories(message.contact_id)
    with transaction.atomic():
        ContactState.objects.select_for_update().filter(contact_id=message.contact_id).first()
        for memory in extraction.memories:
            days = memory.lifetime_days
            candidate_apply(
                message=message,
                candidate=memory.candidate,
                known=known,
                recent_rows=recent_rows,
                source=MemorySource.LLM,
                importance=memory.importance,
                expires_at=None if days is None else message.sent_at + timedelta(days=days),
            )
    return len(extraction.memories)
