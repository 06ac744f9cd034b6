"""GDPR export: one JSON document with everything Rapport holds about a contact (schema below, versioned; documented
field by field in privacy/serializers.py, which /api/schema/ publishes).

Keys are the data's own names as the API spells them (``contact_id``, ``conversation_id``, ``message_id``,
``superseded_by``), never ORM lookups (``conversation__external_id``) - version 2; version 1 used those.

Embedding vectors are not exported (derived numbers, not information about the person): each memory says
which model embedded it and whether it has a vector.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet

from config import clock
from contacts.models import Contact, ContactState
from memories.models import Memory, MemoryEvent
from moods.models import Insight, MoodLog, ReviewFlag, Trigger

EXPORT_SCHEMA = "rapport.contact-export"
EXPORT_VERSION = 2  # 2: keys renamed from ORM lookups to the data's names
EXPORT_STATE_FIELDS = [
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
        "state": ContactState.objects.filter(contact=contact).values(*EXPORT_STATE_FIELDS).first(),
        "conversations": _values(
            contact.conversations.order_by("started_at", "pk"),
            "conversation_id=external_id",
            "started_at",
            "last_message_at",
            "resolved_at",
            "resolution_summary",
        ),  # fmt: skip
        "messages": _messages(contact),
        "memories": _memories(contact),
        "entities": _entities(contact),
        "mood_logs": _values(
            MoodLog.objects.filter(contact=contact).order_by("logged_at", "pk"),
            "message_id=message__client_message_id",
            "mood",
            "energy",
            "style",
            "confidence",
            "source",
            "logged_at",
        ),  # fmt: skip
        "triggers": _values(
            Trigger.objects.filter(contact=contact).order_by("due_at", "pk"),
            "id",
            "kind",
            "reason",
            "due_at",
            "created_at",
            "completed_at",
            "completed_by",
            "completion_note",
        ),  # fmt: skip
        "review_flags": _values(
            ReviewFlag.objects.filter(contact=contact).order_by("created_at", "pk"),
            "id",
            "kind",
            "category",
            "excerpt",
            "message_id=message__client_message_id",
            "created_at",
            "resolved_at",
            "resolved_by",
            "resolution_note",
        ),  # fmt: skip
        "insights": _values(
            Insight.objects.filter(contact=contact).order_by("created_at", "pk"),
            "id",
            "kind",
            "summary",
            "data",
            "created_at",
        ),  # fmt: skip
    }


def _values(rows: QuerySet[Any], *fields: str) -> list[dict[str, Any]]:
    """``rows`` as dicts keyed in the order given. A field ``"name=lookup"`` reads an ORM lookup under the data's own
    name (``"message_id=message__client_message_id"``): a path through our tables is no name for the reader."""
    names = [field.partition("=")[0] for field in fields]
    lookups = [field.partition("=")[2] or field for field in fields]
    return [dict(zip(names, row, strict=True)) for row in rows.values_list(*lookups)]


def _contact(contact: Contact) -> dict[str, Any]:
    fields = ("display_name", "channel", "timezone", "metadata", "created_at", "updated_at")
    return {"contact_id": contact.external_id, **{field: getattr(contact, field) for field in fields}}


def _messages(contact: Contact) -> list[dict[str, Any]]:
    return _values(
        contact.messages.order_by("sent_at", "pk"),
        "message_id=client_message_id", "conversation_id=conversation__external_id", "role", "content", "sent_at",
        "received_at", "metadata", "processing_status", "extracted_at", "processed_at",
    )  # fmt: skip


def _memories(contact: Contact) -> list[dict[str, Any]]:
    """Every memory, whatever its status (active, superseded, compressed, expired), with its history."""
    history: dict[int, list[dict[str, Any]]] = {}
    events = MemoryEvent.objects.filter(memory__contact=contact).order_by("created_at", "pk")
    for row in _values(events, "memory_id", "kind", "actor", "before", "after", "source_message_ids", "created_at"):
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
        **{field.removesuffix("_id"): getattr(memory, field) for field in fields},  # superseded_by_id: superseded_by
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
