from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from contacts.models import ContactState
from contacts.selectors import contact_get


class ContactStateOutputSerializer(serializers.ModelSerializer):
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


class ContactDetailApi(APIView):
    class OutputSerializer(serializers.Serializer):
        contact_id = serializers.CharField(source="external_id")
        display_name = serializers.CharField()
        channel = serializers.CharField()
        timezone = serializers.CharField()
        metadata = serializers.JSONField()
        created_at = serializers.DateTimeField()
        state = ContactStateOutputSerializer(allow_null=True)

    @extend_schema(responses=OutputSerializer, operation_id="contact_retrieve")
    def get(self, request: Request, contact_id: str) -> Response:
        contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
        if contact is None:
            raise NotFound("Contact not found.")
        return Response(self.OutputSerializer(contact).data)
