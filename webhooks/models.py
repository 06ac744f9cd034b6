"""Webhook endpoints a tenant registered and the deliveries of events to them (Standard Webhooks)."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone

from contacts.models import Tenant


class EventType(models.TextChoices):
    CRISIS_FLAGGED = "crisis.flagged"
    TRIGGER_CREATED = "trigger.created"
    INSIGHT_CREATED = "insight.created"
    CONTACT_ERASED = "contact.erased"
    MEMORY_SUPERSEDED = "memory.superseded"


class Endpoint(models.Model):
    """Where a tenant wants events sent. The secret signs every delivery; the API shows it once, at creation."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.URLField(max_length=2000)
    events = ArrayField(models.CharField(max_length=32, choices=EventType.choices))
    secret = models.CharField(max_length=100)
    enabled = models.BooleanField(default=True)
    disabled_at = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=200, blank=True)
    # Deliveries that ended failed in a row, and the first failed attempt since the last success: either one past
    # its setting disables the endpoint. A success resets both.
    consecutive_failures = models.PositiveIntegerField(default=0)
    failing_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["tenant", "created_at"], name="webhook_endpoint_tenant")]

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    # Emitted while its endpoint was disabled: never sent, kept so it can be redelivered once the endpoint is on.
    SKIPPED = "skipped"


# A delivery in one of these has no attempt left to run: a contact.erased in one is scrubbed of the contact's id.
FINISHED_STATUSES = (DeliveryStatus.SUCCEEDED, DeliveryStatus.FAILED)
# What the retention deletes in time: the finished, and the skipped (kept that long for a redelivery).
RETAINED_STATUSES = (*FINISHED_STATUSES, DeliveryStatus.SKIPPED)


class Delivery(models.Model):
    """One event for one endpoint, with the outcome of its latest attempt. ``event_id`` is the ``webhook-id``
    header: the same on every attempt (receivers deduplicate by it) and for every endpoint of one event."""

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    event_type = models.CharField(max_length=32, choices=EventType.choices)
    event_id = models.CharField(max_length=64)
    payload = models.JSONField()
    # The contact the event is about (its external id), so erasure finds the contact's deliveries.
    contact_external_id = models.CharField(max_length=255, blank=True)
    status = models.CharField(max_length=16, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    # When the next attempt may run; while one runs, a lease (an attempt the worker lost is retried after it).
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_response_body = models.TextField(blank=True, help_text="The first characters of the receiver's answer")
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["endpoint", "event_id"], name="webhook_delivery_once")]
        indexes = [
            models.Index(fields=["endpoint", "-created_at"], name="webhook_delivery_log"),
            models.Index(fields=["next_attempt_at"], name="webhook_delivery_due", condition=models.Q(status="pending")),
            # The retention's scan: finished (and skipped) deliveries, oldest first.
            models.Index(
                fields=["updated_at"],
                name="webhook_delivery_finished",
                condition=models.Q(status__in=["succeeded", "failed", "skipped"]),
            ),
        ]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"{self.event_type} {self.event_id} → {self.endpoint}"
