"""The periodic consolidation pass: each rule at its edges, idempotence, the lock, the command and schedule."""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any

import psycopg
import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_celery_beat.models import PeriodicTask

from config import clock
from consolidation.lock import CONSOLIDATION_LOCK_KEY
from consolidation.models import ConsolidationRun
from consolidation.services.compression import episodes_compress
from consolidation.services.run import consolidation_run
from contacts.models import Contact, ContactState, Tenant
from memories.models import ContactEntity, Memory
from memories.services.lifecycle import DECAY_CHARGE_PERIOD, DECAY_CHARGE_SPREAD, Scope
from memories.services.records import memory_create
from moods.models import Insight
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


def _memory(contact: Contact, content: str, memory_type: str = "fact", **fields: Any) -> Memory:
    entities = fields.pop("entities", [])
    created_at = fields.pop("created_at", NOW - timedelta(days=1))
    memory = memory_create(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, content=content, source="rules",
        created_at=created_at, entities=entities,
    )  # fmt: skip
    if fields.get("accessed_at") and "mattered_at" not in fields:  # its last retrieval: the last time it mattered
        fields["mattered_at"] = fields["accessed_at"]
    if fields:
        Memory.objects.filter(pk=memory.pk).update(**fields)
    memory.refresh_from_db()
    return memory


def _importance(memory: Memory) -> float:
    memory.refresh_from_db()
    return round(memory.importance, 6)


# --- decay ---------------------------------------------------------------------------------------


def test_decay_starts_after_seven_quiet_days_and_charges_each_day_once(arjun: Contact, settings) -> None:  # type: ignore[no-untyped-def]
    # given memories last touched 6 and 8 days ago, a pinned one, and one near zero (episodes kept unfolded for
    # the test: one 17 days old would be in its month's summary)
    settings.EPISODE_FOLD_AFTER_DAYS = 30
    fresh = _memory(arjun, "Lives in Pune", importance=0.7, accessed_at=NOW - timedelta(days=6))
    quiet = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    episode = _memory(arjun, "Went hiking", "episode", importance=0.5, created_at=NOW - timedelta(days=17))
    pinned = _memory(arjun, "Has a dog named Bruno", importance=0.7, pinned=True, created_at=NOW - timedelta(days=60))
    almost_gone = _memory(arjun, "Likes jazz", "preference", importance=0.001, created_at=NOW - timedelta(days=20))

    # when the pass runs
    consolidation_run(now=NOW)

    # then only the quiet time beyond the seventh day is charged, at each type's rate, floored at 0
    assert _importance(fresh) == 0.7
    assert _importance(quiet) == round(0.7 - 0.003 * 1, 6)  # fact: 1 day past its quiet week
    assert _importance(episode) == round(0.5 - 0.008 * 10, 6)  # episode: 10 days
    assert _importance(pinned) == 0.7
    assert _importance(almost_gone) == 0.0

    # and running again at once charges nothing more; a day later, one day more. (This said "six hours later, a
    # quarter day more" while every pass charged every quiet memory; a memory is now charged once a day, at a
    # time of its own — the next two tests — and any day holds exactly one of its charge times.)
    consolidation_run(now=NOW)
    assert _importance(quiet) == round(0.7 - 0.003, 6)
    consolidation_run(now=NOW + timedelta(days=1))
    assert _importance(quiet) == round(0.7 - 0.003 * 2, 6)


def _next_charge_time(memory: Memory, after: datetime) -> datetime:
    """lifecycle's rule: a memory's charge times are (id × DECAY_CHARGE_SPREAD) mod P seconds into each period P
    counted from the epoch."""
    period = int(DECAY_CHARGE_PERIOD.total_seconds())
    phase = memory.pk % period * DECAY_CHARGE_SPREAD % period
    return datetime.fromtimestamp((math.floor((after.timestamp() - phase) / period) + 1) * period + phase, tz=UTC)


