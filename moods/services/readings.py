"""The deferred mood step for one user message: classify, log, update the contact's state and
baseline, and watch for a sustained negative mood (contact-intelligence §4.1–4.2)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from contacts.activity import contact_zone
from contacts.models import Contact, ContactState, Message, Mood, Role
from memories.models import Memory, MemorySource, MemoryType
from memories.services.records import memory_create
from moods.classification import MoodReading, classify_mood
from moods.models import MoodLog, MoodSource
from moods.services.outreach import check_in_trigger_create

NEGATIVE_MOODS = frozenset({Mood.SAD, Mood.ANXIOUS, Mood.ANGRY})
DIFFICULT_PERIOD = "difficult_period"  # Memory.metadata["pattern"] of the sustained-negative memory
DIFFICULT_PERIOD_IMPORTANCE = 0.7


def message_mood_record(*, message_id: int) -> MoodLog | None:
    """Classify and log the mood of one user message. Idempotent (one MoodLog per message); the
    classifier (an LLM call of up to MOOD_TIMEOUT_MS) runs outside any transaction."""
    message = Message.objects.select_related("contact__tenant").filter(pk=message_id, role=Role.USER).first()
    if message is None or MoodLog.objects.filter(message_id=message_id).exists():
        return None
    state = ContactState.objects.get(contact_id=message.contact_id)
    reading = classify_mood(message.content, previous=_previous_reading(state, message.sent_at))
    with transaction.atomic():
        state = ContactState.objects.select_for_update().get(contact_id=message.contact_id)
        log, created = MoodLog.objects.get_or_create(
            message=message,
            defaults={
                "tenant_id": message.tenant_id, "contact_id": message.contact_id, "mood": reading.mood,
                "energy": reading.energy, "style": reading.style, "confidence": reading.confidence,
                "source": reading.source, "logged_at": message.sent_at,
            },
        )  # fmt: skip
        if not created:
            return log
        # A carried-over reading is logged but is no news: the state keeps the reading it came from.
        fresh = reading.source != MoodSource.PREVIOUS
        if fresh and (state.mood_at is None or message.sent_at >= state.mood_at):
            _apply(state, reading, message.sent_at)
        baseline_update(state=state)
        state.save()
        if fresh:
            sustained_negative_check(contact=message.contact, at=message.sent_at)
    return log


def baseline_update(*, state: ContactState) -> None:
    """The contact's usual mood, energy and style: the most common of their last MOOD_BASELINE_WINDOW
    fresh readings (carried-over ones say nothing new); ties go to the most recent. Caller saves."""
    readings = list(
        MoodLog.objects.filter(contact_id=state.contact_id)
        .exclude(source=MoodSource.PREVIOUS)
        .order_by("-logged_at", "-pk")
        .values_list("mood", "energy", "style")[: settings.MOOD_BASELINE_WINDOW]
    )
    if len(readings) < settings.MOOD_BASELINE_MIN_READINGS:
        return
    state.baseline_mood, state.baseline_energy, state.baseline_style = (
        Counter(column).most_common(1)[0][0] for column in zip(*readings, strict=True)
    )


def sustained_negative_check(*, contact: Contact, at: datetime) -> Memory | None:
    """SUSTAINED_NEGATIVE_MESSAGES consecutive negative readings in any run that includes the reading at
    ``at`` (readings may be processed out of order) → a "difficult period" memory (one per
    SUSTAINED_NEGATIVE_GAP_DAYS) and a check-in trigger for the next morning. Caller holds the state lock."""
    run = _negative_run_through(contact, at)
    if run is None:
        return None
    moods = [mood for mood, _, _ in run]
    last_at = run[-1][2]
    check_in_trigger_create(
        contact=contact, after=last_at, reason=f"Sustained negative mood ({', '.join(moods)}): check in gently."
    )
    if _recent_difficult_period(contact, last_at):
        return None
    day = last_at.astimezone(contact_zone(contact.timezone)).date()
    return memory_create(
        tenant=contact.tenant,
        contact=contact,
        memory_type=MemoryType.EPISODE,
        content=f"Went through a difficult period around {day:%B} {day.day}, {day.year}",
        source=MemorySource.CONSOLIDATION,
        created_at=last_at,
        importance=DIFFICULT_PERIOD_IMPORTANCE,
        metadata={"pattern": DIFFICULT_PERIOD, "moods": moods},
        source_message_ids=[message_id for _, message_id, _ in run if message_id],
    )


def _negative_run_through(contact: Contact, at: datetime) -> list[tuple[str, str, datetime]] | None:
    """The latest window of N consecutive fresh readings, all negative, that contains the one at ``at``."""
    needed = settings.SUSTAINED_NEGATIVE_MESSAGES
    fresh = MoodLog.objects.filter(contact=contact).exclude(source=MoodSource.PREVIOUS)
    columns = ("mood", "message__client_message_id", "logged_at")
    before = list(fresh.filter(logged_at__lte=at).order_by("-logged_at", "-pk").values_list(*columns)[:needed])
    after = list(fresh.filter(logged_at__gt=at).order_by("logged_at", "pk").values_list(*columns)[: needed - 1])
    readings = [*reversed(before), *after]
    windows = [readings[i : i + needed] for i in range(len(readings) - needed + 1)]
    negative = [w for w in windows if all(mood in NEGATIVE_MOODS for mood, _, _ in w)]
    return negative[-1] if negative else None


def _recent_difficult_period(contact: Contact, at: datetime) -> bool:
    gap = timedelta(days=settings.SUSTAINED_NEGATIVE_GAP_DAYS)
    return Memory.objects.filter(
        contact=contact, metadata__pattern=DIFFICULT_PERIOD, created_at__gt=at - gap, created_at__lt=at + gap
    ).exists()


def _previous_reading(state: ContactState, at: datetime) -> MoodReading | None:
    """The state's reading, if it is recent enough to stand in for this message's (MOOD_CURRENT_HOURS)."""
    if state.mood_at is None or abs(at - state.mood_at) > timedelta(hours=settings.MOOD_CURRENT_HOURS):
        return None
    return MoodReading(state.mood, state.energy, state.style, state.mood_confidence, MoodSource.PREVIOUS)


def _apply(state: ContactState, reading: MoodReading, at: datetime) -> None:
    state.mood, state.energy, state.style = reading.mood, reading.energy, reading.style
    state.mood_confidence = reading.confidence
    state.mood_at = at
