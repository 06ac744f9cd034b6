"""Sessions, streaks and relationship stages, driven by real ingestion."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contacts.activity import stage_when_quiet
from contacts.models import Contact, ContactState, Tenant
from tests.memories.helpers import ingest

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def _state(tenant: Tenant) -> ContactState:
    return ContactState.objects.get(contact__tenant=tenant, contact__external_id="arjun")


def test_first_message_starts_a_session_and_a_streak(tenant: Tenant) -> None:
    ingest(tenant, "hello there friend", message_id="m1", at=T0)

    state = _state(tenant)
    assert (state.session_count, state.active_streak, state.relationship_stage) == (1, 1, "new")
    assert state.first_seen_at == state.last_seen_at == T0


def test_same_conversation_within_the_idle_gap_is_one_session(tenant: Tenant) -> None:
    ingest(tenant, "hi", message_id="m1", at=T0)
    ingest(tenant, "still here", message_id="m2", at=T0 + timedelta(minutes=30))

    assert _state(tenant).session_count == 1


def test_an_idle_gap_over_thirty_minutes_starts_a_new_session(tenant: Tenant) -> None:
    ingest(tenant, "hi", message_id="m1", at=T0)
    ingest(tenant, "back again", message_id="m2", at=T0 + timedelta(minutes=31))

    assert _state(tenant).session_count == 2


def test_a_new_conversation_id_starts_a_new_session(tenant: Tenant) -> None:
    ingest(tenant, "hi", message_id="m1", at=T0)
    ingest(tenant, "new chat", message_id="m2", conversation_id="conv-2", at=T0 + timedelta(minutes=1))

    assert _state(tenant).session_count == 2


def test_assistant_messages_do_not_count_as_contact_activity(tenant: Tenant) -> None:
    ingest(tenant, "hi", message_id="m1", at=T0)
    ingest(tenant, "Hello! How was your day?", message_id="a1", role="assistant", at=T0 + timedelta(hours=2))

    state = _state(tenant)
    assert (state.session_count, state.last_seen_at) == (1, T0)


def test_streak_counts_consecutive_days_and_resets_after_a_gap(tenant: Tenant) -> None:
    for day in range(3):
        ingest(tenant, "daily hello", message_id=f"d{day}", conversation_id=f"c{day}", at=T0 + timedelta(days=day))
    assert _state(tenant).active_streak == 3

    ingest(tenant, "I'm back", message_id="late", conversation_id="c9", at=T0 + timedelta(days=5))
    assert _state(tenant).active_streak == 1


def test_streak_days_follow_the_contacts_timezone(tenant: Tenant) -> None:
    # given a contact in India (UTC+5:30)
    ingest(tenant, "hi", message_id="m1", at=datetime(2025, 3, 1, 17, 0, tzinfo=UTC))  # 22:30 IST, 1 March
    Contact.objects.filter(tenant=tenant).update(timezone="Asia/Kolkata")

    # when they write at 19:00 UTC the same UTC day — already 2 March in India
    ingest(tenant, "hello again", message_id="m2", conversation_id="c2", at=datetime(2025, 3, 1, 19, 0, tzinfo=UTC))

    # then that is the next local day: the streak grows
    assert _state(tenant).active_streak == 2


def test_out_of_order_backfill_lines_do_not_move_the_state_backwards(tenant: Tenant) -> None:
    ingest(tenant, "hi", message_id="m1", at=T0)
    ingest(tenant, "older line", message_id="m0", conversation_id="c0", at=T0 - timedelta(days=3))

    state = _state(tenant)
    assert (state.session_count, state.last_seen_at, state.first_seen_at) == (1, T0, T0 - timedelta(days=3))


@pytest.mark.parametrize(
    ("sessions", "streak_days", "stage"),
    [(2, 1, "new"), (3, 1, "building"), (14, 1, "building"), (15, 1, "established"), (30, 13, "established"),
     (30, 14, "deep")],
)  # fmt: skip
def test_stage_thresholds(tenant: Tenant, sessions: int, streak_days: int, stage: str) -> None:
    # given `sessions` sessions, the last `streak_days` of them on consecutive days
    start = T0 - timedelta(days=100)
    for n in range(sessions - streak_days):
        ingest(tenant, "hello", message_id=f"s{n}", conversation_id=f"s{n}", at=start + timedelta(hours=n))
    for day in range(streak_days):
        at = T0 + timedelta(days=day)
        ingest(tenant, "hello", message_id=f"d{day}", conversation_id=f"d{day}", at=at)

    state = _state(tenant)
    assert (state.session_count, state.active_streak, state.relationship_stage) == (sessions, streak_days, stage)


@pytest.mark.parametrize(("silent_days", "stage"), [(13, "building"), (14, "fading"), (44, "fading"), (45, "dormant")])
def test_quiet_contacts_fade_then_go_dormant(tenant: Tenant, silent_days: int, stage: str) -> None:
    for n in range(3):
        ingest(tenant, "hello", message_id=f"m{n}", conversation_id=f"c{n}", at=T0 + timedelta(hours=n))
    state = _state(tenant)

    assert stage_when_quiet(state, state.last_seen_at + timedelta(days=silent_days)) == stage
