"""Immediate-tier extraction: rules only, no I/O, a few hundred microseconds per message.

``extract(message, role)`` returns candidate memories and entity mentions. Only *user* messages
produce facts and preferences: what an assistant says is never a fact about the contact.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from memories.extraction import boundaries, facts, household, known, languages, lifestyle, preferences, roles, tastes
from memories.extraction.casing import NAME_GUESSED, recased
from memories.extraction.entities import (
    aged_said_after,
    appositions_fronted,
    as_my,
    contracted_is,
    is_named,
    kin_name_said,
    names_said_plainly,
    person_mentions,
    pet_mentions,
    relation_owned,
    turned_said,
)
from memories.extraction.episodes import is_meaningful
from memories.extraction.facts.identity import (
    AGE_OPENS,
    GREETING_ONLY,
    INTRO_ENDS,
    SELF_DESCRIBED_NEXT,
    THIS_IS_FULL_NAME,
    town_alone,
)
from memories.extraction.text import (
    TAKEN_BACK,
    UNREAL,
    emoji_as_words,
    normalise,
    sentences,
    stated,
    with_apostrophes,
    without_quotations,
    without_stress_words,
)
from memories.extraction.types import Candidate, EntityMention, Extraction

__all__ = ["PARTNER_SLOT", "Candidate", "EntityMention", "Extraction", "extract"]

_RULES = (
    *facts.RULES, *roles.RULES, *household.SENTENCE_RULES, *lifestyle.RULES, *preferences.RULES, *tastes.RULES,
    *boundaries.RULES, *languages.RULES,
)  # fmt: skip


def extract(message: str, *, role: str, people: Mapping[str, str] | None = None) -> Extraction:
    """``people``: the contact's named people, name → relation ("Kasia" → "wife"): a message naming one alone
    ("Kasia got the ward manager job") is read as one naming her as "my wife Kasia" (``known``)."""
    if role != "user":
        return Extraction(candidates=(), mentions=(), meaningful=False)
    candidates: list[Candidate] = []
    mentions: list[EntityMention] = []
    openings: list[str] = []
    said, guessed = _sentences(message, people or {})
    # who each sentence reads as known: the contact's people, and those an earlier sentence introduced ("My sister
    # Ana is a nurse. Ana lives in Porto."; "Two children. Elsa is a dentist…" names them by count)
    by_count = household.counted_then_named(said)
    listed = household.named_by_count(by_count)  # their household fact names them: "Has two kids: Elsa and Max"
    introduced = {**listed, **(people or {})}
    last: dict[str, str] = {}  # the people and pets the sentence before named
    for i, sentence in enumerate(said):  # people and pets are mentioned in questions too ("should I call my mum?")
        found = (
            pet_mentions(sentence) + person_mentions(sentence) + household.kin_mentions(sentence)
            + languages.mentions(sentence)
        )  # fmt: skip
        mentions.extend(found)
        sentence = known.pronoun_as_named(sentence, last, said[i - 1] if i else "")
        said[i] = sentence = known.clause_pronouns_as_named(sentence, _people_in)
        if introduced:
            as_named = known.partner_as_named(sentence, introduced, said[i - 1] if i else "")
            said[i], opened = known.as_first_said(as_named, introduced)
            openings += opened
        # the one a sentence names by what they are to the speaker ("Taiwo is my twin sister") is who "she" is next
        spoken = [*found, *(e for c in household.named_first(sentence) for e in c.entities)]
        last = _spoken_of(spoken)
        introduced = {**_named(spoken), **introduced}
    statements = [part for sentence in said if (part := stated(sentence).strip())]
    for sentence in statements:
        for rule in _RULES:
            candidates.extend(rule(sentence))
    for message_rule in household.MESSAGE_RULES:  # what one sentence says of another ("…a puppy! his name is Bruno")
        candidates.extend(message_rule(" ".join(statements)))
    candidates += household.household_facts(by_count)
    linked = [e for c in candidates for e in c.entities]
    if openings:
        # what a known person's opening alone says is known already; one introduced in this message was said here
        known_before = [o for o in openings if any(o.endswith(f" {name}") for name in [*(people or {}), *listed])]
        candidates = known.without_restated(candidates, known_before, _RULES)
        # a known person named alone is linked by the facts said of them, and found by name when the message is
        # stored (``entities_mentioned``); not mentioned anew as if introduced
        linked = [e for c in candidates for e in c.entities if not known.introduced_before(e, people or {})]
    if TAKEN_BACK.search(message):  # "I'm getting married in June. Not.", "… jk we're not even dating"
        candidates = [c for c in candidates if not c.happens]
    candidates = _unique(_marked_guessed(_unnamed_when_named(candidates), guessed))
    # the one they are with is as the message leaves them: "my girlfriend Valeria broke up with me" → an ex
    partners = {e.ref: e for c in candidates if c.slot == PARTNER_SLOT for e in c.entities if e.entity_type == "person"}
    return Extraction(
        candidates=tuple(candidates),
        mentions=tuple(partners.get(m.ref, m) for m in _unique_mentions([*mentions, *linked])),
        meaningful=is_meaningful(message),
    )


_HAS_ONE = re.compile(r"^Has (?:a|an) (?:new )?(?P<kind>[\w-]+)(?: now)?$")


def _unnamed_when_named(candidates: list[Candidate]) -> list[Candidate]:
    """Without "Has a dog now" when the message names the dog ("we have a dog now. his name is Toto"), nor "Has a
    girlfriend now" beside "Girlfriend's name is Solveig": the named one says it."""
    named = {
        (e.metadata.get("species") or e.metadata.get("relation") or "").lower()
        for c in candidates
        for e in c.entities
        if e.entity_type in {"pet", "person"} and is_named(e)
    }
    return [c for c in candidates if not ((has := _HAS_ONE.match(c.content)) and has.group("kind").lower() in named)]


