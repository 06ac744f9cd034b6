"""Typed results, parsed from the API's JSON. Fields the server adds later are ignored, so an older client keeps
working against a newer server; ``raw`` keeps the whole object where a caller may want what is not typed here.

Names are Python's (snake_case) even where the JSON's are camelCase (``/context`` keeps its published keys)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

T = TypeVar("T")
Role = Literal["user", "assistant"]
MemoryType = Literal["fact", "preference", "episode", "pattern"]


def parse_datetime(value: str) -> datetime:
    # Python 3.10's fromisoformat does not read DRF's trailing "Z".
    return datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)


def parse_optional_datetime(value: str | None) -> datetime | None:
    return None if value is None else parse_datetime(value)


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list: ``count`` in all, ``next``/``previous`` as full URLs (None at the ends)."""

    count: int
    results: tuple[T, ...]
    next: str | None = None
    previous: str | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any], item: Callable[[Mapping[str, Any]], T]) -> Page[T]:
        return cls(
            count=data["count"],
            results=tuple(item(row) for row in data["results"]),
            next=data.get("next"),
            previous=data.get("previous"),
        )


# --- Ingest ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IngestMessage:
    """One message to ingest (an item of ``ingest_batch``). Without a ``message_id`` one is generated when it is
    sent, so that a retried request replays instead of adding the message twice; ``timestamp`` defaults to now."""

    contact_id: str
    message: str
    conversation_id: str
    role: Role = "user"
    message_id: str | None = None
    timestamp: datetime | str | None = None
    display_name: str | None = None
    channel: str | None = None
    metadata: Mapping[str, Any] | None = None

    def body(self) -> dict[str, Any]:
        """The JSON ``POST /ingest`` takes, with the id filled in."""
        sent_at = self.timestamp.isoformat() if isinstance(self.timestamp, datetime) else self.timestamp
        optional = {
            "timestamp": sent_at,
            "display_name": self.display_name,
            "channel": self.channel,
            "metadata": None if self.metadata is None else dict(self.metadata),
        }
        return {
            "contact_id": self.contact_id,
            "message": self.message,
            "role": self.role,
            "conversation_id": self.conversation_id,
            "message_id": self.message_id or new_message_id(),
            **{name: value for name, value in optional.items() if value is not None},
        }


def new_message_id() -> str:
    return f"sdk-{uuid.uuid4().hex}"


@dataclass(frozen=True)
class IngestReceipt:
    """``status`` is ``accepted`` (a replay of the same message answers the same)."""

    message_id: str
    status: str

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> IngestReceipt:
        return cls(message_id=data["message_id"], status=data["status"])


@dataclass(frozen=True)
class BatchItemResult:
    """One item of ``ingest_batch``: ``status`` is ``accepted``, ``conflict`` or ``gone`` (then ``error`` says why)."""

    message_id: str
    status: str
    error: str | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> BatchItemResult:
        return cls(message_id=data["message_id"], status=data["status"], error=data.get("error"))


def parse_batch(data: Mapping[str, Any]) -> tuple[BatchItemResult, ...]:
    return tuple(BatchItemResult.parse(item) for item in data["results"])


# --- Memories and entities ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Memory:
    id: int
    memory_type: str
    content: str
    importance: float
    status: str
    source: str
    pinned: bool
    created_at: datetime
    updated_at: datetime
    slot: str = ""
    source_message_ids: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    access_count: int = 0
    accessed_at: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    expires_at: datetime | None = None
    superseded_by: int | None = None
    embedding_model: str = ""

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Memory:
        return cls(
            id=data["id"],
            memory_type=data["memory_type"],
            content=data["content"],
            importance=data["importance"],
            status=data["status"],
            source=data["source"],
            pinned=data["pinned"],
            created_at=parse_datetime(data["created_at"]),
            updated_at=parse_datetime(data["updated_at"]),
            slot=data.get("slot") or "",
            source_message_ids=tuple(data.get("source_message_ids") or ()),
            entities=tuple(data.get("entities") or ()),
            access_count=data.get("access_count", 0),
            accessed_at=parse_optional_datetime(data.get("accessed_at")),
            valid_from=parse_optional_datetime(data.get("valid_from")),
            valid_to=parse_optional_datetime(data.get("valid_to")),
            expires_at=parse_optional_datetime(data.get("expires_at")),
            superseded_by=data.get("superseded_by"),
            embedding_model=data.get("embedding_model") or "",
        )


