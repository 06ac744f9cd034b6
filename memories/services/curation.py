"""Corrections people make to a contact's memories and knowledge graph (today staff, in the admin): pinning a
memory, merging two entities, splitting an alias off an entity. Each change is recorded as a MemoryEvent of the
memories it touches, with the caller's ``actor`` (``staff:<username>``) and before/after snapshots; edits and
deletions go through ``memory_update``/``memory_delete`` like the API's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from config import clock
from contacts.admin_log import admin_log_forget
from memories.extraction.text import entity_key
from memories.models import ContactEntity, Memory, MemoryEventKind
from memories.services.entities import entities_mentioned
from memories.services.records import _changed, _record, _snapshot


class EntityEditError(ValueError):
    """A merge or split that cannot be done as asked (the message says why, for the staff user)."""


def memory_pin(*, memory: Memory, pinned: bool, actor: str) -> Memory:
    """Pinned memories never decay (consolidation skips them). Idempotent: no event when nothing changes."""
    if memory.pinned == pinned:
        return memory
    before = _snapshot(memory)
    memory.pinned = pinned
    memory.save(update_fields=["pinned", "updated_at"])
    _record(memory, MemoryEventKind.PINNED, actor, before, _snapshot(memory), (), clock.now())
    _changed(memory)
    return memory


@transaction.atomic
def entity_merge(*, survivor: ContactEntity, merged: ContactEntity, actor: str) -> ContactEntity:
    """``merged`` is the same thing as ``survivor`` ("Dog" and "Bruno"): its memories, aliases, name and
    metadata move to the survivor, and it is deleted."""
    if survivor.pk == merged.pk:
        raise EntityEditError("Pick two different entities to merge.")
    if survivor.contact_id != merged.contact_id or survivor.contact_id is None:
        raise EntityEditError("Only entities of the same contact can be merged.")
    _memories_relink(merged.memories.all(), source=merged, target=survivor, actor=actor)
    survivor.aliases = list(dict.fromkeys([*survivor.aliases, merged.display_name, *merged.aliases]))
    survivor.metadata = {**merged.metadata, **survivor.metadata}
    survivor.save(update_fields=["aliases", "metadata", "updated_at"])
    admin_log_forget(model=ContactEntity, ids=[merged.pk])  # the merge itself is logged on the contact
    merged.delete()
    return survivor


@transaction.atomic
def entity_alias_split(*, entity: ContactEntity, alias: str, actor: str) -> ContactEntity:
    """The alias names something else ("Max" was filed under pet:bruno): it becomes an entity of its own, of the
    same type, and the memories whose text names it move there."""
    matching = [a for a in entity.aliases if a.lower() == alias.strip().lower()]
    if not matching:
        raise EntityEditError(f"No alias {alias!r} on {entity.ref}.")
    key = entity_key(matching[0])
    if not key:
        raise EntityEditError(f"{matching[0]!r} makes no key: rename the entity instead.")
    if ContactEntity.objects.filter(contact=entity.contact, entity_type=entity.entity_type, key=key).exists():
        raise EntityEditError(f"{entity.entity_type}:{key} already exists: merge into it instead.")
    new = ContactEntity.objects.create(
        tenant_id=entity.tenant_id,
        contact=entity.contact,
        entity_type=entity.entity_type,
        key=key,
        display_name=matching[0],
        aliases=matching[:1],
    )
    entity.aliases = [a for a in entity.aliases if a not in matching]
    entity.save(update_fields=["aliases", "updated_at"])
    naming = [m for m in entity.memories.all() if entities_mentioned(m.content, [new])]
    _memories_relink(naming, source=entity, target=new, actor=actor)
    return new


def _memories_relink(memories: Iterable[Memory], *, source: ContactEntity, target: ContactEntity, actor: str) -> None:
    """Move each memory's link from ``source`` to ``target``, recorded on the memory as an edit."""
    for memory in memories:
        before = _entity_snapshot(memory)
        memory.entities.add(target)
        memory.entities.remove(source)
        _record(memory, MemoryEventKind.EDITED, actor, before, _entity_snapshot(memory), (), clock.now())
        _changed(memory)


def memory_snapshot(memory: Memory) -> dict[str, Any]:
    """A memory as its history records it, with its id and entities: what the admin log keeps of a deleted memory
    (its history is deleted with it)."""
    return {"id": memory.pk, **_entity_snapshot(memory)}


def _entity_snapshot(memory: Memory) -> dict[str, Any]:
    refs = sorted(f"{e.entity_type}:{e.key}" for e in memory.entities.all())
    return {**_snapshot(memory), "entities": refs}
