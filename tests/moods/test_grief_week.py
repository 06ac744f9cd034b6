"""Issue 18's grief week, end to end: plain statements of loss, told over days after weeks of ordinary chat, are read
as sad (never happy) by the offline path, make a difficult period and a check-in, and /context says the mood is
unusual for them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from contacts.models import Contact, Tenant
from ingest.tasks import process_message
from memories.models import Memory
from moods.models import MoodLog, Trigger
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
START = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
ORDINARY = [
    "had a nice walk by the river after work",
    "made pasta tonight, turned out pretty good",
    "work was fine, nothing special",
    "watched a documentary about octopuses, so cool",
]
GRIEF = [
    "My grandmother passed away this morning. I feel completely empty.",
    "I keep picking up the phone to call her and then I remember. I can't stop crying.",
    "The funeral is on Friday. I don't know how I'm going to get through it.",
    "Everything reminds me of her. The house feels so quiet without her voice.",
]


def _tell(tenant: Tenant, text: str, message_id: str, at: datetime) -> None:
    ingest(tenant, text, message_id=message_id, at=at)
    with clock.frozen(at):
        process_message.delay(ledger_message(tenant, message_id).pk)


def _live_through(tenant: Tenant) -> datetime:
    at = START
    for n in range(12):  # three weeks of ordinary evenings
        at = START + timedelta(days=2 * n)
        _tell(tenant, ORDINARY[n % len(ORDINARY)], f"day-{n}", at)
    for n, text in enumerate(GRIEF):  # then a week of grief, a message a day or two apart
        at = at + timedelta(days=1, hours=2)
        _tell(tenant, text, f"grief-{n}", at)
    return at


def test_a_week_of_grief_reads_sad_makes_a_difficult_period_and_is_unusual(
    tenant: Tenant, api_client: APIClient, settings: Any
) -> None:
    # given the offline mood path (no LLM), and a life of ordinary evenings, then grief said plainly
    settings.MOOD_LLM_ENABLED = False
    last = _live_through(tenant)
    contact = Contact.objects.get(tenant=tenant, external_id="arjun")

    # then every grief message reads sad, none happy
    grief_moods = list(
        MoodLog.objects.filter(contact=contact, message__client_message_id__startswith="grief-").order_by("logged_at")
        .values_list("mood", flat=True)
    )  # fmt: skip
    assert grief_moods and set(grief_moods) <= {"sad", "anxious"}, grief_moods
    # and the run of negative readings became a difficult period and a check-in
    assert Memory.objects.filter(contact=contact, metadata__pattern="difficult_period").exists()
    assert Trigger.objects.filter(contact=contact, kind="check_in").exists()
    # and /context says the mood is not typical for them
    with clock.frozen(last + timedelta(hours=1)):
        body = api_client.get("/context/arjun", {"query": "how are you doing"}).json()
    assert (body["emotional"]["mood"], body["emotional"]["current"]) == ("sad", True)
    assert body["emotional"]["baseline"]["mood"] != "sad"
    assert body["emotional"]["unusual"] is True
    assert "This is unusual" in body["context_text"]
