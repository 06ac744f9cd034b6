"""The MCP tools: a contact's context, remembering a message, searching and forgetting memories, the profile.

Each tool is thin, as a view is: it validates (the tool's typed parameters, and for ``remember`` the very serializer
``POST /ingest`` uses), calls the service or selector the REST API calls, and answers a typed value: the tool's
structured result, whose shape its output schema publishes (``get_context``: the ``/context`` body, documented in
``/api/schema/``); clients get it as JSON text too. An anticipated failure — an unknown contact or memory, input
the service refuses — raises ``ToolError``: the client gets ``isError`` with the message, never a traceback.

The tools are synchronous: the SDK runs a sync tool on a worker thread (``anyio.to_thread``), where the Django ORM
is allowed (no event loop in that thread). Each call closes the thread's stale database connections first and
after, as Django does around a request.

The tenant comes from the transport's API key, never from an argument: on stdio the process's ``RAPPORT_API_KEY``
(the server's lifespan context), checked again at every call so a revoked or expired key stops working there too;
over HTTP each request's key (``mcpserver.http`` checks it and puts it in the request's scope). Every call counts
against that key's rate limits, in the REST API's windows: ``remember`` as an ingest, ``get_context`` and
``search_memories`` as context reads, the others as the default scope (``contacts.throttling``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from django.db import close_old_connections
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from contacts.authentication import api_key_get
from contacts.models import Contact, Tenant, TenantAPIKey
from contacts.selectors import contact_get
from contacts.throttling import api_key_admit
from context.selectors import contact_context_get
from context.views import ContextApi
from ingest.serializers import IngestInputSerializer
from ingest.services.receive import IngestConflict, message_ingest
from mcpserver.selectors import ContactProfile, FoundMemory, contact_memories_search, contact_profile_get
from memories.selectors import memory_get
from memories.services.access import memories_record_access_later
from memories.services.records import memory_delete

API_KEY_SCOPE_KEY = "rapport.api_key"  # the HTTP request scope's key for its checked TenantAPIKey

INSTRUCTIONS = (
    "Rapport remembers each contact of one business (the tenant of the API key): call get_context before replying "
    "to a contact, remember with each message worth keeping, search_memories for something specific, get_profile "
    "for who they are, forget_memory when they ask you to forget something. contact_id is the business's own id "
    "for the person."
)

# No NUL: Postgres cannot hold one, so no contact has one (the REST API's ids refuse it too).
ContactId = Annotated[
    str, Field(min_length=1, max_length=255, pattern=r"^[^\x00]+$", description="The business's own id for the contact")
]
Query = Annotated[str, Field(max_length=4000, description="What the reply is about (ranks the memories)")]
Budget = Annotated[
    int | None,
    Field(strict=True, ge=0, le=16_000, description="Tokens the memories may use (default: the relationship's)"),
]


@dataclass(frozen=True)
class Remembered:
    message_id: str  # the ledger's id of the message: the caller's, or generated
    status: str  # "accepted"


@dataclass(frozen=True)
class SearchResult:
    contact_id: str
    memories: list[FoundMemory]  # best first


@dataclass(frozen=True)
class Forgotten:
    contact_id: str
    forgotten: int  # the memory's id


def rapport_mcp(*, api_key: str | None = None) -> MCPServer[Any]:
    """The server with every tool. ``api_key``: the one key of a stdio process; None over HTTP (per request)."""
    server: MCPServer[Any] = MCPServer("rapport", instructions=INSTRUCTIONS, lifespan=_lifespan(api_key))
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    server.add_tool(get_context, annotations=read_only)
    server.add_tool(remember, annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False))
    server.add_tool(search_memories, annotations=read_only)
    server.add_tool(
        forget_memory,
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
        ),
    )
    server.add_tool(get_profile, annotations=read_only)
    return server


def get_context(ctx: Context, contact_id: ContactId, query: Query = "", budget: Budget = None) -> dict[str, Any]:
    """What to know before replying to the contact: the same body as GET /context — context_text (a prompt-ready
    block: who they are, how they feel, what matters now) and the typed fields it is written from (contact, state,
    emotional, memories, entities, memory_budget, memory_tokens)."""
    filters = _context_filters(query=query, budget=budget)
    with _django_call():
        context = contact_context_get(tenant=_tenant(ctx, scope="context"), external_id=contact_id, **filters)
        if context is None:
            raise ToolError(_unknown_contact(contact_id))
        # As the view does: the memories shown count as accessed (retrieval's access signals, decay's clock).
        memories_record_access_later(memory_ids=[memory.id for memory in context.memories])
        return dict(ContextApi.BodyOutputSerializer(context).data)


def remember(
    ctx: Context,
    contact_id: ContactId,
    message: Annotated[str, Field(description="What was said, verbatim")],
    conversation_id: Annotated[str, Field(min_length=1, max_length=255, description="The conversation's id")],
    role: Literal["user", "assistant"] = "user",
    message_id: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=255,
            description="Your id for the message: a retried call with the same id is stored once (default: a new id)",
        ),
    ] = None,
) -> Remembered:
    """Record one message of a conversation with the contact, as POST /ingest does: facts, preferences, entities
    and mood are read from it (the contact and conversation are created on first sight)."""
    data = {"contact_id": contact_id, "message": message, "role": role, "conversation_id": conversation_id}
    serializer = IngestInputSerializer(data=data if message_id is None else {**data, "message_id": message_id})
    if not serializer.is_valid():
        raise ToolError(_invalid(serializer.errors))
    with _django_call():
        try:
            receipt = message_ingest(tenant=_tenant(ctx, scope="ingest"), payload=serializer.payload())
        except IngestConflict as exc:  # an erased contact (IngestGone) or a foreign conversation
            raise ToolError(str(exc)) from exc
    return Remembered(message_id=receipt.message_id, status=receipt.status)


def search_memories(
    ctx: Context,
    contact_id: ContactId,
    query: Annotated[str, Field(min_length=1, max_length=4000, description="What to look for")],
    limit: Annotated[int, Field(strict=True, ge=1, le=50, description="How many memories at most")] = 10,
) -> SearchResult:
    """The contact's memories that best match the query, best first, ranked as GET /context ranks them (meaning,
    words, recency, importance, entities): each with its id (for forget_memory), type, content and score."""
    query = _context_filters(query=query, budget=None).get("query", "")
    if not query:
        raise ToolError("Invalid input: query: This field may not be blank.")
    with _django_call():
        contact = _contact(ctx, contact_id, scope="context")
        found = contact_memories_search(contact=contact, query=query, limit=limit)
    return SearchResult(contact_id=contact_id, memories=found)


def forget_memory(
    ctx: Context,
    contact_id: ContactId,
    memory_id: Annotated[int, Field(strict=True, ge=1, description="The memory's id (from search or context)")],
) -> Forgotten:
    """Delete one of the contact's memories for good, history included, as DELETE /memories/{id} does (what they
    said stays in the message ledger)."""
    with _django_call():
        contact = _contact(ctx, contact_id, scope="default")
        memory = memory_get(tenant=contact.tenant, memory_id=memory_id)
        if memory is None or memory.contact_id != contact.pk:
            raise ToolError(f"Memory {memory_id} not found for contact {contact_id!r}.")
        memory_delete(memory=memory)
    return Forgotten(contact_id=contact_id, forgotten=memory_id)


def get_profile(ctx: Context, contact_id: ContactId) -> ContactProfile:
    """Who the contact is, for good: the profile paragraph (rewritten by consolidation minutes after a durable fact
    changes; empty until then) and the durable memories it is written from — facts and strong or avoid-this
    preferences, never decayed away."""
    with _django_call():
        profile = contact_profile_get(tenant=_tenant(ctx, scope="default"), external_id=contact_id)
    if profile is None:
        raise ToolError(_unknown_contact(contact_id))
    return profile


def _tenant(ctx: Context, *, scope: str) -> Tenant:
    """The caller's tenant, once its key is known good and this call is within the key's rate for ``scope``."""
    api_key = _api_key(ctx)
    admission = api_key_admit(tenant=api_key.tenant, api_key_id=api_key.pk, scope=scope)
    if not admission.allowed:
        raise ToolError(
            f"Rate limit exceeded: this API key may make {admission.rate} {scope} requests. "
            f"Retry after {admission.retry_after} s."
        )
    return api_key.tenant


def _api_key(ctx: Context) -> TenantAPIKey:
    request = ctx.request_context.request
    if request is not None:  # streamable HTTP: the request's own key, checked by mcpserver.http
        checked: TenantAPIKey = request.scope[API_KEY_SCOPE_KEY]
        return checked
    key = ctx.request_context.lifespan_context.get("api_key")
    api_key = api_key_get(key=key) if key else None
    if api_key is None:  # stdio: revoked or expired since the process started
        raise ToolError("RAPPORT_API_KEY is no longer a valid API key (revoked or expired).")
    return api_key


def _contact(ctx: Context, contact_id: str, *, scope: str) -> Contact:
    contact = contact_get(tenant=_tenant(ctx, scope=scope), external_id=contact_id)
    if contact is None:
        raise ToolError(_unknown_contact(contact_id))
    return contact


def _context_filters(*, query: str, budget: int | None) -> dict[str, Any]:
    """``query`` and ``budget`` as ``GET /context`` takes them (its own filter serializer: the query trimmed, a NUL
    refused — Postgres cannot hold one)."""
    data = {"query": query} if budget is None else {"query": query, "budget": budget}
    filters = ContextApi.FilterSerializer(data=data)
    if not filters.is_valid():
        raise ToolError(_invalid(filters.errors))
    return dict(filters.validated_data)


def _unknown_contact(contact_id: str) -> str:
    return f"Contact {contact_id!r} not found (no message from or memory of them yet)."


def _invalid(errors: dict[str, Any]) -> str:
    problems = (f"{field}: {' '.join(map(str, messages))}" for field, messages in errors.items())
    return "Invalid input: " + "; ".join(problems)


@contextmanager
def _django_call() -> Iterator[None]:
    close_old_connections()
    try:
        yield
    finally:
        close_old_connections()


def _lifespan(api_key: str | None) -> Callable[[MCPServer[Any]], AbstractAsyncContextManager[dict[str, Any]]]:
    @asynccontextmanager
    async def lifespan(_: MCPServer[Any]) -> AsyncIterator[dict[str, Any]]:
        yield {"api_key": api_key}

    return lifespan
