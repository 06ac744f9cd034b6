"""The ingest endpoints' input: one message (``POST /ingest``, each item of a batch, each row of an
``import_history`` file)."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import serializers

from config.serializers import JsonbDictField, StrictCharField, StrictSerializer
from contacts.models import Role
from ingest.services.receive import IngestPayload


class IngestInputSerializer(StrictSerializer):
    """One message. NUL and unpaired surrogates are refused with a 400 wherever they appear (the text fields by DRF's
    CharField validators, metadata by JsonbDictField), never stripped: Postgres cannot store them, and silently
    changing what the contact said would make the ledger lie."""

    contact_id = StrictCharField(max_length=255)
    message = StrictCharField(trim_whitespace=False)
    role = serializers.ChoiceField(choices=Role.choices)
    conversation_id = StrictCharField(max_length=255)
    message_id = StrictCharField(
        max_length=255, required=False, help_text="Your id for the message: a repeat is a replay, not a new message"
    )
    timestamp = serializers.DateTimeField(required=False, help_text="ISO 8601; default: now")
    display_name = StrictCharField(max_length=255, required=False, allow_blank=True)
    channel = StrictCharField(max_length=64, required=False, allow_blank=True)
    metadata = JsonbDictField(required=False, help_text="Any JSON object of yours, kept with the message (8 KB)")

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
