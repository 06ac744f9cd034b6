"""The schema runs on real PostgreSQL with pgvector: the extension comes from a migration."""

from __future__ import annotations

import pytest
from django.db import connection
from pgvector.django import CosineDistance

from memories.models import Memory, MemoryType
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
