"""Staff admin of webhook endpoints and their delivery log: viewable, not editable (the API registers endpoints).
Staff re-enable an endpoint the failures disabled, and send deliveries again, with actions that need the model's
change permission. The endpoint's secret is never shown."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from staff.admin_toolkit import CappedPaginator, ReadOnlyAdmin, TenantScopedAdmin, staff_change_log
from webhooks.models import Delivery, DeliveryStatus, Endpoint
from webhooks.services.delivery import RedeliveryRefused, delivery_redeliver
from webhooks.services.endpoints import endpoint_delete, endpoint_enable


@admin.register(Endpoint)
class EndpointAdmin(TenantScopedAdmin[Endpoint], ReadOnlyAdmin[Endpoint]):
    list_display = ["url", "tenant", "events", "enabled", "disabled_reason", "consecutive_failures", "deliveries"]
    list_filter = ["tenant", "enabled"]
    exclude = ["secret"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # Django 6's default, without its warning
    actions = ["enable"]

    def delete_model(self, request: HttpRequest, obj: Endpoint) -> None:
        endpoint_delete(endpoint=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Endpoint]) -> None:
        for endpoint in queryset:
            endpoint_delete(endpoint=endpoint)

    @admin.display(description="delivery log")
    def deliveries(self, endpoint: Endpoint) -> str:
        url = reverse("admin:webhooks_delivery_changelist") + f"?endpoint__id__exact={endpoint.pk}"
        return format_html('<a href="{}">Deliveries</a>', url)

    # ReadOnlyAdmin denies "change" to everyone (no edit form): the action asks for the permission itself.
    def has_enable_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("webhooks.change_endpoint")

    @admin.action(description="Enable the selected endpoints (resets their failure count)", permissions=["enable"])
    def enable(self, request: HttpRequest, queryset: QuerySet[Endpoint]) -> None:
        endpoints = [endpoint for endpoint in queryset if not endpoint.enabled]
        for endpoint in endpoints:
            endpoint_enable(endpoint=endpoint)
            staff_change_log(user_id=request.user.pk, obj=endpoint, what="Enabled the endpoint.")
        self.message_user(request, f"Enabled {len(endpoints)} endpoint(s).")


@admin.register(Delivery)
class DeliveryAdmin(TenantScopedAdmin[Delivery], ReadOnlyAdmin[Delivery]):
    tenant_path = "endpoint__tenant"
    list_display = ["event_type", "event_id", "endpoint", "status", "attempts", "last_response_status", "created_at"]
    list_filter = ["endpoint__tenant", "status", "event_type"]
    list_select_related = ["endpoint"]
    paginator = CappedPaginator
    show_full_result_count = False
    actions = ["redeliver"]

    def has_redeliver_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("webhooks.change_delivery")

    @admin.action(description="Send the selected deliveries again", permissions=["redeliver"])
    def redeliver(self, request: HttpRequest, queryset: QuerySet[Delivery]) -> None:
        sent, refused = 0, 0
        for delivery in queryset.select_related("endpoint").exclude(status=DeliveryStatus.PENDING):
            try:
                delivery_redeliver(delivery=delivery)
            except RedeliveryRefused:
                refused += 1
                continue
            staff_change_log(user_id=request.user.pk, obj=delivery, what="Sent the delivery again.")
            sent += 1
        self.message_user(request, f"Queued {sent} deliveries again; {refused} refused (endpoint disabled).")
