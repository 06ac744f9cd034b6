"""The reads the MCP tools add to what the REST API already has: a ranked search and the permanent profile. Both
compose the apps' own reads (the ranking ``/context`` uses; the durability rule the profile is written from) and are
scoped to the caller's tenant."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from config import clock
from contacts.models import Contact, Tenant
from contacts.selectors import contact_get
from memories.models import ContactEntity
from memories.retrieval import rank_for_query
from memories.selectors import durable_memories_current


@dataclass(frozen=True)
class FoundMemory:
    id: int
    memory_type: str
    content: str
    score: float


@dataclass(frozen=True)
class DurableMemory:
    id: int
    memory_type: str
    content: str
    importance: float


@dataclass(frozen=True)
class ContactProfile:
    contact_id: str
    display_name: str
    summary: str  # the profile paragraph the consolidation writes ("" until the first pass after a durable fact)
    summary_updated_at: datetime | None
    durable_memories: list[DurableMemory]  # the facts it is written from, current as of now


def contact_memories_search(*, contact: Contact, query: str, limit: int) -> list[FoundMemory]:
    """The contact's best ``limit`` memories for ``query``, by the one ranking ``/context`` uses (without its token
    budget or the durable memories it always adds: a search answers the query only)."""
    known = list(ContactEntity.objects.filter(contact=contact))
    ranked, _ = rank_for_query(contact=contact, query=query, now=clock.now(), known=known, at_least=limit)
    return [FoundMemory(m.id, m.memory_type, m.content, m.score) for m in ranked[:limit]]


def contact_profile_get(*, tenant: Tenant, external_id: str) -> ContactProfile | None:
    """The permanent profile: the paragraph and every current durable memory (facts, then preferences, most
    important first — the order the profile is written in), or None for an unknown contact."""
    contact = contact_get(tenant=tenant, external_id=external_id)
    if contact is None:
        return None
    durable = durable_memories_current(contact=contact, now=clock.now()).values_list(
        "id", "memory_type", "content", "importance"
    )
    return ContactProfile(
        contact_id=contact.external_id,
        display_name=contact.display_name,
        summary=contact.state.profile_summary,
        summary_updated_at=contact.state.profile_updated_at,
        durable_memories=[DurableMemory(*row) for row in durable],
    )
