"""``POST /conversations/{id}/resolve``: a conversation's summary becomes a medium-term memory of its
contact, and its short-term thread memory (the Redis session window) ends."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import redis
from django.db import transaction

from config import clock
from config.redis_client import redis_client
from contacts.history import history_key
from contacts.models import ContactState, Conversation, Message, Role
from contacts.selectors import summarise_turns
from memories.models import Memory, MemorySource, MemoryStatus, MemoryType
from memories.services.records import memory_create, memory_supersede

logger = logging.getLogger(__name__)

RESOLUTION_LIFETIME = timedelta(days=30)  # the medium tier: a resolution is remembered this long
RESOLUTION_CONTENT_CHARS = 500
_RESOLUTION_SUMMARY_TOKENS = 120  # a generated summary fits the memory's ~500 characters
_RESOLUTION_MESSAGES = 50  # messages summarised, and user message ids kept as provenance (latest first)


def conversation_resolve(*, conversation: Conversation, summary: str = "", at: datetime | None = None) -> Memory:
    """Resolve a conversation: its summary becomes a medium-term memory of the contact (an episode
    expiring 30 days after ``at``) and its short-term thread memory, the Redis session window, ends.

    ``summary`` is the caller's; without one it is generated from the ledger by the history
    summariser (the LLM when configured, else extractive).

    Idempotent: resolving again returns the current resolution memory and changes nothing, unless
    a *new* ``summary`` is sent, whose memory supersedes the previous one (``resolved_at`` keeps the
    first resolution's time). A resolution memory deleted meanwhile is recreated. Memory writes hold
    the contact's ContactState row lock, like every memory writer, so concurrent resolves of one
    conversation store one memory.

    Short-term memory also ends after 24 h idle: the window's TTL (HISTORY_TTL_SECONDS, renewed on
    each message) does that, nothing here. A message arriving after the resolve simply continues the
    ledger and starts a new window; ``resolved_at`` stays.
    """
    at = at or clock.now()
    summary = summary.strip()
    current = _resolution_unchanged(conversation, summary)
    if current is not None:
        return current
    # Generated before taking the lock: an LLM call may take seconds.
    text = summary or conversation.resolution_summary or _resolution_summary_generate(conversation)
    with transaction.atomic():
        ContactState.objects.select_for_update().filter(contact_id=conversation.contact_id).first()
        conversation.refresh_from_db(fields=["resolved_at", "resolution_summary"])
        current = _resolution_unchanged(conversation, summary)  # a concurrent resolve got there first
        if current is not None:
            return current
        memory = _resolution_record(conversation, text, at)
    _history_forget(conversation)
    return memory


def _resolution_unchanged(conversation: Conversation, summary: str) -> Memory | None:
    """The current resolution memory if this request would not change the resolution."""
    if conversation.resolved_at is None or summary not in ("", conversation.resolution_summary):
        return None
    return _resolution_memory(conversation)


def _resolution_memory(conversation: Conversation) -> Memory | None:
    # The latest one is current: an earlier one was superseded by it.
    return (
        Memory.objects.filter(
            contact_id=conversation.contact_id,
            memory_type=MemoryType.EPISODE,
            metadata__tier="medium_term",
            metadata__conversation_id=conversation.external_id,
        )
        .order_by("-created_at", "-pk")
        .first()
    )


def _resolution_record(conversation: Conversation, text: str, at: datetime) -> Memory:
    """Store the resolution memory, superseding the previous one; the caller holds the state lock."""
    previous = _resolution_memory(conversation) if conversation.resolved_at else None
    memory = memory_create(
        tenant=conversation.contact.tenant,
        contact=conversation.contact,
        memory_type=MemoryType.EPISODE,
        content=_trimmed(f"Resolved: {' '.join(text.split())}", RESOLUTION_CONTENT_CHARS),
        source=MemorySource.API,
        created_at=at,
        metadata={"tier": "medium_term", "conversation_id": conversation.external_id},
        source_message_ids=_user_message_ids(conversation),
        expires_at=at + RESOLUTION_LIFETIME,
        actor="api",
    )
    if previous is not None and previous.status == MemoryStatus.ACTIVE:
        memory_supersede(old=previous, new=memory, at=at, actor="api")
    conversation.resolved_at = conversation.resolved_at or at
    conversation.resolution_summary = text
    conversation.save(update_fields=["resolved_at", "resolution_summary"])
    return memory


def _resolution_summary_generate(conversation: Conversation) -> str:
    """The opening message and the latest ones, summarised like older history turns are."""
    ordered = Message.objects.filter(conversation=conversation).order_by("sent_at", "pk").only("role", "content")
    first = list(ordered[:1])
    if not first:
        return "no messages left in the ledger"  # all of them removed by ledger retention
    latest = list(ordered.reverse()[: _RESOLUTION_MESSAGES - 1])[::-1]
    messages = first + [m for m in latest if m.pk != first[0].pk]
    turns = [{"role": m.role, "content": m.content} for m in messages]
    return summarise_turns(turns, _RESOLUTION_SUMMARY_TOKENS)


def _user_message_ids(conversation: Conversation) -> list[str]:
    ids = (
        Message.objects.filter(conversation=conversation, role=Role.USER)
        .order_by("-sent_at", "-pk")
        .values_list("client_message_id", flat=True)[:_RESOLUTION_MESSAGES]
    )
    return list(ids)[::-1]


def _trimmed(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def _history_forget(conversation: Conversation) -> None:
    """End the short-term thread memory. The ledger keeps every message (the history endpoint
    rebuilds from it), so with Redis down the window merely lives out its TTL."""
    try:
        redis_client().delete(history_key(conversation))
    except redis.RedisError:
        logger.warning(
            "session history cache unavailable; conversation %s's window expires on its own", conversation.pk
        )
