"""Score one owner's memories — a contact's, or the tenant's business memory (contact is null) —
against a query:

    score = similarity × w_sim + recency × w_rec + importance × w_imp
            + access_frequency × w_acc + entity_match × w_ent

similarity is hybrid (cosine fused with BM25 over the owner's memories); recency = 1 − days since
last access (or creation) / 365, clamped to [0, 1]; access_frequency = min(access_count / 20, 1).
Without a query the similarity term is dropped and the rest renormalised.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.postgres.search import SearchVector
from django.db.models import Case, Exists, F, FloatField, OuterRef, Q, TextField, Value, When
from django.db.models.functions import Cast
from pgvector.django import CosineDistance

from contacts.models import Contact, Tenant
from memories.models import Memory, MemoryStatus
from memories.retrieval.lexical import bm25_scores, lexemes
from providers.embeddings import embedding_model

SIGNALS = ("similarity", "recency", "importance", "access_frequency", "entity_match")
_FIELDS = ("pk", "memory_type", "content", "importance", "access_count", "accessed_at", "created_at",
           "source_message_ids", "metadata")  # fmt: skip


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


def retrieval_weights(tenant: Tenant) -> dict[str, float]:
    """Contact memory: settings' weights with the tenant's valid overrides applied."""
    return _weights(settings.RETRIEVAL_WEIGHTS, tenant, "retrieval_weights")


def business_retrieval_weights(tenant: Tenant) -> dict[str, float]:
    """Business memory: the AI Brain weights with the tenant's valid overrides applied."""
    return _weights(settings.BUSINESS_RETRIEVAL_WEIGHTS, tenant, "business_retrieval_weights")


def contact_owner(contact: Contact) -> Q:
    return Q(contact=contact)


def business_owner(tenant: Tenant) -> Q:
    """The tenant's business memory: never a contact's (the partial (tenant, status) index serves it)."""
    return Q(tenant=tenant, contact__isnull=True)


def rank_contact_memories(
    *,
    contact: Contact,
    weights: dict[str, float],
    now: datetime,
    query_vector: Sequence[float] | None = None,
    query_text: str = "",
    entity_ids: Sequence[int] = (),
) -> list[RankedMemory]:
    """One contact's memories ranked (see ``rank_memories``)."""
    return rank_memories(
        owner=contact_owner(contact), weights=weights, now=now, query_vector=query_vector, query_text=query_text,
        entity_ids=entity_ids,
    )  # fmt: skip


def rank_memories(
    *,
    owner: Q,
    weights: dict[str, float],
    now: datetime,
    query_vector: Sequence[float] | None = None,
    query_text: str = "",
    entity_ids: Sequence[int] = (),
) -> list[RankedMemory]:
    """Candidates (top RETRIEVAL_CANDIDATES by similarity ∪ entity-matched) among the memories
    ``owner`` selects (``contact_owner`` or ``business_owner``), ranked by score. One SQL query;
    exact distances over the owner's rows (a B-tree on contact, or on tenant for business memory)."""
    eligible = _eligible(owner, now, query_vector, query_text, entity_ids)
    rows = list(eligible.values(*_FIELDS, "cos", "entity", "lexemes", "query_lexemes"))
    has_query = query_vector is not None or bool(query_text)
    similarities = _similarities(rows, query_vector is not None)
    if has_query:
        rows = _candidates(rows, similarities)
    ranked = [_ranked(row, similarities[row["pk"]], weights, now, has_query) for row in rows]
    return sorted(ranked, key=lambda m: (-m.score, -m.created_at.timestamp(), -m.id))


def _weights(defaults: dict[str, float], tenant: Tenant, key: str) -> dict[str, float]:
    """``defaults`` with the tenant's valid overrides from ``Tenant.settings[key]`` (known signals, 0..1)."""
    weights = dict(defaults)
    overrides = (tenant.settings or {}).get(key) or {}
    for name, value in overrides.items():
        if name in SIGNALS and isinstance(value, int | float) and 0 <= value <= 1:
            weights[name] = float(value)
    return weights


def _eligible(
    owner: Q, now: datetime, vector: Sequence[float] | None, query_text: str, entity_ids: Sequence[int]
) -> Any:
    memories = Memory.objects.filter(
        owner, status=MemoryStatus.ACTIVE, importance__gte=settings.RETRIEVAL_MIN_IMPORTANCE
    ).filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
    cos: Any = Value(None, output_field=FloatField())
    if vector is not None:
        same_model = When(embedding_model=embedding_model(), then=1 - CosineDistance("embedding", list(vector)))
        cos = Case(same_model, default=None, output_field=FloatField())
    lexemes: Any = Value("", output_field=TextField())
    query_lexemes: Any = Value("", output_field=TextField())
    if query_text:
        lexemes = Cast(F("search_vector"), TextField())
        query_lexemes = Cast(SearchVector(Value(query_text, output_field=TextField()), config="english"), TextField())
    entity: Any = Value(False)
    if entity_ids:
        links = Memory.entities.through.objects.filter(memory_id=OuterRef("pk"), contactentity_id__in=entity_ids)
        entity = Exists(links)
    return memories.annotate(cos=cos, entity=entity, lexemes=lexemes, query_lexemes=query_lexemes)


def _similarities(rows: list[dict[str, Any]], dense: bool) -> dict[int, float]:
    """Hybrid similarity in [0, 1]: cosine and BM25 over the owner's memories (scaled so the
    best scores 1), mixed by RETRIEVAL_DENSE_SHARE; BM25 alone if there is no vector."""
    query = lexemes(rows[0]["query_lexemes"]) if rows else Counter()
    lexical = bm25_scores({row["pk"]: lexemes(row["lexemes"]) for row in rows}, query)
    any_word_found = any(score > 0 for score in lexical.values())
    # Without a vector the words alone speak; with no query word found anywhere, the cosine.
    share = (settings.RETRIEVAL_DENSE_SHARE if any_word_found else 1.0) if dense else 0.0
    return {row["pk"]: share * max(row["cos"] or 0.0, 0.0) + (1 - share) * lexical[row["pk"]] for row in rows}


def _candidates(rows: list[dict[str, Any]], similarities: dict[int, float]) -> list[dict[str, Any]]:
    by_similarity = sorted(rows, key=lambda row: -similarities[row["pk"]])
    top = by_similarity[: settings.RETRIEVAL_CANDIDATES]
    chosen = {row["pk"] for row in top}
    return top + [row for row in rows if row["entity"] and row["pk"] not in chosen]


def _ranked(
    row: dict[str, Any], similarity: float, weights: dict[str, float], now: datetime, has_query: bool
) -> RankedMemory:
    last_touch = row["accessed_at"] or row["created_at"]
    signals = {
        "similarity": similarity,
        "recency": min(max(1 - (now - last_touch).total_seconds() / 86400 / 365, 0.0), 1.0),
        "importance": row["importance"],
        "access_frequency": min(row["access_count"] / 20, 1.0),
        "entity_match": 1.0 if row["entity"] else 0.0,
    }
    used = SIGNALS if has_query else tuple(s for s in SIGNALS if s != "similarity")
    total_weight = sum(weights[s] for s in used) or 1.0
    score = sum(weights[s] * signals[s] for s in used) / total_weight
    return RankedMemory(
        id=row["pk"], memory_type=row["memory_type"], content=row["content"], importance=row["importance"],
        score=round(score, 6), similarity=round(similarity, 6), entity_match=bool(row["entity"]),
        source_message_ids=list(row["source_message_ids"]), created_at=row["created_at"],
        flagged=bool((row["metadata"] or {}).get("flagged")),
    )  # fmt: skip
