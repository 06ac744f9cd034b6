"""The deferred, per-contact consolidation pass: debounced through Redis, then merge and entity linking."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from config.redis_client import redis_client
from consolidation.services import deferred
from consolidation.services.deferred import (
    contact_consolidate_deferred,
    contact_consolidation_schedule,
    debounce_key,
    watermark_key,
)
from contacts.models import Contact, Tenant
from ingest.tasks import process_message
from memories.models import ContactEntity, Memory
from memories.services.records import memory_create
from tests.factories import ContactFactory
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    contact = ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")
    redis_client().delete(debounce_key(contact.pk))
    return contact


@contextlib.contextmanager
def _looked_at() -> Iterator[list[int]]:
    """The memories the deferred pass looks at (each one it tries to merge), in order."""
    looked_at: list[int] = []
    original = deferred.memory_merge_similar

    def spy(*, memory: Memory) -> Memory | None:
        looked_at.append(memory.pk)
        return original(memory=memory)

    with mock.patch.object(deferred, "memory_merge_similar", spy):
        yield looked_at


def test_one_pass_is_queued_per_contact_per_window(
    arjun: Contact, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    settings.CONSOLIDATION_DEBOUNCE_SECONDS = 300

    with django_capture_on_commit_callbacks() as queued:
        first = contact_consolidation_schedule(contact_id=arjun.pk)
        second = contact_consolidation_schedule(contact_id=arjun.pk)

    assert (first, second) == (True, False)
    assert len(queued) == 1
    assert 0 < redis_client().ttl(debounce_key(arjun.pk)) <= 300


def test_the_pass_links_memories_to_entities_they_name(arjun: Contact) -> None:
    # given a memory written before its entity existed
    memory = memory_create(
        tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Took Bruno to the vet", source="rules"
    )
    ContactEntity.objects.create(
        tenant=arjun.tenant, contact=arjun, entity_type="pet", key="bruno", display_name="Bruno", aliases=["Bruno"]
    )

    # when the deferred pass runs (twice: idempotent)
    first = contact_consolidate_deferred(contact_id=arjun.pk)
    second = contact_consolidate_deferred(contact_id=arjun.pk)

    # then the memory is linked once
    assert (first["linked"], second["linked"]) == (1, 0)
    assert list(Memory.objects.get(pk=memory.pk).entities.values_list("key", flat=True)) == ["bruno"]


def test_episodes_told_with_a_clear_feeling_gain_importance_once(tenant: Tenant) -> None:
    # given an episode from a sad message and one from a neutral one, through the real pipeline
    ingest(tenant, "Bruno ran away this morning and I'm so sad 😢", message_id="m1")
    ingest(tenant, "Went to the grocery store after work today", message_id="m2")
    for message_id in ("m1", "m2"):
        process_message.delay(ledger_message(tenant, message_id).pk)
    contact = Contact.objects.get(tenant=tenant, external_id="arjun")
    redis_client().delete(debounce_key(contact.pk))

    # when the deferred pass runs twice
    first = contact_consolidate_deferred(contact_id=contact.pk)
    second = contact_consolidate_deferred(contact_id=contact.pk)

    # then only the sad episode gained importance, once
    assert (first["boosted"], second["boosted"]) == (1, 0)
    sad = Memory.objects.get(contact=contact, memory_type="episode", source_message_ids=["m1"])
    plain = Memory.objects.get(contact=contact, memory_type="episode", source_message_ids=["m2"])
    assert (sad.importance, sad.metadata["emotion"]) == (pytest.approx(0.6), "sad")
    assert plain.importance == 0.5 and "emotion" not in plain.metadata


def test_each_pass_looks_only_at_what_changed_since_the_previous_one(arjun: Contact, settings) -> None:
    # given a first pass over many memories, then one new memory (issue 19: a backfill's passes each re-read all)
    settings.CONSOLIDATION_DEBOUNCE_SECONDS = 300
    for n in range(12):
        memory_create(tenant=arjun.tenant, contact=arjun, memory_type="episode", content=f"Ran {n} km", source="rules")
    contact_consolidate_deferred(contact_id=arjun.pk)
    redis_client().set(watermark_key(arjun.pk), repr(time.time() - 60))  # the previous pass began a minute ago
    Memory.objects.filter(contact=arjun).update(updated_at=timezone.now() - timedelta(minutes=5))
    new = memory_create(
        tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Took Bruno out", source="rules"
    )
    ContactEntity.objects.create(
        tenant=arjun.tenant, contact=arjun, entity_type="pet", key="bruno", display_name="Bruno", aliases=["Bruno"]
    )
    # when the next pass runs
    with _looked_at() as looked_at:
        stats = contact_consolidate_deferred(contact_id=arjun.pk)

    # then it looked at the new memory alone, and linked it
    assert looked_at == [new.pk]
    assert stats["linked"] == 1


def test_a_contact_without_a_previous_pass_looks_back_two_debounce_windows(arjun: Contact, settings) -> None:  # type: ignore[no-untyped-def]
    # given no watermark, a memory changed long ago and one changed within the window
    settings.CONSOLIDATION_DEBOUNCE_SECONDS = 300
    old = memory_create(tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Ran 5 km", source="rules")
    Memory.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=3))
    new = memory_create(tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Swam 2 km", source="rules")
    redis_client().delete(watermark_key(arjun.pk))
    # when the pass runs
    with _looked_at() as looked_at:
        contact_consolidate_deferred(contact_id=arjun.pk)

    # then it looked at the recent one only, and left a watermark for the next pass
    assert looked_at == [new.pk]
    assert redis_client().get(watermark_key(arjun.pk)) is not None


def test_a_memory_told_before_its_entity_is_linked_when_the_entity_appears_later(arjun: Contact) -> None:
    # given a memory a first pass already looked at, naming nobody it knew then
    memory = memory_create(
        tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Bruno ate my shoes", source="rules"
    )
    assert contact_consolidate_deferred(contact_id=arjun.pk)["linked"] == 0
    Memory.objects.filter(pk=memory.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    redis_client().set(watermark_key(arjun.pk), repr(time.time() - 60))

    # when the entity it names appears, and the next pass runs
    ContactEntity.objects.create(
        tenant=arjun.tenant, contact=arjun, entity_type="pet", key="bruno", display_name="Bruno", aliases=["Bruno"]
    )
    stats = contact_consolidate_deferred(contact_id=arjun.pk)

    # then the old memory is linked to it
    assert stats["linked"] == 1
    assert list(Memory.objects.get(pk=memory.pk).entities.values_list("key", flat=True)) == ["bruno"]


def test_a_memory_saved_just_before_the_previous_pass_began_is_looked_at_again(arjun: Contact) -> None:
    # given the previous pass began a minute ago; a memory saved 5 s before it (its commit may have come after the pass
    # read) and one saved well before
    redis_client().set(watermark_key(arjun.pk), repr(time.time() - 60))
    late = memory_create(tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Ran 5 km", source="rules")
    early = memory_create(tenant=arjun.tenant, contact=arjun, memory_type="episode", content="Swam", source="rules")
    Memory.objects.filter(pk=late.pk).update(updated_at=timezone.now() - timedelta(seconds=65))
    Memory.objects.filter(pk=early.pk).update(updated_at=timezone.now() - timedelta(seconds=90))

    # when the pass runs, then it looks at the one inside the margin only
    with _looked_at() as looked_at:
        contact_consolidate_deferred(contact_id=arjun.pk)
    assert looked_at == [late.pk]
