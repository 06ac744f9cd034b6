"""A repeated statement of a slot's current value reinforces the memory holding it, whatever the wording; only a
different value supersedes it, and a slot never has two active memories (issue 17)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from config import clock
from consolidation.services.run import consolidation_run
from contacts.models import Message, Tenant
from ingest.tasks import process_message
from memories.models import Memory
from memories.selectors import memory_history
from memories.services.records import memory_create
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def _slot(tenant: Tenant, slot: str, status: str = "active") -> list[Memory]:
    return list(Memory.objects.filter(tenant=tenant, slot=slot, status=status).order_by("created_at", "pk"))


@pytest.mark.parametrize(
    ("first", "again", "slot", "content", "importance"),
    [
        ("Big news: I moved to Bangalore last week!", "I live in Bangalore now, still getting used to the traffic",
         "location", "Lives in Bangalore (moved there)", 0.75),
        ("I live in Leeds", "We just relocated to Leeds", "location", "Lives in Leeds", 0.75),
        ("I'm based in Pune", "I'm living in Pune these days", "location", "Lives in Pune", 0.75),
        ("I work at Google", "I joined Google last month", "workplace", "Works at Google", 0.75),
        ("I'm a software engineer at Google", "I'm working at Google", "workplace",
         "Is a software engineer at Google", 0.75),
        ("I started at Infosys on Monday", "I work for Infosys", "workplace", "Works at Infosys", 0.75),
        ("I have a golden retriever named Bruno", "My dog Bruno ate my shoes", "pet:bruno",
         "Has a golden retriever named Bruno", 0.75),
        ("My dog's name is Bruno", "my dog Bruno", "pet:bruno", "Has a dog named Bruno", 0.75),
        ("My wife Priya is a doctor", "My wife is called Priya", "relation:partner", "Wife's name is Priya", 0.75),
        ("My fiancee Meera works at Flipkart", "My fiancee's name is Meera", "relation:partner",
         "Fiancee's name is Meera", 0.75),
        ("I just turned 30", "I'm 30 years old", "age", "Is 30 years old", 0.75),
        ("My birthday is on 14 March", "My birthday is 14 March", "my:birthday", "Birthday is 14 March", 0.75),
        ("my birthday's on the 14th of March", "birthday is march 14", "my:birthday", "Birthday is 14 March", 0.75),
        ("I quit my job at Amazon", "I resigned from Amazon", "workplace", "Left Amazon", 0.75),
        ("I love filter coffee", "I really like filter coffee", "pref:filter coffee", "Loves filter coffee", 0.85),
    ],
)  # fmt: skip
def test_a_restated_value_reinforces_the_current_memory_whatever_the_wording(
    tenant: Tenant, first: str, again: str, slot: str, content: str, importance: float
) -> None:
    # given a single-valued fact or preference
    ingest(tenant, first, message_id="m1", at=T0)

    # when the same value is said again, in other words, a day later
    ingest(tenant, again, message_id="m2", at=T0 + timedelta(days=1))

    # then the first memory holds the slot alone: provenance grown, importance boosted, nothing superseded
    [memory] = _slot(tenant, slot)
    assert (memory.content, memory.source_message_ids) == (content, ["m1", "m2"])
    assert memory.importance == pytest.approx(importance)
    assert list(memory_history(memory=memory).values_list("kind", flat=True)) == ["created", "reinforced"]
    assert _slot(tenant, slot, "superseded") == []


@pytest.mark.parametrize(
    ("first", "then", "slot", "old", "new"),
    [
        ("I moved to Bangalore", "I live in Mumbai now", "location", "Lives in Bangalore (moved there)",
         "Lives in Mumbai"),
        ("I work at Google", "I joined Flipkart", "workplace", "Works at Google", "Works at Flipkart"),
        ("I work at Google", "I'm a product manager at Google", "workplace", "Works at Google",
         "Is a product manager at Google"),
        ("My dog Bruno ate my shoes", "I have a beagle named Bruno", "pet:bruno", "Has a dog named Bruno",
         "Has a beagle named Bruno"),
        ("My wife Priya is a doctor", "My wife Anna is a doctor", "relation:partner", "Wife's name is Priya",
         "Wife's name is Anna"),
        ("I'm 29 years old", "I just turned 30", "age", "Is 29 years old", "Is 30 years old"),
        ("I really like filter coffee", "I love filter coffee", "pref:filter coffee", "Likes filter coffee",
         "Loves filter coffee"),
        ("I love filter coffee", "I hate filter coffee", "pref:filter coffee", "Loves filter coffee",
         "Hates filter coffee"),
    ],
)  # fmt: skip
def test_a_different_value_supersedes(tenant: Tenant, first: str, then: str, slot: str, old: str, new: str) -> None:
    # given a single-valued fact or preference
    ingest(tenant, first, message_id="m1", at=T0)
    changed_at = T0 + timedelta(days=1)

    # when a value the memory does not hold is said (another one, or more than it says)
    ingest(tenant, then, message_id="m2", at=changed_at)

    # then the new memory holds the slot and the old one is history pointing at it
    [current] = _slot(tenant, slot)
    [previous] = _slot(tenant, slot, "superseded")
    assert (current.content, current.source_message_ids) == (new, ["m2"])
    assert (previous.content, previous.valid_to, previous.superseded_by_id) == (old, changed_at, current.pk)


def test_a_restatement_after_a_consolidation_pass_reinforces_the_current_home(tenant: Tenant) -> None:
    # given a move, told in March, and a consolidation pass two months later that decays the quiet fact
    ingest(tenant, "Big news: I moved to Bangalore last week!", message_id="m1", at=T0)
    later = T0 + timedelta(days=60)
    with clock.frozen(later):
        consolidation_run(now=later)
    [home] = _slot(tenant, "location")
    assert home.importance < 0.7
    decayed = home.importance

    # when the home is said again, in other words
    ingest(tenant, "I live in Bangalore now", message_id="m2", at=later + timedelta(hours=1))

    # then the same memory is the current home, reinforced from where decay left it
    [current] = _slot(tenant, "location")
    assert (current.pk, current.content, current.source_message_ids) == (home.pk, home.content, ["m1", "m2"])
    assert current.importance == pytest.approx(decayed + 0.05)
    assert _slot(tenant, "location", "superseded") == []


def test_superseded_then_restated_history_keeps_one_current_home(tenant: Tenant) -> None:
    # given a home, a move, and the new home said again
    ingest(tenant, "I live in Pune", message_id="m1", at=T0)
    ingest(tenant, "I moved to Bangalore", message_id="m2", at=T0 + timedelta(days=10))
    ingest(tenant, "I live in Bangalore now", message_id="m3", at=T0 + timedelta(days=11))
    back_at = T0 + timedelta(days=40)

    # when they move back to the first city
    ingest(tenant, "I'm living in Pune again", message_id="m4", at=back_at)

    # then one current home, and the history is a chain: Pune → Bangalore (restated once) → Pune
    [current] = _slot(tenant, "location")
    pune, bangalore = _slot(tenant, "location", "superseded")
    assert (current.content, current.source_message_ids) == ("Lives in Pune", ["m4"])
    assert (bangalore.content, bangalore.source_message_ids) == ("Lives in Bangalore (moved there)", ["m2", "m3"])
    assert (bangalore.superseded_by_id, bangalore.valid_to) == (current.pk, back_at)
    assert (pune.superseded_by_id, pune.source_message_ids) == (bangalore.pk, ["m1"])


def test_a_slot_left_with_two_active_memories_keeps_one_after_its_next_statement(tenant: Tenant) -> None:
    # given two active homes in one slot, as an earlier writer may have left them
    ingest(tenant, "I live in Pune", message_id="m1", at=T0)
    message = ledger_message(tenant, "m1")
    stray = memory_create(
        tenant=tenant, contact=message.contact, memory_type="fact", content="Lives in Chennai", source="rules",
        created_at=T0 - timedelta(days=1), slot="location",
    )  # fmt: skip

    # when the current home is said again
    ingest(tenant, "I'm based in Pune", message_id="m2", at=T0 + timedelta(days=1))

    # then the stray is history, superseded by the reinforced current home
    [current] = _slot(tenant, "location")
    stray.refresh_from_db()
    assert (current.content, current.source_message_ids) == ("Lives in Pune", ["m1", "m2"])
    assert (stray.status, stray.superseded_by_id) == ("superseded", current.pk)


def test_without_its_source_messages_a_slot_memory_is_compared_by_wording(tenant: Tenant) -> None:
    # given a home whose source message has left the ledger (retention)
    ingest(tenant, "I moved to Bangalore", message_id="m1", at=T0)
    Message.objects.filter(tenant=tenant, client_message_id="m1").delete()

    # when it is said again in the same words, that message leaves the ledger too, then it is said in other words
    ingest(tenant, "I moved to Bangalore", message_id="m2", at=T0 + timedelta(days=1))
    Message.objects.filter(tenant=tenant, client_message_id="m2").delete()
    ingest(tenant, "I live in Bangalore", message_id="m3", at=T0 + timedelta(days=2))

    # then the same words reinforce; other words, with no value left to compare, supersede as before
    [current] = _slot(tenant, "location")
    [previous] = _slot(tenant, "location", "superseded")
    assert (previous.content, previous.source_message_ids) == ("Lives in Bangalore (moved there)", ["m1", "m2"])
    assert (current.content, current.source_message_ids) == ("Lives in Bangalore", ["m3"])


def test_the_deferred_merge_keeps_the_slot_holder_over_a_wordier_unslotted_twin(tenant: Tenant) -> None:
    # given the current home, and an unslotted fact saying the same in more words (an LLM's, an edit's)
    ingest(tenant, "I live in Bangalore", message_id="m1", at=T0)
    [home] = _slot(tenant, "location")
    twin = memory_create(
        tenant=tenant, contact=home.contact, memory_type="fact", content="Lives in Bangalore now", source="llm",
        created_at=T0, source_message_ids=["m1"], embed_later=False,
    )  # fmt: skip

    # when the deferred tier embeds and merges the message's memories
    process_message.delay(ledger_message(tenant, "m1").pk)

    # then the slot keeps its holder (the next move supersedes it); the twin is merged into it
    [current] = _slot(tenant, "location")
    twin.refresh_from_db()
    assert (current.pk, current.content) == (home.pk, "Lives in Bangalore")
    assert (twin.status, twin.superseded_by_id) == ("superseded", home.pk)


@pytest.mark.parametrize(("days_apart", "merged"), [(2, True), (20, False)])
def test_an_episode_retold_within_a_week_merges_one_weeks_later_is_another_days(
    tenant: Tenant, days_apart: int, merged: bool
) -> None:
    # given an episode told and processed
    ingest(tenant, "Bruno chewed the sofa cushion this morning", message_id="m1", at=T0)
    process_message.delay(ledger_message(tenant, "m1").pk)

    # when the same is told again, days later (while the first is still active, as in a backfill)
    later = T0 + timedelta(days=days_apart)
    ingest(tenant, "Bruno chewed the sofa cushion this morning", message_id="m2", at=later)
    process_message.delay(ledger_message(tenant, "m2").pk)

    # then within EPISODE_FOLD_AFTER_DAYS it is one event retold (merged); weeks apart it is another day's event
    episodes = Memory.objects.filter(tenant=tenant, memory_type="episode", status="active")
    assert episodes.count() == (1 if merged else 2)


def test_a_boyfriend_who_becomes_a_fiance_is_one_current_partner(tenant: Tenant) -> None:
    # given a boyfriend
    ingest(tenant, "My boyfriend Tiago is a surfer", message_id="m1", at=T0)

    # when he becomes a fiancé
    ingest(
        tenant, "Tiago and I got engaged, my fiancé Tiago is over the moon", message_id="m2", at=T0 + timedelta(days=30)
    )

    # then one partner is current, as the fiancé; the boyfriend is history
    [current] = _slot(tenant, "relation:partner")
    assert current.content == "Fiance's name is Tiago"
    [previous] = _slot(tenant, "relation:partner", status="superseded")
    assert (previous.content, previous.superseded_by_id) == ("Boyfriend's name is Tiago", current.pk)
