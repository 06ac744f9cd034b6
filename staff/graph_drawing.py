"""The knowledge graph page's drawing: what Cytoscape.js is given for each combination of the page's toggles, and
what the side panel shows for a node.

Who a person is comes first: by default the graph draws the contact, its entities and its durable memories (the one
rule of ``memories.durability``: facts and the preferences a bot must not forget). What fades (episodes, patterns,
passing preferences) and what is out of play (superseded, compressed, expired, forgotten) are layers the staff
toggle on. A view stays readable by its node count: when one memory a node would draw more than ``NODE_BUDGET``
nodes, an entity's memories are drawn as the entity itself (its durable ones, counted in its label) and one node a
toggled layer ("12 fading"); the memories linked to no entity are grouped the same way under one "(no entity)" node.
So 40 entities and 300 memories draw 42 nodes by default, whatever the number of memories. Past ``ENTITY_BUDGET``
entities, those with the fewest memories in the view are drawn one node per type ("+12 person": the rest of the people,
their memories in the side panel), so 65 entities draw about as many nodes as 40.

Labels are short (the page's JavaScript cuts them to a width and lays the nodes out so that no two overlap); the
full text is on the node's ``title`` and in the side panel, with each memory's source messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from contacts.models import Contact, Message
from memories.durability import is_durable
from memories.models import ContactEntity, Memory, MemoryStatus

DURABLE, FADING, INACTIVE = "durable", "fading", "inactive"
# The layers staff can add to the default (durable) view, in the order of the page's checkboxes.
TOGGLES = (FADING, INACTIVE)
NODE_BUDGET = 50
# Entities drawn one a node; past it, the rest (those with the fewest memories) one node per entity type.
ENTITY_BUDGET = 40
GROUP_LABEL = {FADING: "{} fading", INACTIVE: "{} inactive"}
GROUP_TITLE = {
    FADING: "{} fading memories of {} (episodes, patterns, passing preferences)",
    INACTIVE: "{} memories of {} out of play (superseded, compressed, expired or forgotten)",
}
NO_ENTITY = "(no entity)"
# A memory's source messages shown in the panel (the newest first): a memory reinforced a hundred times keeps a
# hundred ids, and the panel is for seeing where it came from, not the whole ledger.
PROVENANCE_SHOWN = 5
EXCERPT_CHARS = 200
# The graph page's links to a memory's pages carry this in their query string (its Pin form, in its fields: the memory
# list would read a query parameter as a filter), so that staff done there come back to the graph (``MemoryAdmin``),
# not to the contact's page or the memory list.
FROM_GRAPH = {"_from": "graph"}


@dataclass(frozen=True)
class DrawnMemory:
    memory: Memory
    layer: str
    entity_ids: tuple[str, ...]  # node ids ("e12"); empty when the memory names no entity


def memory_layer(memory: Memory) -> str:
    if memory.status != MemoryStatus.ACTIVE:
        return INACTIVE
    return DURABLE if is_durable(memory_type=memory.memory_type, metadata=memory.metadata) else FADING


def view_key(layers: Iterable[str]) -> str:
    """The name of a view: the toggled layers joined by "+" ("" for the default)."""
    return "+".join(layer for layer in TOGGLES if layer in set(layers))


def graph_drawing(*, contact: Contact, entities: list[ContactEntity], memories: list[DrawnMemory]) -> dict[str, Any]:
    """Everything the page's script needs, JSON-ready: the elements of each view (by ``view_key``), each entity's
    and memory's panel details. One query (the source messages)."""
    views = {}
    for size in range(len(TOGGLES) + 1):
        for toggled in combinations(TOGGLES, size):
            layers = {DURABLE, *toggled}
            views[view_key(toggled)] = view_elements(
                contact=contact, entities=entities, memories=[m for m in memories if m.layer in layers]
            )
    return {
        "views": views,
        "entities": {f"e{e.pk}": _entity_detail(e) for e in entities},
        "memories": _memory_details(contact=contact, memories=memories),
    }


