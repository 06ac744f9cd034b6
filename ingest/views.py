"""The ingest endpoints (one message, a batch) and the conversation endpoints (history, resolve). Views
validate, call one service or selector, and serialise — nothing more."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import StrictCharField, StrictSerializer
from contacts.selectors import conversation_get, conversation_history_get
from ingest.serializers import IngestInputSerializer
from ingest.services.receive import IngestConflict, IngestGone, message_ingest, messages_ingest_batch
from ingest.services.resolve import conversation_resolve


class IngestApi(APIView):
    class OutputSerializer(serializers.Serializer):
        message_id = serializers.CharField()
        status = serializers.CharField()

    @extend_schema(
        request=IngestInputSerializer,
        responses={
            202: OutputSerializer,
            409: OpenApiResponse(description="message_id reused for another message, or a foreign conversation"),
            410: OpenApiResponse(description="The contact was erased"),
        },
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False)],
        operation_id="ingest",
    )
    def post(self, request: Request) -> Response:
        serializer = IngestInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        key = _idempotency_key(request)
        try:
            receipt = message_ingest(tenant=request.user.tenant, payload=serializer.payload(), idempotency_key=key)
        except IngestGone as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_410_GONE)
        except IngestConflict as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        return Response(self.OutputSerializer(receipt).data, status=status.HTTP_202_ACCEPTED)


class IngestBatchResultOutputSerializer(serializers.Serializer):
    message_id = serializers.CharField(help_text="Empty for a conflicting item sent without one")
    status = serializers.ChoiceField(choices=["accepted", "conflict", "gone"])
    error = serializers.CharField(required=False, help_text="Why, for a conflict or an erased contact")


class IngestBatchApi(APIView):
    class InputSerializer(StrictSerializer):
        messages = IngestInputSerializer(many=True, allow_empty=False, max_length=settings.INGEST_BATCH_MAX)

    class OutputSerializer(serializers.Serializer):
        results = IngestBatchResultOutputSerializer(many=True, help_text="One per message, in order")

    @extend_schema(request=InputSerializer, responses={202: OutputSerializer}, operation_id="ingest_batch")
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payloads = [IngestInputSerializer.to_payload(item) for item in serializer.validated_data["messages"]]
        results = messages_ingest_batch(tenant=request.user.tenant, payloads=payloads)
        return Response(self.OutputSerializer({"results": results}).data, status=status.HTTP_202_ACCEPTED)


def _idempotency_key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 255:
        raise ValidationError({"Idempotency-Key": ["Ensure this header has no more than 255 characters."]})
    if "\x00" in key:  # Postgres text cannot hold NUL: refused like the body's fields, not a 500
        raise ValidationError({"Idempotency-Key": ["Null characters are not allowed."]})
    return key


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
        summary = StrictCharField(
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