@dataclass(frozen=True)
class MemoryEvent:
    """One change in a memory's history (``created``, ``reinforced``, ``superseded``, ``edited``…)."""

    kind: str
    actor: str
    created_at: datetime
    before: Any = None
    after: Any = None
    source_message_ids: tuple[str, ...] = ()

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> MemoryEvent:
        return cls(
            kind=data["kind"],
            actor=data["actor"],
            created_at=parse_datetime(data["created_at"]),
            before=data.get("before"),
            after=data.get("after"),
            source_message_ids=tuple(data.get("source_message_ids") or ()),
        )


@dataclass(frozen=True)
class Entity:
    """A node of the contact's knowledge graph, such as ``pet:bruno`` (``ref``)."""

    ref: str
    entity_type: str
    key: str
    display_name: str
    aliases: tuple[str, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)
    memory_count: int = 0

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Entity:
        return cls(
            ref=data["ref"],
            entity_type=data["entity_type"],
            key=data["key"],
            display_name=data["display_name"],
            aliases=tuple(data.get("aliases") or ()),
            metadata=data.get("metadata") or {},
            memory_count=data.get("memory_count", 0),
        )


# --- Moods: triggers and insights --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trigger:
    """A proactive-outreach suggestion, due at ``due_at``."""

    id: int
    contact_id: str
    kind: str
    reason: str
    due_at: datetime
    created_at: datetime
    completed_at: datetime | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Trigger:
        return cls(
            id=data["id"],
            contact_id=data["contact_id"],
            kind=data["kind"],
            reason=data["reason"],
            due_at=parse_datetime(data["due_at"]),
            created_at=parse_datetime(data["created_at"]),
            completed_at=parse_optional_datetime(data.get("completed_at")),
        )


@dataclass(frozen=True)
class Insight:
    """A pattern noticed across messages; ``contact_id`` is None for a tenant-wide one."""

    id: int
    kind: str
    summary: str
    created_at: datetime
    contact_id: str | None = None
    data: Any = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Insight:
        return cls(
            id=data["id"],
            kind=data["kind"],
            summary=data["summary"],
            created_at=parse_datetime(data["created_at"]),
            contact_id=data.get("contact_id"),
            data=data.get("data"),
        )


# --- The contact: what we hold, erasure --------------------------------------------------------------------------


@dataclass(frozen=True)
class ContactState:
    """The contact's mood, energy, style and relationship, as ``GET /contacts/{id}`` reports them."""

    mood: str
    energy: str
    relationship_stage: str
    mood_confidence: float = 0.0
    style: str = ""
    baseline_mood: str = ""
    baseline_energy: str = ""
    session_count: int = 0
    active_streak: int = 0
    churn_risk: float = 0.0
    first_seen_at: datetime | None = None
    last_seen_at: datetime | None = None
    preferred_hours: Any = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContactState:
        return cls(
            mood=data["mood"],
            energy=data["energy"],
            relationship_stage=data["relationship_stage"],
            mood_confidence=data.get("mood_confidence", 0.0),
            style=data.get("style") or "",
            baseline_mood=data.get("baseline_mood") or "",
            baseline_energy=data.get("baseline_energy") or "",
            session_count=data.get("session_count", 0),
            active_streak=data.get("active_streak", 0),
            churn_risk=data.get("churn_risk", 0.0),
            first_seen_at=parse_optional_datetime(data.get("first_seen_at")),
            last_seen_at=parse_optional_datetime(data.get("last_seen_at")),
            preferred_hours=data.get("preferred_hours"),
        )


