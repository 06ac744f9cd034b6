"""``AsyncRapportClient``: the same methods as ``RapportClient`` (client.py), awaited. Keep the two in step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, TypeVar

import anyio
import httpx

from rapport_client import calls, transport
from rapport_client.context import BusinessContext, Context
from rapport_client.errors import RapportError
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
    Role,
    Trigger,
)
from rapport_client.retry import RetryPolicy

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound="AsyncRapportClient")


class AsyncRapportClient:
    """``async with AsyncRapportClient(base_url, api_key) as rapport: await rapport.context(...)``. Errors, retries
    and results as ``RapportClient``'s."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        timeout: float = 10.0,
        max_retries: int = 3,
        *,
        retry_policy: RetryPolicy | None = None,
        http_transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        options = transport.client_options(base_url=base_url, api_key=api_key, timeout=timeout)
        self._http = httpx.AsyncClient(transport=http_transport, **options)
        self._policy = retry_policy or transport.default_policy(max_retries)

    async def __aenter__(self: ClientT) -> ClientT:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _send(self, call: calls.Call[T]) -> T:
        attempt = 0
        while True:
            try:
                response = await self._http.request(call.method, call.path, **transport.request_options(call))
                return transport.result(call, response)
            except RapportError as error:
                delay = self._policy.delay_after_error(error, repeatable=call.repeatable, attempt=attempt)
                if delay is None:
                    transport.name_messages(call, error)
                    raise
            except httpx.TransportError as exc:
                delay = self._policy.delay_after_disconnect(repeatable=call.repeatable, attempt=attempt)
                if delay is None:
                    raise transport.connection_error(call, exc) from exc
            await anyio.sleep(delay)  # not asyncio.sleep: the client runs under trio too
            attempt += 1

    # --- Context ---------------------------------------------------------------------------------------------------

    async def context(
        self, contact_id: str, query: str | None = None, budget: int | None = None, *, explain: bool = False
    ) -> Context:
        """What to know before replying: put ``context_text`` in the prompt. Unknown contact: ``NotFoundError``."""
        return await self._send(calls.context(contact_id=contact_id, query=query, budget=budget, explain=explain))

    async def business_context(self, query: str | None = None, *, budget: int | None = None) -> BusinessContext:
        return await self._send(calls.business_context(query=query, budget=budget))

    # --- Ingest ----------------------------------------------------------------------------------------------------

    async def ingest(
        self,
        contact_id: str,
        message: str,
        *,
        conversation_id: str,
        role: Role = "user",
        message_id: str | None = None,
        timestamp: datetime | str | None = None,
        display_name: str | None = None,
        channel: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> IngestReceipt:
        """Learn from one message (after the reply). Without ``message_id`` one is generated, so retries never add
        the message twice; the receipt says which."""
        item = IngestMessage(
            contact_id=contact_id, message=message, conversation_id=conversation_id, role=role, message_id=message_id,
            timestamp=timestamp, display_name=display_name, channel=channel, metadata=metadata,
        )  # fmt: skip
        return await self._send(calls.ingest(message=item))

    async def ingest_batch(self, messages: Sequence[IngestMessage]) -> tuple[BatchItemResult, ...]:
        """Up to 100 messages in order; one result per item (a conflict does not stop the others)."""
        return await self._send(calls.ingest_batch(messages=messages))

    # --- Memories and entities -------------------------------------------------------------------------------------

    async def list_memories(
        self,
        contact_id: str,
        *,
        memory_type: str | None = None,
        status: str | None = None,
        entity: str | None = None,
        q: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> Page[Memory]:
        call = calls.memories_list(
            contact_id=contact_id, memory_type=memory_type, status=status, entity=entity, q=q, limit=limit,
            offset=offset,
        )  # fmt: skip
        return await self._send(call)

    async def get_memory(self, memory_id: int) -> Memory:
        return await self._send(calls.memory_get(memory_id=memory_id))

    async def create_memory(
        self,
        contact_id: str,
        *,
        memory_type: str,
        content: str,
        importance: float | None = None,
        expires_at: datetime | str | None = None,
        entities: Sequence[Mapping[str, Any]] | None = None,
    ) -> Memory:
        body = calls.memory_body(
            memory_type=memory_type, content=content, importance=importance, expires_at=expires_at, entities=entities
        )
        return await self._send(calls.memory_create(contact_id=contact_id, body=body))

    async def update_memory(
        self,
        memory_id: int,
        *,
        content: str | None = None,
        importance: float | None = None,
        expires_at: datetime | str | None = None,
        pinned: bool | None = None,
        memory_type: str | None = None,
    ) -> Memory:
        """Change the fields given (None leaves a field as it is)."""
        changes = calls.memory_changes(
            content=content, importance=importance, expires_at=expires_at, pinned=pinned, memory_type=memory_type
        )
        return await self._send(calls.memory_update(memory_id=memory_id, changes=changes))

    async def delete_memory(self, memory_id: int) -> None:
        """Deletes the memory. Retried after a lost answer like any DELETE, it may then raise ``NotFoundError``."""
        await self._send(calls.memory_delete(memory_id=memory_id))

    async def memory_history(
        self, memory_id: int, *, limit: int | None = None, offset: int | None = None
    ) -> Page[MemoryEvent]:
        return await self._send(calls.memory_history(memory_id=memory_id, limit=limit, offset=offset))

    async def list_entities(
        self, contact_id: str, *, limit: int | None = None, offset: int | None = None
    ) -> Page[Entity]:
        return await self._send(calls.entities_list(contact_id=contact_id, limit=limit, offset=offset))

    async def list_business_memories(
        self,
        *,
        memory_type: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> Page[Memory]:
        return await self._send(
            calls.business_memories_list(memory_type=memory_type, status=status, limit=limit, offset=offset)
        )

    async def create_business_memory(
        self,
        *,
        memory_type: str,
        content: str,
        importance: float | None = None,
        expires_at: datetime | str | None = None,
    ) -> Memory:
        body = calls.memory_body(memory_type=memory_type, content=content, importance=importance, expires_at=expires_at)
        return await self._send(calls.business_memory_create(body=body))

    # --- Moods: triggers and insights ------------------------------------------------------------------------------

    async def list_triggers(
        self,
        *,
        contact_id: str | None = None,
        due_before: datetime | str | None = None,
        include_completed: bool | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> Page[Trigger]:
        call = calls.triggers_list(
            contact_id=contact_id, due_before=due_before, include_completed=include_completed, limit=limit,
            offset=offset,
        )  # fmt: skip
        return await self._send(call)

    async def complete_trigger(self, trigger_id: int) -> Trigger:
        return await self._send(calls.trigger_complete(trigger_id=trigger_id))

    async def list_insights(
        self,
        *,
        contact_id: str | None = None,
        kind: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
    ) -> Page[Insight]:
        return await self._send(calls.insights_list(contact_id=contact_id, kind=kind, limit=limit, offset=offset))

    # --- The contact, conversations, privacy -----------------------------------------------------------------------

    async def get_contact(self, contact_id: str) -> Contact:
        """What is held about the contact: state (mood, stage…) and counts."""
        return await self._send(calls.contact_get(contact_id=contact_id))

    async def conversation_history(self, conversation_id: str, *, budget: int | None = None) -> ConversationHistory:
        return await self._send(calls.conversation_history(conversation_id=conversation_id, budget=budget))

    async def export(self, contact_id: str) -> ContactExport:
        """The GDPR export: every section typed at the top level (``.memories``, ``.messages``… as tuples of dicts),
        the whole JSON document in ``.raw`` (its layout is versioned by its ``schema`` and ``version``)."""
        return await self._send(calls.contact_export(contact_id=contact_id))

    async def erase(self, contact_id: str) -> ErasureReceipt:
        """The GDPR erasure: deletes the contact and everything derived from them. Cannot be undone. Retried after a
        lost answer like any DELETE, it may then raise ``NotFoundError``: the contact is gone either way."""
        return await self._send(calls.contact_erase(contact_id=contact_id))
