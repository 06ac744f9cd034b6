"""Reads behind the staff admin: the contact's knowledge graph as the spec draws it (contact → entities →
memories) and as graph elements, and finding contacts by the entities they have. (The mood chart is staff.charts.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Func, Prefetch, Q, QuerySet, TextField, Value

from contacts.models import Contact
from memories.models import ContactEntity, EntityType, Memory, MemoryStatus, MemoryType

# The spec's drawing lists facts, then episodes, then preferences under each entity.
TYPE_ORDER = {MemoryType.FACT: 0, MemoryType.EPISODE: 1, MemoryType.PREFERENCE: 2, MemoryType.PATTERN: 3}
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
    elements: list[dict[str, Any]] = field(default_factory=list)


def knowledge_graph_get(*, contact: Contact) -> KnowledgeGraph:
    """Every entity of the contact with its memories (active ones first), the memories linked to no entity, and
    the same as graph elements (nodes and edges). Three queries whatever the size."""
    memories = Memory.objects.defer(*GRAPH_DEFERRED)
    entities = list(
        ContactEntity.objects.filter(contact=contact)
        .order_by("entity_type", "key")
        .prefetch_related(Prefetch("memories", queryset=memories))
    )
    branches = [GraphBranch(entity=e, memories=_ordered(e.memories.all())) for e in entities]
    unlinked = _ordered(memories.filter(contact=contact, entities__isnull=True))
    return KnowledgeGraph(
        contact=contact, branches=branches, unlinked=unlinked, elements=_elements(contact, branches, unlinked)
    )


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
    return sorted(
        memories, key=lambda m: (m.status != MemoryStatus.ACTIVE, TYPE_ORDER.get(m.memory_type, 9), m.created_at)
    )


def _elements(contact: Contact, branches: list[GraphBranch], unlinked: list[Memory]) -> list[dict[str, Any]]:
    """Nodes (the contact, its entities, its memories — a memory once however many entities it names) and edges
    contact → entity → memory; unlinked memories hang off the contact."""
    nodes = [_node("contact", str(contact), "contact")]
    edges = []
    memories: dict[int, Memory] = {}
    for branch in branches:
        entity_id = f"e{branch.entity.pk}"
        nodes.append(_node(entity_id, branch.entity.ref, "entity"))
        edges.append(_edge("contact", entity_id))
        for memory in branch.memories:
            memories[memory.pk] = memory
            edges.append(_edge(entity_id, f"m{memory.pk}"))
    for memory in unlinked:
        memories[memory.pk] = memory
        edges.append(_edge("contact", f"m{memory.pk}"))
    for memory in memories.values():
        label = memory.content if len(memory.content) <= 40 else f"{memory.content[:39]}…"
        node = _node(f"m{memory.pk}", label, "memory")
        node["data"].update(memory_id=memory.pk, memory_type=memory.memory_type, status=memory.status)
        nodes.append(node)
    return nodes + edges


def _node(node_id: str, label: str, kind: str) -> dict[str, Any]:
    return {"group": "nodes", "data": {"id": node_id, "label": label, "kind": kind}}


def _edge(source: str, target: str) -> dict[str, Any]:
    return {"group": "edges", "data": {"id": f"{source}-{target}", "source": source, "target": target}}
