"""The query's embedding, cached."""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

from config.redis_client import redis_client
from providers.embeddings import EmbeddingError, embed_query, embedding_model

logger = logging.getLogger(__name__)


def query_embedding(text: str, *, tenant_id: int | None = None, contact_id: int | None = None) -> list[float] | None:
    """The query's embedding, cached in Redis by model and text hash. None when the embedding
    provider fails: the caller then ranks by full-text similarity alone. For a contact's query the
    cache key is also listed under the contact, so erasing the contact can remove it."""
    key = f"query-embedding:{embedding_model()}:{hashlib.sha256(text.encode()).hexdigest()}"
    if contact_id is not None and tenant_id is not None:
        _index(contact_queries_key(tenant_id, contact_id), key)
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


def contact_queries_key(tenant_id: int, contact_id: int) -> str:
    return f"context-queries:{tenant_id}:{contact_id}"


def _index(index_key: str, cache_key: str) -> None:
    try:
        pipeline = redis_client().pipeline(transaction=False)
        pipeline.sadd(index_key, cache_key)
        pipeline.expire(index_key, settings.QUERY_EMBEDDING_CACHE_SECONDS)
        pipeline.execute()
    except RedisError:
        logger.warning("query index unavailable; contact erasure will rely on the cache TTL for this query")
