"""Score one owner's memories — a contact's, or the tenant's business memory (contact is null) —
against a query:

    score = similarity × w_sim + recency × w_rec + importance × w_imp
            + access_frequency × w_acc + entity_match × w_ent

similarity is hybrid (cosine fused with BM25 over the owner's memories); recency = 1 − days since
last access (or creation) / 365, clamped to [0, 1]; access_frequency = min(access_count / 20, 1); entity_match = 1
when the query names an entity linked to the memory, or names the contact whose memory it is (``subject``, see
``memories.retrieval.subject``). Without a query the similarity term is dropped and the rest renormalised.

Each ranked memory carries its ``signals`` (the five terms, and the similarity's dense and lexical parts) for the
context receipt (``GET /context?explain=true``); ``explain=True`` also returns the memories that were not candidates
(``candidate`` False), scored the same way, after the candidates.

Two marks travel with each memory for ``/context``: ``durable`` (``memories.durability``: who the person is, kept
eligible however low its importance has decayed) and, for an episode, ``outdated_since`` — when a fact it told was
replaced (see ``_OUTDATED_SQL``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, NamedTuple

from django.conf import settings
from django.db import connection

from contacts.models import Contact, Tenant
from memories.durability import durable_sql
from memories.retrieval.lexical import DocumentStats, bm25_scores
from providers.embeddings import embedding_model

SIGNALS = ("similarity", "recency", "importance", "access_frequency", "entity_match")
# A context line's tokens besides its content: "- [episode] " or "- [fact] ", the quotes, and the day ("(8 May 2023)")
# or the importance ("(importance: 0.70)").
LINE_FRAME_TOKENS = 12


@dataclass(frozen=True)
class RankedMemory:
    id: int
    memory_type: str
    content: str
    importance: float
    score: float
    similarity: float
    entity_match: bool
    source_message_ids: list[str]
    created_at: datetime
    flagged: bool = False  # Memory.metadata["flagged"]: e.g. text that reads like instructions to a model
    entity_ids: tuple[int, ...] = ()  # the ContactEntity rows linked to the memory
    durable: bool = False  # a contact's durable memory (memories.durability)
    outdated_since: datetime | None = None  # an episode whose fact was replaced then (see _OUTDATED_SQL)
    # The score's terms by SIGNALS name, plus "dense" (cosine, 0 without a vector) and "lexical" (BM25 scaled so the
    # owner's best match scores 1) that make up "similarity". Empty for a memory ranked without them.
    signals: Mapping[str, float] = field(default_factory=dict)
    candidate: bool = True  # False: returned only by explain=True, not among the query's candidates


def retrieval_weights(tenant: Tenant) -> dict[str, float]:
    """Contact memory: settings' weights with the tenant's valid overrides applied."""
    return _weights(settings.RETRIEVAL_WEIGHTS, tenant, "retrieval_weights")


def business_retrieval_weights(tenant: Tenant) -> dict[str, float]:
    """Business memory: the AI Brain weights with the tenant's valid overrides applied."""
    return _weights(settings.BUSINESS_RETRIEVAL_WEIGHTS, tenant, "business_retrieval_weights")


@dataclass(frozen=True)
class Owner:
    """Whose memories are ranked, as a condition on ``memories_memory m`` (SQL of ours, values as parameters)."""

    condition: str
    params: dict[str, Any]


def contact_owner(contact: Contact) -> Owner:
    return Owner("m.contact_id = %(owner_contact)s", {"owner_contact": contact.pk})


def business_owner(tenant: Tenant) -> Owner:
    """The tenant's business memory: never a contact's (the partial (tenant, status) index serves it)."""
    return Owner("m.tenant_id = %(owner_tenant)s AND m.contact_id IS NULL", {"owner_tenant": tenant.pk})


def rank_contact_memories(
    *,
    contact: Contact,
    weights: dict[str, float],
    now: datetime,
    query_vector: Sequence[float] | None = None,
    query_text: str = "",
    entity_ids: Sequence[int] = (),
    keep_durable: bool = False,
    subject: bool = False,
    explain: bool = False,
    budget: int = 0,
    at_least: int = 0,
) -> list[RankedMemory]:
    """One contact's memories ranked (see ``rank_memories``)."""
    return rank_memories(
        owner=contact_owner(contact), weights=weights, now=now, query_vector=query_vector, query_text=query_text,
        entity_ids=entity_ids, keep_durable=keep_durable, subject=subject, explain=explain, budget=budget,
        at_least=at_least,
    )  # fmt: skip


