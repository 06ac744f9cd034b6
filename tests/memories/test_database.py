"""The schema runs on real PostgreSQL with pgvector: the extension comes from a migration."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from importlib import import_module

import pytest
from django.apps import apps as django_apps
from django.db import connection
from pgvector.django import CosineDistance

from memories.models import Memory, MemoryType
from memories.services.records import memory_create, memory_merge, memory_reinforce, memory_update
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db


def test_vector_extension_is_installed_by_migrations() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()

    assert row is not None
    assert row[0].startswith("0.8.")


def _unit(index: int) -> list[float]:
    vector = [0.0] * 384
    vector[index] = 1.0
    return vector


def test_memories_are_ranked_by_cosine_distance_in_postgres() -> None:
    # given two memories of one contact with different embeddings
    contact = ContactFactory()
    near = Memory.objects.create(
        tenant=contact.tenant,
        contact=contact,
        memory_type=MemoryType.FACT,
        content="Has a dog named Bruno",
        decay_rate=0.003,
        source="rules",
        embedding=_unit(0),
    )
    Memory.objects.create(
        tenant=contact.tenant,
        contact=contact,
        memory_type=MemoryType.FACT,
        content="Works at Infosys",
        decay_rate=0.003,
        source="rules",
        embedding=_unit(1),
    )

    # when ordered by distance to a query close to the first
    query = [0.9, 0.1] + [0.0] * 382
    ranked = list(
        Memory.objects.filter(contact=contact)
        .annotate(distance=CosineDistance("embedding", query))
        .order_by("distance")
    )

    # then the nearer one comes first
    assert ranked[0].pk == near.pk
    assert ranked[0].distance < ranked[1].distance


def test_full_text_search_vector_is_generated_with_stemming() -> None:
    # given a memory
    contact = ContactFactory()
    Memory.objects.create(
        tenant=contact.tenant,
        contact=contact,
        memory_type=MemoryType.EPISODE,
        content="Walked the dogs in the park",
        decay_rate=0.008,
        source="rules",
    )

    # when searched for a different form of a word in it
    found = Memory.objects.filter(search_vector="dog").count()

    # then English stemming matched it
    assert found == 1


@pytest.mark.django_db
def test_the_migration_backfills_mattered_at_from_creation_access_and_reinforcement() -> None:
    # given memories as they stood before mattered_at: one only created, one read since, one reinforced and merged
    # into since (events at the messages' times), and one whose newer event is only an edit
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    contact = ContactFactory()

    def told(content: str) -> Memory:
        return memory_create(
            tenant=contact.tenant, contact=contact, memory_type="fact", content=content, source="rules", created_at=t0
        )

    created, read, reinforced, edited = told("a"), told("b"), told("c"), told("d")
    Memory.objects.filter(pk=read.pk).update(accessed_at=t0 + timedelta(days=3))
    memory_reinforce(memory=reinforced, source_message_ids=["m1"], at=t0 + timedelta(days=5))
    memory_merge(winner=reinforced, loser=told("c again"), at=t0 + timedelta(days=9))
    memory_update(memory=edited, changes={"content": "d!"}, actor="staff:sam")
    Memory.objects.update(mattered_at=datetime(2000, 1, 1, tzinfo=UTC))

    # when the migration's backfill runs
    with connection.cursor() as cursor:
        cursor.execute(import_module("memories.migrations.0007_memory_mattered_at_forgotten").BACKFILL)

    # then each mattered when it was last created, read, reinforced or merged into — not when staff edited it
    mattered = dict(Memory.objects.filter(pk__in=[m.pk for m in (created, read, reinforced, edited)])
                    .values_list("pk", "mattered_at"))  # fmt: skip
    assert mattered == {
        created.pk: t0, read.pk: t0 + timedelta(days=3), reinforced.pk: t0 + timedelta(days=9), edited.pk: t0,
    }  # fmt: skip


@pytest.mark.django_db
def test_the_migration_moves_every_partner_slot_to_one() -> None:
    # given a boyfriend and a wife stored under the old per-relation slots, and a mother (not a partner)
    contact = ContactFactory()

    def told(content: str, slot: str) -> Memory:
        return memory_create(
            tenant=contact.tenant, contact=contact, memory_type="fact", content=content, source="rules", slot=slot
        )

    boyfriend = told("Boyfriend's name is Tiago", "relation:boyfriend")
    wife = told("Wife's name is Ana", "relation:wife")
    mother = told("Mother's name is Rosa", "relation:mother")

    # when the migration runs
    import_module("memories.migrations.0008_partner_slot").forwards(django_apps, None)

    # then the partners share relation:partner; the mother keeps hers
    slots = dict(Memory.objects.filter(contact=contact).values_list("pk", "slot"))
    assert slots == {boyfriend.pk: "relation:partner", wife.pk: "relation:partner", mother.pk: "relation:mother"}
