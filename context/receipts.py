"""The context receipt (issue 19): why ``GET /context?explain=true`` returned what it did.

For every memory of the contact: its score and the signals it was computed from, whether it went into the context
and, if not, why — ``budget`` (a candidate whose line did not fit), ``not_candidate`` (below the similarity cut:
``memories.retrieval.ranking._similar_enough``), or, outside the eligible set, ``superseded``, ``compressed``,
``expired``, ``forgotten`` and ``below_threshold`` (importance under RETRIEVAL_MIN_IMPORTANCE, not durable). Built in
the explain path only: the ranking already returns the eligible memories (``rank_for_query(explain=True)``); the
others are one plain query.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings

from contacts.models import Contact
from context.budget import Chosen, durable_budget_for, line_tokens
from context.context_text import memory_line
from memories.durability import is_durable
from memories.models import Memory, MemoryStatus
from memories.retrieval.ranking import RankedMemory, retrieval_weights
from memories.retrieval.subject import query_as_matched

INCLUDED_AS_DURABLE = "durable"  # went in first, within the durable budget
INCLUDED_BY_SCORE = "score"
DROPPED_BUDGET = "budget"
DROPPED_NOT_CANDIDATE = "not_candidate"
DROPPED_BELOW_THRESHOLD = "below_threshold"
DROPPED_EXPIRED = "expired"


@dataclass(frozen=True)
class ReceiptSignals:
    """A memory's score terms, each in [0, 1]; the similarity ones are None without a query."""

    similarity: float | None
    dense: float | None
    lexical: float | None
    recency: float
    importance: float
    access_frequency: float
    entity_match: float


@dataclass(frozen=True)
class ReceiptWeights:
    """The weights the scores used (the tenant's overrides applied); similarity is None without a query."""

    similarity: float | None
    recency: float
    importance: float
    access_frequency: float
    entity_match: float


@dataclass(frozen=True)
class ReceiptItem:
    id: int
    memory_type: str
    content: str
    importance: float
    score: float | None  # None: outside the eligible set, never scored
    signals: ReceiptSignals | None
    included: bool
    included_as: str | None  # "durable" or "score" when included
    reason: str | None  # why it was dropped; None when included
    tokens: int | None  # its context line's cost; None outside the eligible set (it has no line)
    durable: bool
    candidate: bool
    source_message_ids: tuple[str, ...]
    created_at: datetime
    outdated_since: datetime | None
    superseded_by: int | None
    valid_to: datetime | None


@dataclass(frozen=True)
class ContextReceipt:
    query: str
    matched_query: str  # what the memories were matched against: the query without the contact's name
    subject: bool  # the query names the contact: every memory matches it as the entity
    weights: ReceiptWeights
    candidates: int  # how many memories were candidates (the most similar, entity-matched, durable)
    min_importance: float  # RETRIEVAL_MIN_IMPORTANCE
    memory_budget: int
    durable_budget: int
    memory_tokens: int
    items: tuple[ReceiptItem, ...]  # included (in the body's order), then the dropped ones


def context_receipt_get(
    *,
    contact: Contact,
    query: str,
    ranked: Sequence[RankedMemory],
    chosen: Sequence[Chosen],
    memory_budget: int,
    ceiling: int | None,
    now: datetime,
) -> ContextReceipt:
    """The receipt of one /context read: ``ranked`` is the ranking with ``explain=True`` (candidates, then the
    other eligible memories), ``chosen`` what the budget took from the candidates under ``memory_budget``
    (``ceiling``: the caller's ?budget=). One query: the memories outside the eligible set."""
    matched, subject = query_as_matched(query, contact.display_name)
    taken = {c.memory.id: c for c in chosen}
    included = [_included(c) for c in chosen]
    dropped = [_dropped(m, now) for m in ranked if m.id not in taken]
    outside = _ineligible_memories(contact=contact, eligible_ids=[m.id for m in ranked], now=now)
    ineligible = [_ineligible(memory, reason) for memory, reason in outside]
    return ContextReceipt(
        query=query,
        matched_query=matched,
        subject=subject,
        weights=_weights(retrieval_weights(contact.tenant), has_query=bool(query)),
        candidates=sum(m.candidate for m in ranked),
        min_importance=settings.RETRIEVAL_MIN_IMPORTANCE,
        memory_budget=memory_budget,
        durable_budget=durable_budget_for(durable_budget=settings.DURABLE_CONTEXT_TOKENS, ceiling=ceiling),
        memory_tokens=sum(c.tokens for c in chosen),
        items=tuple(included + dropped + ineligible),
    )


