"""Immediate-tier extraction: rules only, no I/O, a few hundred microseconds per message.

``extract(message, role)`` returns candidate memories and entity mentions. Only *user* messages
produce facts and preferences: what an assistant says is never a fact about the contact.
"""

from __future__ import annotations

from memories.extraction import facts, languages, preferences
from memories.extraction.entities import person_mentions, pet_mentions
from memories.extraction.episodes import is_meaningful
from memories.extraction.types import Candidate, EntityMention, Extraction

__all__ = ["Candidate", "EntityMention", "Extraction", "extract"]

_RULES = (*facts.RULES, *preferences.RULES, *languages.RULES)


def extract(message: str, *, role: str) -> Extraction:
    if role != "user":
        return Extraction(candidates=(), mentions=(), meaningful=False)
    candidates: list[Candidate] = []
    mentions: list[EntityMention] = []
    for sentence in _sentences(message):
        for rule in _RULES:
            candidates.extend(rule(sentence))
        mentions.extend(pet_mentions(sentence) + person_mentions(sentence) + languages.mentions(sentence))
    return Extraction(
        candidates=tuple(_unique(candidates)),
        mentions=tuple(_unique_mentions([*mentions, *(e for c in candidates for e in c.entities)])),
        meaningful=is_meaningful(message),
    )


def _sentences(message: str) -> list[str]:
    from memories.extraction.text import sentences

    return sentences(message[:4000])  # rules look at the start of very long messages only


def _unique(candidates: list[Candidate]) -> list[Candidate]:
    seen: set[str] = set()
    unique = []
    for candidate in candidates:
        key = candidate.content.lower()
        if key not in seen:
            seen.add(key)
            unique.append(candidate)
    return unique


def _unique_mentions(mentions: list[EntityMention]) -> list[EntityMention]:
    by_ref: dict[str, EntityMention] = {}
    for mention in mentions:
        current = by_ref.get(mention.ref)
        if current is None or len(mention.aliases) > len(current.aliases):
            by_ref[mention.ref] = mention
    return list(by_ref.values())