def rank_memories(
    *,
    owner: Owner,
    weights: dict[str, float],
    now: datetime,
    query_vector: Sequence[float] | None = None,
    query_text: str = "",
    entity_ids: Sequence[int] = (),
    keep_durable: bool = False,
    subject: bool = False,
    explain: bool = False,
    budget: int = 0,
    at_least: int = 0,
) -> list[RankedMemory]:
    """Candidates (the most similar memories: enough for the token ``budget`` the caller will fill, and at least
    ``at_least`` of them — ``_similar_enough`` — ∪ entity-matched, ∪ the durable ones with ``keep_durable``: /context
    always shows those; without a query, every eligible memory) among the memories
    ``owner`` selects (``contact_owner`` or ``business_owner``), ranked by score. ``subject``: the query names the
    owner (every memory matches it as an entity). ``explain``: the other eligible memories too, ranked after the
    candidates, ``candidate`` False. One SQL query; exact distances over the owner's rows (a B-tree on contact, or on
    tenant for business memory)."""
    rows = _eligible(owner, now, query_vector, query_text)
    has_query = query_vector is not None or bool(query_text)
    mentioned = frozenset(entity_ids)
    similarities = _similarities(rows, query_vector is not None)
    pool = _Pool(budget, max(settings.RETRIEVAL_CANDIDATES, at_least))
    chosen = _candidates(rows, similarities, mentioned, keep_durable, pool) if has_query else rows
    context = _Scoring(weights, now, has_query, mentioned, subject)
    ranked = _by_score([_ranked(row, similarities[row.id], context) for row in chosen])
    if not explain or len(chosen) == len(rows):
        return ranked
    taken = {row.id for row in chosen}
    others = [
        replace(_ranked(row, similarities[row.id], context), candidate=False) for row in rows if row.id not in taken
    ]
    return ranked + _by_score(others)


def _by_score(ranked: list[RankedMemory]) -> list[RankedMemory]:
    return sorted(ranked, key=lambda m: (-m.score, -m.created_at.timestamp(), -m.id))


def _weights(defaults: dict[str, float], tenant: Tenant, key: str) -> dict[str, float]:
    """``defaults`` with the tenant's valid overrides from ``Tenant.settings[key]`` (known signals, 0..1)."""
    weights = dict(defaults)
    overrides = (tenant.settings or {}).get(key) or {}
    for name, value in overrides.items():
        if name in SIGNALS and isinstance(value, int | float) and 0 <= value <= 1:
            weights[name] = float(value)
    return weights


class _Row(NamedTuple):
    id: int
    memory_type: str
    content: str
    importance: float
    access_count: int
    accessed_at: datetime | None
    created_at: datetime
    source_message_ids: list[str]
    flagged: str | None  # metadata -> 'flagged' as JSON text
    cos: float | None  # None: no query vector, or a vector of another model (mid re-embedding)
    entity_ids: list[int]
    length: int
    query_terms: list[str]
    query_term_counts: list[int]
    durable: bool
    outdated_since: datetime | None


# The hot read of GET /context: written as SQL because it is one, and because building and reading it through the
# ORM cost more than running it (~100 rows a contact). Per memory it also returns what BM25 needs (its length in
# lexeme occurrences, the query's lexemes in it and their counts — computed by PostgreSQL from the stored
# search_vector, the same tsvector the lexical index uses) and its linked entities, so no other query is needed.
_ELIGIBLE_SQL = """
WITH query AS (
    SELECT coalesce(array_agg(lexeme), ARRAY[]::text[]) AS lexemes FROM unnest(to_tsvector('english', %(query_text)s))
), {replaced}
SELECT m.id, m.memory_type, m.content, m.importance, m.access_count, m.accessed_at, m.created_at,
       m.source_message_ids, m.metadata -> 'flagged',
       CASE WHEN m.embedding_model = %(model)s THEN 1 - (m.embedding <=> %(vector)s::vector) END,
       links.ids, stats.length, stats.terms, stats.counts, {durable}, {outdated}
FROM memories_memory m CROSS JOIN query CROSS JOIN LATERAL (
    SELECT ARRAY(SELECT link.contactentity_id FROM memories_memory_entities link WHERE link.memory_id = m.id) AS ids
) links CROSS JOIN LATERAL (
    SELECT coalesce(sum(coalesce(array_length(t.positions, 1), 1)), 0)::integer AS length,
           coalesce(array_agg(t.lexeme) FILTER (WHERE t.lexeme = ANY(query.lexemes)), ARRAY[]::text[]) AS terms,
           coalesce(array_agg(coalesce(array_length(t.positions, 1), 1)) FILTER (WHERE t.lexeme = ANY(query.lexemes)),
                    ARRAY[]::integer[]) AS counts
    FROM unnest(m.search_vector) t
) stats
WHERE {owner} AND m.status = 'active' AND (m.importance >= %(min_importance)s OR {durable})
  AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
ORDER BY m.id
"""

