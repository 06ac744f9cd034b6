"""Triggers (proactive outreach) and insights. Views validate, call one service or selector, serialise."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config import clock
from config.pagination import CappedLimitOffsetPagination
from config.serializers import FreeFormObjectField
from moods.models import Insight, InsightKind, Trigger
from moods.selectors import insight_list, trigger_get, trigger_list
from moods.services.outreach import trigger_complete


class TriggerOutputSerializer(serializers.ModelSerializer):
    contact_id = serializers.CharField(source="contact.external_id")

    class Meta:
        model = Trigger
        fields = ["id", "contact_id", "kind", "reason", "due_at", "created_at", "completed_at"]


class TriggerListApi(APIView):
    # Read by the view and by drf-spectacular, which then documents the paginated envelope and limit/offset.
    pagination_class = CappedLimitOffsetPagination

    class FilterSerializer(serializers.Serializer):
        due_before = serializers.DateTimeField(required=False, help_text="ISO 8601; defaults to now")
        contact_id = serializers.CharField(required=False, max_length=255)
        include_completed = serializers.BooleanField(required=False, default=False)

    @extend_schema(
        parameters=[FilterSerializer], responses=TriggerOutputSerializer(many=True), operation_id="triggers_list"
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        triggers = trigger_list(
            tenant=request.user.tenant,
            due_before=params.get("due_before") or clock.now(),
            contact_external_id=params.get("contact_id", ""),
            include_completed=params["include_completed"],
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(triggers, request, view=self)
        return paginator.get_paginated_response(TriggerOutputSerializer(page, many=True).data)


class TriggerCompleteApi(APIView):
    @extend_schema(request=None, responses=TriggerOutputSerializer, operation_id="trigger_complete")
    def post(self, request: Request, trigger_id: int) -> Response:
        trigger = trigger_get(tenant=request.user.tenant, trigger_id=trigger_id)
        if trigger is None:
            raise NotFound("Trigger not found.")
        return Response(TriggerOutputSerializer(trigger_complete(trigger=trigger)).data)


class InsightListApi(APIView):
    # Read by the view and by drf-spectacular, which then documents the paginated envelope and limit/offset.
    pagination_class = CappedLimitOffsetPagination

    class FilterSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=InsightKind.choices, required=False)
        contact_id = serializers.CharField(required=False, max_length=255)

    class OutputSerializer(serializers.ModelSerializer):
        contact_id = serializers.CharField(source="contact.external_id", allow_null=True, default=None)
        data = FreeFormObjectField(help_text="The figures behind the summary; their keys depend on the kind")

        class Meta:
            model = Insight
            fields = ["id", "contact_id", "kind", "summary", "data", "created_at"]

    @extend_schema(parameters=[FilterSerializer], responses=OutputSerializer(many=True), operation_id="insights_list")
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        insights = insight_list(
            tenant=request.user.tenant, kind=params.get("kind", ""), contact_external_id=params.get("contact_id", "")
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(insights, request, view=self)
        return paginator.get_paginated_response(self.OutputSerializer(page, many=True).data)
