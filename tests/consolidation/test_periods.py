"""Episodes fold by time (issue 17): what no theme took within EPISODE_FOLD_AFTER_DAYS becomes its month's summary;
a theme later reached takes its episodes back out of the months; a theme's pattern takes its later episodes, any
number of them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from config import clock
from consolidation.services.run import consolidation_run
from contacts.models import Contact, Tenant
from memories.models import ContactEntity, Memory
from memories.services.records import memory_create, memory_delete
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    return ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")


def _episode(contact: Contact, content: str, at: datetime, *, entities: list[ContactEntity] = ()) -> Memory:  # type: ignore[assignment]
    return memory_create(
        tenant=contact.tenant, contact=contact, memory_type="episode", content=content, source="rules", created_at=at,
        entities=entities, source_message_ids=[f"m-{content[:12]}-{at:%d}"],
    )  # fmt: skip


def _fresh(memory: Memory) -> Memory:
    memory.refresh_from_db()
    return memory


def _months(contact: Contact) -> list[Memory]:
    return list(Memory.objects.filter(contact=contact, slot__startswith="period:", status="active").order_by("slot"))


def _bruno(contact: Contact) -> ContactEntity:
    return ContactEntity.objects.create(
        tenant=contact.tenant, contact=contact, entity_type="pet", key="bruno", display_name="Bruno",
        aliases=["Bruno"], metadata={"species": "dog"},
    )  # fmt: skip


def test_episodes_older_than_a_week_fold_into_their_months_summary(arjun: Contact) -> None:
    # given two October episodes, one of early November, and one of three days ago
    hike = _episode(arjun, "Went hiking near Nandi Hills with college friends", datetime(2026, 10, 4, 9, tzinfo=UTC))
    fire = _episode(arjun, "There was a fire drill in the middle of standup", datetime(2026, 10, 21, 9, tzinfo=UTC))
    dosa = _episode(arjun, "Made masala dosa for the first time", datetime(2026, 11, 2, 20, tzinfo=UTC))
    recent = _episode(arjun, "Missed the bus and was late", NOW - timedelta(days=3))

    # when the pass runs
    stats = consolidation_run(now=NOW)

    # then the three over a week old are in their months' summaries, dated, and the recent one is as it was said
    october, november = _months(arjun)
    assert october.content == (
        "In October 2026, Arjun told of: 4 Oct — Went hiking near Nandi Hills with college friends; "
        "21 Oct — There was a fire drill in the middle of standup."
    )
    assert november.content == "In November 2026, Arjun told of: 2 Nov — Made masala dosa for the first time."
    assert (october.memory_type, october.slot) == ("pattern", "period:2026-10")
    assert october.events.get(kind="created").after["importance"] == 0.6  # (then decayed by this pass, see below)
    assert october.source_message_ids == hike.source_message_ids + fire.source_message_ids
    # (a summary matters when its last episode did: a backfilled month ages as the month lived through did)
    assert (october.created_at, october.mattered_at) == (NOW, fire.created_at)
    for episode, month in ((hike, october), (fire, october), (dosa, november)):
        assert (_fresh(episode).status, episode.superseded_by_id, episode.valid_to) == ("compressed", month.pk, NOW)
    assert _fresh(recent).status == "active"
    assert stats is not None and (stats["patterns"], stats["episodes_compressed"]) == (2, 3)

    # and a second pass changes nothing
    again = consolidation_run(now=NOW)
    assert again is not None and (again["patterns"], again["episodes_compressed"]) == (0, 0)


def test_a_months_later_episodes_grow_its_summary_instead_of_a_second_one(arjun: Contact) -> None:
    # given November's summary from an earlier pass
    _episode(arjun, "Made masala dosa for the first time", datetime(2026, 11, 2, 20, tzinfo=UTC))
    consolidation_run(now=NOW)
    [november] = _months(arjun)
    assert november.embedding is None  # (embedded after commit, by the deferred tier)
    Memory.objects.filter(pk=november.pk).update(embedding=[0.1] * 384, embedding_model="all-MiniLM-L6-v2")

    # when another November episode is a week old at the next pass
    later = _episode(arjun, "Went to a comedy show with Priya", datetime(2026, 11, 10, 21, tzinfo=UTC))
    consolidation_run(now=NOW + timedelta(days=1))

    # then the same summary says both, is to be embedded again, and holds the new episode
    [grown] = _months(arjun)
    assert grown.pk == november.pk
    assert grown.content == (
        "In November 2026, Arjun told of: 2 Nov — Made masala dosa for the first time; "
        "10 Nov — Went to a comedy show with Priya."
    )
    assert (grown.embedding, grown.mattered_at) == (None, later.created_at)
    assert not grown.events.filter(kind="reinforced").exists()  # a summary growing is no one saying it again
    assert _fresh(later).superseded_by_id == november.pk
    assert grown.events.filter(kind="edited", actor="consolidation").count() == 1


def test_a_long_month_keeps_the_lines_that_say_the_most_and_counts_the_rest(arjun: Contact, settings) -> None:  # type: ignore[no-untyped-def]
    # given a month of the same small episode and three different ones
    settings.PERIOD_SUMMARY_MAX_WORDS = 30
    for day in range(1, 11):
        _episode(arjun, "Walked the dog", datetime(2026, 10, day, 8, tzinfo=UTC))
    _episode(arjun, "Presented the quarterly plan to the leadership team", datetime(2026, 10, 12, 9, tzinfo=UTC))
    _episode(arjun, "Cooked rajma chawal, it reminded me of home", datetime(2026, 10, 15, 20, tzinfo=UTC))

    # when they fold
    consolidation_run(now=NOW)

    # then the summary keeps the lines that add words (the walk once), in date order, within the words, and counts
    # what it left out
    [october] = _months(arjun)
    assert october.content == (
        "In October 2026, Arjun told of: 1 Oct — Walked the dog; "
        "12 Oct — Presented the quarterly plan to the leadership team; "
        "15 Oct — Cooked rajma chawal, it reminded me of home (and 9 more)."
    )


def test_pinned_episodes_stay_as_they_were_said(arjun: Contact) -> None:
    pinned = _episode(arjun, "Got engaged to Meera at the beach", datetime(2026, 10, 4, 9, tzinfo=UTC))
    Memory.objects.filter(pk=pinned.pk).update(pinned=True)

    consolidation_run(now=NOW)

    assert (_fresh(pinned).status, _months(arjun)) == ("active", [])


def test_a_theme_reached_later_takes_its_episodes_out_of_the_months(arjun: Contact) -> None:
    # given four Bruno episodes and a walk, folded into October's summary, none of them a theme yet (four < 5)
    bruno = _bruno(arjun)
    old = [_episode(arjun, f"Bruno did thing number {n}", datetime(2026, 10, 1 + n, 9, tzinfo=UTC), entities=[bruno])
           for n in range(4)]  # fmt: skip
    walk = _episode(arjun, "Went for a long walk by the lake", datetime(2026, 10, 20, 9, tzinfo=UTC))
    consolidation_run(now=NOW)
    [october] = _months(arjun)
    assert not Memory.objects.filter(contact=arjun, slot__startswith="theme:").exists()

    # when a fifth Bruno episode arrives
    fifth = _episode(arjun, "Bruno learned to roll over", NOW - timedelta(days=1), entities=[bruno])
    consolidation_run(now=NOW + timedelta(hours=6))

    # then the five are Bruno's pattern, and October's summary says only what is left of the month
    [theme] = Memory.objects.filter(contact=arjun, slot="theme:pet:bruno", status="active")
    assert {_fresh(e).superseded_by_id for e in [*old, fifth]} == {theme.pk}
    assert _fresh(october).content == "In October 2026, Arjun told of: 20 Oct — Went for a long walk by the lake."
    assert _fresh(walk).superseded_by_id == october.pk


def test_a_month_whose_every_episode_joined_a_theme_is_replaced_by_the_theme(arjun: Contact) -> None:
    bruno = _bruno(arjun)
    old = [_episode(arjun, f"Bruno did thing number {n}", datetime(2026, 10, 1 + n, 9, tzinfo=UTC), entities=[bruno])
           for n in range(4)]  # fmt: skip
    consolidation_run(now=NOW)
    [october] = _months(arjun)

    _episode(arjun, "Bruno learned to roll over", NOW - timedelta(days=1), entities=[bruno])
    consolidation_run(now=NOW + timedelta(hours=6))

    [theme] = Memory.objects.filter(contact=arjun, slot="theme:pet:bruno", status="active")
    october = _fresh(october)
    assert (october.status, october.superseded_by_id) == ("superseded", theme.pk)
    assert {_fresh(e).superseded_by_id for e in old} == {theme.pk}


def test_a_themes_pattern_takes_its_next_episode_at_once(arjun: Contact) -> None:
    # given Bruno's pattern from five episodes
    bruno = _bruno(arjun)
    for n in range(5):
        _episode(arjun, f"Bruno did thing number {n}", NOW - timedelta(days=2, hours=n), entities=[bruno])
    consolidation_run(now=NOW)
    [theme] = Memory.objects.filter(contact=arjun, slot="theme:pet:bruno", status="active")

    # when one more Bruno episode comes (one, not five)
    sixth = _episode(arjun, "Bruno stole a sock and ran off", NOW, entities=[bruno])
    consolidation_run(now=NOW + timedelta(hours=6))

    # then it reinforces the pattern at once
    assert _fresh(sixth).superseded_by_id == theme.pk
    assert _fresh(theme).importance == pytest.approx(0.85)


def test_the_llm_writes_the_months_summary_when_configured(arjun: Contact, openai_stub) -> None:  # type: ignore[no-untyped-def]
    openai_stub.reply_chat("In October 2026, Arjun hiked near Nandi Hills and sat through a fire drill.")
    _episode(arjun, "Went hiking near Nandi Hills with college friends", datetime(2026, 10, 4, 9, tzinfo=UTC))
    _episode(arjun, "There was a fire drill in the middle of standup", datetime(2026, 10, 21, 9, tzinfo=UTC))

    consolidation_run(now=NOW)

    [october] = _months(arjun)
    assert october.content == "In October 2026, Arjun hiked near Nandi Hills and sat through a fire drill."
    prompt = openai_stub.requests[0][1]["messages"][1]["content"]
    assert "- 4 Oct: Went hiking near Nandi Hills" in prompt and "- 21 Oct: There was a fire drill" in prompt


def test_the_months_summary_falls_back_to_the_template_when_the_llm_fails(arjun: Contact, openai_stub) -> None:  # type: ignore[no-untyped-def]
    openai_stub.fail(500)
    _episode(arjun, "Went hiking near Nandi Hills with college friends", datetime(2026, 10, 4, 9, tzinfo=UTC))

    consolidation_run(now=NOW)

    [october] = _months(arjun)
    assert (
        october.content == "In October 2026, Arjun told of: 4 Oct — Went hiking near Nandi Hills with college friends."
    )


def test_a_month_that_ended_over_three_months_ago_joins_its_years_summary(arjun: Contact) -> None:
    # given July's and October's summaries written in early November (July ended 123 days before NOW, October 19)
    july = _episode(arjun, "Went hiking near Nandi Hills", datetime(2026, 7, 4, 9, tzinfo=UTC))
    also_july = _episode(arjun, "Cooked rajma chawal for friends", datetime(2026, 7, 20, 20, tzinfo=UTC))
    with clock.frozen(datetime(2026, 8, 1, tzinfo=UTC)):
        consolidation_run(now=datetime(2026, 8, 1, tzinfo=UTC))
    [july_summary] = _months(arjun)
    october = _episode(arjun, "There was a fire drill in the middle of standup", datetime(2026, 10, 21, 9, tzinfo=UTC))

    # when the pass runs at NOW
    consolidation_run(now=NOW)

    # then July's episodes are in 2026's summary (July's is replaced by it), October keeps its own month
    year, october_summary = _months(arjun)
    assert (year.slot, october_summary.slot) == ("period:2026", "period:2026-10")
    assert year.content == (
        "In 2026, Arjun told of: 4 Jul — Went hiking near Nandi Hills; 20 Jul — Cooked rajma chawal for friends."
    )
    assert {_fresh(e).superseded_by_id for e in (july, also_july)} == {year.pk}
    assert _fresh(october).superseded_by_id == october_summary.pk
    july_summary = _fresh(july_summary)
    assert (july_summary.status, july_summary.superseded_by_id) == ("superseded", year.pk)
    # and summaries do not decay: a record of what happened is never pruned (the cap may still take it)
    assert (year.decay_rate, year.importance) == (0.0, 0.6)

    # and an old episode imported later goes straight to its year's
    late = _episode(arjun, "Adopted a kitten called Miso", datetime(2026, 3, 2, 18, tzinfo=UTC))
    consolidation_run(now=NOW + timedelta(hours=6))
    assert _fresh(late).superseded_by_id == year.pk
    assert _fresh(year).content.startswith("In 2026, Arjun told of: 2 Mar — Adopted a kitten called Miso; 4 Jul")


def test_a_month_a_theme_empties_as_it_turns_into_the_year_is_replaced_by_the_theme(arjun: Contact) -> None:
    # given four Bruno episodes of July in July's summary, written in August
    bruno = _bruno(arjun)
    july = [_episode(arjun, f"Bruno did thing number {n}", datetime(2026, 7, 1 + n, 9, tzinfo=UTC), entities=[bruno])
            for n in range(4)]  # fmt: skip
    consolidation_run(now=datetime(2026, 8, 1, tzinfo=UTC))
    [july_summary] = _months(arjun)

    # when a fifth Bruno episode comes in November (July is then due for 2026's summary, which does not exist yet)
    _episode(arjun, "Bruno learned to roll over", NOW - timedelta(days=1), entities=[bruno])
    stats = consolidation_run(now=NOW)

    # then the pass finishes: the theme took July's episodes and replaces July's summary; no year was written
    assert stats is not None
    [theme] = Memory.objects.filter(contact=arjun, slot="theme:pet:bruno", status="active")
    assert {_fresh(e).superseded_by_id for e in july} == {theme.pk}
    assert (_fresh(july_summary).status, july_summary.superseded_by_id) == ("superseded", theme.pk)
    assert _months(arjun) == []
    again = consolidation_run(now=NOW)
    assert again is not None and (again["patterns"], again["episodes_compressed"]) == (0, 0)


def test_a_summary_no_longer_quotes_an_episode_staff_deleted(arjun: Contact) -> None:
    # given October's summary of two episodes
    secret = _episode(arjun, "Told my boss about the SECRET-PLAN", datetime(2026, 10, 4, 9, tzinfo=UTC))
    _episode(arjun, "There was a fire drill in the middle of standup", datetime(2026, 10, 21, 9, tzinfo=UTC))
    consolidation_run(now=NOW)
    [october] = _months(arjun)
    assert "SECRET-PLAN" in october.content

    # when staff delete one episode, then the other
    memory_delete(memory=_fresh(secret))
    consolidation_run(now=NOW + timedelta(hours=6))

    # then the summary is said again without it; and once none is left it leaves the active set
    assert _fresh(october).content == (
        "In October 2026, Arjun told of: 21 Oct — There was a fire drill in the middle of standup."
    )
    for episode in Memory.objects.filter(contact=arjun, memory_type="episode"):
        memory_delete(memory=episode)
    consolidation_run(now=NOW + timedelta(hours=12))
    assert (_fresh(october).status, _months(arjun)) == ("superseded", [])