@dataclass(frozen=True)
class ContactCounts:
    messages: int
    pending_messages: int
    memories_by_type: Mapping[str, int] = field(default_factory=dict)
    memories_by_status: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContactCounts:
        return cls(
            messages=data["messages"],
            pending_messages=data["pending_messages"],
            memories_by_type=data.get("memories_by_type") or {},
            memories_by_status=data.get("memories_by_status") or {},
        )


@dataclass(frozen=True)
class Contact:
    contact_id: str
    display_name: str
    channel: str
    created_at: datetime
    counts: ContactCounts
    state: ContactState | None = None
    timezone: str = ""
    metadata: Any = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Contact:
        state = data.get("state")
        return cls(
            contact_id=data["contact_id"],
            display_name=data["display_name"],
            channel=data["channel"],
            created_at=parse_datetime(data["created_at"]),
            counts=ContactCounts.parse(data["counts"]),
            state=None if state is None else ContactState.parse(state),
            timezone=data.get("timezone") or "",
            metadata=data.get("metadata"),
        )


@dataclass(frozen=True)
class ErasureReceipt:
    """What ``erase`` deleted, per kind (rows, and ``redis_keys``)."""

    contact_id: str
    erased: Mapping[str, int]

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ErasureReceipt:
        return cls(contact_id=data["contact_id"], erased=data["erased"])


# --- Conversations -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    message_id: str
    role: str
    content: str
    timestamp: str

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Turn:
        return cls(
            message_id=data["message_id"], role=data["role"], content=data["content"], timestamp=data["timestamp"]
        )


@dataclass(frozen=True)
class ConversationHistory:
    """The conversation's recent turns; with a budget, older turns are folded into ``summary``."""

    conversation_id: str
    contact_id: str
    turns: tuple[Turn, ...]
    tokens: int
    summary: str | None = None

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ConversationHistory:
        return cls(
            conversation_id=data["conversation_id"],
            contact_id=data["contact_id"],
            turns=tuple(Turn.parse(turn) for turn in data["turns"]),
            tokens=data["tokens"],
            summary=data.get("summary"),
        )


# --- The GDPR export ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContactExport:
    """The GDPR export (``GET /contacts/{id}/export``): everything held about one contact, as the server documents it
    in /api/schema/ (``ContactExport``). The sections are typed at the top; their rows stay dicts with the JSON's
    keys (``memory["history"]``, ``message["message_id"]``…), and ``raw`` is the whole document, as written to a
    file for the contact."""

    schema: str
    version: int
    exported_at: datetime
    tenant: str
    contact: Mapping[str, Any]
    raw: Mapping[str, Any]
    state: Mapping[str, Any] | None = None
    conversations: tuple[Mapping[str, Any], ...] = ()
    messages: tuple[Mapping[str, Any], ...] = ()
    memories: tuple[Mapping[str, Any], ...] = ()
    entities: tuple[Mapping[str, Any], ...] = ()
    mood_logs: tuple[Mapping[str, Any], ...] = ()
    triggers: tuple[Mapping[str, Any], ...] = ()
    review_flags: tuple[Mapping[str, Any], ...] = ()
    insights: tuple[Mapping[str, Any], ...] = ()

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ContactExport:
        def rows(name: str) -> tuple[Mapping[str, Any], ...]:
            return tuple(data.get(name) or ())

        return cls(
            schema=data["schema"],
            version=data["version"],
            exported_at=parse_datetime(data["exported_at"]),
            tenant=data["tenant"],
            contact=data["contact"],
            raw=data,
            state=data.get("state"),
            conversations=rows("conversations"),
            messages=rows("messages"),
            memories=rows("memories"),
            entities=rows("entities"),
            mood_logs=rows("mood_logs"),
            triggers=rows("triggers"),
            review_flags=rows("review_flags"),
            insights=rows("insights"),
        )
