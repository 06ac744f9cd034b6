"""Periodic mood and activity patterns (contact-intelligence §4.2): consistent timing and engagement
decline. Each detector is idempotent — a second run over the same data changes nothing."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from statistics import mean

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction

from config import clock
from contacts.activity import contact_zone, starts_session
from contacts.models import Contact, ContactState, Message, Mood, Role
from memories.models import Memory, MemorySource, MemoryStatus, MemoryType
from memories.services.records import memory_create, memory_supersede
from moods.models import InsightKind, MoodLog, MoodSource
from moods.services.outreach import insight_create

logger = logging.getLogger(__name__)
TIMING_SLOT = "chat_timing"  # one active "usually chats between …" memory per contact
PROVENANCE_CAP = 20  # a pattern lists its most recent supporting messages, not all of them


def mood_patterns_detect_all(*, now: datetime | None = None, progress: Callable[[int], None] | None = None) -> int:
    """Every contact active within the look-back windows; a failing contact is logged and skipped.
    Returns how many contacts were examined."""
    now = now or clock.now()
    since = now - timedelta(days=max(settings.TIMING_LOOKBACK_DAYS, 2 * settings.ENGAGEMENT_WINDOW_DAYS))
    contacts = Contact.objects.filter(state__last_seen_at__gte=since).select_related("tenant").order_by("pk")
    examined = 0
    for contact in contacts.iterator(chunk_size=500):
        try:
            contact_patterns_detect(contact=contact, now=now)
        except SoftTimeLimitExceeded:
            raise  # the task's time is up: stop here (the next run starts again; every step is idempotent)
        except Exception:  # noqa: BLE001 - one contact's bad data must not stop the pass
            logger.exception("mood patterns failed for contact %s", contact.pk)
        examined += 1
        if progress is not None:
            progress(examined)
    return examined


def contact_patterns_detect(*, contact: Contact, now: datetime) -> dict[str, bool]:
    return {
        "consistent_timing": timing_pattern_detect(contact=contact, now=now) is not None,
        "engagement_decline": engagement_decline_detect(contact=contact, now=now),
    }


def timing_pattern_detect(*, contact: Contact, now: datetime) -> list[int] | None:
    """TIMING_SHARE or more of the last TIMING_LOOKBACK_DAYS' user messages inside one window of
    TIMING_WINDOW_HOURS consecutive local hours, over TIMING_MIN_DAYS or more distinct local days →
    preferred hours on the state and a "Usually chats between …" pattern memory. Returns the hours."""
    rows = list(
        Message.objects.filter(
            contact=contact, role=Role.USER, sent_at__gte=now - timedelta(days=settings.TIMING_LOOKBACK_DAYS),
            sent_at__lte=now,
        ).order_by("-sent_at").values_list("sent_at", "client_message_id")
    )  # fmt: skip
    zone = contact_zone(contact.timezone)
    local = [(sent_at.astimezone(zone), message_id) for sent_at, message_id in rows]
    if len({at.date() for at, _ in local}) < settings.TIMING_MIN_DAYS:
        return None
    hours = _busiest_window(Counter(at.hour for at, _ in local))
    inside = [message_id for at, message_id in local if at.hour in hours]
    if len(inside) < settings.TIMING_SHARE * len(local) - 1e-9:
        return None
    with transaction.atomic():
        state = ContactState.objects.select_for_update().get(contact=contact)
        if state.preferred_hours != hours:
            state.preferred_hours = hours
            state.save(update_fields=["preferred_hours", "updated_at"])
        _timing_memory_store(contact, hours, inside, now)
    return hours


def _busiest_window(per_hour: Counter[int]) -> list[int]:
    """The window holding the most messages; among equals, the one starting at the busier hour (messages
    at 22:xx fit 21–23 and 22–24 alike, and "10pm–12am" is the honest label), then the earlier one."""
    width = settings.TIMING_WINDOW_HOURS
    start = max(range(24), key=lambda h: (sum(per_hour[(h + i) % 24] for i in range(width)), per_hour[h], -h))
    return [(start + i) % 24 for i in range(width)]


def _timing_memory_store(contact: Contact, hours: list[int], message_ids: list[str], now: datetime) -> None:
    content = f"Usually chats between {_clock_label(hours[0])}–{_clock_label(hours[-1] + 1)}"
    current = Memory.objects.filter(contact=contact, status=MemoryStatus.ACTIVE, slot=TIMING_SLOT).first()
    if current is not None and current.content == content:
        return
    memory = memory_create(
        tenant=contact.tenant, contact=contact, memory_type=MemoryType.PATTERN, content=content,
        source=MemorySource.CONSOLIDATION, created_at=now, slot=TIMING_SLOT,
        metadata={"pattern": "consistent_timing", "hours": hours, "messages": len(message_ids)},
        source_message_ids=message_ids[:PROVENANCE_CAP],
    )  # fmt: skip
    if current is not None:
        memory_supersede(old=current, new=memory, at=now)


def _clock_label(hour: int) -> str:
    hour %= 24
    return f"{hour % 12 or 12}{'am' if hour < 12 else 'pm'}"


def engagement_decline_detect(*, contact: Contact, now: datetime) -> bool:
    """Messages per session over the last ENGAGEMENT_WINDOW_DAYS at most ENGAGEMENT_DECLINE_SHARE of the
    window before → churn risk + ENGAGEMENT_CHURN_STEP and an insight, at most once per window; a
    bored mood pattern over the recent window adds a boredom insight. True when a decline was recorded."""
    window = timedelta(days=settings.ENGAGEMENT_WINDOW_DAYS)
    sessions = _sessions(contact, since=now - 2 * window, until=now)
    before = [count for start, count in sessions if start < now - window]
    recent = [count for start, count in sessions if start >= now - window]
    recent_avg = mean(recent) if recent else 0.0  # no session at all this week is the steepest decline
    if not before or recent_avg > settings.ENGAGEMENT_DECLINE_SHARE * mean(before):
        return False
    if contact.insights.filter(kind=InsightKind.ENGAGEMENT_DECLINE, created_at__gt=now - window).exists():
        return False
    figures = {"before_avg": round(mean(before), 2), "recent_avg": round(recent_avg, 2), "days": window.days}
    with transaction.atomic():
        _, created = insight_create(
            contact=contact, kind=InsightKind.ENGAGEMENT_DECLINE, at=now, data=figures,
            dedupe_key=f"{InsightKind.ENGAGEMENT_DECLINE}:{contact.pk}:{now.date().isoformat()}",
            summary=f"Messages per session fell from {figures['before_avg']} to {figures['recent_avg']} "
            f"over the last {window.days} days.",
        )  # fmt: skip
        if not created:
            return False
        state = ContactState.objects.select_for_update().get(contact=contact)
        state.churn_risk = min(1.0, round(state.churn_risk + settings.ENGAGEMENT_CHURN_STEP, 4))
        state.save(update_fields=["churn_risk", "updated_at"])
        _boredom_insight(contact, since=now - window, now=now)
    return True


def _sessions(contact: Contact, *, since: datetime, until: datetime) -> list[tuple[datetime, int]]:
    """(start, user messages) per session, split exactly as live activity tracking splits them."""
    rows = Message.objects.filter(contact=contact, role=Role.USER, sent_at__gte=since, sent_at__lte=until).order_by(
        "sent_at", "pk"
    )
    sessions: list[tuple[datetime, int]] = []
    previous_at, previous_conversation = None, None
    for at, conversation_id in rows.values_list("sent_at", "conversation_id"):
        if starts_session(previous_at, previous_conversation, at, conversation_id):
            sessions.append((at, 0))
        sessions[-1] = (sessions[-1][0], sessions[-1][1] + 1)
        previous_at, previous_conversation = at, conversation_id
    return sessions


def _boredom_insight(contact: Contact, *, since: datetime, now: datetime) -> None:
    moods = list(
        MoodLog.objects.filter(contact=contact, logged_at__gte=since, logged_at__lte=now)
        .exclude(source=MoodSource.PREVIOUS)
        .values_list("mood", flat=True)
    )
    bored = moods.count(Mood.BORED)
    if not moods or bored < settings.BOREDOM_SHARE * len(moods) - 1e-9:
        return
    insight_create(
        contact=contact, kind=InsightKind.BOREDOM, at=now, data={"bored": bored, "readings": len(moods)},
        dedupe_key=f"{InsightKind.BOREDOM}:{contact.pk}:{now.date().isoformat()}",
        summary=f"Engagement is falling and the contact seems bored ({bored} of {len(moods)} recent readings): "
        "try new topics or content.",
    )  # fmt: skip
