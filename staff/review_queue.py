"""The staff review queue: the open crisis flags and check-in triggers of a tenant's contacts, newest first, each
with the message behind it (the read), and acknowledging one with a note of what was done (the write). The write
closes the row through the moods services and puts a line on the contact's admin history: who, when, before and
after (``staff.services.contact_audit_log``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery

from contacts.models import Contact, Message, Role
from moods.models import ReviewFlag, Trigger
from moods.services.crisis import review_flag_resolve
from moods.services.outreach import trigger_complete
from staff.admin_toolkit import time_shown
from staff.services import contact_audit_log

QUEUE_KINDS = ("crisis", "trigger")
QUEUE_MAX = 200  # of each kind: a queue longer than this is a staffing problem the page cannot solve


@dataclass(frozen=True)
class QueueItem:
    kind: str  # "crisis" (a review flag) or "trigger"
    pk: int
    at: datetime  # when it was raised
    contact: Contact
    headline: str  # the flag's category, or the trigger's reason
    text: str  # the message behind it: the flagged one, or the contact's last before the trigger
    message_id: int | None
    due_at: datetime | None = None


def review_queue_get(
    *, tenant_id: int | None, kinds: Collection[str] = QUEUE_KINDS, limit: int = QUEUE_MAX
) -> list[QueueItem]:
    """Open flags and triggers (of ``kinds``) of one tenant (every tenant for None), newest first. A query each."""
    flags = ReviewFlag.objects.filter(resolved_at__isnull=True).select_related("contact", "message")
    triggers = Trigger.objects.filter(completed_at__isnull=True).select_related("contact")
    if tenant_id is not None:
        flags, triggers = flags.filter(tenant_id=tenant_id), triggers.filter(tenant_id=tenant_id)
    items = []
    if "crisis" in kinds:
        items += [_flag_item(flag) for flag in flags.order_by("-created_at", "-pk")[:limit]]
    if "trigger" in kinds:
        newest = _with_last_message(triggers).order_by("-created_at", "-pk")[:limit]
        items += [_trigger_item(trigger) for trigger in newest]
    return sorted(items, key=lambda item: (item.at, item.pk), reverse=True)


def _flag_item(flag: ReviewFlag) -> QueueItem:
    return QueueItem(
        kind="crisis", pk=flag.pk, at=flag.created_at, contact=flag.contact,
        headline=(flag.category or "crisis language").replace("_", " "),
        text=flag.message.content if flag.message else flag.excerpt, message_id=flag.message_id,
    )  # fmt: skip


def _trigger_item(trigger: Any) -> QueueItem:
    return QueueItem(
        kind="trigger", pk=trigger.pk, at=trigger.created_at, contact=trigger.contact, headline=trigger.reason,
        text=trigger.last_message or "", message_id=trigger.last_message_id, due_at=trigger.due_at,
    )  # fmt: skip


def _with_last_message(triggers: Any) -> Any:
    """A trigger names no message: the contact's last one before it was raised is what staff read to judge it."""
    before = Message.objects.filter(
        contact=OuterRef("contact"), role=Role.USER, sent_at__lte=OuterRef("created_at")
    ).order_by("-sent_at", "-pk")
    return triggers.annotate(
        last_message=Subquery(before.values("content")[:1]), last_message_id=Subquery(before.values("pk")[:1])
    )


@transaction.atomic
def review_flag_acknowledge(*, flag_id: int, user_id: int | None, actor: str, note: str) -> ReviewFlag | None:
    """Resolve an open flag with the note; None (and nothing logged) when it was already resolved. The row is
    locked, so two staff acknowledging at once log it once."""
    flag = ReviewFlag.objects.select_for_update(of=("self",)).select_related("contact").get(pk=flag_id)
    if flag.resolved_at is not None:
        return None
    before = {"resolved_at": None, "resolved_by": flag.resolved_by, "resolution_note": flag.resolution_note}
    review_flag_resolve(flag=flag, actor=actor, note=note)
    after = {"resolved_at": flag.resolved_at, "resolved_by": flag.resolved_by, "resolution_note": note}
    category = (flag.category or "crisis language").replace("_", " ")
    what = f"Acknowledged crisis flag #{flag.pk} ({category}, raised {time_shown(flag.created_at)})."
    contact_audit_log(contact=flag.contact, user=user_id, action=what, before=before, after=after)
    return flag


@transaction.atomic
def trigger_acknowledge(*, trigger_id: int, user_id: int | None, actor: str, note: str) -> Trigger | None:
    """Complete an open trigger with the note; None (and nothing logged) when it was already completed."""
    trigger = Trigger.objects.select_for_update(of=("self",)).select_related("contact").get(pk=trigger_id)
    if trigger.completed_at is not None:
        return None
    before = {"completed_at": None, "completed_by": trigger.completed_by, "completion_note": trigger.completion_note}
    trigger_complete(trigger=trigger, actor=actor, note=note)
    after = {"completed_at": trigger.completed_at, "completed_by": trigger.completed_by, "completion_note": note}
    what = f"Acknowledged {trigger.kind.replace('_', '-')} trigger #{trigger.pk} (due {time_shown(trigger.due_at)})."
    contact_audit_log(contact=trigger.contact, user=user_id, action=what, before=before, after=after)
    return trigger
