"""Reads of memories, entities and their history — always scoped to the caller's tenant."""

from __future__ import annotations

from datetime import datetime

from django.contrib.postgres.search import SearchQuery
from django.db.models import Count, Q, QuerySet

from contacts.models import Contact, Tenant
from memories.durability import durable_q
from memories.models import ContactEntity, Memory, MemoryEvent, MemoryEventKind, MemoryStatus


def durable_memories_current(*, contact: Contact, now: datetime) -> QuerySet[Memory]:
    """Every current durable memory of the contact (who they are: the permanent profile is written from these), facts
    then preferences, most important first."""
    return (
        Memory.objects.filter(durable_q(), contact=contact, status=MemoryStatus.ACTIVE)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .order_by("memory_type", "-importance", "created_at", "pk")
    )


def memory_list(
    *, contact: Contact, memory_type: str = "", status: str = "", entity: str = "", text: str = ""
) -> QuerySet[Memory]:
    """The contact's memories, newest first; ``entity`` is a ref such as ``pet:bruno``."""
    memories = Memory.objects.filter(contact=contact).prefetch_related("entities").order_by("-created_at", "-pk")
    if memory_type:
        memories = memories.filter(memory_type=memory_type)
    if status:
        memories = memories.filter(status=status)
    if entity:
        entity_type, _, key = entity.partition(":")
        memories = memories.filter(entities__entity_type=entity_type, entities__key=key)
    if text:
        memories = memories.filter(Q(search_vector=SearchQuery(text, config="english")) | Q(content__icontains=text))
    return memories


def memory_get(*, tenant: Tenant, memory_id: int) -> Memory | None:
    return (
        Memory.objects.filter(tenant=tenant, pk=memory_id)
        .select_related("contact")
        .prefetch_related("entities")
        .first()
    )


def memory_history(*, memory: Memory) -> QuerySet[MemoryEvent]:
    return memory.events.order_by("created_at", "pk")


# The events by which the lifecycle takes a memory out of play (a merge's loser is superseded by the winner).
LIFECYCLE_REMOVALS = (
    MemoryEventKind.FORGOTTEN, MemoryEventKind.SUPERSEDED, MemoryEventKind.COMPRESSED, MemoryEventKind.EXPIRED,
)  # fmt: skip


def memories_removed(*, contact: Contact, limit: int = 200) -> QuerySet[MemoryEvent]:
    """What the lifecycle took out of play for the contact — forgotten (pruned, evicted), superseded (a new value,
    a merge), compressed into a pattern, expired — newest first, with the memory. A memory deleted for good
    (FORGOTTEN_KEEP_DAYS after it was forgotten) takes its events with it, so it is no longer here."""
    return (
        MemoryEvent.objects.filter(memory__contact=contact, kind__in=LIFECYCLE_REMOVALS)
        .select_related("memory")
        .defer("memory__embedding", "memory__search_vector")
        .order_by("-created_at", "-pk")[:limit]
    )


def entity_list(*, contact: Contact) -> QuerySet[ContactEntity]:
    return (
        ContactEntity.objects.filter(contact=contact)
        .annotate(memory_count=Count("memories"))
        .order_by("entity_type", "key")
    )


def memory_counts(*, contact: Contact) -> dict[str, dict[str, int]]:
    rows = Memory.objects.filter(contact=contact).values("memory_type", "status").annotate(n=Count("pk"))
    counts: dict[str, dict[str, int]] = {"by_type": {}, "by_status": {}}
    for row in rows:
        if row["status"] == "active":
            counts["by_type"][row["memory_type"]] = counts["by_type"].get(row["memory_type"], 0) + row["n"]
        counts["by_status"][row["status"]] = counts["by_status"].get(row["status"], 0) + row["n"]
    return counts


def business_memory_list(*, tenant: Tenant, memory_type: str = "", status: str = "") -> QuerySet[Memory]:
    """The tenant's business memories (contact is null), newest first."""
    memories = (
        Memory.objects.filter(tenant=tenant, contact__isnull=True)
        .prefetch_related("entities")
        .order_by("-created_at", "-pk")
    )
    if memory_type:
        memories = memories.filter(memory_type=memory_type)
    if status:
        memories = memories.filter(status=status)
    return memories
