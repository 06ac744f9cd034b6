"""Triggers (proactive outreach for the chat engine) and insights (for the business owner).

Both carry a dedupe key, unique per tenant: creating "the same" one twice — a retried task, a second
periodic run — returns the existing row instead of a duplicate.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings

from config import clock
from contacts.activity import contact_zone
from contacts.models import Contact
from moods.models import Insight, Trigger, TriggerKind
from webhooks.models import EventType
from webhooks.services.events import event_emit

# A message before this local hour is still "the night before": its next morning is the same day.
NIGHT_ENDS_HOUR = 5


def next_morning(at: datetime, timezone_name: str) -> datetime:
    """TRIGGER_MORNING_HOUR on the morning after ``at`` in the contact's timezone (aware, in that zone)."""
    zone = contact_zone(timezone_name)
    local = at.astimezone(zone)
    day = local.date() if local.hour < NIGHT_ENDS_HOUR else local.date() + timedelta(days=1)
    return datetime.combine(day, time(hour=settings.TRIGGER_MORNING_HOUR), tzinfo=zone)


def check_in_trigger_create(*, contact: Contact, after: datetime, reason: str) -> Trigger | None:
    """A check-in the next morning after ``after``; None when that morning has already passed
    (backfilled history must not queue outreach for the past). One per contact per morning."""
    due_at = next_morning(after, contact.timezone)
    if due_at <= clock.now():
        return None
    trigger, created = Trigger.objects.get_or_create(
        tenant_id=contact.tenant_id,
        dedupe_key=f"{TriggerKind.CHECK_IN}:{contact.pk}:{due_at.date().isoformat()}",
        defaults={"contact": contact, "kind": TriggerKind.CHECK_IN, "reason": reason, "due_at": due_at},
    )
    if created:
        event_emit(
            tenant_id=contact.tenant_id,
            event_type=EventType.TRIGGER_CREATED,
            dedupe_key=f"trigger:{trigger.pk}",
            data={
                "trigger_id": trigger.pk, "contact_id": contact.external_id, "kind": trigger.kind,
                "reason": trigger.reason, "due_at": trigger.due_at.isoformat(),
            },
        )  # fmt: skip
    return trigger


def trigger_complete(*, trigger: Trigger, actor: str = "", note: str = "") -> Trigger:
    """Close a trigger (``actor`` and ``note`` when staff acknowledge it). Idempotent: completing it again keeps the
    first completion."""
    Trigger.objects.filter(pk=trigger.pk, completed_at__isnull=True).update(
        completed_at=clock.now(), completed_by=actor[:150], completion_note=note
    )
    trigger.refresh_from_db(fields=["completed_at", "completed_by", "completion_note"])
    return trigger


def insight_create(
    *, contact: Contact, kind: str, summary: str, dedupe_key: str, data: dict[str, Any], at: datetime
) -> tuple[Insight, bool]:
    """Returns (insight, created)."""
    insight, created = Insight.objects.get_or_create(
        tenant_id=contact.tenant_id,
        dedupe_key=dedupe_key,
        defaults={"contact": contact, "kind": kind, "summary": summary, "data": data, "created_at": at},
    )
    if created:
        event_emit(
            tenant_id=contact.tenant_id,
            event_type=EventType.INSIGHT_CREATED,
            dedupe_key=f"insight:{insight.pk}",
            data={
                "insight_id": insight.pk, "contact_id": contact.external_id, "kind": insight.kind,
                "summary": insight.summary, "data": insight.data, "created_at": insight.created_at.isoformat(),
            },
        )  # fmt: skip
    return insight, created
