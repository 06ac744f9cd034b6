"""Mood and activity patterns with their threshold edges: sustained negative (2 vs 3), consistent timing
(69% vs 70%, 13 vs 14 days), engagement decline (50%) with boredom, trigger timing in non-UTC zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from config import clock
from contacts.models import Contact, ContactState, Conversation, Message, Tenant
from ingest.tasks import process_message
from memories.models import Memory
from moods.models import Insight, MoodLog, Trigger
from moods.services.outreach import next_morning
from moods.services.patterns import engagement_decline_detect, mood_patterns_detect_all, timing_pattern_detect
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)  # 23:30 in Kolkata
KOLKATA = ZoneInfo("Asia/Kolkata")
SAD, ANXIOUS, ANGRY, HAPPY = "I'm so sad today 😢", "I'm really worried and nervous", "I'm furious", "haha amazing 😂"


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


def _say(tenant: Tenant, texts: list[str], *, end: datetime = NOW, timezone: str = "Asia/Kolkata") -> Contact:
    """Ingest and fully process user messages a minute apart, the last at ``end``."""
    for n, text in enumerate(texts):
        at = end - timedelta(minutes=len(texts) - 1 - n)
        ingest(tenant, text, message_id=f"m{at.timestamp():.0f}-{n}", at=at)
        message = ledger_message(tenant, f"m{at.timestamp():.0f}-{n}")
        Contact.objects.filter(pk=message.contact_id).update(timezone=timezone)
        process_message.delay(message.pk)
    return Contact.objects.get(tenant=tenant, external_id="arjun")


def _difficult_periods(contact: Contact) -> list[Memory]:
    return list(Memory.objects.filter(contact=contact, metadata__pattern="difficult_period"))


def test_two_negative_messages_are_not_a_pattern(tenant: Tenant) -> None:
    contact = _say(tenant, [HAPPY, SAD, ANXIOUS])

    assert _difficult_periods(contact) == []
    assert not Trigger.objects.exists()


def test_three_negative_messages_make_a_memory_and_a_morning_check_in(tenant: Tenant) -> None:
    # when three negative readings in a row arrive, the last at 23:30 in Kolkata
    contact = _say(tenant, [HAPPY, SAD, ANXIOUS, ANGRY])

    # then a difficult-period memory (local date) with the three messages as provenance
    [memory] = _difficult_periods(contact)
    assert memory.content == "Went through a difficult period around November 20, 2026"
    assert (memory.memory_type, memory.importance, memory.source) == ("episode", 0.7, "consolidation")
    assert memory.metadata["moods"] == ["sad", "anxious", "angry"]
    assert len(memory.source_message_ids) == 3
    # and a check-in at 09:00 Kolkata the next morning
    [trigger] = Trigger.objects.all()
    assert trigger.due_at == datetime(2026, 11, 21, 9, 0, tzinfo=KOLKATA)
    assert (trigger.kind, trigger.contact_id, trigger.completed_at) == ("check_in", contact.pk, None)
    assert "sad, anxious, angry" in trigger.reason


def test_a_continuing_negative_run_adds_nothing_new(tenant: Tenant) -> None:
    contact = _say(tenant, [SAD, ANXIOUS, ANGRY, SAD, SAD])

    assert len(_difficult_periods(contact)) == 1
    assert Trigger.objects.count() == 1  # one check-in per morning


def test_a_run_completed_out_of_order_is_still_seen(tenant: Tenant) -> None:
    # given three negative messages whose deferred steps run m1, m3, m2 (concurrent workers)
    texts = {"n1": SAD, "n2": ANXIOUS, "n3": ANGRY}
    for n, (message_id, text) in enumerate(texts.items()):
        ingest(tenant, text, message_id=message_id, at=NOW - timedelta(minutes=3 - n))
    for message_id in ("n1", "n3", "n2"):
        process_message.delay(ledger_message(tenant, message_id).pk)

    # then the run is recognised when its middle reading arrives
    contact = Contact.objects.get(tenant=tenant, external_id="arjun")
    [memory] = _difficult_periods(contact)
    assert memory.metadata["moods"] == ["sad", "anxious", "angry"]
    assert Trigger.objects.count() == 1


def test_a_happy_message_breaks_the_run(tenant: Tenant) -> None:
    contact = _say(tenant, [SAD, ANXIOUS, HAPPY, ANGRY, SAD])

    assert _difficult_periods(contact) == []


def test_backfilled_history_remembers_the_period_but_queues_no_outreach(tenant: Tenant) -> None:
    contact = _say(tenant, [SAD, ANXIOUS, ANGRY], end=NOW - timedelta(days=90))

    assert len(_difficult_periods(contact)) == 1
    assert not Trigger.objects.exists()


@pytest.mark.parametrize(
    ("local_time", "zone", "due_local"),
    [
        (datetime(2026, 11, 20, 23, 30), "Asia/Kolkata", datetime(2026, 11, 21, 9, 0)),
        (datetime(2026, 11, 21, 2, 30), "Asia/Kolkata", datetime(2026, 11, 21, 9, 0)),  # still the night before
        (datetime(2026, 11, 21, 5, 0), "Asia/Kolkata", datetime(2026, 11, 22, 9, 0)),
        # New York springs forward on 8 March 2026: the check-in is 09:00 EDT (13:00 UTC), not EST
        (datetime(2026, 3, 7, 23, 0), "America/New_York", datetime(2026, 3, 8, 9, 0)),
    ],
)
def test_next_morning_is_in_the_contacts_timezone(local_time: datetime, zone: str, due_local: datetime) -> None:
    at = local_time.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)

    due = next_morning(at, zone)

    assert due == due_local.replace(tzinfo=ZoneInfo(zone))
    if zone == "America/New_York":
        assert due.astimezone(UTC) == datetime(2026, 3, 8, 13, 0, tzinfo=UTC)


# --- consistent timing -------------------------------------------------------------------------


def _ledger(contact: Contact, local_times: list[datetime]) -> None:
    """Ledger rows only (the timing pattern reads nothing else), in the contact's timezone."""
    conversation, _ = Conversation.objects.get_or_create(
        tenant=contact.tenant,
        contact=contact,
        external_id=f"c-{contact.pk}",
        defaults={"started_at": NOW, "last_message_at": NOW},
    )
    offset = Message.objects.count()
    Message.objects.bulk_create(
        Message(
            tenant=contact.tenant, contact=contact, conversation=conversation, client_message_id=f"t{offset + n}",
            role="user", content="hi", sent_at=local.replace(tzinfo=KOLKATA),
        )
        for n, local in enumerate(local_times)
    )  # fmt: skip


