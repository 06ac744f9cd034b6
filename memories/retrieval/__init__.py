"""Multi-signal retrieval for ``GET /context`` (contact-intelligence §2.3, AI Brain §3) and for
``GET /brain/context`` (the tenant's business memory, AI Brain §3.2 weights)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from contacts.models import Contact, Tenant
from memories.models import ContactEntity
from memories.retrieval.query import query_embedding
from memories.retrieval.ranking import (
    RankedMemory,
    business_owner,
    business_retrieval_weights,
    rank_contact_memories,
    rank_memories,
    retrieval_weights,
)
from memories.retrieval.subject import query_as_matched
from memories.services.entities import entities_mentioned

# Entities that are themes, named by the very word the memories use ("pottery", "politics"): similarity already finds
# them, so they add no entity signal (it would count the word twice). Names with aliases ("my dog" is Bruno, "work" is
# Infosys) are what the entity signal is for.
THEMES = frozenset({"hobby", "topic"})


def rank_for_query(
    *,
    contact: Contact,
    query: str,
    now: datetime,
    known: Sequence[ContactEntity],
    keep_durable: bool = False,
    explain: bool = False,
    budget: int = 0,
    at_least: int = 0,
) -> tuple[list[RankedMemory], list[ContactEntity]]:
    """The contact's memories ranked for ``query`` (all of them by score when it is empty), and
    the known entities the query mentions. The one ranking path: /context and the benchmarks.
    ``keep_durable``: the durable memories too, however far from the query (/context always shows them).
    ``explain``: the memories that were not candidates too, after them (``RankedMemory.candidate`` False).
    ``budget``: the tokens the caller will fill (candidates enough to fill them); ``at_least``: how many of the most
    similar a caller that takes a count needs as candidates (RETRIEVAL_CANDIDATES if more).
    A query naming the contact is matched without the name, and all their memories match it (``subject``) — unless
    it also names one of their entities ("What does Caroline's sister do?", "… her job at Infosys": that entity's
    memories decide). A hobby or topic (``THEMES``) gives no entity signal at all — its name is the word the memories
    hold, which similarity counts — so "Melanie's pottery break" leaves all of Melanie's memories matching: one pottery
    fact would otherwise lift every pottery line over the answer."""
    mentioned = entities_mentioned(query, known) if query else []
    named = [e for e in mentioned if e.entity_type not in THEMES]
    matched, names_contact = query_as_matched(query, contact.display_name)
    ranked = rank_contact_memories(
        contact=contact,
        weights=retrieval_weights(contact.tenant),
        now=now,
        query_vector=query_embedding(matched, tenant_id=contact.tenant_id, contact_id=contact.pk) if query else None,
        query_text=matched,
        entity_ids=[e.pk for e in named],
        keep_durable=keep_durable,
        subject=names_contact and not named,
        explain=explain,
        budget=budget,
        at_least=at_least,
    )
    return ranked, mentioned


def rank_business_for_query(
    *, tenant: Tenant, query: str, now: datetime, budget: int = 0
) -> tuple[list[RankedMemory], list[ContactEntity]]:
    """The tenant's business memories (contact is null) ranked for ``query`` with the business
    weights, and the business entities (also contact null) the query mentions. Never a contact's."""
    known = list(ContactEntity.objects.filter(tenant=tenant, contact__isnull=True)) if query else []
    mentioned = entities_mentioned(query, known) if query else []
    ranked = rank_memories(
        owner=business_owner(tenant),
        weights=business_retrieval_weights(tenant),
        now=now,
        query_vector=query_embedding(query) if query else None,
        query_text=query,
        entity_ids=[e.pk for e in mentioned],
        budget=budget,
    )
    return ranked, mentioned
