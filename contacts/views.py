from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from contacts.selectors import conversation_get, conversation_history_get
from contacts.services import conversation_resolve
from memories.serializers import StrictSerializer


class TurnSerializer(serializers.Serializer):
    message_id = serializers.CharField()
    role = serializers.CharField()
    content = serializers.CharField()
    timestamp = serializers.CharField()


class ConversationHistoryApi(APIView):
    class FilterSerializer(serializers.Serializer):
        budget = serializers.IntegerField(min_value=0, max_value=100_000, required=False)

    class OutputSerializer(serializers.Serializer):
        conversation_id = serializers.CharField()
        contact_id = serializers.CharField()
        summary = serializers.CharField(allow_null=True)
        turns = TurnSerializer(many=True)
        tokens = serializers.IntegerField()

    @extend_schema(parameters=[FilterSerializer], responses=OutputSerializer, operation_id="conversation_history")
    def get(self, request: Request, conversation_id: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        conversation = conversation_get(tenant=request.user.tenant, external_id=conversation_id)
        if conversation is None:
            raise NotFound("Conversation not found.")
        history = conversation_history_get(conversation=conversation, budget=filters.validated_data.get("budget"))
        body = {"conversation_id": conversation.external_id, "contact_id": conversation.contact.external_id, **history}
        return Response(self.OutputSerializer(body).data)


class ConversationResolveApi(APIView):
    class InputSerializer(StrictSerializer):
        summary = serializers.CharField(
            max_length=2000, required=False, allow_blank=True, help_text="Default: generated from the conversation"
        )

    class OutputSerializer(serializers.Serializer):
        conversation_id = serializers.CharField()
        contact_id = serializers.CharField()
        resolved_at = serializers.DateTimeField()
        resolution_summary = serializers.CharField()
        memory_id = serializers.IntegerField()
        memory_expires_at = serializers.DateTimeField()

    @extend_schema(request=InputSerializer, responses=OutputSerializer, operation_id="conversation_resolve")
    def post(self, request: Request, conversation_id: str) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation = conversation_get(tenant=request.user.tenant, external_id=conversation_id)
        if conversation is None:
            raise NotFound("Conversation not found.")
        memory = conversation_resolve(conversation=conversation, summary=serializer.validated_data.get("summary", ""))
        body = {
            "conversation_id": conversation.external_id,
            "contact_id": conversation.contact.external_id,
            "resolved_at": conversation.resolved_at,
            "resolution_summary": conversation.resolution_summary,
            "memory_id": memory.pk,
            "memory_expires_at": memory.expires_at,
        }
        return Response(self.OutputSerializer(body).data)
