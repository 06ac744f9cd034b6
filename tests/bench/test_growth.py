"""bench/growth.py end to end at a tiny size: the year simulation's report and one timed periodic pass.
Called in-process (the test database lives inside this test's transaction)."""

from __future__ import annotations

import pytest

from contacts.models import Tenant
from memories.models import Memory

pytestmark = pytest.mark.django_db
STEPS = ["expired", "compressed", "decayed", "pruned", "evicted", "forgotten_deleted", "stages_changed",
         "churn_updated", "profiles_rewritten"]  # fmt: skip


def test_year_mode_reports_daily_counts_against_the_spec_and_cleans_up() -> None:
    from bench.growth_year import year_run

    # when
    figures = year_run(days=10, seed=1, log=lambda _: None)

    # then
    assert [row["label"] for row in figures["spec_rows"]] == ["Day 1", "Week 1"]
    day_one = figures["spec_rows"][0]
    assert day_one["active"] > 0
    assert day_one["active"] == sum(day_one["by_type"].values())
    assert day_one["by_type"]["fact"] >= 3  # name, age, city, workplace, dog
    assert len(figures["daily_active"]) == 10
    assert figures["months"] == []
    assert figures["consolidation"]["runs"] == 40  # every 6 h
    assert figures["messages"]["user"] >= 20  # 2-6 a day
    assert set(figures["seconds"]) == {
        "total",
        "ingest_and_deferred",
        "session_passes",
        "context_reads",
        "consolidation",
    }
    assert figures["messages"]["context_reads"] == 0
    active = figures["final"]["active"]
    assert len(active) == figures["daily_active"][-1]
    assert {"type": "fact", "content": "Name is Arjun", "day": 1} in [
        {key: memory[key] for key in ("type", "content", "day")} for memory in active
    ]
    assert not Tenant.objects.filter(slug__startswith="bench-growth-year").exists()


def test_year_mode_is_reproducible_with_a_seed() -> None:
    from bench.growth_year import year_run

    # when
    first, second = (year_run(days=3, seed=7, log=lambda _: None) for _ in range(2))

    # then
    assert first["daily_active"] == second["daily_active"]
    assert first["messages"] == second["messages"]


def test_year_mode_can_read_context_after_every_user_message() -> None:
    from bench.growth_year import year_run

    # when
    figures = year_run(days=2, seed=1, context_reads=True, log=lambda _: None)

    # then
    assert figures["context_reads"] is True
    assert figures["messages"]["context_reads"] == figures["messages"]["user"]


def test_periodic_mode_times_each_step_and_purges_the_tenant() -> None:
    from bench.growth_periodic import periodic_run

    # when
    figures = periodic_run(contacts=20, memories=20, seed=1, log=lambda _: None)

    # then
    assert figures["load"]["contacts"] == 20
    assert figures["load"]["memories"] == 400
    assert figures["load"]["events"] == 400
    assert [step["step"] for step in figures["run"]["steps"]] == STEPS
    assert all(step["seconds"] >= 0 for step in figures["run"]["steps"])
    stats = figures["run"]["stats"]
    assert {"expired", "decayed", "pruned", "patterns", "episodes_compressed", "evicted"} <= set(stats)
    assert stats["decayed"] > 0
    assert sum(figures["active_before"].values()) > 0
    assert not Tenant.objects.filter(slug__startswith="bench-growth-pass").exists()
    assert not Memory.objects.filter(tenant__slug__startswith="bench-growth").exists()


def test_no_scripted_negation_or_hypothetical_of_the_second_life_is_read_as_a_fact() -> None:
    # given every user message of the backfill life's year, read by the rules with the people she named so far
    from bench.growth_backfill import NEVER, life_messages
    from memories.extraction import extract

    people: dict[str, str] = {}
    read = []
    for day in life_messages():
        for said in day:
            if said.role == "user":
                extraction = extract(said.text, role="user", people=people)
                read += [c.content for c in extraction.candidates if c.memory_type in {"fact", "preference"}]
                people |= {m.display_name: m.metadata["relation"] for m in extraction.mentions
                           if m.entity_type == "person" and m.metadata.get("relation") and m.aliases
                           and not m.aliases[0].startswith("my ")}  # fmt: skip

    # then none of what she denies or only supposes ("I don't smoke, never have", "if I had a dog…") is among them
    assert [content for content in read if any(word in content.lower() for word in NEVER)] == []
