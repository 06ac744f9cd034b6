"""Attempts: send a due delivery, record what came back, schedule the retry or give up; the sweeper; redelivery.

Retries follow WEBHOOK_RETRY_SCHEDULE_SECONDS (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h: ~24 h in all), then the
delivery is failed. The retry time is a row (``next_attempt_at``), not a Celery ETA: an ETA past the broker's
visibility timeout (1 h) is delivered more than once, and a row survives a lost broker. Short waits are queued with
a countdown; the sweeper (beat) queues whatever is due, so a lost message or a long wait is picked up within its
period.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F

from config import clock
from webhooks.models import FINISHED_STATUSES, Delivery, DeliveryStatus, Endpoint, EventType
from webhooks.sending import Outcome, signed_post
from webhooks.services.events import SKIPPED, deliveries_enqueue
from webhooks.targets import UnsafeTarget, target_check

# While an attempt runs the delivery is not due: longer than the request's timeout, so the sweeper never queues a
# second attempt beside a running one; an attempt lost with its worker is retried once it has passed.
LEASE = timedelta(minutes=2)
# Waits up to this long are queued with a countdown (well under the broker's visibility timeout); longer ones
# are left to the sweeper.
COUNTDOWN_MAX_SECONDS = 600
SWEEP_BATCH = 500
# The sweeper's period (config/beat.py): what it queues expires by its next run, which queues whatever is still
# due again, so a backed-up queue holds each due delivery about once, not once per sweep.
SWEEP_PERIOD_SECONDS = 30


class RedeliveryRefused(ValueError):
    """A delivery that cannot be sent again now (the message says why, for the client)."""


def delivery_attempt(*, delivery_id: int) -> Delivery | None:
    """One attempt of a due, pending delivery. Idempotent: claimed under the row's lock, so a delivery that
    succeeded (or failed for good, or is not due, or is being sent, or was erased) is left alone and None returned.
    The claim counts the attempt: one lost with its worker (killed, past its time limit) still counts, and the
    schedule still ends."""
    now = clock.now()
    delivery = _claim(delivery_id, now)
    if delivery is None:
        return None
    if not delivery.endpoint.enabled:  # disabled since it was emitted: skipped, as if emitted now
        return _skip(delivery, now)
    if delivery.attempts > _attempts_allowed():  # the last attempt was lost with its worker: none is left
        outcome = Outcome(status=None, error="Not sent: the last attempt was lost before it ended.")
    else:
        outcome = _send(delivery, now)
    with transaction.atomic():
        last = outcome.succeeded or delivery.attempts >= _attempts_allowed()
        wait = _record(delivery, outcome, now, last=last)
        _endpoint_account(delivery, outcome, now)
        if wait is not None and wait <= COUNTDOWN_MAX_SECONDS:
            transaction.on_commit(lambda: deliveries_enqueue(delivery_ids=[delivery.pk], countdown=wait))
    return delivery


def _skip(delivery: Delivery, now: datetime) -> Delivery:
    """Not sent, not counted against the endpoint; redelivered by hand once the endpoint is on again."""
    delivery.status, delivery.next_attempt_at, delivery.last_error = DeliveryStatus.SKIPPED, None, SKIPPED
    Delivery.objects.filter(pk=delivery.pk).update(
        status=delivery.status, next_attempt_at=None, last_error=SKIPPED, updated_at=now
    )
    return delivery


def _attempts_allowed() -> int:
    return len(settings.WEBHOOK_RETRY_SCHEDULE_SECONDS) + 1


def _claim(delivery_id: int, now: datetime) -> Delivery | None:
    """The delivery, its attempt counted and its next one set to when it would come anyway: the later of the lease's
    end and the schedule's wait (a row locked by another claim is being claimed: skipped)."""
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update(of=("self",), skip_locked=True)
            .select_related("endpoint")
            .filter(pk=delivery_id, status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
            .first()
        )
        if delivery is None:
            return None
        schedule = settings.WEBHOOK_RETRY_SCHEDULE_SECONDS
        wait = int(schedule[delivery.attempts]) if delivery.attempts < len(schedule) else 0
        next_attempt_at = max(now + LEASE, now + timedelta(seconds=wait))
        Delivery.objects.filter(pk=delivery_id).update(attempts=F("attempts") + 1, next_attempt_at=next_attempt_at)
        delivery.attempts += 1
    return delivery


def _send(delivery: Delivery, now: datetime) -> Outcome:
    """To each address the check passed in turn, until one is reached (a host with an unreachable address, an IPv6
    one on an IPv4-only network, is still served); all within the one attempt's deadline."""
    endpoint = delivery.endpoint
    try:
        addresses = target_check(url=endpoint.url)  # again: the host may resolve elsewhere since it was registered
    except UnsafeTarget as refused:
        return Outcome(status=None, error=f"Not sent: {refused}")
    deadline = time.monotonic() + settings.WEBHOOK_ATTEMPT_DEADLINE_SECONDS
    for address in addresses:
        outcome = signed_post(
            url=endpoint.url,
            address=address,
            secret=endpoint.secret,
            event_id=delivery.event_id,
            payload=delivery.payload,
            at=now,
            deadline=deadline,
        )
        if not outcome.unreachable:
            break
    return outcome