def view_elements(*, contact: Contact, entities: list[ContactEntity], memories: list[DrawnMemory]) -> list[dict]:
    """The nodes and edges of one view: the entities (past ``ENTITY_BUDGET``, those with the fewest memories folded
    into one node per type), and the given memories one a node if that stays within the budget, else grouped by
    entity and layer."""
    folded = _folded_entities(entities, memories)
    memories = [_refiled(m, folded) for m in memories] if folded else memories
    nodes = [_node("contact", str(contact), "contact", title=f"Contact: {contact}")]
    edges = []
    names: dict[str, str] = {}
    for entity in entities:
        node_id = f"e{entity.pk}"
        if node_id in folded:
            continue
        names[node_id] = entity.display_name or entity.key
        nodes.append(_node(node_id, names[node_id], "entity", title=f"{names[node_id]} ({entity.ref})",
                           entity_id=node_id))  # fmt: skip
        edges.append(_edge("contact", node_id))
    for node_id, members in _type_groups(entities, folded).items():
        names[node_id] = f"+{len(members)} {members[0].entity_type}"  # short: a label is cut to a node's width
        title = f"{len(members)} more {members[0].entity_type} entities: " + ", ".join(e.ref for e in members)
        nodes.append(_node(node_id, names[node_id], "entity", title=title, entity_id=""))
        edges.append(_edge("contact", node_id))
    one_each = len(nodes) + len(memories) <= NODE_BUDGET
    drawn = _memory_nodes(memories) if one_each else _grouped_nodes(contact, names, memories)
    for node, parents in drawn:
        nodes.append(node)
        edges.extend(_edge(parent, node["data"]["id"]) for parent in parents)
    _attach_memory_ids(nodes, memories, one_each=one_each)
    return nodes + edges


def _memory_nodes(memories: list[DrawnMemory]) -> list[tuple[dict[str, Any], list[str]]]:
    drawn = []
    for drawn_memory in memories:
        memory = drawn_memory.memory
        node = _node(f"m{memory.pk}", memory.content, "memory", title=memory.content, memory_ids=[memory.pk])
        node["data"].update(memory_type=memory.memory_type, status=memory.status, layer=drawn_memory.layer)
        drawn.append((node, list(drawn_memory.entity_ids) or ["contact"]))
    return drawn


def _folded_entities(entities: list[ContactEntity], memories: list[DrawnMemory]) -> dict[str, str]:
    """Past ``ENTITY_BUDGET`` entities, each drawn entity's node id -> its type's node id for those with the fewest
    memories in the view (a person with 65 entities has 40 that matter most, and a long tail); empty otherwise."""
    if len(entities) <= ENTITY_BUDGET:
        return {}
    counts = Counter(owner for m in memories for owner in m.entity_ids)
    ranked = sorted(entities, key=lambda e: (-counts[f"e{e.pk}"], e.entity_type, e.key))
    return {f"e{e.pk}": f"t-{e.entity_type}" for e in ranked[ENTITY_BUDGET:]}


def _refiled(drawn_memory: DrawnMemory, folded: dict[str, str]) -> DrawnMemory:
    owners = tuple(dict.fromkeys(folded.get(owner, owner) for owner in drawn_memory.entity_ids))
    return DrawnMemory(memory=drawn_memory.memory, layer=drawn_memory.layer, entity_ids=owners)


def _type_groups(entities: list[ContactEntity], folded: dict[str, str]) -> dict[str, list[ContactEntity]]:
    groups: dict[str, list[ContactEntity]] = {}
    for entity in entities:
        if (group := folded.get(f"e{entity.pk}")) is not None:
            groups.setdefault(group, []).append(entity)
    return groups


