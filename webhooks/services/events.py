"""Events: what happened, as one delivery per subscribed endpoint, sent after the emitter's transaction commits.

The emitters (moods: crisis, triggers, insights; memories: supersession; privacy: erasure) call ``event_emit`` inside
their own transaction, so an event exists exactly when what it reports was committed. The payload follows Standard
Webhooks: ``{"type", "timestamp", "data"}``, where ``data`` holds ids a client can use (the contact's external id,
memory, trigger and insight ids), never a secret.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError

from config import clock
from webhooks.models import Delivery, DeliveryStatus, Endpoint

logger = logging.getLogger(__name__)


def event_id_for(*, tenant_id: int, event_type: str, dedupe_key: str) -> str:
    """The same event (a replayed task, a second pass over the same rows) gets the same id, so it is delivered once
    per endpoint: the delivery is unique per (endpoint, event id), and receivers deduplicate by ``webhook-id``."""
    digest = hashlib.sha256(f"{tenant_id}:{event_type}:{dedupe_key}".encode()).hexdigest()
    return f"msg_{digest[:32]}"


EventData = dict[str, Any]
SKIPPED = "Not sent: the endpoint is disabled."


def event_is_live(*, at: datetime) -> bool:
    """What happened at ``at`` is news, not imported history: within CRISIS_CONTEXT_HOURS of now. A backfill of
    months of messages announces nothing (it would flood receivers with events about the past)."""
    return clock.now() - at <= timedelta(hours=settings.CRISIS_CONTEXT_HOURS)


def event_emit(
    *, tenant_id: int, event_type: str, dedupe_key: str, data: EventData | Callable[[], EventData]
) -> list[int]:
    """A pending delivery for each of the tenant's enabled endpoints subscribed to ``event_type``, sent after commit;
    a skipped one for each disabled endpoint subscribed (never sent: redelivered by hand once it is enabled again).
    Idempotent by ``dedupe_key`` (what makes the event "the same one"). Returns the pending deliveries' ids.

    ``data`` may be a function, called only when an endpoint wants the event: then an event nobody subscribed to
    costs its emitter one query. An event about a contact names them as ``data["contact_id"]`` (the external id):
    erasure finds the contact's deliveries by it."""
    endpoints = dict(
        Endpoint.objects.filter(tenant_id=tenant_id, events__contains=[event_type]).values_list("pk", "enabled")
    )
    if not endpoints:
        return []
    fields = data() if callable(data) else data
    now = clock.now()
    event_id = event_id_for(tenant_id=tenant_id, event_type=event_type, dedupe_key=dedupe_key)
    payload = {"type": event_type, "timestamp": now.isoformat(), "data": fields}
    Delivery.objects.bulk_create(
        [
            Delivery(
                endpoint_id=endpoint_id, event_type=event_type, event_id=event_id, payload=payload,
                contact_external_id=fields.get("contact_id") or "", created_at=now,
                **({"next_attempt_at": now} if enabled else {"status": DeliveryStatus.SKIPPED, "last_error": SKIPPED}),
            )
            for endpoint_id, enabled in endpoints.items()
        ],
        ignore_conflicts=True,  # emitted before: that delivery stands
    )  # fmt: skip
    delivery_ids = list(
        Delivery.objects.filter(
            endpoint_id__in=endpoints, event_id=event_id, status=DeliveryStatus.PENDING, attempts=0
        ).values_list("pk", flat=True)
    )
    transaction.on_commit(lambda: deliveries_enqueue(delivery_ids=delivery_ids))
    return delivery_ids


def deliveries_enqueue(*, delivery_ids: list[int], countdown: float = 0, expires: float | None = None) -> None:
    """Queue an attempt for each delivery (dropped unrun after ``expires`` seconds, if given); a broker outage leaves
    them to the sweeper (they stay pending and due)."""
    from webhooks.tasks import deliver_webhook  # the tasks module imports the delivery services

    try:
        for delivery_id in delivery_ids:
            deliver_webhook.apply_async(args=[delivery_id], countdown=countdown, expires=expires)
    except (KombuOperationalError, RedisError):
        logger.warning("broker unavailable: %s webhook deliveries wait for the sweeper", len(delivery_ids))