def _contact(tenant: Tenant) -> Contact:
    contact = Contact.objects.create(tenant=tenant, external_id="arjun", timezone="Asia/Kolkata")
    ContactState.objects.create(contact=contact)
    return contact


def _nights_and_days(days: int, at_night: int, by_day: int) -> list[datetime]:
    """``at_night`` messages at 22:xx spread over ``days`` distinct days, plus ``by_day`` at 15:00."""
    start = datetime(2026, 11, 19) - timedelta(days=days - 1)
    nights = [start + timedelta(days=n % days, hours=22, minutes=n // days) for n in range(at_night)]
    return nights + [start + timedelta(days=n % days, hours=15) for n in range(by_day)]


@pytest.mark.parametrize(("at_night", "by_day", "found"), [(69, 31, False), (70, 30, True)])
def test_timing_needs_seventy_percent_in_one_two_hour_window(
    tenant: Tenant, at_night: int, by_day: int, found: bool
) -> None:
    contact = _contact(tenant)
    _ledger(contact, _nights_and_days(14, at_night, by_day))

    hours = timing_pattern_detect(contact=contact, now=NOW)

    assert (hours == [22, 23]) is found
    patterns = list(Memory.objects.filter(contact=contact, memory_type="pattern").values_list("content", flat=True))
    assert patterns == (["Usually chats between 10pm–12am"] if found else [])
    assert ContactState.objects.get(contact=contact).preferred_hours == ([22, 23] if found else [])


@pytest.mark.parametrize(("days", "found"), [(13, False), (14, True)])
def test_timing_needs_fourteen_days(tenant: Tenant, days: int, found: bool) -> None:
    contact = _contact(tenant)
    _ledger(contact, _nights_and_days(days, at_night=days, by_day=0))

    assert (timing_pattern_detect(contact=contact, now=NOW) is not None) is found


def test_timing_runs_are_idempotent_and_a_new_habit_supersedes_the_old(tenant: Tenant) -> None:
    contact = _contact(tenant)
    _ledger(contact, _nights_and_days(14, at_night=14, by_day=0))
    timing_pattern_detect(contact=contact, now=NOW)
    timing_pattern_detect(contact=contact, now=NOW)
    assert Memory.objects.filter(contact=contact, slot="chat_timing").count() == 1

    # the contact moves to mornings for the next four weeks
    Message.objects.filter(contact=contact).delete()
    mornings = [datetime(2026, 12, 17, 7, 15) - timedelta(days=n) for n in range(20)]
    _ledger(contact, mornings)
    assert timing_pattern_detect(contact=contact, now=NOW + timedelta(days=28)) == [7, 8]

    active = Memory.objects.get(contact=contact, slot="chat_timing", status="active")
    assert active.content == "Usually chats between 7am–9am"
    assert Memory.objects.get(contact=contact, slot="chat_timing", status="superseded").superseded_by == active


# --- engagement decline ------------------------------------------------------------------------


def test_a_timing_pattern_is_embedded_without_waiting_for_the_contacts_next_message(
    tenant: Tenant, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    contact = _contact(tenant)
    _ledger(contact, _nights_and_days(14, at_night=14, by_day=0))

    with django_capture_on_commit_callbacks(execute=True):
        timing_pattern_detect(contact=contact, now=NOW)

    assert Memory.objects.get(contact=contact, slot="chat_timing").embedding is not None


def _sessions(contact: Contact, sizes_before: list[int], sizes_recent: list[int]) -> None:
    """Sessions of N messages (a minute apart) each on its own day, before and within the last 7 days."""
    times = []
    for day, size in [
        *((10 + n, s) for n, s in enumerate(sizes_before)),
        *((1 + n, s) for n, s in enumerate(sizes_recent)),
    ]:
        start = datetime(2026, 11, 20, 12, 0) - timedelta(days=day)
        times += [start + timedelta(minutes=m) for m in range(size)]
    _ledger(contact, times)


def _bored(contact: Contact, bored: int, other: int) -> None:
    MoodLog.objects.bulk_create(
        MoodLog(tenant=contact.tenant, contact=contact, mood="bored" if n < bored else "neutral", energy="low",
                style="casual", confidence=0.6, source="keywords", logged_at=NOW - timedelta(days=1, minutes=n))
        for n in range(bored + other)
    )  # fmt: skip


@pytest.mark.parametrize(("recent", "declined"), [([5, 5], True), ([6, 5], False)])
def test_engagement_decline_at_half_the_messages_per_session(tenant: Tenant, recent: list[int], declined: bool) -> None:
    contact = _contact(tenant)
    _sessions(contact, sizes_before=[10, 10], sizes_recent=recent)

    assert engagement_decline_detect(contact=contact, now=NOW) is declined

    assert ContactState.objects.get(contact=contact).churn_risk == (0.2 if declined else 0.0)
    assert list(Insight.objects.values_list("kind", flat=True)) == (["engagement_decline"] if declined else [])


def test_a_contact_who_stopped_entirely_has_declined(tenant: Tenant) -> None:
    contact = _contact(tenant)
    _sessions(contact, sizes_before=[10, 10], sizes_recent=[])

    assert engagement_decline_detect(contact=contact, now=NOW) is True
    assert Insight.objects.get().data == {"before_avg": 10, "recent_avg": 0.0, "days": 7}


def test_engagement_decline_counts_once_per_window(tenant: Tenant) -> None:
    contact = _contact(tenant)
    _sessions(contact, sizes_before=[10, 10], sizes_recent=[2, 2])

    engagement_decline_detect(contact=contact, now=NOW)
    engagement_decline_detect(contact=contact, now=NOW + timedelta(hours=6))

    assert ContactState.objects.get(contact=contact).churn_risk == 0.2
    assert Insight.objects.filter(kind="engagement_decline").count() == 1


@pytest.mark.parametrize(("bored", "other", "insight"), [(3, 7, True), (2, 8, False)])
def test_a_bored_decline_tells_the_business_owner(tenant: Tenant, bored: int, other: int, insight: bool) -> None:
    contact = _contact(tenant)
    _sessions(contact, sizes_before=[10, 10], sizes_recent=[3])
    _bored(contact, bored, other)

    engagement_decline_detect(contact=contact, now=NOW)

    assert Insight.objects.filter(kind="boredom", contact=contact).exists() is insight


def test_the_periodic_pass_examines_recently_active_contacts(tenant: Tenant) -> None:
    contact = _contact(tenant)
    _ledger(contact, _nights_and_days(14, at_night=14, by_day=0))
    ContactState.objects.filter(contact=contact).update(last_seen_at=NOW - timedelta(days=1))
    quiet = Contact.objects.create(tenant=tenant, external_id="quiet")
    ContactState.objects.create(contact=quiet, last_seen_at=NOW - timedelta(days=200))

    assert mood_patterns_detect_all(now=NOW) == 1
    assert ContactState.objects.get(contact=contact).preferred_hours == [22, 23]
