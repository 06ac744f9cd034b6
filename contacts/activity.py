"""Sessions, streaks and relationship stage, updated inline on every user message.

All times are the *message's* time, so a backfill of old history builds the same state as the
live traffic did. Stage thresholds live in settings (STAGE_*) and are documented in README.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings

from contacts.models import ContactState, Conversation, RelationshipStage


def contact_state_record_activity(*, state: ContactState, conversation: Conversation, at: datetime) -> None:
    """Count a user message at ``at``. The caller holds the state row lock and saves."""
    if state.last_seen_at is not None and at < state.last_seen_at:
        # Out of order (a late backfill line): it cannot start a session or extend a streak.
        state.first_seen_at = min(state.first_seen_at or at, at)
        return
    if _starts_session(state, conversation, at):
        state.session_count += 1
    state.active_streak = _streak(state, at)
    state.first_seen_at = state.first_seen_at or at
    state.last_seen_at = at
    state.current_conversation = conversation
    state.relationship_stage = stage_for(state.session_count, state.active_streak)


def stage_for(session_count: int, active_streak: int) -> str:
    """Stage of an *active* contact; fading/dormant are for quiet ones (see stage_when_quiet)."""
    if session_count >= settings.STAGE_DEEP_SESSIONS and active_streak >= settings.STAGE_DEEP_STREAK_DAYS:
        return RelationshipStage.DEEP
    if session_count >= settings.STAGE_ESTABLISHED_SESSIONS:
        return RelationshipStage.ESTABLISHED
    if session_count >= settings.STAGE_BUILDING_SESSIONS:
        return RelationshipStage.BUILDING
    return RelationshipStage.NEW


def stage_when_quiet(state: ContactState, now: datetime) -> str:
    """Fading after STAGE_FADING_AFTER_DAYS of silence, dormant after STAGE_DORMANT_AFTER_DAYS."""
    if state.last_seen_at is None:
        return state.relationship_stage
    silent = now - state.last_seen_at
    if silent >= timedelta(days=settings.STAGE_DORMANT_AFTER_DAYS):
        return RelationshipStage.DORMANT
    if silent >= timedelta(days=settings.STAGE_FADING_AFTER_DAYS):
        return RelationshipStage.FADING
    return stage_for(state.session_count, state.active_streak)


def _starts_session(state: ContactState, conversation: Conversation, at: datetime) -> bool:
    return starts_session(state.last_seen_at, state.current_conversation_id, at, conversation.pk)


def starts_session(
    previous_at: datetime | None, previous_conversation_id: int | None, at: datetime, conversation_id: int
) -> bool:
    """A user message starts a session in another conversation or after SESSION_IDLE_MINUTES of silence."""
    if previous_at is None or previous_conversation_id != conversation_id:
        return True
    return at - previous_at > timedelta(minutes=settings.SESSION_IDLE_MINUTES)


def _streak(state: ContactState, at: datetime) -> int:
    """Consecutive days with a message, in the contact's own timezone."""
    if state.last_seen_at is None:
        return 1
    zone = contact_zone(state.contact.timezone)
    gap = (_local_day(at, zone) - _local_day(state.last_seen_at, zone)).days
    if gap == 0:
        return max(state.active_streak, 1)
    return state.active_streak + 1 if gap == 1 else 1


def _local_day(at: datetime, zone: ZoneInfo) -> date:
    return at.astimezone(zone).date()


def contact_zone(name: str) -> ZoneInfo:
    """The contact's timezone; an unknown name falls back to UTC rather than failing."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")