# When an episode's content is no longer current (issue 17: "I live in Leeds with my beagle" after the move to York).
# ``replaced``: the owner's facts and preferences superseded by a successor, read once per query (a handful of rows),
# each with the messages it came from that its successor did not, and its entities no active fact or preference is
# linked to any more (the old value: location:leeds). An episode is outdated since the earliest such replacement
# that shares one of its messages or one of its entities. A merge leaves its loser superseded too, but the winner
# holds the loser's messages and entities, so a merge never marks an episode. NULL: current.
_REPLACED_SQL = """replaced AS MATERIALIZED (
    SELECT m.valid_to,
           ARRAY(SELECT unnest(m.source_message_ids) EXCEPT SELECT unnest(successor.source_message_ids))::text[]
               AS messages,
           ARRAY(SELECT link.contactentity_id FROM memories_memory_entities link WHERE link.memory_id = m.id
                 AND NOT EXISTS (
                     SELECT 1 FROM memories_memory_entities other JOIN memories_memory live ON live.id = other.memory_id
                     WHERE other.contactentity_id = link.contactentity_id AND live.contact_id = m.contact_id
                       AND live.status = 'active' AND live.memory_type IN ('fact', 'preference'))) AS entities
    FROM memories_memory m JOIN memories_memory successor ON successor.id = m.superseded_by_id
    WHERE {owner} AND m.status = 'superseded' AND m.memory_type IN ('fact', 'preference')
)"""
_OUTDATED_SQL = """CASE WHEN m.memory_type = 'episode' AND m.contact_id IS NOT NULL THEN (
    SELECT min(replaced.valid_to) FROM replaced
    WHERE replaced.messages && m.source_message_ids::text[] OR replaced.entities && links.ids
) END"""
# A contact's durable memory (business memory has no durable rule: it decays and is pruned as before).
_DURABLE_SQL = f"(m.contact_id IS NOT NULL AND {durable_sql('m')})"


def _eligible(owner: Owner, now: datetime, vector: Sequence[float] | None, query_text: str) -> list[_Row]:
    """The owner's active, unexpired memories above RETRIEVAL_MIN_IMPORTANCE (durable ones whatever their
    importance: decay lowers their rank, never their presence), with cosine and BM25 statistics."""
    params = {
        **owner.params,
        "query_text": query_text,
        "model": embedding_model(),
        "vector": _vector_literal(vector) if vector is not None else None,
        "min_importance": settings.RETRIEVAL_MIN_IMPORTANCE,
        "now": now,
    }
    with connection.cursor() as cursor:
        sql = _ELIGIBLE_SQL.format(
            owner=owner.condition,
            replaced=_REPLACED_SQL.format(owner=owner.condition),
            durable=_DURABLE_SQL,
            outdated=_OUTDATED_SQL,
        )
        cursor.execute(sql, params)
        return [_Row._make(row) for row in cursor.fetchall()]


def _vector_literal(vector: Sequence[float]) -> str:
    # pgvector's text form; repr() keeps every float's digits
    return "[" + ",".join(repr(float(x)) for x in vector) + "]"


class _Similarity(NamedTuple):
    fused: float  # what the score uses
    dense: float
    lexical: float


