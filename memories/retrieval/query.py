"""The query's embedding, cached in Redis (one round trip on the hot path)."""

from __future__ import annotations

import hashlib
import logging

import numpy as np
from django.conf import settings
from redis.exceptions import RedisError

from config.redis_client import redis_client
from providers.embeddings import EmbeddingError, embed_query, embedding_model

logger = logging.getLogger(__name__)


def query_embedding(text: str, *, tenant_id: int | None = None, contact_id: int | None = None) -> list[float] | None:
    """The query's embedding, cached in Redis by model and text hash. None when the embedding
    provider fails: the caller then ranks by full-text similarity alone. For a contact's query the
    cache key is also listed under the contact, so erasing the contact can remove it."""
    key = query_cache_key(text)
    index = contact_queries_key(tenant_id, contact_id) if contact_id is not None and tenant_id is not None else None
    cached = _cached(key, index)
    if cached is not None:
        return cached
    try:
        vector = embed_query(text)
    except EmbeddingError:
        logger.warning("query embedding failed; ranking by full-text similarity only")
        return None
    try:
        redis_client().set(
            key, np.asarray(vector, dtype=np.float32).tobytes(), ex=settings.QUERY_EMBEDDING_CACHE_SECONDS
        )
    except RedisError:
        logger.warning("query-embedding cache unavailable")
    return vector


def query_cache_key(text: str) -> str:
    return f"query-embedding:{embedding_model()}:{hashlib.sha256(text.encode()).hexdigest()}"


def contact_queries_key(tenant_id: int, contact_id: int) -> str:
    return f"context-queries:{tenant_id}:{contact_id}"


def _cached(key: str, index: str | None) -> list[float] | None:
    """The cached vector (float32 bytes) or None; lists ``key`` under the contact's index in the same round trip."""
    try:
        pipeline = redis_client().pipeline(transaction=False)
        pipeline.get(key)
        if index is not None:
            pipeline.sadd(index, key)
            pipeline.expire(index, settings.QUERY_EMBEDDING_CACHE_SECONDS)
        value = pipeline.execute()[0]
    except RedisError:  # a cache outage only costs the embedding time
        logger.warning("query-embedding cache unavailable; contact erasure will rely on the cache TTL for this query")
        return None
    if value is None or len(value) != settings.EMBEDDING_DIMENSIONS * 4:
        return None  # absent, or written for another dimension: embed again
    return np.frombuffer(value, dtype=np.float32).tolist()
