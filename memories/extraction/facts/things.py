"""What the contact has and does: health and allergies, possessions, "my X is Y" attributes, hobbies."""

from __future__ import annotations

import re

from memories.extraction.entities import is_named, person_mentions, pet_mentions, place
from memories.extraction.facts.base import I_AM, entity_fact, facet, fact, proper_name, value_phrase
from memories.extraction.facts.identity import BIRTHDAY
from memories.extraction.text import alternation, entity_key, phrase, title
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    CONDITIONS,
    HAVE_NOT_FACTS,
    HAVE_NOT_WHOLE,
    JOB_TITLES,
    PET_SPECIES,
    RELATIONS,
)

# "I can't eat nuts, I'm allergic", "can't have dairy because I'm allergic": the allergen said before
_ALLERGIC_AFTER = re.compile(
    r"(?i)\b(?:i\s+)?can(?:['’]?t|not)\s+(?:eat|have|drink|touch)\s+"
    r"(?P<x>[a-z][\w'-]*(?:\s+(?!(?:because|cause|coz|cos|as|since|so|and|but|i|im)\b)[a-z][\w'-]*)?)"
    rf"\s*(?:[,;.!-]+\s*|\s+)(?:(?:because|cause|coz|cos|as|since)\s+)?{I_AM}\s+(?:very\s+|severely\s+|so\s+)?allergic"
    r"(?!\s+to\s+(?!(?:it|them|that|those|this)\b))"
)
_ALLERGIC = re.compile(
    rf"(?i)\b{I_AM}\s+(?:very\s+|severely\s+|deathly\s+|super\s+|really\s+|so\s+)?allergic\s+to\s+{phrase('x')}"
)
_HAVE = re.compile(rf"(?i)\bi(?:\s+(?:have\s+got|have|own)|['’]ve\s+got)\s+{phrase('x')}")
_MY_X_IS = re.compile(rf"(?i)\bmy\s+(?P<attr>[a-z][\w\s'-]{{1,30}}?)\s+(?P<verb>is|are)\s+{phrase('x')}")
_PLAY = re.compile(rf"(?i)\bi\s+(?:play|love\s+playing|enjoy\s+playing)\s+{phrase('x')}")
_HOBBY = re.compile(rf"(?i)\bmy\s+(?:hobby|hobbies|favou?rite\s+hobby)\s+(?:is|are)\s+{phrase('x')}")
# "I have asked twice" (a perfect tense), "I have a flight tomorrow" (an appointment): not something they have.
NOT_A_POSSESSION = re.compile(
    r"(?i)^(?:\w+ed|written|given|taken|done|gone|made|seen|been|told|said|sent|spoken|known|thought|brought|bought|"
    r"kept|left|lost|met|paid|read|run|tried|put|got|gotten|felt|heard|found|become|begun|eaten|forgotten)\b"
    r"|\b(?:today|tonight|tomorrow|later|this\s+(?:morning|afternoon|evening|week(?:end)?)|next\s+\w+|at\s+\d)\b"
)
_A_CONDITION = re.compile(rf"(?i)(?:^|\s)(?:{alternation(CONDITIONS)})(?![\w-])")
_TWO_CLAUSES = re.compile(r"\b(?:and|but|or|is|are|was)\b")
_ATTRIBUTE_SLOTS = (
    "birthday", "bday", "b-day", "date of birth", "dob", "job", "name", "email", "phone", "major", "hometown",
    "nickname", "pronouns", "blood type",
    "star sign", "zodiac sign", "middle name", "surname", "last name", "degree", "native language", "first language",
    "mother tongue", "address", "job title", "role", "occupation", "profession",
)  # fmt: skip
_SAME_ATTRIBUTE = {"bday": "birthday", "b-day": "birthday", "date of birth": "birthday", "dob": "birthday"}
_FAVOURITES = ("favorite", "favourite", "fav ", "fave ")
# "My job is X" says the job when X is one ("a nurse", "senior analyst", "teaching kids to swim"), not a judgement.
_WORK_ATTRIBUTES = frozenset({"job", "job title", "role", "occupation", "profession"})
_JUDGING = alternation(
    ["boring", "exhausting", "draining", "amazing", "annoying", "interesting", "rewarding", "demanding", "killing",
     "tiring", "frustrating", "depressing", "challenging", "overwhelming", "soul-crushing", "stressing", "freaking",
     "driving", "getting", "going", "taking", "making", "doing", "ruining", "eating"]
)  # fmt: skip
_WORK_VALUE = re.compile(
    rf"(?i)^(?:(?:a|an)\s+)?(?:[\w'-]+\s+){{0,4}}?(?:{alternation(JOB_TITLES)}|[a-z]+(?:ologist|ician))s?(?![\w-])"
    rf"|^(?!(?:{_JUDGING})\b)[a-z]+ing\b"
)
# A relative's age ("my mother is 85"); their role ("my sister is a doctor") is relation_facts'.
_RELATIVE_RECORD = re.compile(r"\d{1,3}\b")