def test_a_quiet_memory_is_charged_at_its_own_time_for_all_the_time_since_its_last_charge(arjun: Contact) -> None:
    # given a quiet memory charged by a pass at NOW, and its next charge time
    quiet = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    consolidation_run(now=NOW)
    due = _next_charge_time(quiet, after=NOW)
    assert NOW < due <= NOW + timedelta(days=1)

    # when a pass runs a second before it, then one at it
    just_before = consolidation_run(now=due - timedelta(seconds=1))
    assert _importance(quiet) == round(0.7 - 0.003, 6)
    at_due = consolidation_run(now=due)

    # then the first charges nothing, the second all the time since NOW
    assert just_before is not None and at_due is not None
    assert (just_before["decayed"], at_due["decayed"]) == (0, 1)
    quiet.refresh_from_db()
    assert quiet.importance == pytest.approx(0.7 - 0.003 * (1 + (due - NOW) / timedelta(days=1)), abs=1e-12)
    assert quiet.decayed_at == due


def test_six_hourly_passes_charge_each_quiet_memory_once_a_day_spread_over_the_passes(arjun: Contact) -> None:
    # given 40 quiet memories (consecutive ids), all charged by a pass at NOW, two quiet days after their week
    memories = [
        _memory(arjun, f"Quiet fact {n}", importance=0.7, created_at=NOW - timedelta(days=30),
                accessed_at=NOW - timedelta(days=9))
        for n in range(40)
    ]  # fmt: skip
    first = consolidation_run(now=NOW)
    assert first is not None and first["decayed"] == 40

    # when the next four passes run, six hours apart
    runs = [consolidation_run(now=NOW + timedelta(hours=6 * n)) for n in range(1, 5)]

    # then each memory was rewritten by exactly one of them, about a quarter of them by each
    decayed = [run["decayed"] for run in runs if run is not None]
    assert sum(decayed) == 40
    assert all(6 <= n <= 14 for n in decayed), decayed
    # and owes nothing for the time up to its last charge
    for memory in memories:
        memory.refresh_from_db()
        assert memory.decayed_at is not None and NOW < memory.decayed_at <= NOW + timedelta(days=1)
        owed_days = (memory.decayed_at - (NOW - timedelta(days=2))) / timedelta(days=1)
        assert memory.importance == pytest.approx(0.7 - 0.003 * owed_days, abs=1e-12)


def test_business_memory_decays_at_its_own_rate(tenant: Tenant) -> None:
    memory = memory_create(
        tenant=tenant, contact=None, memory_type="fact", content="Recipe posts get 2.8x more views",
        source="api", created_at=NOW - timedelta(days=9),
    )  # fmt: skip

    consolidation_run(now=NOW)

    assert memory.decay_rate == 0.01
    assert _importance(memory) == round(0.7 - 0.01 * 2, 6)


# --- prune and expiry ---------------------------------------------------------------------------


# (These said "deleted for good" by the prune: a pruned memory is now kept as forgotten, with its reason, for staff
# to see and restore, and deleted FORGOTTEN_KEEP_DAYS later — issue 17.)
@pytest.mark.parametrize(
    ("importance", "days_quiet", "status"), [(0.09, 31, "forgotten"), (0.09, 29, "active"), (0.1, 31, "active")]
)
def test_prune_forgets_unimportant_memories_untouched_for_30_days(
    arjun: Contact, importance: float, days_quiet: int, status: str
) -> None:
    memory = _memory(arjun, "Likes small talk", "preference", importance=importance, decay_rate=0.0,
                     created_at=NOW - timedelta(days=days_quiet))  # fmt: skip

    stats = consolidation_run(now=NOW)

    memory.refresh_from_db()
    assert stats is not None and stats["pruned"] == (status == "forgotten")
    assert (memory.status, memory.valid_to) == (status, NOW if status == "forgotten" else None)


