"""Reads behind the staff admin: the contact's knowledge graph as the spec draws it (contact → entities →
memories) and as graph elements, finding contacts by the entities they have, and the mood timeline of the
contact page (mood as valence and energy over the recent readings, with the contact's baseline, laid out for a
server-rendered SVG chart)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import F, Func, Prefetch, Q, QuerySet, TextField, Value

from contacts.models import Contact, ContactState, Energy, Mood
from memories.models import ContactEntity, EntityType, Memory, MemoryStatus, MemoryType
from moods.models import MoodLog

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


# --- The mood timeline -------------------------------------------------------------------------------

TIMELINE_READINGS = 200
WIDTH, HEIGHT, PADDING = 720, 180, 12
# Where each mood sits between the most negative (-2) and the most positive (+2) feeling.
MOOD_VALENCE: dict[str, float] = {
    Mood.HAPPY: 2.0, Mood.EXCITED: 2.0, Mood.GRATEFUL: 1.5, Mood.FLIRTY: 1.0, Mood.NEUTRAL: 0.0,
    Mood.CONFUSED: -0.5, Mood.BORED: -0.5, Mood.ANXIOUS: -1.5, Mood.FRUSTRATED: -1.5, Mood.SAD: -2.0,
    Mood.ANGRY: -2.0,
}  # fmt: skip
ENERGY_LEVEL: dict[str, float] = {Energy.HIGH: 1.0, Energy.MEDIUM: 0.5, Energy.LOW: 0.0}


@dataclass(frozen=True)
class MoodPoint:
    x: float
    mood_y: float
    energy_y: float
    mood: str
    energy: str
    logged_at: datetime


@dataclass(frozen=True)
class MoodTimeline:
    points: list[MoodPoint]
    baseline_mood_y: float | None
    baseline_energy_y: float | None
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def mood_line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.mood_y:.1f}" for p in self.points)

    @property
    def energy_line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.energy_y:.1f}" for p in self.points)


def mood_timeline_get(*, contact: Contact, state: ContactState | None, limit: int = TIMELINE_READINGS) -> MoodTimeline:
    """The newest ``limit`` readings, oldest first, placed by time. One query."""
    rows = list(
        MoodLog.objects.filter(contact=contact)
        .order_by("-logged_at", "-pk")
        .values("mood", "energy", "logged_at")[:limit]
    )[::-1]
    if not rows:
        return MoodTimeline(points=[], baseline_mood_y=None, baseline_energy_y=None)
    start = rows[0]["logged_at"]
    span = (rows[-1]["logged_at"] - start).total_seconds()
    points = [
        MoodPoint(
            x=_x((row["logged_at"] - start).total_seconds() / span if span else 0.5),
            mood_y=_y(_mood_share(row["mood"])),
            energy_y=_y(ENERGY_LEVEL.get(row["energy"], 0.5)),
            mood=row["mood"],
            energy=row["energy"],
            logged_at=row["logged_at"],
        )
        for row in rows
    ]
    baseline_mood = state.baseline_mood if state else ""
    baseline_energy = state.baseline_energy if state else ""
    return MoodTimeline(
        points=points,
        baseline_mood_y=_y(_mood_share(baseline_mood)) if baseline_mood else None,
        baseline_energy_y=_y(ENERGY_LEVEL.get(baseline_energy, 0.5)) if baseline_energy else None,
    )


def _mood_share(mood: str) -> float:
    """Valence as a share of the chart's height: 0 the most negative, 1 the most positive."""
    return (MOOD_VALENCE.get(mood, 0.0) + 2) / 4


def _x(share: float) -> float:
    return PADDING + share * (WIDTH - 2 * PADDING)


def _y(share: float) -> float:
    # SVG's y grows downwards: the top of the chart is the most positive mood and the highest energy.
    return HEIGHT - PADDING - share * (HEIGHT - 2 * PADDING)
