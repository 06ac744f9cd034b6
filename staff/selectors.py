"""Reads behind the staff admin: the contact's knowledge graph as the spec draws it (contact → entities →
memories) and as graph elements, and finding contacts by the entities they have. (The mood chart is staff.charts.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import F, Func, Prefetch, Q, QuerySet, TextField, Value

from contacts.models import Contact
from memories.models import ContactEntity, EntityType, Memory, MemoryStatus, MemoryType
from staff.graph_drawing import DrawnMemory, graph_drawing, memory_layer

# The spec's drawing lists facts, then episodes, then preferences under each entity.
TYPE_ORDER: dict[str, int] = {
    MemoryType.FACT: 0, MemoryType.EPISODE: 1, MemoryType.PREFERENCE: 2, MemoryType.PATTERN: 3,
}  # fmt: skip
# The graph draws text and status; a memory's vector (kilobytes a row) and search vector are never read here.
GRAPH_DEFERRED = ("embedding", "search_vector")


@dataclass(frozen=True)
class GraphBranch:
    entity: ContactEntity
    memories: list[Memory]


@dataclass(frozen=True)
class KnowledgeGraph:
    contact: Contact
    branches: list[GraphBranch]
    unlinked: list[Memory]
    # The interactive graph's views and side panel (``staff.graph_drawing``), JSON-ready.
    drawing: dict[str, Any] = field(default_factory=dict)


def knowledge_graph_get(*, contact: Contact) -> KnowledgeGraph:
    """Every entity of the contact with its memories (active ones first), the memories linked to no entity, and
    the same drawn for the interactive graph. Four queries whatever the size (the last: the source messages)."""
    memories = Memory.objects.defer(*GRAPH_DEFERRED)
    entities = list(
        ContactEntity.objects.filter(contact=contact)
        .order_by("entity_type", "key")
        .prefetch_related(Prefetch("memories", queryset=memories))
    )
    branches = [GraphBranch(entity=e, memories=_ordered(e.memories.all())) for e in entities]
    unlinked = _ordered(memories.filter(contact=contact, entities__isnull=True))
    drawing = graph_drawing(contact=contact, entities=entities, memories=_drawn(branches, unlinked))
    return KnowledgeGraph(contact=contact, branches=branches, unlinked=unlinked, drawing=drawing)


def entities_matching(*, text: str) -> QuerySet[ContactEntity]:
    """Entities named by ``text``: a ref ("pet:bruno"), or a part of a name, key or alias ("bruno", "my dog")."""
    entity_type, separator, key = text.strip().partition(":")
    if separator and entity_type in EntityType.values:
        return ContactEntity.objects.filter(entity_type=entity_type, key__icontains=key.strip())
    alias_text = Func(F("aliases"), Value(" "), function="array_to_string", output_field=TextField())
    return ContactEntity.objects.annotate(alias_text=alias_text).filter(
        Q(display_name__icontains=text) | Q(key__icontains=text) | Q(alias_text__icontains=text)
    )


def _ordered(memories: Any) -> list[Memory]:
    return sorted(memories, key=_order_key)


def _order_key(memory: Memory) -> tuple[bool, int, datetime, int]:
    return memory.status != MemoryStatus.ACTIVE, TYPE_ORDER.get(memory.memory_type, 9), memory.created_at, memory.pk


def _drawn(branches: list[GraphBranch], unlinked: list[Memory]) -> list[DrawnMemory]:
    """Each memory once, however many entities it names, with the entities it names."""
    owners: dict[int, list[str]] = {}
    memories: dict[int, Memory] = {}
    for branch in branches:
        for memory in branch.memories:
            memories[memory.pk] = memory
            owners.setdefault(memory.pk, []).append(f"e{branch.entity.pk}")
    memories.update((memory.pk, memory) for memory in unlinked)
    return [
        DrawnMemory(memory=memory, layer=memory_layer(memory), entity_ids=tuple(owners.get(pk, ())))
        for pk, memory in sorted(memories.items(), key=lambda item: _order_key(item[1]))
    ]
