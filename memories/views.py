"""The memory API. Views validate, call one service or selector, and
serialise — nothing more."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.pagination import CappedLimitOffsetPagination
from config.serializers import (
    FreeFormObjectField,
    JsonbDictField,
    StrictBooleanField,
    StrictCharField,
    StrictFloatField,
    StrictSerializer,
    StrictSlugField,
)
from contacts.selectors import contact_get
from memories.models import ContactEntity, EntityType, Memory, MemoryEvent, MemorySource, MemoryStatus, MemoryType
from memories.selectors import entity_list, memory_get, memory_history, memory_list
from memories.services.entities import contact_entities, entity_resolve
from memories.services.records import (
    memory_create,
    memory_delete,
    memory_update,
)


class EntityOutputSerializer(serializers.ModelSerializer):
    ref = serializers.CharField()
    metadata = FreeFormObjectField()

    class Meta:
        model = ContactEntity
        fields = ["ref", "entity_type", "key", "display_name", "aliases", "metadata"]


class MemoryOutputSerializer(serializers.ModelSerializer):
    entities = serializers.SerializerMethodField()

    class Meta:
        model = Memory
        fields = [
            "id",
            "memory_type",
            "content",
            "importance",
            "status",
            "source",
            "pinned",
            "slot",
            "source_message_ids",
            "entities",
            "access_count",
            "accessed_at",
            "valid_from",
            "valid_to",
            "expires_at",
            "superseded_by",
            "embedding_model",
            "created_at",
            "updated_at",
        ]

    def get_entities(self, memory: Memory) -> list[str]:
        return [entity.ref for entity in memory.entities.all()]


class EntityInputSerializer(StrictSerializer):
    """An entity a new memory names (``POST /contacts/{contact_id}/memories``): found among the contact's by key or
    name, else created."""

    entity_type = serializers.ChoiceField(choices=EntityType.choices)
    display_name = StrictCharField(max_length=255)
    key = StrictSlugField(max_length=100, required=False, allow_unicode=True, help_text="Default: from display_name")
    aliases = serializers.ListField(child=StrictCharField(max_length=255), required=False, max_length=20)
    metadata = JsonbDictField(required=False)


class ContactMemoriesApi(APIView):
    # Read by the view and by drf-spectacular, which then documents the paginated envelope and limit/offset.
    pagination_class = CappedLimitOffsetPagination

    class FilterSerializer(serializers.Serializer):
        type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
        status = serializers.ChoiceField(choices=MemoryStatus.choices, required=False)
        entity = serializers.RegexField(r"^[a-z]+:[^\s]+$", required=False, max_length=120)
        q = serializers.CharField(required=False, max_length=200)

    class InputSerializer(StrictSerializer):
        memory_type = serializers.ChoiceField(choices=MemoryType.choices)
        content = StrictCharField(max_length=2000)
        importance = StrictFloatField(min_value=0.0, max_value=1.0, required=False)
        expires_at = serializers.DateTimeField(required=False, allow_null=True)
        entities = EntityInputSerializer(many=True, required=False, max_length=20)

    @extend_schema(
        parameters=[FilterSerializer], responses=MemoryOutputSerializer(many=True), operation_id="contact_memories_list"
    )
    def get(self, request: Request, contact_id: str) -> Response:
        contact = _contact_or_404(request, contact_id)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        query = filters.validated_data
        memories = memory_list(
            contact=contact,
            memory_type=query.get("type", ""),
            status=query.get("status", ""),
            entity=query.get("entity", ""),
            text=query.get("q", ""),
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(memories, request, view=self)
        return paginator.get_paginated_response(MemoryOutputSerializer(page, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: MemoryOutputSerializer}, operation_id="contact_memories_create"
    )
    def post(self, request: Request, contact_id: str) -> Response:
        contact = _contact_or_404(request, contact_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        mentions = [_mention(entity) for entity in data.get("entities", [])]
        with transaction.atomic():
            known = contact_entities(contact)
            entities = [entity_resolve(contact=contact, mention=m, known=known) for m in mentions]
            memory = memory_create(
                tenant=contact.tenant,
                contact=contact,
                memory_type=data["memory_type"],
                content=data["content"].strip(),
                source=MemorySource.API,
                importance=data.get("importance"),
                expires_at=data.get("expires_at"),
                entities=entities,
                actor="api",
            )
        return Response(MemoryOutputSerializer(memory).data, status=status.HTTP_201_CREATED)


class MemoryDetailApi(APIView):
    class InputSerializer(StrictSerializer):
        content = StrictCharField(max_length=2000, required=False)
        importance = StrictFloatField(min_value=0.0, max_value=1.0, required=False)
        expires_at = serializers.DateTimeField(required=False, allow_null=True)
        pinned = StrictBooleanField(required=False)
        memory_type = serializers.ChoiceField(choices=MemoryType.choices, required=False)

    @extend_schema(responses=MemoryOutputSerializer, operation_id="memory_retrieve")
    def get(self, request: Request, memory_id: int) -> Response:
        return Response(MemoryOutputSerializer(_memory_or_404(request, memory_id)).data)

    @extend_schema(request=InputSerializer, responses=MemoryOutputSerializer, operation_id="memory_update")
    def patch(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not serializer.validated_data:
            raise ValidationError({"detail": "Send at least one field to change."})
        with transaction.atomic():
            memory = memory_update(memory=memory, changes=serializer.validated_data, actor="api")
        return Response(MemoryOutputSerializer(memory).data)

    @extend_schema(responses={204: None}, operation_id="memory_delete")
    def delete(self, request: Request, memory_id: int) -> Response:
        memory_delete(memory=_memory_or_404(request, memory_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemoryHistoryApi(APIView):
    # A memory reinforced by every message grows one event per message: paged like every list (see ContactMemoriesApi).
    pagination_class = CappedLimitOffsetPagination

    class OutputSerializer(serializers.ModelSerializer):
        before = FreeFormObjectField(help_text="The memory's fields before the event (empty when it was created)")
        after = FreeFormObjectField(help_text="The memory's fields after the event")

        class Meta:
            model = MemoryEvent
            fields = ["kind", "actor", "before", "after", "source_message_ids", "created_at"]

    @extend_schema(responses=OutputSerializer(many=True), operation_id="memory_history")
    def get(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        return _paginated(self, request, memory_history(memory=memory))


class ContactEntitiesApi(APIView):
    # Paged like every list (see ContactMemoriesApi): a long-lived contact names thousands of entities.
    pagination_class = CappedLimitOffsetPagination

    class OutputSerializer(EntityOutputSerializer):
        memory_count = serializers.IntegerField()

        class Meta(EntityOutputSerializer.Meta):
            fields = [*EntityOutputSerializer.Meta.fields, "memory_count"]

    @extend_schema(responses=OutputSerializer(many=True), operation_id="contact_entities_list")
    def get(self, request: Request, contact_id: str) -> Response:
        contact = _contact_or_404(request, contact_id)
        return _paginated(self, request, entity_list(contact=contact))


def _paginated(view: MemoryHistoryApi | ContactEntitiesApi, request: Request, rows: Any) -> Response:
    """One page of ``rows`` (an ordered queryset) in the paginated envelope, serialised by ``view.OutputSerializer``."""
    paginator = view.pagination_class()
    page = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(view.OutputSerializer(page, many=True).data)


def _contact_or_404(request: Request, contact_id: str) -> Any:
    contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
    if contact is None:
        raise NotFound("Contact not found.")
    return contact


def _memory_or_404(request: Request, memory_id: int) -> Memory:
    memory = memory_get(tenant=request.user.tenant, memory_id=memory_id)
    if memory is None or memory.contact_id is None:
        raise NotFound("Memory not found.")
    return memory


def _mention(data: dict[str, Any]) -> Any:
    """The mention a validated ``EntityInputSerializer`` item names."""
    from memories.extraction import EntityMention
    from memories.extraction.text import entity_key

    key = data.get("key") or entity_key(data["display_name"])
    aliases = tuple(dict.fromkeys([data["display_name"], *data.get("aliases", [])]))
    return EntityMention(data["entity_type"], key, data["display_name"], aliases, data.get("metadata", {}))
