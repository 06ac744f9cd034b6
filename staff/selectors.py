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