def test_a_pruned_memory_is_forgotten_with_its_reason_then_deleted_with_its_admin_log_lines(arjun: Contact) -> None:
    # given an unimportant, long-quiet memory that staff once edited (the admin log quotes its text)
    staff = User.objects.create_user("sam", is_staff=True)
    memory = _memory(arjun, "Likes small talk SECRET-WORDS", "preference", importance=0.05, decay_rate=0.0,
                     created_at=NOW - timedelta(days=60))  # fmt: skip
    LogEntry.objects.log_actions(staff.pk, [memory], CHANGE, "edited", single_object=True)

    # when the pass prunes it
    consolidation_run(now=NOW)

    # then it is forgotten, saying why and when, out of every active read; the log line stays while it does
    memory.refresh_from_db()
    event = memory.events.get(kind="forgotten")
    assert (memory.status, event.actor, event.created_at) == ("forgotten", "consolidation", NOW)
    assert event.after == {"status": "forgotten", "importance": 0.05,
                           "reason": "pruned: importance below 0.1, untouched for 30 days"}  # fmt: skip
    assert LogEntry.objects.filter(object_repr__contains="SECRET-WORDS").exists()

    # and a pass FORGOTTEN_KEEP_DAYS (90) later deletes it for good, the line with it (erasing the contact could no
    # longer find it through the memory) — not a second before
    stats_before = consolidation_run(now=NOW + timedelta(days=90) - timedelta(seconds=1))
    assert stats_before is not None and stats_before["forgotten_deleted"] == 0
    stats = consolidation_run(now=NOW + timedelta(days=90))
    assert stats is not None and stats["forgotten_deleted"] == 1
    assert not Memory.objects.filter(pk=memory.pk).exists()
    assert not LogEntry.objects.filter(object_repr__contains="SECRET-WORDS").exists()


def test_durable_memories_are_never_pruned(arjun: Contact) -> None:
    # given a fact, a boundary and a strong like, all faded below the prune line and untouched for a year
    fact = _memory(arjun, "Is allergic to peanuts", importance=0.05, created_at=NOW - timedelta(days=365))
    boundary = _memory(arjun, "Does not want to talk about politics", "preference", importance=0.05,
                       metadata={"polarity": "avoid"}, created_at=NOW - timedelta(days=365))  # fmt: skip
    strong = _memory(arjun, "Loves jazz", "preference", importance=0.05, metadata={"strength": "strong"},
                     created_at=NOW - timedelta(days=365))  # fmt: skip
    weak = _memory(arjun, "Likes tea", "preference", importance=0.05, created_at=NOW - timedelta(days=365))

    # when the pass runs
    consolidation_run(now=NOW)

    # then only the weak preference is forgotten
    statuses = dict(Memory.objects.filter(contact=arjun).values_list("content", "status"))
    assert statuses == {
        fact.content: "active", boundary.content: "active", strong.content: "active", weak.content: "forgotten",
    }  # fmt: skip


def test_expired_memories_leave_context_then_the_database(arjun: Contact, api_client) -> None:  # type: ignore[no-untyped-def]
    expired = _memory(arjun, "Drunk tonight, celebrating Friday", "episode", expires_at=NOW - timedelta(minutes=1))
    live = _memory(arjun, "Excited about the DLC next week", "episode", expires_at=NOW + timedelta(days=6))

    consolidation_run(now=NOW)

    expired.refresh_from_db()
    assert (expired.status, expired.valid_to) == ("expired", NOW - timedelta(minutes=1))
    assert expired.events.filter(kind="expired").exists()
    assert Memory.objects.get(pk=live.pk).status == "active"
    consolidation_run(now=NOW + timedelta(days=30))
    assert not Memory.objects.filter(pk=expired.pk).exists()


# --- the cap ------------------------------------------------------------------------------------


def _active(contact: Contact) -> set[str]:
    return set(Memory.objects.filter(contact=contact, status="active").values_list("content", flat=True))


# (This test's memories were facts, which are durable since issue 17 and never evicted: they are episodes now, and an
# evicted memory is forgotten, not deleted.)
def test_the_cap_evicts_lowest_importance_then_oldest(arjun: Contact, settings) -> None:  # type: ignore[no-untyped-def]
    settings.MEMORY_CAP_PER_CONTACT = 3
    pinned = _memory(arjun, "pinned low", "episode", importance=0.05, pinned=True)
    high = _memory(arjun, "high", "episode", importance=0.9)
    newer_mid = _memory(arjun, "newer mid", "episode", importance=0.5, created_at=NOW - timedelta(days=1))
    older_mid = _memory(arjun, "older mid", "episode", importance=0.5, created_at=NOW - timedelta(days=2))
    low = _memory(arjun, "low", "episode", importance=0.2)
    other = _memory(ContactFactory(tenant=arjun.tenant), "another contact's", "episode", importance=0.1)

    stats = consolidation_run(now=NOW)

    assert stats is not None and stats["evicted"] == 2
    assert _active(arjun) == {pinned.content, high.content, newer_mid.content}
    for evicted in (older_mid, low):
        evicted.refresh_from_db()
        assert (evicted.status, evicted.events.get(kind="forgotten").after["reason"]) == (
            "forgotten", "evicted: over the cap of 3",
        )  # fmt: skip
    assert Memory.objects.get(pk=other.pk).status == "active"


