"""GDPR export: one JSON document with everything Rapport holds about a contact (schema below, versioned).

Embedding vectors are not exported (derived numbers, not information about the person): each memory says
which model embedded it and whether it has a vector.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

from config import clock
from contacts.models import Contact, ContactState
from memories.models import Memory, MemoryEvent
from moods.models import Insight, MoodLog, ReviewFlag, Trigger

EXPORT_SCHEMA = "rapport.contact-export"
EXPORT_VERSION = 1
_STATE_FIELDS = [
    f.name for f in ContactState._meta.concrete_fields if f.name not in {"contact", "current_conversation"}
]


def export_json(document: dict[str, Any]) -> str:
    """The one serialisation of an export (the API download and the command write the same bytes)."""
    return json.dumps(document, cls=DjangoJSONEncoder, indent=2, ensure_ascii=False)


def contact_export_get(*, contact: Contact) -> dict[str, Any]:
    return {
        "schema": EXPORT_SCHEMA,
        "version": EXPORT_VERSION,
        "exported_at": clock.now(),
        "tenant": contact.tenant.slug,
        "contact": _contact(contact),
        "state": ContactState.objects.filter(contact=contact).values(*_STATE_FIELDS).first(),
        "conversations": list(
            contact.conversations.order_by("started_at", "pk").values(
                "external_id", "started_at", "last_message_at", "resolved_at", "resolution_summary"
            )
        ),
        "messages": _messages(contact),
        "memories": _memories(contact),
        "entities": _entities(contact),
        "mood_logs": list(
            MoodLog.objects.filter(contact=contact)
            .order_by("logged_at", "pk")
            .values("message__client_message_id", "mood", "energy", "style", "confidence", "source", "logged_at")
        ),
        "triggers": list(
            Trigger.objects.filter(contact=contact)
            .order_by("due_at", "pk")
            .values("id", "kind", "reason", "due_at", "created_at", "completed_at")
        ),
        "review_flags": list(
            ReviewFlag.objects.filter(contact=contact)
            .order_by("created_at", "pk")
            .values(
                "id",
                "kind",
                "category",
                "excerpt",
                "message__client_message_id",
                "created_at",
                "resolved_at",
                "resolved_by",
                "resolution_note",
            )  # fmt: skip
        ),
        "insights": list(
            Insight.objects.filter(contact=contact)
            .order_by("created_at", "pk")
            .values("id", "kind", "summary", "data", "created_at")
        ),
    }


def _contact(contact: Contact) -> dict[str, Any]:
    fields = ("external_id", "display_name", "channel", "timezone", "metadata", "created_at", "updated_at")
    return {field: getattr(contact, field) for field in fields}


def _messages(contact: Contact) -> list[dict[str, Any]]:
    fields = (
        "client_message_id", "conversation__external_id", "role", "content", "sent_at", "received_at",
        "metadata", "processing_status", "extracted_at", "processed_at",
    )  # fmt: skip
    return [dict(row) for row in contact.messages.order_by("sent_at", "pk").values(*fields)]


def _memories(contact: Contact) -> list[dict[str, Any]]:
    """Every memory, whatever its status (active, superseded, compressed, expired), with its history."""
    history: dict[int, list[dict[str, Any]]] = {}
    events = MemoryEvent.objects.filter(memory__contact=contact).order_by("created_at", "pk")
    for event in events.values("memory_id", "kind", "actor", "before", "after", "source_message_ids", "created_at"):
        row: dict[str, Any] = dict(event)
        history.setdefault(row.pop("memory_id"), []).append(row)
    memories = Memory.objects.filter(contact=contact).prefetch_related("entities").order_by("created_at", "pk")
    return [_memory(memory, history.get(memory.pk, [])) for memory in memories]


def _memory(memory: Memory, history: list[dict[str, Any]]) -> dict[str, Any]:
    fields = (
        "id", "memory_type", "content", "importance", "decay_rate", "pinned", "access_count", "accessed_at",
        "status", "valid_from", "valid_to", "expires_at", "source", "slot", "metadata", "superseded_by_id",
        "source_message_ids", "embedding_model", "created_at", "updated_at",
    )  # fmt: skip
    return {
        **{field: getattr(memory, field) for field in fields},
        "has_embedding": memory.embedding is not None,
        "entities": [entity.ref for entity in memory.entities.all()],
        "history": history,
    }


def _entities(contact: Contact) -> list[dict[str, Any]]:
    return [
        {"ref": e.ref, "entity_type": e.entity_type, "key": e.key, "display_name": e.display_name,
         "aliases": e.aliases, "metadata": e.metadata, "created_at": e.created_at}
        for e in contact.entities.order_by("entity_type", "key")
    ]  # fmt: skip