def _people_in(text: str) -> dict[str, str]:
    """The people and pets ``text`` names, as ``known`` reads them: name or "my <relation>" → relation."""
    found = pet_mentions(text) + person_mentions(text) + household.kin_mentions(text) + languages.mentions(text)
    return _spoken_of(found)


def _spoken_of(mentions: list[EntityMention]) -> dict[str, str]:
    """The people and pets a sentence spoke of (``known``): each by name, and by "my <relation>" when unnamed and no
    one named is that relation ("Taiwo is my twin sister" speaks of Taiwo, not also of "my sister")."""
    named = _named(mentions)
    return {**named, **{alias: r for alias, r in _unnamed(mentions).items() if r not in named.values()}}


def _named(mentions: list[EntityMention]) -> dict[str, str]:
    """Name → relation (or species) of the people and pets ``mentions`` name: "my sister Ana" → "Ana": "sister"."""
    return {
        m.display_name: relation
        for m in mentions
        if m.entity_type in {"person", "pet"} and is_named(m)
        and (relation := m.metadata.get("relation") or m.metadata.get("species"))
    }  # fmt: skip


def _unnamed(mentions: list[EntityMention]) -> dict[str, str]:
    """How to say each unnamed relative ``mentions`` holds → relation: "my mother-in-law" → "mother-in-law"."""
    return {
        alias: m.metadata["relation"]
        for m in mentions
        if m.entity_type == "person" and not is_named(m) and m.metadata.get("relation")
        and (alias := next((a for a in m.aliases if a.startswith("my ")), ""))
    }  # fmt: skip


def _marked_guessed(candidates: list[Candidate], guessed: frozenset[str]) -> list[Candidate]:
    """A candidate that gives someone a name typed in lowercase (``casing``) says so, ``metadata["name_guessed"]``:
    the contact's own ("Name is Kenji") or a relation's ("Girlfriend's name is Kayla"); what else a message says of
    them ("Kayla is 8") is no guess of a name."""
    if not guessed:
        return candidates
    return [
        replace(c, metadata={**c.metadata, NAME_GUESSED: True}) if _names_one(c, guessed) else c for c in candidates
    ]


def _names_one(candidate: Candidate, guessed: frozenset[str]) -> bool:
    if candidate.slot == "name":
        return candidate.content.rsplit(" ", 1)[-1] in guessed
    return candidate.slot.startswith("relation:") and any(e.display_name in guessed for e in candidate.entities)


# How a sentence is read before the rules see it, in this order: the words that only stress left out, contractions'
# apostrophes back, "ma"/"mi"/"me" as "my", names said between commas or as "'s called", "<Name>, my sister," fronted,
# "Husband Rakesh"/"mum's" owned, "'s" as "is", an age said before a relative after, a job's article back.
_READINGS = (
    without_stress_words, with_apostrophes, as_my, names_said_plainly, appositions_fronted, relation_owned,
    contracted_is, aged_said_after, roles.article_said,
)  # fmt: skip


def _as_read(sentence: str) -> str:
    for reading in _READINGS:
        sentence = reading(sentence)
    return sentence


