"""What every fact rule builds with: the candidate, a slot's value facets, proper names and value phrases, and the
words rules of several subjects share (months, the contact's "I am").
"""

from __future__ import annotations

from memories.extraction.text import clean_phrase, content_words, entity_key, to_third_person, trim_tail
from memories.extraction.types import Candidate, EntityMention

FACT = "fact"
I_AM = r"(?:i\s+am|i'm|im|i’m)"

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
)  # fmt: skip
MONTHS = rf"(?:{'|'.join(MONTH_NAMES)})"
CALENDAR_WORDS = (
    rf"(?:{MONTHS}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|Ramadan|Diwali|Spring"
    r"|Summer|Autumn|Fall|Winter)"
)


def fact(content: str, slot: str = "", *entities: EntityMention, value: tuple[str, ...] = ()) -> Candidate:
    return Candidate(FACT, content, slot=slot, entities=tuple(entities), value=value)


def entity_fact(content: str, slot: str, entity: EntityMention) -> Candidate:
    """A fact whose value in its slot is the entity it names (a city, an employer, a person)."""
    return fact(content, slot, entity, value=(entity.ref,) if slot else ())


def facet(aspect: str, text: str) -> str:
    """One normalised part of a slot's value: ``facet("role", "Senior Engineer")`` → ``role:senior-engineer``.
    Stopwords are dropped, so "on 14 March" and "14 March" are one value."""
    return f"{aspect}:{'-'.join(content_words(text)) or entity_key(text)}"


def value_phrase(text: str, *, max_words: int) -> str:
    """What the contact said of themselves, cut to ``max_words`` and in the third person ("my bike" → "their bike")."""
    return to_third_person(clean_phrase(text, max_words=max_words))


def proper_name(text: str, *, max_words: int) -> str:
    """A proper name (place, employer, school, game): cut before trailing time or role words."""
    return clean_phrase(trim_tail(text.strip()), max_words=max_words)


def article(word: str) -> str:
    """ "a" or "an" before ``word`` (said as it sounds: "a uni student", "a European", "an hour", "an MRI" aside)."""
    said = word.lower()
    if said.startswith(("uni", "use", "usu", "uti", "eu", "one", "once")):
        return "a"
    return "an" if said[:1] in ("a", "e", "i", "o", "u") else "a"
