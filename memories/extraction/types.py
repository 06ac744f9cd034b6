"""What the rules-based extractor returns: plain data, no database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class EntityMention:
    """An entity named in a message, e.g. ``pet:bruno`` with ``{"species": "dog"}``."""

    entity_type: str
    key: str
    display_name: str
    aliases: tuple[str, ...] = ()
    metadata: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    @property
    def ref(self) -> str:
        return f"{self.entity_type}:{self.key}"


@dataclass(frozen=True)
class Candidate:
    """A memory the rules propose. ``slot`` names a single-valued attribute (``location``,
    ``workplace``, ``pref:coffee``…): a new value in the same slot supersedes the old one.

    ``value`` is what a slotted statement asserts, as normalised facets independent of its wording
    (``("location:bangalore",)`` for "I moved to Bangalore" and "I live in Bangalore now" alike): a
    statement whose facets the slot's current memory already holds restates it, and reinforces it."""

    memory_type: str
    content: str
    slot: str = ""
    value: tuple[str, ...] = ()
    entities: tuple[EntityMention, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    # The message's words the candidate was read from, where its content words them otherwise ("tengo asma" → "Has
    # asthma"): an episode of the message need not repeat them (episodes.says_more_than). Not stored.
    said: str = field(default="", compare=False)
    # A plan's date as its content says it ("in June"): stored as a date that stays true ("in June 2027"), and the
    # fact expires once it has passed (``when.plan_date``).
    happens: str = field(default="", compare=False)


@dataclass(frozen=True)
class Extraction:
    candidates: tuple[Candidate, ...]
    mentions: tuple[EntityMention, ...]
    # The message has enough content to be remembered as an episode.
    meaningful: bool