def test_the_cap_evicts_episodes_then_weak_preferences_then_patterns_and_never_a_durable_memory(
    arjun: Contact, settings
) -> None:  # type: ignore[no-untyped-def]
    # given a cap of 5: three durable memories (faded, the lowest importance of all), then a pattern, a weak
    # preference and two episodes, each more important than the kind evicted after it
    settings.MEMORY_CAP_PER_CONTACT = 5
    durable = [
        _memory(arjun, "Has a cat named Miso", importance=0.3),
        _memory(arjun, "Is allergic to peanuts", importance=0.3),
        _memory(arjun, "Hates horror films", "preference", importance=0.3, metadata={"polarity": "negative"}),
    ]
    pattern = _memory(arjun, "Often talks about running", "pattern", importance=0.4)
    preference = _memory(arjun, "Likes tea", "preference", importance=0.6)
    episodes = [_memory(arjun, f"Went to a gig {n}", "episode", importance=0.9) for n in range(2)]

    # when the pass runs: the cap leaves room for two of the four others
    consolidation_run(now=NOW)

    # then the episodes went, though the most important; every durable memory stays
    assert _active(arjun) == {*(m.content for m in durable), pattern.content, preference.content}

    # and a lower cap takes the weak preference, then the pattern — never a durable memory, even over the cap
    settings.MEMORY_CAP_PER_CONTACT = 4
    consolidation_run(now=NOW)
    assert _active(arjun) == {*(m.content for m in durable), pattern.content}
    settings.MEMORY_CAP_PER_CONTACT = 2
    consolidation_run(now=NOW)
    assert _active(arjun) == {m.content for m in durable}
    assert [e.status for e in Memory.objects.filter(pk__in=[e.pk for e in episodes])] == ["forgotten", "forgotten"]


# --- episodes → patterns ------------------------------------------------------------------------


def _bruno(contact: Contact) -> ContactEntity:
    return ContactEntity.objects.create(
        tenant=contact.tenant, contact=contact, entity_type="pet", key="bruno", display_name="Bruno",
        aliases=["Bruno"], metadata={"species": "dog"},
    )  # fmt: skip


def _bruno_episodes(contact: Contact, bruno: ContactEntity, count: int, start: int = 0) -> list[Memory]:
    return [
        _memory(contact, f"Bruno did thing number {n}", "episode", entities=[bruno], source_message_ids=[f"m{n}"],
                created_at=NOW - timedelta(days=20 - n))
        for n in range(start, start + count)
    ]  # fmt: skip


@pytest.mark.parametrize(("episodes", "compressed"), [(4, False), (5, True)])
def test_five_episodes_about_one_entity_become_a_pattern(arjun: Contact, episodes: int, compressed: bool) -> None:
    bruno = _bruno(arjun)
    originals = _bruno_episodes(arjun, bruno, episodes)

    consolidation_run(now=NOW)

    patterns = list(Memory.objects.filter(contact=arjun, memory_type="pattern", slot__startswith="theme:"))
    if not compressed:  # no theme: the episodes (over a week old) are in their months' summaries instead
        assert patterns == []
        held_by = Memory.objects.filter(pk__in=[e.pk for e in originals]).values_list("superseded_by__slot", flat=True)
        assert set(held_by) == {"period:2026-10", "period:2026-11"}
        return
    [pattern] = patterns
    assert pattern.content == (
        "Arjun frequently shares updates about their dog Bruno — Bruno is a significant part of their daily life"
    )
    assert (pattern.importance, pattern.source, pattern.slot) == (0.8, "consolidation", "theme:pet:bruno")
    assert list(pattern.entities.values_list("key", flat=True)) == ["bruno"]
    assert pattern.source_message_ids == [f"m{n}" for n in range(5)]
    assert pattern.metadata == {"compressed_from": [e.pk for e in originals]}
    [created] = pattern.events.all()
    assert (created.kind, created.actor, created.created_at) == ("created", "system", NOW)
    assert (created.source_message_ids, created.after["slot"]) == ([f"m{n}" for n in range(5)], "theme:pet:bruno")
    for episode in Memory.objects.filter(pk__in=[e.pk for e in originals]):
        assert (episode.status, episode.superseded_by_id, episode.valid_to) == ("compressed", pattern.pk, NOW)
        [event] = episode.events.filter(kind="compressed")
        assert (event.actor, event.created_at, event.before["status"]) == ("consolidation", NOW, "active")
        assert (event.after["status"], event.after["pattern"]) == ("compressed", pattern.pk)


