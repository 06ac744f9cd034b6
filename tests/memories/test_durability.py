"""Which memories are durable — one rule, the same in Python, as a filter and in SQL."""

from __future__ import annotations

import pytest
from django.db import connection

from memories.durability import durable_q, durable_sql, is_durable
from memories.extraction import extract
from memories.models import Memory, MemorySource
from memories.services.records import memory_create
from tests.factories import ContactFactory


@pytest.mark.parametrize(
    ("said", "durable"),
    [
        ("My dog is called Bruno", True),  # a fact
        ("I live in Pune", True),
        ("I love hiking", True),  # said strongly
        ("I can't stand traffic", True),
        ("I dislike rain", True),  # a dislike: what a bot must not suggest
        ("I don't want to talk about politics", True),  # a boundary
        ("I like tea", False),  # a mild taste fades
        ("I'd rather walk than drive", False),
    ],
)
def test_what_people_say_of_themselves_is_durable_and_mild_tastes_are_not(said: str, durable: bool) -> None:
    candidates = [c for c in extract(said, role="user").candidates if c.memory_type in ("fact", "preference")]

    assert candidates, said
    assert all(is_durable(memory_type=c.memory_type, metadata=dict(c.metadata)) is durable for c in candidates)


def test_episodes_and_patterns_are_never_durable() -> None:
    assert not is_durable(memory_type="episode", metadata={"polarity": "avoid"})
    assert not is_durable(memory_type="pattern", metadata={"strength": "strong"})


@pytest.mark.django_db
def test_the_filter_and_the_sql_draw_the_same_line_as_python(tenant) -> None:  # type: ignore[no-untyped-def]
    # given one memory of each kind
    contact = ContactFactory(tenant=tenant)
    kinds = [("fact", {}), ("preference", {"polarity": "avoid"}), ("preference", {"polarity": "negative"}),
             ("preference", {"polarity": "positive", "strength": "strong"}), ("preference", {"polarity": "positive"}),
             ("preference", {}), ("episode", {}), ("pattern", {})]  # fmt: skip
    memories = [
        memory_create(tenant=tenant, contact=contact, memory_type=kind, content=f"m{n}", source=MemorySource.API,
                      metadata=metadata, embed_later=False)
        for n, (kind, metadata) in enumerate(kinds)
    ]  # fmt: skip
    expected = {m.pk for m in memories if is_durable(memory_type=m.memory_type, metadata=m.metadata)}

    # when each form selects the durable ones
    by_filter = set(Memory.objects.filter(durable_q(), contact=contact).values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT m.id FROM memories_memory m WHERE m.contact_id = %s AND {durable_sql('m')}", [contact.pk]
        )  # noqa: S608
        by_sql = {row[0] for row in cursor.fetchall()}

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT m.id FROM memories_memory m WHERE m.contact_id = %s AND NOT {durable_sql('m')}", [contact.pk]
        )  # noqa: S608
        not_durable = {row[0] for row in cursor.fetchall()}

    # then they agree, four of the eight are durable, and NOT the rule selects exactly the other four (never NULL)
    assert by_filter == by_sql == expected
    assert len(expected) == 4
    assert not_durable == {m.pk for m in memories} - expected
