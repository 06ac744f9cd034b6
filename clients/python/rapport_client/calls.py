"""Each API operation as a ``Call``: the request to send and how to read its answer. The sync and async clients
only differ in how they send it, so every path, parameter and body lives here once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from rapport_client.context import BusinessContext, Context
from rapport_client.models import (
    BatchItemResult,
    Contact,
    ContactExport,
    ConversationHistory,
    Entity,
    ErasureReceipt,
    IngestMessage,
    IngestReceipt,
    Insight,
    Memory,
    MemoryEvent,
    Page,
    Trigger,
    parse_batch,
)

T = TypeVar("T")

# Methods the server treats as safe to repeat: retried after a connection error (see retry.py).
REPEATABLE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    parse: Callable[[Any], T]
    params: Mapping[str, str | int] = field(default_factory=dict)
    json: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    # Set for a POST the server de-duplicates (an ingest with its message id): safe to resend after a lost answer.
    idempotent_post: bool = False
    # The ingest ids the request carries (generated ones included), put on the error if it fails: a caller who
    # retries by themselves must resend them, or the server cannot tell a retry from a new message.
    message_ids: tuple[str, ...] = ()

    @property
    def repeatable(self) -> bool:
        return self.method in REPEATABLE_METHODS or self.idempotent_post


def _segment(value: str | int) -> str:
    """``value`` as one path segment. quote() leaves "." alone, and httpx (like any URL parser) removes "." and ".."
    segments, so erase("..") would send DELETE to the base URL itself: an all-dots segment is sent percent-encoded.
    An empty one would name another route (erase("") is DELETE /contacts/): refused before sending."""
    text = str(value)
    if not text:
        raise ValueError("An id in the path must not be empty.")
    if set(text) == {"."}:
        return "%2E" * len(text)
    return quote(text, safe="")


def _query(**values: str | int | bool | None) -> dict[str, str | int]:
    """Query parameters without the ones left unset; booleans as the API spells them."""
    return {
        name: ("true" if value else "false") if isinstance(value, bool) else value
        for name, value in values.items()
        if value is not None
    }


def _drop_none(**values: Any) -> dict[str, Any]:
    return {name: value for name, value in values.items() if value is not None}


def _time(value: datetime | str | None) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else value


def _none(_: Any) -> None:
    return None


# --- Context -----------------------------------------------------------------------------------------------------


def context(*, contact_id: str, query: str | None, budget: int | None, explain: bool) -> Call[Context]:
    params = _query(query=query, budget=budget, explain=True if explain else None)
    return Call("GET", f"/context/{_segment(contact_id)}", Context.parse, params=params)


def business_context(*, query: str | None, budget: int | None) -> Call[BusinessContext]:
    return Call("GET", "/brain/context", BusinessContext.parse, params=_query(query=query, budget=budget))


# --- Ingest ------------------------------------------------------------------------------------------------------


def ingest(*, message: IngestMessage) -> Call[IngestReceipt]:
    # The body is built once, its id with it, and every retry resends it: the server stores a message id once and
    # answers a repeat with the first receipt. The id also goes in Idempotency-Key for proxies and logs that read
    # headers (the server takes the body's message_id first, so both name the same message).
    body = message.body()
    headers = {"Idempotency-Key": body["message_id"]}
    return Call(
        "POST", "/ingest", IngestReceipt.parse, json=body, headers=headers, idempotent_post=True,
        message_ids=(body["message_id"],),
    )  # fmt: skip


def ingest_batch(*, messages: Sequence[IngestMessage]) -> Call[tuple[BatchItemResult, ...]]:
    # Every item carries its id (generated once here), so a resent batch replays item by item.
    items = [message.body() for message in messages]
    message_ids = tuple(item["message_id"] for item in items)
    return Call(
        "POST", "/ingest/batch", parse_batch, json={"messages": items}, idempotent_post=True, message_ids=message_ids
    )


# --- Memories ----------------------------------------------------------------------------------------------------


def memories_list(
    *,
    contact_id: str,
    memory_type: str | None,
    status: str | None,
    entity: str | None,
    q: str | None,
    limit: int | None,
    offset: int | None,
) -> Call[Page[Memory]]:
    params = _query(type=memory_type, status=status, entity=entity, q=q, limit=limit, offset=offset)
    return Call("GET", f"/contacts/{_segment(contact_id)}/memories", _memory_page, params=params)


def _memory_page(data: Any) -> Page[Memory]:
    return Page.parse(data, Memory.parse)


def memory_body(
    *,
    memory_type: str,
    content: str,
    importance: float | None,
    expires_at: datetime | str | None,
    entities: Sequence[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """A new memory as ``POST /contacts/{id}/memories`` and ``POST /brain/memories`` take it."""
    return _drop_none(
        memory_type=memory_type,
        content=content,
        importance=importance,
        expires_at=_time(expires_at),
        entities=None if entities is None else [dict(entity) for entity in entities],
    )


def memory_changes(
    *,
    content: str | None,
    importance: float | None,
    expires_at: datetime | str | None,
    pinned: bool | None,
    memory_type: str | None,
) -> dict[str, Any]:
    return _drop_none(
        content=content, importance=importance, expires_at=_time(expires_at), pinned=pinned, memory_type=memory_type
    )


def memory_create(*, contact_id: str, body: Mapping[str, Any]) -> Call[Memory]:
    return Call("POST", f"/contacts/{_segment(contact_id)}/memories", Memory.parse, json=dict(body))


def memory_get(*, memory_id: int) -> Call[Memory]:
    return Call("GET", f"/memories/{_segment(memory_id)}", Memory.parse)


def memory_update(*, memory_id: int, changes: Mapping[str, Any]) -> Call[Memory]:
    return Call("PATCH", f"/memories/{_segment(memory_id)}", Memory.parse, json=dict(changes))


def memory_delete(*, memory_id: int) -> Call[None]:
    return Call("DELETE", f"/memories/{_segment(memory_id)}", _none)


def memory_history(*, memory_id: int, limit: int | None, offset: int | None) -> Call[Page[MemoryEvent]]:
    params = _query(limit=limit, offset=offset)
    return Call("GET", f"/memories/{_segment(memory_id)}/history", _event_page, params=params)


def _event_page(data: Any) -> Page[MemoryEvent]:
    return Page.parse(data, MemoryEvent.parse)


def entities_list(*, contact_id: str, limit: int | None, offset: int | None) -> Call[Page[Entity]]:
    params = _query(limit=limit, offset=offset)
    return Call("GET", f"/contacts/{_segment(contact_id)}/entities", _entity_page, params=params)


def _entity_page(data: Any) -> Page[Entity]:
    return Page.parse(data, Entity.parse)


def business_memories_list(
    *, memory_type: str | None, status: str | None, limit: int | None, offset: int | None
) -> Call[Page[Memory]]:
    params = _query(type=memory_type, status=status, limit=limit, offset=offset)
    return Call("GET", "/brain/memories", _memory_page, params=params)


def business_memory_create(*, body: Mapping[str, Any]) -> Call[Memory]:
    return Call("POST", "/brain/memories", Memory.parse, json=dict(body))


# --- Moods: triggers and insights --------------------------------------------------------------------------------


def triggers_list(
    *,
    contact_id: str | None,
    due_before: datetime | str | None,
    include_completed: bool | None,
    limit: int | None,
    offset: int | None,
) -> Call[Page[Trigger]]:
    params = _query(
        contact_id=contact_id,
        due_before=_time(due_before),
        include_completed=include_completed,
        limit=limit,
        offset=offset,
    )
    return Call("GET", "/triggers", _trigger_page, params=params)


def _trigger_page(data: Any) -> Page[Trigger]:
    return Page.parse(data, Trigger.parse)


def trigger_complete(*, trigger_id: int) -> Call[Trigger]:
    return Call("POST", f"/triggers/{_segment(trigger_id)}/complete", Trigger.parse)


def insights_list(
    *, contact_id: str | None, kind: str | None, limit: int | None, offset: int | None
) -> Call[Page[Insight]]:
    params = _query(contact_id=contact_id, kind=kind, limit=limit, offset=offset)
    return Call("GET", "/insights", _insight_page, params=params)


def _insight_page(data: Any) -> Page[Insight]:
    return Page.parse(data, Insight.parse)


# --- The contact, conversations, privacy -------------------------------------------------------------------------


def contact_get(*, contact_id: str) -> Call[Contact]:
    return Call("GET", f"/contacts/{_segment(contact_id)}", Contact.parse)


def contact_export(*, contact_id: str) -> Call[ContactExport]:
    return Call("GET", f"/contacts/{_segment(contact_id)}/export", ContactExport.parse)


def contact_erase(*, contact_id: str) -> Call[ErasureReceipt]:
    return Call("DELETE", f"/contacts/{_segment(contact_id)}", ErasureReceipt.parse)


def conversation_history(*, conversation_id: str, budget: int | None) -> Call[ConversationHistory]:
    path = f"/conversations/{_segment(conversation_id)}/history"
    return Call("GET", path, ConversationHistory.parse, params=_query(budget=budget))