def test_a_new_pattern_is_embedded_after_the_pass_commits(arjun: Contact, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    # given five episodes about Bruno (the rules path stores them without vectors until the deferred tier runs)
    _bruno_episodes(arjun, _bruno(arjun), 5)

    # when the pass writes their pattern and commits
    with django_capture_on_commit_callbacks(execute=True):
        consolidation_run(now=NOW)

    # then the pattern got its vector (an embedding task, enqueued on commit), not only at the contact's next message
    [pattern] = Memory.objects.filter(contact=arjun, memory_type="pattern")
    assert (pattern.embedding is not None, pattern.embedding_model) == (True, "all-MiniLM-L6-v2")


def test_compression_is_idempotent_and_later_episodes_reinforce_the_pattern(arjun: Contact) -> None:
    bruno = _bruno(arjun)
    _bruno_episodes(arjun, bruno, 5)
    consolidation_run(now=NOW)
    consolidation_run(now=NOW)
    [pattern] = Memory.objects.filter(contact=arjun, memory_type="pattern")

    _bruno_episodes(arjun, bruno, 5, start=5)
    consolidation_run(now=NOW)

    assert Memory.objects.filter(contact=arjun, memory_type="pattern").count() == 1
    pattern.refresh_from_db()
    assert pattern.importance == pytest.approx(0.85)
    assert len(pattern.source_message_ids) == 10
    assert not Memory.objects.filter(contact=arjun, memory_type="episode", status="active").exists()


def _running_episodes(contact: Contact, count: int) -> list[Memory]:
    """Episodes pointing the same way: one embedding cluster."""
    episodes = []
    for n in range(count):
        vector = [1.0] + [0.0] * 383
        vector[1 + n] = 0.2
        episodes.append(_memory(contact, f"Went running by the river {n}", "episode", embedding=vector,
                                embedding_model="all-MiniLM-L6-v2", source_message_ids=[f"r{n}"]))  # fmt: skip
    return episodes


def test_one_pass_writes_all_of_a_contacts_themes(arjun: Contact) -> None:
    # given a pattern about Bruno from an earlier pass, five new Bruno episodes — the last one also about
    # Priya, who has four more — and a cluster of running episodes; and another contact's Bruno theme
    bruno = _bruno(arjun)
    _bruno_episodes(arjun, bruno, 5)
    consolidation_run(now=NOW)
    [earlier] = Memory.objects.filter(contact=arjun, memory_type="pattern")
    priya = ContactEntity.objects.create(tenant=arjun.tenant, contact=arjun, entity_type="person", key="priya",
                                         display_name="Priya", aliases=["Priya"])  # fmt: skip
    new_bruno = _bruno_episodes(arjun, bruno, 5, start=5)
    new_bruno[-1].entities.add(priya)
    about_priya = [_memory(arjun, f"Priya called {n}", "episode", entities=[priya]) for n in range(4)]
    running = _running_episodes(arjun, 5)
    meera = ContactFactory(tenant=arjun.tenant, external_id="meera", display_name="Meera")
    meera_bruno = _bruno_episodes(meera, _bruno(meera), 5)

    # when the pass runs
    stats = consolidation_run(now=NOW + timedelta(hours=6))

    # then Bruno's pattern is reinforced by all five (the shared episode goes to the first theme), Priya's
    # four wait for a fifth, the cluster and Meera's Bruno get new patterns
    assert stats is not None and (stats["patterns"], stats["episodes_compressed"]) == (3, 15)
    earlier.refresh_from_db()
    assert (earlier.importance, earlier.source_message_ids) == (pytest.approx(0.85), [f"m{n}" for n in range(10)])
    [reinforced] = earlier.events.filter(kind="reinforced")
    assert reinforced.source_message_ids == [f"m{n}" for n in range(5, 10)]
    assert {m.superseded_by_id for m in Memory.objects.filter(pk__in=[e.pk for e in new_bruno])} == {earlier.pk}
    assert set(Memory.objects.filter(pk__in=[e.pk for e in about_priya]).values_list("status", flat=True)) == {"active"}
    cluster = Memory.objects.get(contact=arjun, memory_type="pattern", slot="")
    assert cluster.content.startswith("Arjun often talks about ")
    assert cluster.source_message_ids == [f"r{n}" for n in range(5)]
    assert list(cluster.events.values_list("kind", "source_message_ids")) == [("created", [f"r{n}" for n in range(5)])]
    assert set(Memory.objects.filter(pk__in=[e.pk for e in running]).values_list("superseded_by", flat=True)) == {
        cluster.pk
    }
    theirs = Memory.objects.get(contact=meera, memory_type="pattern")
    assert (theirs.slot, list(theirs.entities.values_list("key", flat=True))) == ("theme:pet:bruno", ["bruno"])
    assert set(Memory.objects.filter(pk__in=[e.pk for e in meera_bruno]).values_list("superseded_by", flat=True)) == {
        theirs.pk
    }


def test_the_themes_of_many_contacts_are_written_in_one_transaction(tenant: Tenant) -> None:
    # given three contacts with two themes each
    for name in ("arjun", "meera", "ravi"):
        contact = ContactFactory(tenant=tenant, external_id=name, display_name=name.title())
        _bruno_episodes(contact, _bruno(contact), 5)
        priya = ContactEntity.objects.create(tenant=tenant, contact=contact, entity_type="person", key="priya",
                                             display_name="Priya", aliases=["Priya"])  # fmt: skip
        for n in range(5):
            _memory(contact, f"Priya called {n}", "episode", entities=[priya])

    # when compression runs
    with CaptureQueriesContext(connection) as queries:
        done = episodes_compress(now=NOW, scope=Scope(), use_llm=False)

    # then the six patterns come from one locking read and one INSERT (was one of each per theme)
    assert done == (6, 30)
    sql = [query["sql"] for query in queries.captured_queries]
    assert sum("FOR UPDATE" in q for q in sql) == 1
    assert sum(q.startswith('INSERT INTO "memories_memory" (') for q in sql) == 1


def test_the_llm_writes_the_pattern_when_configured(arjun: Contact, openai_stub) -> None:  # type: ignore[no-untyped-def]
    openai_stub.reply_chat("Arjun's dog Bruno features in most of his days.")
    _bruno_episodes(arjun, _bruno(arjun), 5)

    consolidation_run(now=NOW)

    assert Memory.objects.get(contact=arjun, memory_type="pattern").content == (
        "Arjun's dog Bruno features in most of his days."
    )
    assert "Bruno did thing number 0" in openai_stub.requests[0][1]["messages"][1]["content"]


def test_a_tight_embedding_cluster_without_an_entity_becomes_a_pattern(arjun: Contact) -> None:
    # given five running episodes pointing the same way and two unrelated ones
    base = [1.0] + [0.0] * 383
    for n in range(5):
        vector = list(base)
        vector[1 + n] = 0.2
        _memory(
            arjun, f"Went running by the river {n}", "episode", embedding=vector, embedding_model="all-MiniLM-L6-v2"
        )
    for n in range(2):
        vector = [0.0] * 384
        vector[100 + n] = 1.0
        _memory(arjun, f"Unrelated {n}", "episode", embedding=vector, embedding_model="all-MiniLM-L6-v2")

    consolidation_run(now=NOW)

    pattern = Memory.objects.get(contact=arjun, memory_type="pattern")
    assert pattern.content.startswith("Arjun often talks about ")
    assert "running" in pattern.content and "river" in pattern.content
    assert Memory.objects.filter(contact=arjun, memory_type="episode", status="compressed").count() == 5
    assert Memory.objects.filter(contact=arjun, memory_type="episode", status="active").count() == 2


# --- stage, churn, profile ----------------------------------------------------------------------


@pytest.mark.parametrize(("days", "stage"), [(13, "established"), (14, "fading"), (44, "fading"), (45, "dormant")])
def test_quiet_contacts_fade_then_go_dormant(arjun: Contact, days: int, stage: str) -> None:
    ContactState.objects.filter(contact=arjun).update(
        relationship_stage="established", last_seen_at=NOW - timedelta(days=days)
    )

    consolidation_run(now=NOW)

    assert ContactState.objects.get(contact=arjun).relationship_stage == stage


def test_churn_is_silence_plus_recent_declines_and_comes_down_on_return(arjun: Contact) -> None:
    ContactState.objects.filter(contact=arjun).update(last_seen_at=NOW - timedelta(days=9), churn_risk=0.0)
    Insight.objects.create(tenant=arjun.tenant, contact=arjun, kind="engagement_decline", summary="s",
                           dedupe_key="d1", created_at=NOW - timedelta(days=3))  # fmt: skip

    consolidation_run(now=NOW)
    assert ContactState.objects.get(contact=arjun).churn_risk == pytest.approx(9 / 45 + 0.2, abs=1e-4)

    ContactState.objects.filter(contact=arjun).update(last_seen_at=NOW)
    consolidation_run(now=NOW + timedelta(days=31))
    assert ContactState.objects.get(contact=arjun).churn_risk == pytest.approx(31 / 45, abs=1e-4)


def test_profile_summary_is_rewritten_when_durable_facts_change(arjun: Contact) -> None:
    _memory(arjun, "Works at Infosys", importance=0.9)
    _memory(arjun, "Loves jazz", "preference", importance=0.8, metadata={"polarity": "positive", "strength": "strong"})
    _memory(arjun, "Likes techno", "preference", importance=0.9, metadata={"polarity": "positive"})  # not durable
    _memory(arjun, "Went hiking", "episode")

    consolidation_run(now=NOW)
    state = ContactState.objects.get(contact=arjun)
    assert state.profile_summary == "Arjun: Works at Infosys; Loves jazz."

    # staff edit it; an unchanged set of facts leaves their edit alone
    ContactState.objects.filter(contact=arjun).update(profile_summary="Arjun: engineer at Infosys, jazz fan.")
    consolidation_run(now=NOW + timedelta(hours=6))
    assert ContactState.objects.get(contact=arjun).profile_summary == "Arjun: engineer at Infosys, jazz fan."

    _memory(arjun, "Has a dog named Bruno", importance=0.8)
    consolidation_run(now=NOW + timedelta(hours=12))
    assert ContactState.objects.get(contact=arjun).profile_summary == (
        "Arjun: Works at Infosys; Has a dog named Bruno; Loves jazz."
    )


def test_the_llm_writes_the_profile_when_configured(arjun: Contact, openai_stub) -> None:  # type: ignore[no-untyped-def]
    openai_stub.reply_chat("Arjun is a software engineer at Infosys who loves jazz.")
    _memory(arjun, "Works at Infosys")

    consolidation_run(now=NOW)

    assert ContactState.objects.get(contact=arjun).profile_summary == (
        "Arjun is a software engineer at Infosys who loves jazz."
    )


# --- the run: lock, dry run, scope, command, schedule ---------------------------------------------


def test_a_second_pass_does_not_work_while_one_holds_the_lock(arjun: Contact) -> None:
    quiet = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    other = psycopg.connect(**connection.get_connection_params())
    try:
        other.execute("SELECT pg_advisory_lock(%s)", [CONSOLIDATION_LOCK_KEY])

        assert consolidation_run(now=NOW) is None
        with pytest.raises(CommandError, match="Another consolidation pass is running"):
            call_command("consolidate", stdout=StringIO())
        assert _importance(quiet) == 0.7
    finally:
        holder = other.info.backend_pid
        other.close()  # the holder going away releases the lock, as a killed worker's would
    _until_released(holder)

    assert consolidation_run(now=NOW) is not None
    assert _importance(quiet) < 0.7


def _until_released(backend_pid: int) -> None:
    """The server ends a closed connection's session, and frees its locks, a moment after the client goes (a
    busy machine made this test flaky without the wait)."""
    for _ in range(200):
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = %s", [backend_pid])
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.05)


