"""The contact as a data subject: GET /contacts/{contact_id} (what we hold), DELETE /contacts/{contact_id} (the GDPR
erasure) and GET /contacts/{contact_id}/export (the GDPR export as a JSON download)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import FreeFormObjectField
from contacts.models import Contact, ContactState
from contacts.selectors import contact_get, message_count, pending_message_count
from memories.selectors import memory_counts
from privacy.selectors import contact_export_get, export_json
from privacy.serializers import ContactExportSerializer
from privacy.services import contact_erase


class ContactStateOutputSerializer(serializers.ModelSerializer):
    preferred_hours = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=23),
        help_text="Hours of the day (the contact's timezone) in which they usually chat",
    )

    class Meta:
        model = ContactState
        fields = [
            "mood",
            "mood_confidence",
            "energy",
            "style",
            "baseline_mood",
            "baseline_energy",
            "relationship_stage",
            "session_count",
            "active_streak",
            "churn_risk",
            "first_seen_at",
            "last_seen_at",
            "preferred_hours",
        ]


class ContactCountsSerializer(serializers.Serializer):
    messages = serializers.IntegerField()
    pending_messages = serializers.IntegerField(help_text="Messages whose deferred processing is unfinished")
    memories_by_type = serializers.DictField(child=serializers.IntegerField(), help_text="Active memories")
    memories_by_status = serializers.DictField(child=serializers.IntegerField())


class ContactDetailApi(APIView):
    class OutputSerializer(serializers.Serializer):
        contact_id = serializers.CharField(source="external_id")
        display_name = serializers.CharField()
        channel = serializers.CharField()
        timezone = serializers.CharField()
        metadata = FreeFormObjectField()
        created_at = serializers.DateTimeField()
        state = ContactStateOutputSerializer(allow_null=True)
        counts = serializers.SerializerMethodField()

        @extend_schema_field(ContactCountsSerializer)
        def get_counts(self, contact: Contact) -> dict[str, Any]:
            return self.context["counts"]

    @extend_schema(responses=OutputSerializer, operation_id="contact_retrieve")
    def get(self, request: Request, contact_id: str) -> Response:
        contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
        if contact is None:
            raise NotFound("Contact not found.")
        memory_totals = memory_counts(contact=contact)
        counts = {
            "messages": message_count(contact=contact),
            "pending_messages": pending_message_count(contact=contact),
            "memories_by_type": memory_totals["by_type"],
            "memories_by_status": memory_totals["by_status"],
        }
        return Response(self.OutputSerializer(contact, context={"counts": counts}).data)

    class ErasureReceiptSerializer(serializers.Serializer):
        contact_id = serializers.CharField()
        erased = serializers.DictField(child=serializers.IntegerField(), help_text="Deleted per kind")

    @extend_schema(
        request=None,
        responses={200: ErasureReceiptSerializer},
        operation_id="contact_erase",
        description="GDPR erasure: hard-deletes the contact and everything derived from them; answers a "
        "receipt of what was deleted per kind (rows) and `redis_keys`.",
    )
    def delete(self, request: Request, contact_id: str) -> Response:
        contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
        if contact is None:
            raise NotFound("Contact not found.")
        return Response({"contact_id": contact_id, "erased": contact_erase(contact=contact)})


class ContactExportApi(APIView):
    @extend_schema(
        responses={200: ContactExportSerializer},
        operation_id="contact_export",
        description="The GDPR export: one JSON document (a download) with everything held about the contact.",
    )
    def get(self, request: Request, contact_id: str) -> HttpResponse:
        contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
        if contact is None:
            raise NotFound("Contact not found.")
        response = HttpResponse(export_json(contact_export_get(contact=contact)), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="contact-{contact.pk}-export.json"'
        return response