def health_facts(sentence: str) -> list[Candidate]:
    """'I'm allergic to shellfish 🦐 so no seafood pls' → 'Is allergic to shellfish' (one slot per allergen)."""
    found = []
    for match in [*_ALLERGIC.finditer(sentence), *_ALLERGIC_AFTER.finditer(sentence)]:
        allergen = value_phrase(_leading_words(match.group("x")), max_words=4)
        if allergen and allergen.lower() not in _NOT_ALLERGENS:
            found.append(fact(f"Is allergic to {allergen}", f"allergy:{entity_key(allergen)}"))
    return found


# What one "can't have" in jest: "I can't have fun, I'm allergic", "allergic to Mondays"
_NOT_ALLERGENS = frozenset(
    {"it", "them", "that", "this", "those", "everything", "something", "fun", "people", "work", "mondays", "monday",
     "mornings", "stress", "drama", "effort", "exercise", "responsibility", "commitment", "running", "cardio",
     "adulting", "nonsense", "bs", "math", "maths", "homework", "chores", "small talk", "you", "feelings", "kids",
     "nice things", "happiness", "sleep", "money"}
)  # fmt: skip


def _leading_words(text: str) -> str:
    """The words a value starts with, up to the first emoji, symbol or clause word ("shellfish 🦐 so no…")."""
    words = []
    for word in text.split():
        if not re.fullmatch(r"[^\W\d_][\w'-]*", word) or word.lower() in {"so", "and", "which", "pls", "please"}:
            break
        words.append(word)
    return " ".join(words)


# A new clause run on, with "and" or none: "I have a dog named Rex he is crazy" has a dog named Rex; "my father is 70
# and he fell down the stairs" is 70.
_RUN_ON = re.compile(
    r"(?<![Ww]hich)(?<![Ww]here)(?<![Ww]ho)(?<![Tt]hat)(?<![Ww]hom)(?<![Ww]hen)"
    r"\s+(?=(?:he|she|they|it|we|i|He|She|They|We|I)(?:['’](?:s|re|m|ll|d|ve))?\s)"
)
# What the run-on split leaves: "a cat named Luna and"
_DANGLING = re.compile(r"(?i)[\s,]+(?:and|but|so|or|because|cause|cuz)$")
_JUST_NAMED = re.compile(r"(?i)^(?:a|an)\s+(?:[\w'-]+\s+){1,2}?(?:named|called)\s+\S+$")
# What one has of the moment or cannot count: "40 tabs open rn", "30 something on the balcony"
_NOT_HELD = re.compile(r"\b(?:rn|right\s+now|atm|open|something|left\s+to\s+\w+)\b")
_CHILD_NAMED = re.compile(
    r"(?i)(?:a|an|one)\s+(?:little\s+|baby\s+)?(?:boy|girl|son|daughter|kid|baby)\s*(?:,|\()\s*[A-Z]"
)


def possession_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in _HAVE.finditer(sentence):
        what = value_phrase(_RUN_ON.split(match.group("x"), maxsplit=1)[0], max_words=8)
        what = _DANGLING.sub("", what)
        if _A_CONDITION.search(what):
            continue  # "I have back pain from driving": a health condition (lifestyle.py)
        said = what.lower()
        if _NOT_HELD.search(said) or _CHILD_NAMED.match(sentence, match.start("x")):
            continue  # "i have 40 tabs open rn", "I have 30 something on the balcony"; "a boy, Nikau" (household.py)
        if (
            what
            and not said.startswith(HAVE_NOT_FACTS)
            and said not in HAVE_NOT_WHOLE
            and not NOT_A_POSSESSION.search(what)
        ):
            mentions = tuple(pet_mentions(match.group(0)) + person_mentions("my " + what))
            if _JUST_NAMED.match(what) and _named_only(mentions):
                continue  # "a rabbit called Biscuit" alone: the naming rules' ("Has a rabbit named Biscuit")
            found.append(fact(f"Has {what}", "", *_named_only(mentions)))
    return found