def test_dry_run_reports_exact_counts_and_changes_nothing(arjun: Contact) -> None:
    quiet = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    out = StringIO()

    call_command("consolidate", "--dry-run", stdout=out)

    assert "decayed: 1" in out.getvalue() and "dry run" in out.getvalue()
    assert _importance(quiet) == 0.7
    assert not ConsolidationRun.objects.exists()


def test_the_command_scopes_to_one_contact_and_records_the_run(arjun: Contact) -> None:
    mine = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    theirs = _memory(ContactFactory(tenant=arjun.tenant), "Lives in Goa", importance=0.7,
                     accessed_at=NOW - timedelta(days=8))  # fmt: skip
    out = StringIO()

    call_command("consolidate", "--tenant", arjun.tenant.slug, "--contact", "arjun", stdout=out)

    assert _importance(mine) < 0.7 and _importance(theirs) == 0.7
    run = ConsolidationRun.objects.get()
    assert (run.contact_external_id, run.stats["decayed"], run.finished_at is not None) == ("arjun", 1, True)
    assert "Done: expired=0, patterns=0, episodes_compressed=0, decayed=1" in out.getvalue()


def test_the_command_explains_bad_arguments(arjun: Contact) -> None:
    with pytest.raises(CommandError, match="No tenant with slug 'nope'"):
        call_command("consolidate", "--tenant", "nope")
    with pytest.raises(CommandError, match="No contact 'ghost'"):
        call_command("consolidate", "--contact", "ghost")


