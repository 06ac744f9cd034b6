"""Typed Python client for the Rapport memory API (sync and async)::

from rapport_client import RapportClient

with RapportClient("http://127.0.0.1:8000", api_key) as rapport:
    context = rapport.context("arjun", query="how is Bruno?")
    rapport.ingest("arjun", "Bruno is better, thanks!", conversation_id="conv-1")
"""

from rapport_client.async_client import AsyncRapportClient
from rapport_client.client import RapportClient
from rapport_client.context import (
    Baseline,
    BusinessContext,
    Context,
    ContextContact,
    ContextEntity,
    ContextMemory,
    ContextState,
    Crisis,
    Emotional,
)
from rapport_client.errors import (
    AuthenticationError,
    ConflictError,
    GoneError,
    NotFoundError,
    RapportConnectionError,
    RapportError,
    RateLimitedError,
    ServerError,
    ValidationError,
)
from rapport_client.models import (
    BatchItemResult,
    Contact,
    ContactCounts,
    ContactExport,
    ContactState,
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
    Turn,
)
from rapport_client.retry import RetryPolicy
from rapport_client.transport import VERSION

__version__ = VERSION

__all__ = [
    "AsyncRapportClient",
    "AuthenticationError",
    "Baseline",
    "BatchItemResult",
    "BusinessContext",
    "ConflictError",
    "Contact",
    "ContactCounts",
    "ContactExport",
    "ContactState",
    "Context",
    "ContextContact",
    "ContextEntity",
    "ContextMemory",
    "ContextState",
    "ConversationHistory",
    "Crisis",
    "Emotional",
    "Entity",
    "ErasureReceipt",
    "GoneError",
    "IngestMessage",
    "IngestReceipt",
    "Insight",
    "Memory",
    "MemoryEvent",
    "NotFoundError",
    "Page",
    "RapportClient",
    "RapportConnectionError",
    "RapportError",
    "RateLimitedError",
    "RetryPolicy",
    "ServerError",
    "Trigger",
    "Turn",
    "ValidationError",
]