def attribute_facts(sentence: str) -> list[Candidate]:
    """'My birthday is June 5th' → 'Birthday is June 5th' (a single-valued slot); 'my mother is 85' → 'Mother is 85'.

    Only attributes a person *has* as a record (ATTRIBUTE_SLOTS) or a relative's age or role: "my chest is tight",
    "my manager is a nightmare", "my egg tarts are the best" describe a moment or an opinion, not who they are."""
    found = []
    at = 0
    while (match := _MY_X_IS.search(sentence, at)) is not None:
        at = match.start("x")  # the value may go on to another's: "my son is 6 and my daughter is 4"
        attribute = match.group("attr").strip().lower()
        value = _DANGLING.sub("", value_phrase(_RUN_ON.split(match.group("x"), maxsplit=1)[0], max_words=8))
        if not value or attribute in PET_SPECIES or attribute.endswith(("name", "'s name")) or _names_someone(match):
            continue
        if _TWO_CLAUSES.search(attribute) or attribute.startswith(_FAVOURITES):
            continue  # "my favourite and pizza is my second": not one attribute; favourites are preferences
        if attribute == "hometown" and value[:1].isupper():  # "my hometown is Graz": where they are from
            found.append(entity_fact(f"Is from {value}", "hometown", place("location", value)))
        elif attribute in _WORK_ATTRIBUTES and not _WORK_VALUE.match(value):
            continue  # "my job is a nightmare", "…is killing me", "…is the way it is": what they think of it
        elif attribute.startswith(_ATTRIBUTE_SLOTS):
            attribute = _SAME_ATTRIBUTE.get(attribute, attribute)  # "my bday is…" fills the birthday slot
            if attribute == "birthday" and BIRTHDAY.search(sentence):
                continue  # a day and a month: personal_facts says it as "Birthday is 5 June", whichever way it came
            content = f"{attribute.capitalize()} {match.group('verb').lower()} {value}"
            found.append(fact(content, f"my:{attribute}", value=(facet("is", value),)))
        elif attribute in RELATIONS and _RELATIVE_RECORD.match(value):
            if aged := _AN_AGE_FIRST.match(value):  # "my dad is 70 and still works": 70
                value = aged.group(0)
            content = f"{attribute.capitalize()} {match.group('verb').lower()} {value}"
            found.append(fact(content, "", *person_mentions(f"my {attribute}")))
    return found


_AN_AGE_FIRST = re.compile(
    r"\d{1,3}(?:\s+(?:years?|months?|weeks?)\s+old)?(?=\s+(?:and|but|now|already|this|so|lol|today)\b)"
    r"(?!\s+and\s+(?:a\s+)?half)"
)
_HEDGE = re.compile(r"(?i)^(?:basically|literally|honestly|probably|mostly|just|kinda|kind\s+of|sort\s+of)\s+")
_HOW_OFTEN = re.compile(
    r"(?i)\s+(?:(?:once|twice|\d+|one|two|three|four|five)\s+(?:times\s+)?(?:a|per|every)\s+\w+|every\s+\w+"
    r"|on\s+(?:weekends|\w+days)|daily|weekly)\b.*$"
)


def hobby_facts(sentence: str) -> list[Candidate]:
    found = []
    for pattern in (_PLAY, _HOBBY):
        for match in pattern.finditer(sentence):
            said = _HOW_OFTEN.sub("", match.group("x"))  # "golf twice a week" plays golf
            hobby = proper_name(_HEDGE.sub("", said), max_words=4)  # "basically doom scrolling" is doom scrolling
            if (
                hobby
                and hobby.lower() not in {"games", "it", "with it", "along"}
                and not hobby.lower().startswith(("with ", "around ", "outside", "at ", "my ", "our ", "their "))
                and hobby.lower() not in {"work", "my job", "family", "god", "you"}
            ):
                mention = EntityMention("hobby", entity_key(hobby), title(hobby), aliases=(hobby.lower(),))
                verb = "Plays" if pattern is _PLAY else "Hobby:"
                found.append(fact(f"{verb} {hobby}", "", mention))
    return found


def _names_someone(match: re.Match[str]) -> bool:
    # "my wife Priya is amazing": the named-entity rule already covers it
    return any(word[:1].isupper() for word in match.group("attr").split()[1:])


def _named_only(mentions: tuple[EntityMention, ...]) -> tuple[EntityMention, ...]:
    return tuple(filter(is_named, mentions))