def _grouped_nodes(
    contact: Contact, names: dict[str, str], memories: list[DrawnMemory]
) -> list[tuple[dict[str, Any], list[str]]]:
    """A node per entity and toggled layer, and a "(no entity)" node (with its own layer nodes) for the rest."""
    groups: dict[tuple[str, str], list[int]] = {}
    unlinked_durable = []
    for drawn_memory in memories:
        owners = drawn_memory.entity_ids or ("none",)
        if owners == ("none",) and drawn_memory.layer == DURABLE:
            unlinked_durable.append(drawn_memory.memory.pk)
        for owner in owners:
            if drawn_memory.layer != DURABLE:
                groups.setdefault((owner, drawn_memory.layer), []).append(drawn_memory.memory.pk)
    drawn: list[tuple[dict[str, Any], list[str]]] = []
    if unlinked_durable or any(owner == "none" for owner, _ in groups):
        title = f"Memories of {contact} linked to no entity"
        drawn.append((_node("none", NO_ENTITY, "entity", title=title, entity_id=""), ["contact"]))
    for (owner, layer), ids in groups.items():
        count, name = len(ids), names.get(owner, NO_ENTITY)
        node = _node(f"g-{owner}-{layer}", GROUP_LABEL[layer].format(count), "group",
                     title=GROUP_TITLE[layer].format(count, name), memory_ids=ids)  # fmt: skip
        node["data"]["layer"] = layer
        drawn.append((node, [owner]))
    return drawn


def _attach_memory_ids(nodes: list[dict[str, Any]], memories: list[DrawnMemory], *, one_each: bool) -> None:
    """An entity's panel lists its memories of the view; grouped, its label counts its durable ones."""
    by_owner: dict[str, list[DrawnMemory]] = {}
    for drawn_memory in memories:
        for owner in drawn_memory.entity_ids or ("none", "contact"):
            by_owner.setdefault(owner, []).append(drawn_memory)
    for node in nodes:
        data = node["data"]
        if data["kind"] not in ("contact", "entity"):
            continue
        owned = by_owner.get(data["id"], [])
        data["memory_ids"] = [m.memory.pk for m in owned]
        durable = sum(m.layer == DURABLE for m in owned)
        if not one_each and data["kind"] == "entity" and durable:
            data["label"] = f"{data['label']} · {durable}"


def _node(node_id: str, label: str, kind: str, **data: Any) -> dict[str, Any]:
    return {"group": "nodes", "data": {"id": node_id, "label": label, "kind": kind, "memory_ids": [], **data}}


def _edge(source: str, target: str) -> dict[str, Any]:
    return {"group": "edges", "data": {"id": f"{source}-{target}", "source": source, "target": target}}


def _entity_detail(entity: ContactEntity) -> dict[str, Any]:
    return {"pk": entity.pk, "ref": entity.ref, "name": entity.display_name, "aliases": entity.aliases}


def _memory_details(*, contact: Contact, memories: list[DrawnMemory]) -> dict[str, dict[str, Any]]:
    shown = {m.memory.pk: m.memory.source_message_ids[-PROVENANCE_SHOWN:][::-1] for m in memories}
    wanted = {client_id for ids in shown.values() for client_id in ids}
    # The source ids are the client's message ids, unique in a tenant (one index probe each).
    rows = Message.objects.filter(tenant_id=contact.tenant_id, contact=contact, client_message_id__in=wanted)
    messages = {m.client_message_id: m for m in rows.only("pk", "client_message_id", "role", "content", "sent_at")}
    return {
        str(m.memory.pk): {
            **_memory_fields(m),
            "provenance": [_source(client_id, messages.get(client_id)) for client_id in shown[m.memory.pk]],
            "more_sources": max(0, len(m.memory.source_message_ids) - PROVENANCE_SHOWN),
        }
        for m in memories
    }


def _memory_fields(drawn_memory: DrawnMemory) -> dict[str, Any]:
    memory = drawn_memory.memory
    return {
        "pk": memory.pk, "content": memory.content, "memory_type": memory.memory_type, "status": memory.status,
        "layer": drawn_memory.layer, "pinned": memory.pinned, "importance": round(memory.importance, 2),
        "created_at": memory.created_at.isoformat(), "source": memory.source,
    }  # fmt: skip


def _source(client_id: str, message: Message | None) -> dict[str, Any]:
    """A source message as the panel shows it; one the ledger no longer holds (retention) keeps its id only."""
    if message is None:
        return {"client_id": client_id, "pk": None}
    return {
        "client_id": client_id, "pk": message.pk, "role": message.role, "sent_at": message.sent_at.isoformat(),
        "excerpt": message.content[:EXCERPT_CHARS],
    }  # fmt: skip
