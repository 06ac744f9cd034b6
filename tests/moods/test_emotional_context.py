"""GET /context's emotional part: current mood, unusual-vs-baseline, stage, recent context, adaptation,
and crisis guidance that reaches the very next /context after an ingest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from contacts.models import Contact, ContactState, Tenant
from memories.services.records import memory_create
from moods.models import ReviewFlag
from tests.factories import ContactFactory
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    contact = ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun", channel="whatsapp")
    ContactState.objects.filter(contact=contact).update(
        relationship_stage="established", session_count=22, active_streak=20, first_seen_at=NOW - timedelta(days=19)
    )
    return contact


def _mood(
    contact: Contact, mood: str, energy: str, *, baseline: tuple[str, str, str] | None = None, **more: Any
) -> None:
    fields: dict[str, Any] = {
        "mood": mood,
        "energy": energy,
        "mood_confidence": 0.7,
        "mood_at": NOW - timedelta(hours=1),
    }
    if baseline:
        fields.update(baseline_mood=baseline[0], baseline_energy=baseline[1], baseline_style=baseline[2])
    ContactState.objects.filter(contact=contact).update(**fields, **more)


def _context(client: APIClient) -> dict[str, Any]:
    response = client.get("/context/arjun")
    assert response.status_code == 200, response.content
    return response.json()


def test_unusual_mood_against_the_baseline_and_its_adaptation(api_client: APIClient, arjun: Contact) -> None:
    # given a playful, medium-energy contact who is sad and low today, upset about something yesterday
    _mood(arjun, "sad", "low", baseline=("neutral", "medium", "playful"))
    memory_create(
        tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Missed out on a promotion",
        source="rules", created_at=NOW - timedelta(days=1),
    )  # fmt: skip

    # when the chat engine asks for context
    body = _context(api_client)

    # then the emotional block reads as the spec draws it
    text = body["context_text"]
    assert (
        "EMOTIONAL CONTEXT:\n"
        "- Current mood: sad (energy: low)\n"
        "- This is unusual: normally playful and medium-energy\n"
        "- Relationship stage: established (22 sessions over 20 days, active streak: 20)\n"
        '- Recent context: "Missed out on a promotion" (yesterday)\n'
        "ADAPTATION:\n"
        "- Supportive, listen first — don't force positivity\n"
        "- Be empathetic and supportive. Don't be overly cheerful.\n"
    ) in text
    assert "- Shorter, calmer responses — match their energy" in text
    emotional = body["emotional"]
    assert emotional["mood"] == "sad" and emotional["energy"] == "low" and emotional["unusual"] is True
    assert emotional["baseline"] == {"mood": "neutral", "energy": "medium", "style": "playful"}
    assert emotional["adaptation"][0] == "Supportive, listen first — don't force positivity"
    assert emotional["crisis"] == {"active": False, "since": None, "helpline": None}


def test_typical_mood_says_so(api_client: APIClient, arjun: Contact) -> None:
    _mood(arjun, "happy", "high", baseline=("happy", "high", "playful"))

    text = _context(api_client)["context_text"]

    assert "- Typical for them (normally happy and high-energy)" in text
    assert "- Match energy — be enthusiastic, playful, use emojis" in text


def test_an_old_reading_is_the_last_known_mood(api_client: APIClient, arjun: Contact) -> None:
    _mood(arjun, "bored", "low")
    ContactState.objects.filter(contact=arjun).update(mood_at=NOW - timedelta(days=3))

    text = _context(api_client)["context_text"]

    assert "- Last known mood: bored (energy: low), 3 days ago" in text
    assert "Recent context" not in text  # no episode in the last 72 hours
    assert "ADAPTATION:" not in text  # a stale reading is no tone to adapt to


def test_a_stale_reading_is_not_unusual(api_client: APIClient, arjun: Contact) -> None:
    _mood(arjun, "sad", "low", baseline=("happy", "high", "playful"))
    ContactState.objects.filter(contact=arjun).update(mood_at=NOW - timedelta(days=2))

    body = _context(api_client)

    assert body["emotional"]["unusual"] is False and body["emotional"]["adaptation"] == []
    assert "- Typical for them (normally happy and high-energy)" in body["context_text"]


@pytest.mark.parametrize(
    ("persona", "line"),
    [
        ({}, "Stay friendly but gently redirect — don't reciprocate flirting"),
        ({"flirty_persona": "match"}, "Playful and warm — match their tone within the persona's boundaries"),
    ],
)
def test_flirty_adaptation_follows_the_tenant_persona(
    api_client: APIClient, arjun: Contact, persona: dict[str, str], line: str
) -> None:
    Tenant.objects.filter(pk=arjun.tenant_id).update(settings=persona)
    _mood(arjun, "flirty", "high")

    assert f"- {line}" in _context(api_client)["context_text"]


def test_neutral_mood_needs_no_adaptation(api_client: APIClient, arjun: Contact) -> None:
    _mood(arjun, "neutral", "medium")

    assert "ADAPTATION:" not in _context(api_client)["context_text"]


def test_crisis_language_leads_the_very_next_context(api_client: APIClient, tenant: Tenant) -> None:
    # given a tenant that asked for review flags
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()

    # when a message with crisis language is ingested (the deferred tier has not run)
    ingest(tenant, "honestly I can't take this anymore", message_id="m1", at=NOW - timedelta(minutes=1))

    # then it was caught inline: flagged for review, and /context opens with the safety guidance
    message = ledger_message(tenant, "m1")
    assert message.processed_at is None
    flag = ReviewFlag.objects.get()
    assert (flag.contact_id, flag.message_id, flag.kind, flag.resolved_at) == (
        message.contact_id,
        message.pk,
        "crisis",
        None,
    )
    assert flag.category == "hopelessness" and flag.excerpt == "honestly I can't take this anymore"
    body = _context(api_client)
    assert body["context_text"].startswith("PRIORITY — SAFETY (this comes before everything below):\n")
    assert "988 (Suicide & Crisis Lifeline)" in body["context_text"]
    assert body["emotional"]["crisis"]["active"] is True
    assert body["emotional"]["crisis"]["since"] == (NOW - timedelta(minutes=1)).isoformat()


def test_crisis_uses_the_tenants_helpline_and_flags_only_when_enabled(api_client: APIClient, tenant: Tenant) -> None:
    Tenant.objects.filter(pk=tenant.pk).update(settings={"helpline_text": "Call Acme Care on 0800 123 456."})
    tenant.refresh_from_db()

    ingest(tenant, "I want to die", message_id="m1", at=NOW - timedelta(minutes=1))

    text = _context(api_client)["context_text"]
    assert "- Share this helpline information: Call Acme Care on 0800 123 456." in text
    assert "988" not in text
    assert not ReviewFlag.objects.exists()


def test_during_a_crisis_the_tone_is_supportive_whatever_the_last_reading(
    api_client: APIClient, arjun: Contact
) -> None:
    _mood(arjun, "happy", "high", crisis_at=NOW - timedelta(hours=2))

    body = _context(api_client)

    assert body["emotional"]["adaptation"][0] == "Supportive, listen first — don't force positivity"
    assert "Match energy" not in body["context_text"]


def test_crisis_guidance_ends_after_its_window(api_client: APIClient, tenant: Tenant) -> None:
    ingest(tenant, "I want to kill myself", message_id="m1", at=NOW - timedelta(hours=24, minutes=1))

    body = _context(api_client)

    assert "PRIORITY" not in body["context_text"]
    assert body["emotional"]["crisis"]["active"] is False


def test_a_crisis_survives_a_failing_extraction(api_client: APIClient, tenant: Tenant, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given extraction that crashes (the inline tier fails and leaves the message to the worker)
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()

    def crash(*args: object) -> None:
        raise RuntimeError("extraction bug")

    monkeypatch.setattr("ingest.services.pipeline._remember", crash)

    # when a crisis message is ingested
    ingest(tenant, "I want to die", message_id="m1", at=NOW - timedelta(minutes=1))

    # then the crisis was still recorded inline, not deferred with the rest
    assert ledger_message(tenant, "m1").extracted_at is None
    assert ReviewFlag.objects.count() == 1
    assert _context(api_client)["emotional"]["crisis"]["active"] is True


def test_imported_history_raises_no_review_flag(tenant: Tenant) -> None:
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()

    ingest(tenant, "I want to die", message_id="m1", at=NOW - timedelta(days=90))

    assert not ReviewFlag.objects.exists()


def test_figures_of_speech_raise_nothing(api_client: APIClient, tenant: Tenant) -> None:
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()

    ingest(tenant, "this traffic is killing me, I'm dying to get home", message_id="m1", at=NOW)

    assert "PRIORITY" not in _context(api_client)["context_text"]
    assert not ReviewFlag.objects.exists()
    assert ContactState.objects.get(contact__external_id="arjun").crisis_at is None


def test_assistant_messages_never_raise_a_crisis(api_client: APIClient, tenant: Tenant) -> None:
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()

    ingest(
        tenant, "If you ever feel like you want to die, please reach out.", message_id="a1", role="assistant", at=NOW
    )

    assert not ReviewFlag.objects.exists()
