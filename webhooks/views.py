"""Webhook endpoints and their delivery log. Views validate, call one service or selector, serialise."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.pagination import CappedLimitOffsetPagination
from config.serializers import FreeFormObjectField, StrictSerializer, StrictURLField
from webhooks.models import Delivery, Endpoint, EventType
from webhooks.selectors import delivery_get, delivery_list, endpoint_get, endpoint_list
from webhooks.services.delivery import RedeliveryRefused, delivery_redeliver
from webhooks.services.endpoints import EndpointLimitReached, endpoint_create, endpoint_delete, endpoint_enable
from webhooks.targets import UnsafeTarget


class EndpointOutputSerializer(serializers.ModelSerializer):
    events = serializers.ListField(child=serializers.ChoiceField(choices=EventType.choices))

    class Meta:
        model = Endpoint
        fields = [
            "id", "url", "events", "enabled", "disabled_at", "disabled_reason", "consecutive_failures", "created_at",
        ]  # fmt: skip


class PayloadSerializer(serializers.Serializer):
    """The body POSTed to the endpoint (Standard Webhooks): the event's type, when it happened, and its data."""

    type = serializers.ChoiceField(choices=EventType.choices)
    timestamp = serializers.DateTimeField()
    data = FreeFormObjectField(help_text="The event's ids: contact_id (external), memory ids, trigger id, …")


class DeliveryOutputSerializer(serializers.ModelSerializer):
    payload = PayloadSerializer()
    contact_id = serializers.SerializerMethodField(help_text="The contact's external id, when the event names one")

    class Meta:
        model = Delivery
        fields = [
            "id", "event_type", "event_id", "payload", "contact_id", "status", "attempts", "next_attempt_at",
            "last_attempt_at", "last_response_status", "last_response_body", "last_error", "created_at",
        ]  # fmt: skip

    def get_contact_id(self, delivery: Delivery) -> str | None:
        return delivery.contact_external_id or None


def _endpoint_or_404(request: Request, endpoint_id: int) -> Endpoint:
    endpoint = endpoint_get(tenant=request.user.tenant, endpoint_id=endpoint_id)
    if endpoint is None:
        raise NotFound("Webhook endpoint not found.")
    return endpoint


class EndpointListApi(APIView):
    pagination_class = CappedLimitOffsetPagination

    class InputSerializer(StrictSerializer):
        url = StrictURLField(max_length=2000, help_text="http(s); public addresses only")
        events = serializers.ListField(
            child=serializers.ChoiceField(choices=EventType.choices), allow_empty=False, max_length=len(EventType)
        )

    class CreatedSerializer(EndpointOutputSerializer):
        secret = serializers.CharField(help_text="whsec_…: shown once, here; verify every delivery's signature with it")

        class Meta(EndpointOutputSerializer.Meta):
            fields = [*EndpointOutputSerializer.Meta.fields, "secret"]

    @extend_schema(request=InputSerializer, responses={201: CreatedSerializer}, operation_id="webhooks_create")
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            endpoint = endpoint_create(tenant=request.user.tenant, url=data["url"], events=data["events"])
        except UnsafeTarget as refused:
            raise ValidationError({"url": [str(refused)]}) from refused
        except EndpointLimitReached as refused:
            raise ValidationError({"non_field_errors": [str(refused)]}) from refused
        return Response(self.CreatedSerializer(endpoint).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=EndpointOutputSerializer(many=True), operation_id="webhooks_list")
    def get(self, request: Request) -> Response:
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(endpoint_list(tenant=request.user.tenant), request, view=self)
        return paginator.get_paginated_response(EndpointOutputSerializer(page, many=True).data)


class EndpointDetailApi(APIView):
    @extend_schema(responses=EndpointOutputSerializer, operation_id="webhooks_retrieve")
    def get(self, request: Request, endpoint_id: int) -> Response:
        return Response(EndpointOutputSerializer(_endpoint_or_404(request, endpoint_id)).data)

    @extend_schema(responses={204: None}, operation_id="webhooks_delete")
    def delete(self, request: Request, endpoint_id: int) -> Response:
        endpoint_delete(endpoint=_endpoint_or_404(request, endpoint_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class EndpointEnableApi(APIView):
    @extend_schema(request=None, responses=EndpointOutputSerializer, operation_id="webhooks_enable")
    def post(self, request: Request, endpoint_id: int) -> Response:
        """Back on (after an automatic disable), its failure count reset. Deliveries skipped while it was off are
        in its log with status ``skipped``: redeliver the ones still wanted."""
        endpoint = endpoint_enable(endpoint=_endpoint_or_404(request, endpoint_id))
        return Response(EndpointOutputSerializer(endpoint).data)


class DeliveryListApi(APIView):
    pagination_class = CappedLimitOffsetPagination

    @extend_schema(responses=DeliveryOutputSerializer(many=True), operation_id="webhook_deliveries_list")
    def get(self, request: Request, endpoint_id: int) -> Response:
        endpoint = _endpoint_or_404(request, endpoint_id)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(delivery_list(endpoint=endpoint), request, view=self)
        return paginator.get_paginated_response(DeliveryOutputSerializer(page, many=True).data)


class DeliveryRedeliverApi(APIView):
    @extend_schema(
        request=None,
        responses={
            202: DeliveryOutputSerializer,
            409: OpenApiResponse(description="The delivery is still pending, or the endpoint is disabled"),
        },
        operation_id="webhook_delivery_redeliver",
    )
    def post(self, request: Request, endpoint_id: int, delivery_id: int) -> Response:
        delivery = delivery_get(endpoint=_endpoint_or_404(request, endpoint_id), delivery_id=delivery_id)
        if delivery is None:
            raise NotFound("Delivery not found.")
        try:
            delivery = delivery_redeliver(delivery=delivery)
        except RedeliveryRefused as refused:
            return Response({"detail": str(refused)}, status=status.HTTP_409_CONFLICT)
        return Response(DeliveryOutputSerializer(delivery).data, status=status.HTTP_202_ACCEPTED)
