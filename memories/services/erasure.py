"""Erasure of what memories holds for a contact (see contacts/erasure.py for the shape every app follows)."""

from __future__ import annotations

from collections import Counter

from django.core.cache import cache

from config.redis_client import redis_client
from contacts.admin_log import admin_log_forget
from contacts.erasure import Forgotten
from contacts.models import Contact
from memories.models import ContactEntity, Memory
from memories.retrieval.query import contact_queries_key
from memories.services import recent


def contact_forget(*, contact: Contact) -> Forgotten:
    """The contact's memories with their history and entity links, their entities, and the admin log's lines about
    both; then the recent-memory cache and every query embedding cached for the contact's /context calls."""
    deleted: Counter[str] = Counter()
    lines = 0
    for model, rows in ((Memory, contact.memories.all()), (ContactEntity, contact.entities.all())):
        lines += admin_log_forget(model=model, ids=rows)
        deleted.update(rows.delete()[1])
    tenant_id, contact_id = contact.tenant_id, contact.pk
    return Forgotten(rows=deleted, admin_log_entries=lines, forget_cached=lambda: _cached_forget(tenant_id, contact_id))


def _cached_forget(tenant_id: int, contact_id: int) -> int:
    client = redis_client()
    queries_key = contact_queries_key(tenant_id, contact_id)
    query_cache_keys = [m.decode() if isinstance(m, bytes) else m for m in client.smembers(queries_key)]
    # query embeddings cached before they moved out of Django's cache carry its key prefix
    legacy_keys = [cache.make_key(key) for key in query_cache_keys]
    return int(client.delete(queries_key, *query_cache_keys, *legacy_keys)) + recent.forget(contact_id)
