"""Resolve entity mentions to the contact's knowledge-graph nodes ("my dog" → pet:bruno)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from contacts.models import Contact
from memories.extraction import EntityMention
from memories.extraction.vocabulary import PET_SPECIES, RELATIONS
from memories.models import ContactEntity


def entity_resolve(*, contact: Contact, mention: EntityMention, known: list[ContactEntity]) -> ContactEntity:
    """The existing entity this mention refers to — same type and key, or a shared alias — updated
    with what the mention adds; otherwise a new entity. ``known`` is extended with new ones."""
    entity = _match(mention, known)
    if entity is None:
        entity = ContactEntity.objects.create(
            tenant_id=contact.tenant_id,
            contact=contact,
            entity_type=mention.entity_type,
            key=mention.key,
            display_name=mention.display_name,
            aliases=list(mention.aliases),
            metadata=dict(mention.metadata),
        )
        known.append(entity)
        return entity
    _absorb(entity, mention)
    return entity


def entities_mentioned(text: str, known: Sequence[ContactEntity]) -> list[ContactEntity]:
    """Known entities named in free text by display name or alias ("Bruno ate my shoes")."""
    found = []
    lowered = text.lower()
    for entity in known:
        names = {entity.display_name, *entity.aliases}
        if any(_contains_phrase(lowered, name.lower()) for name in names if len(name) >= 3):
            found.append(entity)
    return found


def contact_entities(contact: Contact) -> list[ContactEntity]:
    return list(ContactEntity.objects.filter(contact=contact))


def known_people(known: Iterable[ContactEntity]) -> dict[str, str]:
    """The contact's people and pets known by a name of their own, name → relation or species ("Kasia" → "wife",
    "Bruno" → "dog"), for extraction to read a message that names one alone. Not "Mum" (a relation said as a name)
    nor someone without a relation."""
    people = {}
    for entity in known:
        metadata = entity.metadata or {}
        said = metadata.get("relation") if entity.entity_type == "person" else metadata.get("species")
        name = entity.display_name
        named = name[:1].isupper() and name.lower() not in RELATIONS and name.lower() not in PET_SPECIES
        if entity.entity_type in {"person", "pet"} and said and named:
            people[name] = said
    return people


def _match(mention: EntityMention, known: Iterable[ContactEntity]) -> ContactEntity | None:
    """Same type and key, else a shared alias — but "my sister" names a relation, not a person: two nodes
    that each have a name of their own (Meera, Priya) are two people even though both are "my sister"."""
    aliases = {alias.lower() for alias in mention.aliases}
    same_type = [e for e in known if e.entity_type == mention.entity_type]
    for entity in same_type:
        if entity.key == mention.key:
            return entity
    for entity in same_type:
        shared = aliases & {alias.lower() for alias in entity.aliases}
        if shared and (_names(shared) or not _names(aliases) or not _names(entity.aliases)):
            return entity
    return None


def _names(aliases: Iterable[str]) -> set[str]:
    """The aliases that are names ("Bruno"), not relations ("my dog")."""
    return {alias.lower() for alias in aliases if not alias.lower().startswith("my ")}


def _absorb(entity: ContactEntity, mention: EntityMention) -> None:
    """Add new aliases and metadata; a generic node ("Mom", "Dog") takes the mention's real name."""
    aliases = list(dict.fromkeys([*entity.aliases, *mention.aliases]))
    metadata = {**mention.metadata, **entity.metadata}
    display_name = entity.display_name
    generic = not entity.aliases or entity.aliases[0].startswith("my ")
    if generic and mention.aliases and not mention.aliases[0].startswith("my "):
        display_name = mention.display_name
    if (aliases, metadata, display_name) != (entity.aliases, entity.metadata, entity.display_name):
        entity.aliases, entity.metadata, entity.display_name = aliases, metadata, display_name
        entity.save(update_fields=["aliases", "metadata", "display_name", "updated_at"])


def _contains_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None
