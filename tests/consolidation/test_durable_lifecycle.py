"""Durable memories through the lifecycle (issue 17): decay counts from the last time a memory mattered and lowers a
durable one only to a floor; pruning and the cap never take one; what they take is forgotten, visible and
restorable, not deleted at once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from consolidation.services.run import consolidation_run
from contacts.models import Contact, Tenant
from memories.models import ContactEntity, Memory
from memories.services.enrichment import memories_embed_pending
from memories.services.records import MemoryRestoreError, memory_create, memory_merge, memory_reinforce, memory_restore
from privacy.services import contact_erase
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
TWO_YEARS = timedelta(days=730)


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    return ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")


def _memory(contact: Contact, content: str, memory_type: str = "fact", **fields: Any) -> Memory:
    memory = memory_create(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, content=content, source="rules",
        created_at=fields.pop("created_at", NOW), entities=fields.pop("entities", []),
        metadata=fields.pop("metadata", None), source_message_ids=fields.pop("source_message_ids", ()),
    )  # fmt: skip
    if fields:
        Memory.objects.filter(pk=memory.pk).update(**fields)
    memory.refresh_from_db()
    return memory


def _fresh(memory: Memory) -> Memory:
    memory.refresh_from_db()
    return memory


# --- decay counts from the last time a memory mattered ------------------------------------------------------------


def test_a_reinforced_memory_stops_decaying_from_its_creation(arjun: Contact) -> None:
    # given two facts told 60 days ago, one of them said again two days ago
    told_once = _memory(arjun, "Works at Infosys", created_at=NOW - timedelta(days=60), source_message_ids=["m1"])
    restated = _memory(arjun, "Lives in Pune", created_at=NOW - timedelta(days=60), source_message_ids=["m2"])
    memory_reinforce(memory=restated, source_message_ids=["m3"], at=NOW - timedelta(days=2))

    # when the pass runs
    consolidation_run(now=NOW)

    # then the restated one mattered two days ago: within its quiet week, nothing charged; the other owes 53 days
    assert (_fresh(restated).mattered_at, restated.importance) == (NOW - timedelta(days=2), pytest.approx(0.75))
    assert _fresh(told_once).importance == pytest.approx(0.7 - 0.003 * 53)


def test_a_reinforcement_in_the_past_never_moves_mattered_back(arjun: Contact) -> None:
    # (a backfill replays old messages after newer ones were processed)
    memory = _memory(arjun, "Lives in Pune", created_at=NOW - timedelta(days=5), source_message_ids=["m1"])

    memory_reinforce(memory=memory, source_message_ids=["m0"], at=NOW - timedelta(days=40))

    assert _fresh(memory).mattered_at == NOW - timedelta(days=5)


def test_the_winner_of_a_merge_mattered_when_it_was_merged_into(arjun: Contact) -> None:
    winner = _memory(arjun, "Has a dog named Bruno", created_at=NOW - timedelta(days=90))
    loser = _memory(arjun, "Has a dog called Bruno", created_at=NOW - timedelta(days=3))

    memory_merge(winner=winner, loser=loser, at=NOW - timedelta(days=1))

    assert _fresh(winner).mattered_at == NOW - timedelta(days=1)


def test_decay_charged_before_a_reinforcement_is_not_charged_again_after_it(arjun: Contact) -> None:
    # given a quiet fact charged by a pass at NOW, then said again
    memory = _memory(arjun, "Works at Infosys", created_at=NOW - timedelta(days=17))
    consolidation_run(now=NOW)
    assert _fresh(memory).importance == pytest.approx(0.7 - 0.003 * 10)
    memory_reinforce(memory=memory, source_message_ids=["m9"], at=NOW + timedelta(days=1))

    # when passes run through the following weeks
    for day in range(2, 21):
        consolidation_run(now=NOW + timedelta(days=day))

    # then only the quiet time after its new quiet week is charged: 20 − 1 − 7 = 12 days up to its last charge
    memory.refresh_from_db()
    assert memory.decayed_at is not None
    owed = (memory.decayed_at - (NOW + timedelta(days=8))) / timedelta(days=1)
    assert memory.importance == pytest.approx(0.7 - 0.003 * 10 + 0.05 - 0.003 * owed, abs=1e-9)
    assert 11 < owed <= 12


# --- durable memories: a floor, never pruned or evicted ---------------------------------------------------------


def test_decay_lowers_a_durable_memory_to_the_floor_and_a_weak_one_to_zero(arjun: Contact, settings) -> None:  # type: ignore[no-untyped-def]
    # given a fact, a boundary, a weak preference and a fact staff set below the floor, all quiet for a year
    year_ago = NOW - timedelta(days=365)
    fact = _memory(arjun, "Is allergic to peanuts", created_at=year_ago)
    boundary = _memory(arjun, "Avoid politics", "preference", metadata={"polarity": "avoid"}, created_at=year_ago)
    weak = _memory(arjun, "Likes tea", "preference", created_at=year_ago)
    below = _memory(arjun, "Was born in Pune", importance=0.2, created_at=year_ago)

    # when the pass runs
    consolidation_run(now=NOW)

    # then the durable ones stop at DURABLE_IMPORTANCE_FLOOR, the weak one at 0; one below the floor is left alone
    floor = settings.DURABLE_IMPORTANCE_FLOOR
    assert [_fresh(m).importance for m in (fact, boundary, weak, below)] == [floor, floor, 0.0, 0.2]
    assert below.decayed_at is None


def test_a_durable_fact_unread_for_two_years_is_still_in_context(arjun: Contact, api_client: APIClient) -> None:
    # given a life told in the first week, never read since: durable facts and preferences, small talk
    miso = ContactEntity.objects.create(
        tenant=arjun.tenant, contact=arjun, entity_type="pet", key="miso", display_name="Miso", aliases=["Miso"],
    )  # fmt: skip
    durable = [
        _memory(arjun, "Has a cat named Miso", entities=[miso]),
        _memory(arjun, "Is allergic to peanuts"),
        _memory(arjun, "Lives in Leeds"),
        _memory(arjun, "Does not want to talk about politics", "preference", metadata={"polarity": "avoid"}),
        _memory(arjun, "Loves jazz", "preference", metadata={"strength": "strong"}),
    ]
    fading = [_memory(arjun, "Likes tea", "preference"), _memory(arjun, "Went to a gig", "episode")]
    memories_embed_pending(tenant_id=arjun.tenant_id, contact_id=arjun.pk)

    # when the periodic pass runs two years later (the clock frozen there), and again the next day
    for later in (TWO_YEARS, TWO_YEARS + timedelta(days=1)):
        with clock.frozen(NOW + later):
            consolidation_run()

    # then every durable memory is active, at the floor; the weak preference is forgotten, and the episode is
    # summarised in its year's summary (a record: it does not decay)
    assert [_fresh(m).status for m in durable] == ["active"] * 5
    assert {m.importance for m in durable} == {0.3}
    tea, gig = (_fresh(m) for m in fading)
    assert (tea.status, gig.status) == ("forgotten", "compressed")
    assert gig.superseded_by is not None
    assert (gig.superseded_by.slot, gig.superseded_by.status) == (f"period:{gig.created_at:%Y}", "active")
    # and the cat is what /context answers "what's my cat called?" with
    with clock.frozen(NOW + TWO_YEARS + timedelta(days=1)):
        body = api_client.get("/context/arjun", {"query": "What is my cat Miso called?", "budget": 1200}).json()
    assert body["memories"][0]["content"] == "Has a cat named Miso"


def test_weekly_passes_over_two_years_leave_what_one_pass_at_the_end_leaves(tenant: Tenant) -> None:
    # given the same memories for two contacts, never read
    def life(contact: Contact) -> list[Memory]:
        return [
            _memory(contact, "Is allergic to peanuts"),
            _memory(contact, "Hates horror films", "preference", metadata={"polarity": "negative"}),
            _memory(contact, "Likes tea", "preference"),
            _memory(contact, "Went to a gig", "episode"),
            _memory(contact, "Often goes running", "pattern"),
        ]

    weekly, once = ContactFactory(tenant=tenant), ContactFactory(tenant=tenant)
    weekly_life, once_life = life(weekly), life(once)

    # when one lives through weekly passes for two years and the other gets one pass at the end
    for week in range(1, 105):
        consolidation_run(contact=weekly, now=NOW + timedelta(weeks=week))
    consolidation_run(contact=once, now=NOW + timedelta(weeks=104))

    # then the same memories are active, the durable ones at the same (floor) importance (the others were forgotten
    # — those of the weekly passes long enough ago to be deleted for good since)
    def active(contact: Contact) -> list[tuple[str, float]]:
        memories = Memory.objects.filter(contact=contact, status="active").order_by("pk")
        return [(m.slot if m.slot.startswith("period:") else m.content, round(m.importance, 9)) for m in memories]

    year = f"period:{once_life[3].created_at:%Y}"
    assert active(weekly) == active(once) == [("Is allergic to peanuts", 0.3), ("Hates horror films", 0.3), (year, 0.6)]
    # the weak preference and the pattern forgotten (the weekly ones long enough ago to be deleted since); the episode
    # summarised in both: its month's summary then, in the weekly passes, its year's
    tea, gig, running = (_fresh(m) for m in once_life[2:])
    assert (tea.status, gig.status, running.status) == ("forgotten", "compressed", "forgotten")
    weekly_tea, weekly_gig, weekly_running = weekly_life[2:]
    assert not Memory.objects.filter(pk__in=[weekly_tea.pk, weekly_running.pk]).exists()
    assert [_fresh(m).superseded_by.slot for m in (gig, weekly_gig)] == [year, year]  # type: ignore[union-attr]


# --- what the lifecycle removes is forgotten, visible and restorable ---------------------------------------------


def test_a_forgotten_memory_is_out_of_context_until_restored(arjun: Contact, api_client: APIClient) -> None:
    # given a weak preference pruned by the pass
    tea = _memory(arjun, "Likes green tea", "preference", importance=0.05, created_at=NOW - timedelta(days=40))
    with clock.frozen(NOW):
        consolidation_run()
        memories_embed_pending(tenant_id=arjun.tenant_id, contact_id=arjun.pk)
        assert _fresh(tea).status == "forgotten"
        assert api_client.get("/context/arjun", {"query": "green tea", "budget": 1200}).json()["memories"] == []

        # when staff restore it
        memory_restore(memory=tea, actor="staff:sam")

        # then it is active again, as important as a new preference, mattering from now: the next pass keeps it
        assert (_fresh(tea).status, tea.valid_to, tea.importance, tea.mattered_at) == ("active", None, 0.8, NOW)
        event = tea.events.get(kind="restored")
        assert (event.actor, event.before["status"], event.after["status"]) == ("staff:sam", "forgotten", "active")
        consolidation_run()
        assert _fresh(tea).status == "active"
        body = api_client.get("/context/arjun", {"query": "green tea", "budget": 1200}).json()
        assert "Likes green tea" in [m["content"] for m in body["memories"]]


def test_only_a_forgotten_memory_is_restored_and_never_over_the_current_value_of_its_slot(arjun: Contact) -> None:
    active = _memory(arjun, "Likes tea", "preference")
    old = _memory(arjun, "Likes coffee", "preference", slot="pref:drink", status="forgotten", valid_to=NOW)
    _memory(arjun, "Likes cocoa", "preference", slot="pref:drink")

    with pytest.raises(MemoryRestoreError, match="is active, not forgotten"):
        memory_restore(memory=active, actor="staff:sam")
    with pytest.raises(MemoryRestoreError, match="another active memory holds its slot 'pref:drink'"):
        memory_restore(memory=old, actor="staff:sam")
    assert _fresh(old).status == "forgotten"


def test_erasure_removes_forgotten_memories_too(arjun: Contact) -> None:
    # given a contact with an active memory and a forgotten one
    _memory(arjun, "Is allergic to peanuts")
    _memory(arjun, "Likes small talk", "preference", importance=0.05, created_at=NOW - timedelta(days=40))
    consolidation_run(now=NOW)
    assert Memory.objects.filter(contact=arjun, status="forgotten").count() == 1

    # when the contact is erased
    contact_erase(contact=arjun)

    # then nothing of theirs is left
    assert not Memory.objects.filter(content__in=["Is allergic to peanuts", "Likes small talk"]).exists()