def test_a_pass_killed_halfway_can_simply_run_again(arjun: Contact, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    quiet = _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))

    def killed(**kwargs: Any) -> int:
        raise SystemExit("worker killed")

    monkeypatch.setattr("consolidation.services.run.profiles_refresh", killed)
    with pytest.raises(SystemExit):
        consolidation_run(now=NOW)
    monkeypatch.undo()

    consolidation_run(now=NOW)  # the rerun finishes the work without charging the decay twice

    assert _importance(quiet) == round(0.7 - 0.003, 6)
    assert ContactState.objects.get(contact=arjun).profile_summary == "Arjun: Works at Infosys."


def test_the_periodic_pass_is_scheduled_every_six_hours_in_the_database() -> None:
    task = PeriodicTask.objects.get(task="consolidation.tasks.consolidate_periodic")

    assert (task.interval.every, task.interval.period, task.enabled) == (6, "hours", True)


def test_the_profile_is_shown_first_in_context(arjun: Contact, api_client) -> None:  # type: ignore[no-untyped-def]
    _memory(arjun, "Works at Infosys", importance=0.9)
    consolidation_run(now=NOW)

    text = api_client.get("/context/arjun").json()["context_text"]

    assert text.startswith('CONTACT CONTEXT:\n- Contact: Arjun (whatsapp)\n- Profile: "Arjun: Works at Infosys."\n')


