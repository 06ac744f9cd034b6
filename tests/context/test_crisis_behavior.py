"""A new contact in crisis: the context carries the safety block and not the new-contact discovery behaviour, which
would contradict it (issue 21). The API and the staff receipt read the same ``contact_context_get``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from config import clock
from contacts.models import ContactState, Tenant
from context.selectors import contact_context_get
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


def _new_contact(tenant: Tenant, *, crisis_hours_ago: float | None) -> str:
    contact = ContactFactory(tenant=tenant, external_id="newbie", display_name="Jennifer", channel="whatsapp")
    crisis_at = None if crisis_hours_ago is None else NOW - timedelta(hours=crisis_hours_ago)
    ContactState.objects.filter(contact=contact).update(relationship_stage="new", crisis_at=crisis_at)
    return contact.external_id


def _text(tenant: Tenant, external_id: str) -> str:
    context = contact_context_get(tenant=tenant, external_id=external_id, query="", budget=None, explain=False)
    assert context is not None
    return context.context_text


def test_a_new_contact_in_crisis_gets_the_safety_block_without_the_discovery_behaviour(tenant: Tenant) -> None:
    # given a contact just met who wrote a crisis message two hours ago
    external_id = _new_contact(tenant, crisis_hours_ago=2)

    # when their context is read
    text = _text(tenant, external_id)

    # then the safety block comes first and nothing asks for discovery questions
    assert text.startswith("PRIORITY — SAFETY (this comes before everything below):")
    assert "BEHAVIOR:" not in text
    assert "Ask discovery questions" not in text


def test_a_new_contact_whose_crisis_is_past_gets_the_discovery_behaviour_back(tenant: Tenant) -> None:
    # given a contact just met whose crisis message is older than the crisis window
    external_id = _new_contact(tenant, crisis_hours_ago=24 * 30)

    # when their context is read
    text = _text(tenant, external_id)

    # then there is no safety block and the new-contact behaviour is there
    assert "PRIORITY — SAFETY" not in text
    assert "BEHAVIOR:\n- Ask discovery questions naturally (name, interests, pets, work)" in text