def _sentences(message: str, people: Mapping[str, str]) -> tuple[list[str], frozenset[str]]:
    # Rules look at the start of very long messages only, and never inside quoted speech: 'she said "I love horror
    # movies"' is not the contact's taste. A greeting said as a sentence of its own ("hey! Maya here, 31, …") is also
    # read with the sentence it opens, as introductions are; the duplicates this makes are dropped.
    # runs of spaces are one space: what the rules read is the same, and no pattern scans a run more than once
    # names typed without their capital get it back first (``casing``); which ones, the candidates say
    recased_message, guessed = recased(emoji_as_words(without_quotations(message[:4000])), people)
    said = [_as_read(" ".join(sentence.split())) for sentence in sentences(recased_message)]
    # what a sentence leaves unsaid ("Daughter's name is…", "just turned 21") is the speaker's only where the message
    # spoke of no one before it
    for i, sentence in enumerate(said):
        before = " ".join(said[:i])
        said[i] = turned_said(kin_name_said(sentence, before), before)
    if len(said) > 1 and GREETING_ONLY.match(said[0]):
        said[0] = f"{said[0]} {said[1]}"
    # "This is Gordon Lindqvist. I am 93 years old": a full name said as the phone does, then oneself
    if len(said) > 1 and (this_is := THIS_IS_FULL_NAME.match(said[0])) and SELF_DESCRIBED_NEXT.match(said[1]):
        said[0] = f"I'm {this_is.group('name') or this_is.group('first')}."
    # "Sione here. 29, Tongan, living in Brisbane": an introduction goes on in the sentence its age opens, and in a
    # town said alone after it ("Name's Frank. 79. Tucson, Arizona.")
    for i in range(len(said) - 1):
        if INTRO_ENDS.match(said[i]) and AGE_OPENS.match(said[i + 1]):
            said[i], said[i + 1] = f"{said[i].rstrip(' .!')}, {said[i + 1]}", ""
            if i + 2 < len(said) and town_alone(said[i + 2]):
                said[i], said[i + 2] = f"{said[i].rstrip(' .!')}, {said[i + 2]}", ""
    # "Married to Harry Styles. In my dreams.": a sentence that only says the one before is a dream takes it back
    for i in range(1, len(said)):
        if UNREAL.search(said[i]) and len(said[i].split()) <= 5:
            said[i - 1] = ""
    return said, guessed


PARTNER_SLOT = "relation:partner"


# How far along a relationship a partner candidate says it is (see _unique).
_STAGES = {"partner": 0, "boyfriend": 1, "girlfriend": 1, "fiance": 2, "fiancee": 2, "husband": 4, "wife": 4, "ex": 5}


def _stage(candidate: Candidate) -> float:
    relation = next((v.split(":", 1)[1] for v in candidate.value if v.startswith("relation:")), "partner")
    married = relation == "partner" and candidate.content.startswith("Is married")
    return 3 if married else _STAGES.get(relation, 0)


def _unique(candidates: list[Candidate]) -> list[Candidate]:
    """One candidate per wording, emoji and punctuation aside ("Has a cat named Mochi 😺" is "Has a cat named
    Mochi"); of two, the one holding a slot (it supersedes and is superseded by what it names). One per slot and
    value too: "I stopped drinking, I'm sober now" says "Is sober" once, not also as "Doesn't drink alcohol"."""
    unique: dict[str, Candidate] = {}
    for candidate in candidates:
        key = " ".join(normalise(candidate.content).split())
        if key not in unique or (candidate.slot and not unique[key].slot):
            unique[key] = candidate
    # an unslotted wording another one goes on to list or name is not kept: "Has three dogs" beside "Has three dogs:
    # Pickles, Noodle and Bear" (but "Has a cat" beside "Has a cat allergy" is another thing)
    unique = {
        key: c for key, c in unique.items()
        if c.slot or not any(_lists(other.content, c.content) for other in unique.values() if other is not c)
    }  # fmt: skip
    # one relation a person, the furthest along said: "my girlfriend Valeria broke up with me" is a break-up, not
    # also a girlfriend; "my boyfriend Tom proposed!" an engagement; "I married Ben, my husband Ben…" a husband
    furthest: dict[str, Candidate] = {}
    for c in unique.values():
        if c.slot == PARTNER_SLOT and c.value:
            held = furthest.get(c.value[0])
            if held is None or _stage(c) > _stage(held):
                furthest[c.value[0]] = c
    unique = {
        key: c
        for key, c in unique.items()
        if c.slot != PARTNER_SLOT or not c.value or furthest[c.value[0]].value == c.value
    }
    said: set[tuple[str, str, tuple[str, ...]]] = set()
    kept = []
    for candidate in unique.values():
        value = (candidate.memory_type, candidate.slot, candidate.value)
        if not candidate.slot or not candidate.value or value not in said:
            said.add(value)
            kept.append(candidate)
    return kept


def _lists(longer: str, shorter: str) -> bool:
    """Whether ``longer`` says ``shorter`` and goes on to list or name what it is, or where or for whom ("Teaches piano
    at a school", "Delivers parcels for Amazon")."""
    return re.match(rf"(?i){re.escape(shorter)}(?:\s*[:(]|\s+(?:named|called|at|for|in)\b)", longer) is not None


def _unique_mentions(mentions: list[EntityMention]) -> list[EntityMention]:
    # "Tom is my fiancé": the fiancé is Tom, not a second, unnamed person
    # … and "we got a dog, Lucky": the dog is Lucky, not a second, unnamed pet
    named = {
        (m.entity_type, m.metadata.get("relation") or m.metadata.get("species"))
        for m in mentions
        if m.entity_type in {"person", "pet"} and is_named(m)
    }
    mentions = [
        m
        for m in mentions
        if is_named(m)
        or m.entity_type not in {"person", "pet"}
        or (m.entity_type, m.metadata.get("relation") or m.metadata.get("species")) not in named
    ]
    by_ref: dict[str, EntityMention] = {}
    for mention in mentions:
        current = by_ref.get(mention.ref)
        if current is None or len(mention.aliases) > len(current.aliases):
            by_ref[mention.ref] = mention
    return list(by_ref.values())
