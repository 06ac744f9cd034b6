"""Reads of a tenant's endpoints and their delivery log."""

from __future__ import annotations

from django.db.models import QuerySet

from contacts.models import Tenant
from webhooks.models import Delivery, Endpoint


def endpoint_list(*, tenant: Tenant) -> QuerySet[Endpoint]:
    return Endpoint.objects.filter(tenant=tenant).order_by("-created_at", "-pk")


def endpoint_get(*, tenant: Tenant, endpoint_id: int) -> Endpoint | None:
    return Endpoint.objects.filter(tenant=tenant, pk=endpoint_id).first()


def delivery_list(*, endpoint: Endpoint) -> QuerySet[Delivery]:
    """Newest first."""
    return Delivery.objects.filter(endpoint=endpoint).order_by("-created_at", "-pk")


def delivery_get(*, endpoint: Endpoint, delivery_id: int) -> Delivery | None:
    return Delivery.objects.filter(endpoint=endpoint, pk=delivery_id).select_related("endpoint").first()
