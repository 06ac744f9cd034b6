"""Drive the real ingest service the way the API does (deferred tier included)."""

from __future__ import annotations

from datetime import datetime

from contacts.models import Message, Tenant
from ingest.services.receive import IngestPayload, IngestReceipt, message_ingest


def ingest(
    tenant: Tenant,
    text: str,
    *,
    message_id: str,
    role: str = "user",
    contact_id: str = "arjun",
    conversation_id: str = "conv-1",
    at: datetime | None = None,
    display_name: str = "Arjun",
) -> IngestReceipt:
    payload = IngestPayload(
        contact_id=contact_id, message=text, role=role, conversation_id=conversation_id, message_id=message_id,
        timestamp=at, display_name=display_name,
    )  # fmt: skip
    return message_ingest(tenant=tenant, payload=payload)


def ledger_message(tenant: Tenant, message_id: str) -> Message:
    return Message.objects.get(tenant=tenant, client_message_id=message_id)
