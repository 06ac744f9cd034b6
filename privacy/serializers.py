"""The GDPR export document (``GET /contacts/{contact_id}/export``) described field by field for /api/schema/.

These serializers document; they do not build the document: privacy.selectors does (the download, the
``export_contact`` command and the admin write the same bytes through ``export_json``). tests/privacy/test_erasure.py
checks that every key the export writes is the one documented here, all the way down.
"""

from __future__ import annotations

from rest_framework import serializers

from config.serializers import FreeFormObjectField
from contacts.models import Contact, ContactState, Conversation, Message
from memories.models import ContactEntity, Memory, MemoryEvent
from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from privacy.selectors import EXPORT_SCHEMA, EXPORT_STATE_FIELDS


class ExportContactSerializer(serializers.ModelSerializer):
    contact_id = serializers.CharField(source="external_id")
    metadata = FreeFormObjectField()

    class Meta:
        model = Contact
        fields = ["contact_id", "display_name", "channel", "timezone", "metadata", "created_at", "updated_at"]


class ExportStateSerializer(serializers.ModelSerializer):
    preferred_hours = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=23))

    class Meta:
        model = ContactState
        fields = EXPORT_STATE_FIELDS


class ExportConversationSerializer(serializers.ModelSerializer):
    conversation_id = serializers.CharField(source="external_id")

    class Meta:
        model = Conversation
        fields = ["conversation_id", "started_at", "last_message_at", "resolved_at", "resolution_summary"]


class ExportMessageSerializer(serializers.ModelSerializer):
    message_id = serializers.CharField(source="client_message_id", help_text="The id it was ingested with")
    conversation_id = serializers.CharField(source="conversation.external_id")
    metadata = FreeFormObjectField()

    class Meta:
        model = Message
        fields = [
            "message_id", "conversation_id", "role", "content", "sent_at", "received_at", "metadata",
            "processing_status", "extracted_at", "processed_at",
        ]  # fmt: skip


class ExportMemoryEventSerializer(serializers.ModelSerializer):
    before = FreeFormObjectField(help_text="The memory's fields before the event (empty when it was created)")
    after = FreeFormObjectField(help_text="The memory's fields after the event")

    class Meta:
        model = MemoryEvent
        fields = ["kind", "actor", "before", "after", "source_message_ids", "created_at"]


class ExportMemorySerializer(serializers.ModelSerializer):
    metadata = FreeFormObjectField()
    superseded_by = serializers.IntegerField(allow_null=True, help_text="The id of the memory that replaced it")
    has_embedding = serializers.BooleanField(help_text="Whether it has a vector (vectors are not exported)")
    entities = serializers.ListField(child=serializers.CharField(), help_text='Entity refs such as "pet:bruno"')
    history = ExportMemoryEventSerializer(many=True, help_text="Its events, oldest first")

    class Meta:
        model = Memory
        fields = [
            "id", "memory_type", "content", "importance", "decay_rate", "pinned", "access_count", "accessed_at",
            "status", "valid_from", "valid_to", "expires_at", "source", "slot", "metadata", "superseded_by",
            "source_message_ids", "embedding_model", "created_at", "updated_at", "has_embedding", "entities", "history",
        ]  # fmt: skip


class ExportEntitySerializer(serializers.ModelSerializer):
    ref = serializers.CharField(help_text='"<entity_type>:<key>", as memories name it')
    metadata = FreeFormObjectField()

    class Meta:
        model = ContactEntity
        fields = ["ref", "entity_type", "key", "display_name", "aliases", "metadata", "created_at"]


class ExportMoodLogSerializer(serializers.ModelSerializer):
    message_id = serializers.CharField(allow_null=True, help_text="The message it was read from; null once erased")

    class Meta:
        model = MoodLog
        fields = ["message_id", "mood", "energy", "style", "confidence", "source", "logged_at"]


class ExportTriggerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Trigger
        fields = ["id", "kind", "reason", "due_at", "created_at", "completed_at", "completed_by", "completion_note"]


class ExportReviewFlagSerializer(serializers.ModelSerializer):
    message_id = serializers.CharField(allow_null=True, help_text="The message that raised it")

    class Meta:
        model = ReviewFlag
        fields = [
            "id", "kind", "category", "excerpt", "message_id", "created_at", "resolved_at", "resolved_by",
            "resolution_note",
        ]  # fmt: skip


class ExportInsightSerializer(serializers.ModelSerializer):
    data = FreeFormObjectField(help_text="The figures behind the summary; their keys depend on the kind")

    class Meta:
        model = Insight
        fields = ["id", "kind", "summary", "data", "created_at"]


class ContactExportSerializer(serializers.Serializer):
    schema = serializers.ChoiceField(choices=[EXPORT_SCHEMA])
    version = serializers.IntegerField(help_text="2: keys are the data's names (version 1 used ORM lookups)")
    exported_at = serializers.DateTimeField()
    tenant = serializers.CharField(help_text="The tenant's slug")
    contact = ExportContactSerializer()
    state = ExportStateSerializer(allow_null=True)
    conversations = ExportConversationSerializer(many=True)
    messages = ExportMessageSerializer(many=True, help_text="The whole ledger, oldest first")
    memories = ExportMemorySerializer(many=True, help_text="Every memory, whatever its status, with its history")
    entities = ExportEntitySerializer(many=True)
    mood_logs = ExportMoodLogSerializer(many=True)
    triggers = ExportTriggerSerializer(many=True)
    review_flags = ExportReviewFlagSerializer(many=True)
    insights = ExportInsightSerializer(many=True)
