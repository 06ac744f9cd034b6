"""The business (tenant-level) memory API, ``/brain/…``: memories with ``contact = null`` about the
business itself (AI Brain spec), kept apart from every contact's memory. Views validate, call one
service or selector, and serialise — nothing more."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.pagination import CappedLimitOffsetPagination
from config.serializers import StrictCharField, StrictFloatField, StrictSerializer
from memories.models import MemorySource, MemoryStatus, MemoryType
from memories.selectors import business_memory_list
from memories.services.records import memory_create
from memories.views import MemoryOutputSerializer


class BusinessMemoriesApi(APIView):
    # Read by the view and by drf-spectacular, which then documents the paginated envelope and limit/offset.
    pagination_class = CappedLimitOffsetPagination

    class FilterSerializer(serializers.Serializer):
        type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
        status = serializers.ChoiceField(choices=MemoryStatus.choices, required=False)

    class InputSerializer(StrictSerializer):
        memory_type = serializers.ChoiceField(choices=MemoryType.choices)
        content = StrictCharField(max_length=2000)
        importance = StrictFloatField(min_value=0.0, max_value=1.0, required=False)
        expires_at = serializers.DateTimeField(required=False, allow_null=True)

    @extend_schema(
        parameters=[FilterSerializer], responses=MemoryOutputSerializer(many=True), operation_id="brain_memories_list"
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        query = filters.validated_data
        memories = business_memory_list(
            tenant=request.user.tenant, memory_type=query.get("type", ""), status=query.get("status", "")
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(memories, request, view=self)
        return paginator.get_paginated_response(MemoryOutputSerializer(page, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: MemoryOutputSerializer}, operation_id="brain_memories_create"
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        with transaction.atomic():
            memory = memory_create(
                tenant=request.user.tenant,
                contact=None,
                memory_type=data["memory_type"],
                content=data["content"].strip(),
                source=MemorySource.API,
                importance=data.get("importance"),
                expires_at=data.get("expires_at"),
                actor="api",
            )
        return Response(MemoryOutputSerializer(memory).data, status=status.HTTP_201_CREATED)
