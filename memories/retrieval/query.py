"""The query's embedding, cached."""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache

from providers.embeddings import EmbeddingError, embed_query, embedding_model

logger = logging.getLogger(__name__)


def query_embedding(text: str) -> list[float] | None:
    """The query's embedding, cached in Redis by model and text hash. None when the embedding
    provider fails: the caller then ranks by full-text similarity alone."""
    key = f"query-embedding:{embedding_model()}:{hashlib.sha256(text.encode()).hexdigest()}"
    try:
        cached = cache.get(key)
    except Exception:  # noqa: BLE001 - a cache outage only costs the embedding time
        cached = None
    if cached is not None:
        return list(cached)
    try:
        vector = embed_query(text)
    except EmbeddingError:
        logger.warning("query embedding failed; ranking by full-text similarity only")
        return None
    try:
        cache.set(key, vector, settings.QUERY_EMBEDDING_CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        logger.warning("query-embedding cache unavailable")
    return vector