def _similarities(rows: list[_Row], dense: bool) -> dict[int, _Similarity]:
    """Hybrid similarity in [0, 1]: cosine and BM25 over the owner's memories (scaled so the
    best scores 1), mixed by RETRIEVAL_DENSE_SHARE; BM25 alone if there is no vector."""
    query_terms = frozenset(term for row in rows for term in row.query_terms)
    documents = {row.id: _document_stats(row) for row in rows}
    lexical = bm25_scores(documents, query_terms)
    any_word_found = any(score > 0 for score in lexical.values())
    # Without a vector the words alone speak; with no query word found anywhere, the cosine.
    share = (settings.RETRIEVAL_DENSE_SHARE if any_word_found else 1.0) if dense else 0.0
    similarities = {}
    for row in rows:
        cosine = max(row.cos or 0.0, 0.0)
        similarities[row.id] = _Similarity(share * cosine + (1 - share) * lexical[row.id], cosine, lexical[row.id])
    return similarities


def _document_stats(row: _Row) -> DocumentStats:
    return DocumentStats(row.length, dict(zip(row.query_terms, row.query_term_counts, strict=True)))


def _candidates(
    rows: list[_Row], similarities: dict[int, _Similarity], mentioned: frozenset[int], keep_durable: bool, pool: _Pool
) -> list[_Row]:
    by_similarity = sorted(rows, key=lambda row: -similarities[row.id].fused)
    top = _similar_enough(by_similarity, pool)
    chosen = {row.id for row in top}
    return top + [
        row
        for row in rows
        if row.id not in chosen and (not mentioned.isdisjoint(row.entity_ids) or (keep_durable and row.durable))
    ]


class _Pool(NamedTuple):
    budget: int  # the tokens the caller will fill with the ranked memories' lines (0: none said)
    at_least: int  # the fewest of the most similar to take: RETRIEVAL_CANDIDATES, or more a caller needs


def _similar_enough(by_similarity: Sequence[_Row], pool: _Pool) -> list[_Row]:
    """The head of ``by_similarity``: at least ``pool.at_least`` memories, and more while their lines hold fewer than
    ``pool.budget`` tokens, so the budget can be filled with memories close to the query (issue 19: 30 lines hold
    ~1,100–1,300 tokens, so a deep contact's 2,000 were never filled — and what filled the rest of a merged list was
    further from the question than the evidence left out)."""
    top: list[_Row] = []
    tokens = 0
    for row in by_similarity:
        if len(top) >= pool.at_least and tokens >= pool.budget:
            break
        top.append(row)
        tokens += line_tokens_estimate(row.content)
    return top


def line_tokens_estimate(content: str) -> int:
    """What a memory's /context line costs, without the tokenizer (the hot path walks dozens): about four characters
    a token of its content, and LINE_FRAME_TOKENS for the rest of the line (``context.context_text.memory_line``)."""
    return len(content) // 4 + LINE_FRAME_TOKENS


class _Scoring(NamedTuple):
    weights: dict[str, float]
    now: datetime
    has_query: bool
    mentioned: frozenset[int]  # entities the query names
    subject: bool  # the query names the owner


def _ranked(row: _Row, similarity: _Similarity, scoring: _Scoring) -> RankedMemory:
    last_touch = row.accessed_at or row.created_at
    # The contact is every memory's entity when the query is about them (``subject``: the caller has decided that no
    # entity of theirs the query also names is the one asked about instead).
    entity_match = not scoring.mentioned.isdisjoint(row.entity_ids) or scoring.subject
    signals = {
        "similarity": similarity.fused,
        "recency": min(max(1 - (scoring.now - last_touch).total_seconds() / 86400 / 365, 0.0), 1.0),
        "importance": row.importance,
        "access_frequency": min(row.access_count / 20, 1.0),
        "entity_match": 1.0 if entity_match else 0.0,
    }
    weights = scoring.weights
    used = SIGNALS if scoring.has_query else tuple(s for s in SIGNALS if s != "similarity")
    total_weight = sum(weights[s] for s in used) or 1.0
    score = sum(weights[s] * signals[s] for s in used) / total_weight
    if scoring.has_query:
        signals.update(dense=similarity.dense, lexical=similarity.lexical)
    else:
        del signals["similarity"]
    return RankedMemory(
        id=row.id, memory_type=row.memory_type, content=row.content, importance=row.importance,
        score=round(score, 6), similarity=round(similarity.fused, 6), entity_match=entity_match,
        source_message_ids=list(row.source_message_ids), created_at=row.created_at,
        flagged=row.flagged is not None and bool(json.loads(row.flagged)), entity_ids=tuple(row.entity_ids),
        durable=row.durable, outdated_since=row.outdated_since,
        signals={name: round(value, 6) for name, value in signals.items()},
    )  # fmt: skip
