"""``GET /context`` (a contact) and ``GET /brain/context`` (the business): validate the query, call one selector,
defer the access bookkeeping, serialise — nothing more."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from context.selectors import business_context_get, contact_context_get
from context.serializers import (
    ContactMemoryOutputSerializer,
    ContextContactOutputSerializer,
    ContextEntityOutputSerializer,
    ContextReceiptOutputSerializer,
    ContextStateOutputSerializer,
    EmotionalOutputSerializer,
    FastOutputSerializer,
    RankedMemoryOutputSerializer,
)
from memories.services.access import memories_record_access_later


class ExplainField(serializers.BooleanField):
    """``true``/``false``/``1``/``0`` only, in any case: DRF's BooleanField would also take yes, on, t… (a typo should
    be a 400). The Python values are what DRF hands it for an absent parameter."""

    TRUE_VALUES = {"true", "1", True}
    FALSE_VALUES = {"false", "0", False}


class ContextApi(APIView):
    class FilterSerializer(serializers.Serializer):
        query = serializers.CharField(required=False, allow_blank=True, max_length=4000, trim_whitespace=True)
        budget = serializers.IntegerField(required=False, min_value=0, max_value=16_000)
        explain = ExplainField(
            required=False,
            help_text="With a receipt: every memory of the contact, its score's signals, and why it was included or "
            "dropped (off by default; the body is otherwise the same)",
        )

    class BodyOutputSerializer(FastOutputSerializer):
        contact = ContextContactOutputSerializer()
        state = ContextStateOutputSerializer()
        emotional = EmotionalOutputSerializer()
        memories = ContactMemoryOutputSerializer(many=True)
        entities = ContextEntityOutputSerializer(many=True)
        context_text = serializers.CharField()
        memory_budget = serializers.IntegerField(
            help_text="Tokens the memories could use: the relationship stage's budget, raised to what the contact's "
            "durable memories (who they are, always first) take — at most DURABLE_CONTEXT_TOKENS; or ?budget="
        )
        memory_tokens = serializers.IntegerField(help_text="Tokens the chosen memories' lines use")

    class OutputSerializer(BodyOutputSerializer):
        # The documented body: the receipt is there with explain=true only (BodyOutputSerializer otherwise).
        receipt = ContextReceiptOutputSerializer(required=False, help_text="Only with explain=true")

    @extend_schema(parameters=[FilterSerializer], responses=OutputSerializer, operation_id="context_retrieve")
    def get(self, request: Request, contact_id: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        explain = params.get("explain", False)
        context = contact_context_get(
            tenant=request.user.tenant,
            external_id=contact_id,
            query=params.get("query", ""),
            budget=params.get("budget"),
            explain=explain,
        )
        if context is None:
            raise NotFound("Contact not found.")
        # The returned memories only, explained or not: a receipt's other memories were not shown to anyone.
        memories_record_access_later(memory_ids=[memory.id for memory in context.memories])
        output = self.OutputSerializer if explain else self.BodyOutputSerializer
        return Response(output(context).data)


class BusinessContextApi(APIView):
    class FilterSerializer(serializers.Serializer):
        query = serializers.CharField(required=False, allow_blank=True, max_length=4000, trim_whitespace=True)
        budget = serializers.IntegerField(required=False, min_value=0, max_value=16_000)

    class OutputSerializer(FastOutputSerializer):
        memories = RankedMemoryOutputSerializer(many=True)
        entities = ContextEntityOutputSerializer(many=True)
        context_text = serializers.CharField(allow_blank=True, help_text="Empty when no memory was chosen")
        memory_budget = serializers.IntegerField(help_text="Tokens the memories could use")
        memory_tokens = serializers.IntegerField(help_text="Tokens the chosen memories' lines use")

    @extend_schema(parameters=[FilterSerializer], responses=OutputSerializer, operation_id="brain_context_retrieve")
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        context = business_context_get(
            tenant=request.user.tenant, query=params.get("query", ""), budget=params.get("budget")
        )
        memories_record_access_later(memory_ids=[memory.id for memory in context.memories])
        return Response(self.OutputSerializer(context).data)
