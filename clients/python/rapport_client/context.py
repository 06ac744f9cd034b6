"""Typed ``GET /context/{contact_id}`` and ``GET /brain/context`` bodies. The JSON keeps its published keys
(``contactId``, ``memoryType``, ``source_message_ids``: the chat-engine contract); here every name is snake_case."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rapport_client.models import parse_datetime, parse_optional_datetime


@dataclass(frozen=True)
class ContextContact:
    contact_id: str
    display_name: str
    channel: str

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContextContact:
        return cls(contact_id=data["contactId"], display_name=data["displayName"], channel=data["channel"])


@dataclass(frozen=True)
class ContextState:
    mood: str
    mood_confidence: float
    energy: str
    relationship_stage: str
    active_streak: int
    churn_risk: float

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContextState:
        return cls(
            mood=data["mood"],
            mood_confidence=data["moodConfidence"],
            energy=data["energy"],
            relationship_stage=data["relationshipStage"],
            active_streak=data["activeStreak"],
            churn_risk=data["churnRisk"],
        )


@dataclass(frozen=True)
class Baseline:
    """The contact's usual mood, energy and style (blank while unknown)."""

    mood: str = ""
    energy: str = ""
    style: str = ""

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Baseline:
        return cls(mood=data.get("mood") or "", energy=data.get("energy") or "", style=data.get("style") or "")


@dataclass(frozen=True)
class Crisis:
    """``active`` after a recent crisis message: put ``helpline`` first in the reply."""

    active: bool
    since: datetime | None = None
    helpline: str | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Crisis:
        return cls(
            active=data["active"], since=parse_optional_datetime(data.get("since")), helpline=data.get("helpline")
        )


@dataclass(frozen=True)
class Emotional:
    mood: str
    energy: str
    style: str
    confidence: float
    current: bool
    unusual: bool
    crisis: Crisis
    mood_at: datetime | None = None
    baseline: Baseline | None = None
    adaptation: tuple[str, ...] = ()

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Emotional:
        baseline = data.get("baseline")
        return cls(
            mood=data["mood"],
            energy=data["energy"],
            style=data["style"],
            confidence=data["confidence"],
            current=data["current"],
            unusual=data["unusual"],
            crisis=Crisis.parse(data["crisis"]),
            mood_at=parse_optional_datetime(data.get("moodAt")),
            baseline=None if baseline is None else Baseline.parse(baseline),
            adaptation=tuple(data.get("adaptation") or ()),
        )


@dataclass(frozen=True)
class ContextMemory:
    """A memory chosen for the prompt, in score order; ``outdated_since`` marks an episode whose fact changed since."""

    id: int
    memory_type: str
    content: str
    importance: float
    score: float
    created_at: datetime
    source_message_ids: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    outdated_since: datetime | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContextMemory:
        return cls(
            id=data["id"],
            memory_type=data["memoryType"],
            content=data["content"],
            importance=data["importance"],
            score=data["score"],
            created_at=parse_datetime(data["created_at"]),
            source_message_ids=tuple(data.get("source_message_ids") or ()),
            entities=tuple(data.get("entities") or ()),
            outdated_since=parse_optional_datetime(data.get("outdated_since")),
        )


@dataclass(frozen=True)
class ContextEntity:
    entity_type: str
    key: str
    display_name: str
    metadata: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        return f"{self.entity_type}:{self.key}"

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContextEntity:
        return cls(
            entity_type=data["entityType"],
            key=data["key"],
            display_name=data["displayName"],
            metadata=data.get("metadata") or {},
        )


@dataclass(frozen=True)
class Context:
    """What to know before replying to the contact. Put ``context_text`` in the prompt; the rest is the same, typed.
    ``receipt`` is the raw explanation (``explain=True`` only): every memory, its score's signals, why kept or not."""

    contact: ContextContact
    state: ContextState
    emotional: Emotional
    memories: tuple[ContextMemory, ...]
    entities: tuple[ContextEntity, ...]
    context_text: str
    memory_budget: int
    memory_tokens: int
    receipt: Mapping[str, Any] | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Context:
        return cls(
            contact=ContextContact.parse(data["contact"]),
            state=ContextState.parse(data["state"]),
            emotional=Emotional.parse(data["emotional"]),
            memories=tuple(ContextMemory.parse(memory) for memory in data["memories"]),
            entities=tuple(ContextEntity.parse(entity) for entity in data["entities"]),
            context_text=data["context_text"],
            memory_budget=data["memory_budget"],
            memory_tokens=data["memory_tokens"],
            receipt=data.get("receipt"),
        )


@dataclass(frozen=True)
class BusinessContext:
    """``GET /brain/context``: the tenant's own memories ranked for a query (``outdated_since`` is always None)."""

    memories: tuple[ContextMemory, ...]
    entities: tuple[ContextEntity, ...]
    context_text: str
    memory_budget: int
    memory_tokens: int

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> BusinessContext:
        return cls(
            memories=tuple(ContextMemory.parse(memory) for memory in data["memories"]),
            entities=tuple(ContextEntity.parse(entity) for entity in data["entities"]),
            context_text=data["context_text"],
            memory_budget=data["memory_budget"],
            memory_tokens=data["memory_tokens"],
        )