def _record(delivery: Delivery, outcome: Outcome, now: datetime, *, last: bool) -> int | None:
    """The attempt's outcome on the row (the claim counted it); returns the seconds until the next attempt, None
    when there is none."""
    wait = None if last else int(settings.WEBHOOK_RETRY_SCHEDULE_SECONDS[delivery.attempts - 1])
    delivery.last_attempt_at = now
    delivery.last_response_status = outcome.status
    delivery.last_response_body = outcome.body_excerpt
    delivery.last_error = outcome.error
    if outcome.succeeded:
        delivery.status, delivery.next_attempt_at = DeliveryStatus.SUCCEEDED, None
    elif wait is None:
        delivery.status, delivery.next_attempt_at = DeliveryStatus.FAILED, None
    else:
        delivery.next_attempt_at = now + timedelta(seconds=wait)
    fields = ["last_attempt_at", "last_response_status", "last_response_body", "last_error", "status"]
    if delivery.status in FINISHED_STATUSES and delivery.event_type == EventType.CONTACT_ERASED:
        _erased_contact_scrub(delivery)
        fields += ["payload", "contact_external_id"]
    # A conditional update: a delivery deleted meanwhile (erasure, endpoint removed) stays deleted.
    Delivery.objects.filter(pk=delivery.pk).update(
        next_attempt_at=delivery.next_attempt_at, updated_at=now, **{name: getattr(delivery, name) for name in fields}
    )
    return wait


def _erased_contact_scrub(delivery: Delivery) -> None:
    """A finished ``contact.erased`` keeps no trace of the contact: erasure leaves no personal data, and the event
    (sent, or given up) has done its work. The log keeps that it happened, when, and how it went."""
    delivery.payload = {**delivery.payload, "data": {**delivery.payload.get("data", {}), "contact_id": None}}
    delivery.contact_external_id = ""
    delivery.last_response_body = ""  # the receiver's answer may have quoted the id


def _endpoint_account(delivery: Delivery, outcome: Outcome, now: datetime) -> None:
    """A success resets the endpoint's failure count; a failed attempt starts its failing time, a delivery that
    failed for good adds to the count, and either one past its setting disables the endpoint. Under the endpoint's
    row lock: concurrent deliveries count one after the other."""
    endpoint = Endpoint.objects.select_for_update().filter(pk=delivery.endpoint_id).first()
    if endpoint is None:
        return
    if outcome.succeeded:
        endpoint.consecutive_failures, endpoint.failing_since = 0, None
    else:
        endpoint.failing_since = endpoint.failing_since or now
        endpoint.consecutive_failures += delivery.status == DeliveryStatus.FAILED
        reason = _disable_reason(endpoint, now)
        if endpoint.enabled and reason:
            endpoint.enabled, endpoint.disabled_at, endpoint.disabled_reason = False, now, reason
    endpoint.save(update_fields=["consecutive_failures", "failing_since", "enabled", "disabled_at", "disabled_reason"])


def _disable_reason(endpoint: Endpoint, now: datetime) -> str:
    failed, hours = settings.WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES, settings.WEBHOOK_DISABLE_AFTER_FAILING_HOURS
    if endpoint.consecutive_failures >= failed:
        return f"{endpoint.consecutive_failures} deliveries in a row failed."
    if endpoint.failing_since is not None and now - endpoint.failing_since >= timedelta(hours=hours):
        return f"Every attempt failed for more than {hours} hours."
    return ""


def deliveries_due_sweep() -> int:
    """celery-beat: queue an attempt for every pending delivery that is due (retries past the countdown's reach,
    attempts whose worker was lost, enqueues the broker dropped). Returns how many."""
    due = list(
        Delivery.objects.filter(status=DeliveryStatus.PENDING, next_attempt_at__lte=clock.now())
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    deliveries_enqueue(delivery_ids=due, expires=SWEEP_PERIOD_SECONDS)
    return len(due)


def delivery_redeliver(*, delivery: Delivery) -> Delivery:
    """Send a finished delivery again, now, with the retry schedule from its start (same ``webhook-id``: a receiver
    that processed it already can tell). Raises RedeliveryRefused for a pending delivery or a disabled endpoint."""
    if not delivery.endpoint.enabled:
        raise RedeliveryRefused("The endpoint is disabled.")
    if delivery.event_type == EventType.CONTACT_ERASED and delivery.status in FINISHED_STATUSES:
        raise RedeliveryRefused("A contact.erased event no longer names its contact once sent: it is not sent again.")
    now = clock.now()
    with transaction.atomic():
        restarted = Delivery.objects.filter(pk=delivery.pk).exclude(status=DeliveryStatus.PENDING)
        if not restarted.update(status=DeliveryStatus.PENDING, attempts=0, next_attempt_at=now, updated_at=now):
            raise RedeliveryRefused("The delivery is still pending: its next attempt is scheduled.")
        transaction.on_commit(lambda: deliveries_enqueue(delivery_ids=[delivery.pk]))
    delivery.refresh_from_db()
    return delivery