def _ineligible_memories(*, contact: Contact, eligible_ids: Sequence[int], now: datetime) -> list[tuple[Memory, str]]:
    """The contact's memories the ranking did not see (``eligible_ids``: all it did, with ``explain=True``), each with
    the reason, newest first; text and provenance only, never the vectors. Read by id rather than by the eligible
    rule negated in SQL: NOT over a missing metadata key is NULL, which would lose a plain preference below the
    threshold. A memory created since the ranking read its rows is no receipt's business: it is left out."""
    memories = (
        Memory.objects.filter(contact=contact)
        .exclude(pk__in=eligible_ids)
        .only(
            "memory_type", "content", "importance", "status", "expires_at", "metadata", "source_message_ids",
            "created_at", "valid_to", "superseded_by",
        )
        .order_by("-created_at", "-pk")
    )  # fmt: skip
    reasons = ((memory, _ineligible_reason(memory, now)) for memory in memories)
    return [(memory, reason) for memory, reason in reasons if reason is not None]


def _included(chosen: Chosen) -> ReceiptItem:
    memory = chosen.memory
    return _ranked_item(
        memory,
        included_as=INCLUDED_AS_DURABLE if chosen.as_durable else INCLUDED_BY_SCORE,
        reason=None,
        tokens=chosen.tokens,
    )


def _dropped(memory: RankedMemory, now: datetime) -> ReceiptItem:
    reason = DROPPED_BUDGET if memory.candidate else DROPPED_NOT_CANDIDATE
    return _ranked_item(memory, included_as=None, reason=reason, tokens=line_tokens(memory_line(memory, now)))


def _ranked_item(memory: RankedMemory, *, included_as: str | None, reason: str | None, tokens: int) -> ReceiptItem:
    return ReceiptItem(
        id=memory.id, memory_type=memory.memory_type, content=memory.content, importance=memory.importance,
        score=memory.score, signals=_signals(memory.signals), included=included_as is not None,
        included_as=included_as, reason=reason, tokens=tokens, durable=memory.durable, candidate=memory.candidate,
        source_message_ids=tuple(memory.source_message_ids), created_at=memory.created_at,
        outdated_since=memory.outdated_since, superseded_by=None, valid_to=None,
    )  # fmt: skip


def _ineligible(memory: Memory, reason: str) -> ReceiptItem:
    return ReceiptItem(
        id=memory.pk, memory_type=memory.memory_type, content=memory.content, importance=memory.importance,
        score=None, signals=None, included=False, included_as=None, reason=reason,
        tokens=None, durable=is_durable(memory_type=memory.memory_type, metadata=memory.metadata), candidate=False,
        source_message_ids=tuple(memory.source_message_ids), created_at=memory.created_at, outdated_since=None,
        superseded_by=memory.superseded_by_id, valid_to=memory.valid_to,
    )  # fmt: skip


def _ineligible_reason(memory: Memory, now: datetime) -> str | None:
    """Why the ranking's eligible set (``ranking._ELIGIBLE_SQL``) leaves it out: its status when not active
    (superseded, compressed, expired, forgotten); else past ``expires_at`` (the lifecycle has not marked it yet); else
    its importance under RETRIEVAL_MIN_IMPORTANCE and not durable. None: it is eligible."""
    if memory.status != MemoryStatus.ACTIVE:
        return memory.status
    if memory.expires_at is not None and memory.expires_at <= now:
        return DROPPED_EXPIRED
    durable = is_durable(memory_type=memory.memory_type, metadata=memory.metadata)
    if memory.importance < settings.RETRIEVAL_MIN_IMPORTANCE and not durable:
        return DROPPED_BELOW_THRESHOLD
    return None


def _signals(signals: Mapping[str, float]) -> ReceiptSignals:
    return ReceiptSignals(
        similarity=signals.get("similarity"),
        dense=signals.get("dense"),
        lexical=signals.get("lexical"),
        recency=signals["recency"],
        importance=signals["importance"],
        access_frequency=signals["access_frequency"],
        entity_match=signals["entity_match"],
    )


def _weights(weights: Mapping[str, float], *, has_query: bool) -> ReceiptWeights:
    return ReceiptWeights(
        similarity=weights["similarity"] if has_query else None,
        recency=weights["recency"],
        importance=weights["importance"],
        access_frequency=weights["access_frequency"],
        entity_match=weights["entity_match"],
    )
