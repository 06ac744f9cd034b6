"""Re-embed stored memories with the configured embedding model (after a provider or model change).

Which memories: active ones (the only status that retrieval, merging and theme clustering read; superseded,
compressed and expired rows keep whatever vector they have), contact and business memory alike, of one tenant
or all. By default those whose vector is missing or from another model; ``only_model`` narrows that to the
memories embedded by that model; ``everything`` drops the "other model" condition, so memories already on the
configured model are embedded again too (e.g. after `embedding_text` changed).

How: in primary-key order by keyset (``pk > last``, never OFFSET), up to the largest pk selected at the start
(newer memories are embedded by the deferred tier with the configured model anyway). Each batch is one
`embed_texts` call, then one UPDATE per row, guarded by the content being what was embedded (an edit racing
us clears the vector and queues its own embedding, so the row is skipped), committed together.

Resumable: a batch is committed or not at all. In the default mode a rerun continues by itself, since done
rows now carry the configured model. With ``everything`` nothing in a row tells done from not done, so the
caller keeps the last pk done (``progress`` reports it after every batch) and passes it back as ``after_pk``;
the ``reembed`` command keeps it in a checkpoint file. Retrieval keeps working meanwhile: ranking computes
cosine only for rows of the query's model and ranks the others by full-text similarity alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypedDict

from django.db import transaction
from django.db.models import Count, Max, Q, QuerySet

from contacts.models import Tenant
from memories.models import Memory, MemoryStatus
from memories.services.enrichment import embedding_text
from providers.embeddings import EmbeddingError, embed_texts, embedding_model

MAX_BATCH = 1024


class ReembedResult(TypedDict):
    model: str  # the configured model every re-embedded row now records
    selected: int  # memories selected at the start
    reembedded: int
    skipped: int  # edited while their batch was being embedded: the deferred tier embeds the new content
    last_pk: int  # the last memory done (re-embedded or skipped); pass as after_pk to resume after it
    seconds: float
    per_second: float  # memories re-embedded per second


class ReembedInterrupted(Exception):
    """The embedding provider failed; ``result`` counts what was committed before (rerunning resumes)."""

    def __init__(self, result: ReembedResult, reason: str) -> None:
        super().__init__(reason)
        self.result = result


def memories_reembed(
    *,
    tenant: Tenant | None = None,
    only_model: str | None = None,
    everything: bool = False,
    batch: int = 64,
    after_pk: int = 0,
    progress: Callable[[ReembedResult], None] | None = None,
) -> ReembedResult:
    """Re-embed the selected memories (see the module docstring) with the configured model.

    ``progress`` is called once before the first batch and after every committed batch. Raises
    ReembedInterrupted on an EmbeddingError; configuration errors (ImproperlyConfigured,
    EmbeddingModelFileError) propagate before or at the first batch, with nothing changed.
    """
    if not 1 <= batch <= MAX_BATCH:
        raise ValueError(f"batch must be between 1 and {MAX_BATCH}, not {batch}")
    model = embedding_model()
    started = time.monotonic()
    selected = memories_to_reembed(tenant=tenant, only_model=only_model, everything=everything, model=model)
    bounds = selected.filter(pk__gt=after_pk).aggregate(total=Count("pk"), upto=Max("pk"))
    stats = ReembedResult(
        model=model, selected=bounds["total"], reembedded=0, skipped=0, last_pk=after_pk, seconds=0.0, per_second=0.0
    )
    _report(progress, stats, started)
    if not bounds["total"]:
        return stats
    selected = selected.filter(pk__lte=bounds["upto"])
    while rows := _next_batch(selected, stats["last_pk"], batch):
        try:
            vectors = embed_texts([embedding_text(memory) for memory in rows])
        except EmbeddingError as exc:
            raise ReembedInterrupted(_timed(stats, started), str(exc)) from exc
        stored = _store(rows, vectors, model)
        stats["reembedded"] += stored
        stats["skipped"] += len(rows) - stored
        stats["last_pk"] = rows[-1].pk
        _report(progress, stats, started)
    return _timed(stats, started)


def memories_to_reembed(
    *, tenant: Tenant | None, only_model: str | None, everything: bool, model: str
) -> QuerySet[Memory]:
    """The active memories to embed with ``model``: missing or other-model vectors unless ``everything``,
    only ``only_model``'s when given, of ``tenant`` when given."""
    memories = Memory.objects.filter(status=MemoryStatus.ACTIVE)
    if tenant is not None:
        memories = memories.filter(tenant=tenant)
    if only_model is not None:
        memories = memories.filter(embedding_model=only_model)
    if not everything:
        memories = memories.filter(Q(embedding__isnull=True) | ~Q(embedding_model=model))
    return memories


def _next_batch(selected: QuerySet[Memory], after_pk: int, size: int) -> list[Memory]:
    rows = selected.filter(pk__gt=after_pk).order_by("pk").select_related("contact")
    return list(rows.only("pk", "content", "metadata", "contact__display_name", "contact__external_id")[:size])


def _store(rows: Sequence[Memory], vectors: Sequence[Sequence[float]], model: str) -> int:
    """Save the batch's vectors in one transaction; returns how many rows still had the embedded content."""
    with transaction.atomic():
        return sum(
            Memory.objects.filter(pk=memory.pk, content=memory.content).update(embedding=vector, embedding_model=model)
            for memory, vector in zip(rows, vectors, strict=True)
        )


def _report(progress: Callable[[ReembedResult], None] | None, stats: ReembedResult, started: float) -> None:
    if progress is not None:
        progress(_timed(stats, started))


def _timed(stats: ReembedResult, started: float) -> ReembedResult:
    seconds = time.monotonic() - started
    per_second = stats["reembedded"] / seconds if seconds > 0 else 0.0
    return {**stats, "seconds": round(seconds, 3), "per_second": round(per_second, 1)}