def test_a_second_pass_changes_nothing_more(arjun: Contact) -> None:
    # given a contact with work for every step
    bruno = _bruno(arjun)
    _bruno_episodes(arjun, bruno, 5)
    _memory(arjun, "Works at Infosys", importance=0.7, accessed_at=NOW - timedelta(days=8))
    _memory(arjun, "Likes small talk", "preference", importance=0.05, created_at=NOW - timedelta(days=40))
    _memory(arjun, "Party tonight", "episode", expires_at=NOW - timedelta(hours=1))
    ContactState.objects.filter(contact=arjun).update(last_seen_at=NOW - timedelta(days=20))

    first = consolidation_run(now=NOW)
    second = consolidation_run(now=NOW)

    assert first is not None and all(
        first[step]
        for step in (
            "expired",
            "decayed",
            "pruned",
            "patterns",
            "stages_changed",
            "churn_updated",
            "profiles_rewritten",
        )
    )
    assert second == dict.fromkeys(first, 0)


def test_vectors_of_another_model_never_form_a_cluster(arjun: Contact) -> None:
    # (mid re-embed, two models' vectors share the column but are not comparable)
    for n in range(5):
        vector = [1.0] + [0.0] * 383
        _memory(arjun, f"Went running by the river {n}", "episode", embedding=vector, embedding_model="old-model")

    consolidation_run(now=NOW)

    assert not Memory.objects.filter(contact=arjun, memory_type="pattern").exists()
