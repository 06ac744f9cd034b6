"""Input serializers shared by the ingest endpoints (one message, or a batch of them)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from rest_framework import serializers

from contacts.models import Role
from memories.services.ingest import IngestPayload


class StrictSerializer(serializers.Serializer):
    """Rejects unknown fields: a misspelt or smuggled key (``tenant_id``) is an error, not ignored."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


class JsonbDictField(serializers.DictField):
    """A JSON object Postgres ``jsonb`` can store. JSON may spell what jsonb refuses — NUL (``"\\u0000"``) and
    unpaired surrogates (``"\\ud800"``, valid JSON but not valid Unicode) — and the insert would fail with a 500:
    refused here with a 400 naming the character, in DRF's words for text fields."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        for text in _strings(value):
            if "\x00" in text:
                raise serializers.ValidationError("Null characters are not allowed.")
            surrogate = _SURROGATE.search(text)
            if surrogate:
                raise serializers.ValidationError(
                    f"Surrogate characters are not allowed: U+{ord(surrogate.group()):X}."
                )
        return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _strings(value: Any) -> Iterator[str]:
    """Every key and string in a parsed JSON value; iterative, as the nesting can be as deep as the parser allows."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)


class IngestInputSerializer(StrictSerializer):
    """One message. NUL and unpaired surrogates are refused with a 400 wherever they appear (the text fields by DRF's
    CharField validators, metadata by JsonbDictField), never stripped: Postgres cannot store them, and silently
    changing what the contact said would make the ledger lie."""

    contact_id = serializers.CharField(max_length=255)
    message = serializers.CharField(trim_whitespace=False)
    role = serializers.ChoiceField(choices=Role.choices)
    conversation_id = serializers.CharField(max_length=255)
    message_id = serializers.CharField(max_length=255, required=False)
    timestamp = serializers.DateTimeField(required=False, help_text="ISO 8601; default: now")
    display_name = serializers.CharField(max_length=255, required=False, allow_blank=True)
    channel = serializers.CharField(max_length=64, required=False, allow_blank=True)
    metadata = JsonbDictField(required=False)

    def validate_message(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("The message must not be empty or whitespace.")
        size = len(value.encode("utf-8"))
        if size > settings.INGEST_MAX_MESSAGE_BYTES:
            raise serializers.ValidationError(
                f"The message is {size} bytes; the limit is {settings.INGEST_MAX_MESSAGE_BYTES} bytes (UTF-8)."
            )
        return value

    def validate_metadata(self, value: dict[str, Any]) -> dict[str, Any]:
        size = len(json.dumps(value, default=str).encode("utf-8"))
        if size > settings.INGEST_MAX_METADATA_BYTES:
            raise serializers.ValidationError(
                f"metadata is {size} bytes as JSON; the limit is {settings.INGEST_MAX_METADATA_BYTES}."
            )
        return value

    def payload(self) -> IngestPayload:
        return self.to_payload(self.validated_data)

    @staticmethod
    def to_payload(data: dict[str, Any]) -> IngestPayload:
        return IngestPayload(
            contact_id=data["contact_id"],
            message=data["message"],
            role=data["role"],
            conversation_id=data["conversation_id"],
            message_id=data.get("message_id", ""),
            timestamp=data.get("timestamp"),
            display_name=data.get("display_name", ""),
            channel=data.get("channel", ""),
            metadata=data.get("metadata", {}),
        )
