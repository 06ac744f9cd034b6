"""People and pets the contact has already introduced ("my wife Kasia", "our son Kuba", "my dog Bruno"), read when a
later message names them alone: "Kasia got the ward manager job", "Kuba has asthma", "Bruno died this morning".

A known name at the head of a clause is read as the contact first said it ("my wife Kasia got the ward manager job"),
so the rules that read what is said of a relative read it too; what that opening alone would say ("Wife's name is
Kasia") is already known and is not said again. Only the head of a clause: "I called Kasia" or "Kasia's mother" say
nothing of Kasia herself."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache

from memories.extraction.facts.base import CALENDAR_WORDS
from memories.extraction.text import EMOJI, NOT_EARNEST, TAKEN_BACK, alternation
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    FEMALE_RELATIONS,
    JOB_TITLES,
    MALE_RELATIONS,
    PARTNER_RELATIONS,
    PET_SPECIES,
    RELATIONS,
)

# What may come before a clause's subject: the sentence's start, punctuation, a conjunction, and a few openers.
_OPENERS = r"(?:(?:omg|wow|yay|so|well|also|guess\s+what|update|news|btw|anyway)\W+)*$"
_CLAUSE_HEAD = re.compile(
    rf"(?i)(?:^|[,;:(]\s*|\b(?:and|but|so|then|now|because|cause|since|when|plus|also)\s+){_OPENERS}"
)
# Read over the last few words before a name only: a long sentence naming someone often is read in linear time.
_HEAD_CHARS = 60
# What follows a subject: a word in lowercase (a verb: "has", "got", "is"), or a comma before an apposition.
_PREDICATE = re.compile(r"\s+(?:just\s+|finally\s+|also\s+)?[a-z]|\s*,\s*(?:who|she|he|they)\b")


def relation_word(relation: str) -> str | None:
    """The word for ``relation`` that the rules read after "my": the relation itself when it is one ("wife", or a
    pet's species: "dog"), else a word that means it ("child" → "kid"); None for a relation no word names."""
    if relation in RELATIONS or relation in PET_SPECIES:
        return relation
    return next((word for word, meaning in RELATIONS.items() if meaning == relation), None)


def as_first_said(sentence: str, people: Mapping[str, str]) -> tuple[str, list[str]]:
    """``sentence`` with each known name at the head of a clause read as "my <relation> <Name>", and the openings
    put in. ``people``: name as the contact wrote it → relation ("Kasia" → "wife")."""
    any_case = sentence == sentence.lower()  # one who types in lowercase types names so too
    by_name = {(name.lower() if any_case else name): name for name in people if len(name) > 1}
    openings = []
    for match in reversed(list(_names(tuple(sorted(by_name)), any_case).finditer(sentence))):
        name = by_name[match.group(0).lower() if any_case else match.group(0)]
        word = relation_word(people[name])
        if word and _at_a_clause_head(sentence, match.start()) and _PREDICATE.match(sentence, match.end()):
            opening = f"my {word} {name}"
            sentence = sentence[: match.start()] + opening + sentence[match.end() :]
            openings.append(opening)
    return sentence, openings


# "I look after my wife June. She has Alzheimer's": a sentence opening with a pronoun and what is said of its subject
_OPENING_PRONOUN = re.compile(
    r"^(?P<pronoun>She|He|she|he)(?=\s+(?:is|has|was|lives|works|teaches|studies|just|got)\b|['’]s\s)"
    r"(?!\s+is\s+(?:now\s+)?my\b|['’]s\s+(?:now\s+)?my\b)"  # "He's my boyfriend now": who they are to the speaker
)
_WORDS_FOR_SOMEONE = alternation([*RELATIONS, *PET_SPECIES, *JOB_TITLES, "girl", "boy", "guy", "man", "woman", "lady",
                                  "kid", "baby", "person", "someone", "bloke", "dude", "fella", "one", "intern",
                                  "student", "lodger", "apprentice", "veteran", "vicar", "priest", "carer", "physio",
                                  "consultant", "footballer", "fireman", "player", "patient", "client", "customer",
                                  "tenant", "guest", "stranger", "lad", "lass", "teenager", "teen", "toddler",
                                  "newborn", "somebody", "anybody", "widow", "widower", "pensioner", "retiree",
                                  "refugee", "divorcee", "starter", "couple", "family", "child"])  # fmt: skip
# Anyone else the sentence before could have meant: "a girl", "his sister", "the vicar", "a pilot", a second "my …"; and
# whoever is someone's ("my dad's physio", "my friend's little one": the "'s" left after ``contracted_is`` owns)
_SOMEONE_ELSE = re.compile(
    # (not what the one meant is: "my uncle is a pilot, he…", "my mum is not a nurse, she…", "works as a carer")
    r"(?i)(?<!\bis\s)(?<!\bwas\s)(?<!\bas\s)(?<!\bnot\s)(?<!\bbecame\s)(?<!\bbecome\s)"
    rf"\b(?:a|an|the|his|her|their|your)\s+(?:\w+\s+)?(?:{_WORDS_FOR_SOMEONE})s?\b|\w['’]s\s+(?!name\b)\w"
    # one of a people ("an Aussie", "a Scouser", "a Pole"), one called by a title ("old Mr Patel")
    r"|\b(?:a|an)\s+(?:\w+\s+)?(?-i:[A-Z])\w+|\b(?:mr|mrs|ms|miss|dr)\b\.?\s+\w"
    r"|\b(?:someone|somebody|anyone|anybody)\b"
)
# Kin said without "my" beside the one meant: "my dad visits grandad every day, he's 94"
_KIN = re.compile(rf"(?i)\b(?:{alternation(RELATIONS)})\b")
# A name besides the one meant: "My daughter loves Taylor Swift. She is 34" (a given name, not opening the sentence;
# "lives in Bristol and rings every Sunday" names no one)
_A_NAME = re.compile(
    r"(?<=[\w,;:]\s)(?<!\bin\s)(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bon\s)(?<!\bfor\s)(?<!\bnear\s)"
    r"(?<!\bevery\s)(?<!\blast\s)(?<!\bnext\s)(?<!\bthis\s)(?-i:[A-Z][a-z]+)"
)
_HAS_AFTER = re.compile(r"\s+(?:been|got)\b")
_CALENDAR = re.compile(CALENDAR_WORDS)  # "every Sunday", "in June": a day or a month, not a person
_MY_SOMEONE = re.compile(rf"(?i)\b(?:my|our)\s+(?:\w+\s+)?(?:{_WORDS_FOR_SOMEONE})\b")


def pronoun_fits(pronoun: str, relation: str) -> bool:
    """Whether "she"/"her" or "he"/"his" can be someone of ``relation`` ("her" is no brother); other words, anyone."""
    said = pronoun.lower()
    if said in {"she", "her", "she's", "she’s"}:
        return relation not in MALE_RELATIONS
    if said in {"he", "his", "he's", "he’s"}:
        return relation not in FEMALE_RELATIONS
    return True


def _a_lowercase_name(text: str) -> bool:
    """Whether ``text``, typed in lowercase, holds a given name: one that is no English word ("jake", "oliver"), or
    one said where a person is ("plays with mason", "lives with rob", "next to ivy")."""
    from memories.extraction.casing import GIVEN_NAMES, is_english_word

    if any(w in GIVEN_NAMES and not is_english_word(w) for w in re.findall(r"[a-z]{3,}", text)):
        return True
    return any(w in GIVEN_NAMES for w in _BESIDE_SOMEONE.findall(text))


_BESIDE_SOMEONE = re.compile(r"\b(?:with|to|and|beside|like)\s+([a-z]{3,})\b")


def _a_given_name(word: str) -> bool:
    from memories.extraction.casing import GIVEN_NAMES  # casing reads the relation words known's callers use

    return word.lower() in GIVEN_NAMES


def pronoun_as_named(sentence: str, before: Mapping[str, str], previous: str) -> str:
    """``sentence`` with the pronoun opening it read as the one person the sentence before (``previous``) spoke of
    (``before``: their name, or "my <relation>" when unnamed → relation), when it spoke of no one else and the pronoun
    can be them ("she" is no brother): "She has Alzheimer's" after "I look after my wife June" is "June has
    Alzheimer's", "She is 78" after "My mother-in-law is staying with us" is "my mother-in-law is 78"; not after "My
    friend Jake met a girl", "My colleague Raj has a daughter" or "My friend Priya's dad is in hospital"."""
    opening = _OPENING_PRONOUN.match(sentence)
    if opening is None or len(before) != 1:
        return sentence
    if _SOMEONE_ELSE.search(previous) or len(_MY_SOMEONE.findall(previous)) > 1 or len(_KIN.findall(previous)) > 1:
        return sentence
    if previous == previous.lower() and _a_lowercase_name(previous):
        return sentence  # "my dad doesnt like jake, he's 19"
    (meant,) = before
    if any(
        name not in meant.split() and _a_given_name(name) and not _CALENDAR.fullmatch(name)
        for name in _A_NAME.findall(previous)
    ):
        return sentence
    ((name, relation),) = before.items()
    if not pronoun_fits(opening.group("pronoun"), relation):
        return sentence
    rest = sentence[opening.end() :]
    if rest[:1] in "'’":  # "She's 78" is "June is 78"; "She's been ill", "she's got a cold": has
        rest = (" has" if _HAS_AFTER.match(rest, 2) else " is") + rest[2:]
    return name + rest


# "my mama lives in Macon, she's 68": a pronoun opening a clause after a comma
_CLAUSE_PRONOUN = re.compile(r",\s+(?=(?:she|he)\b)")
_APPOSED = re.compile(r",\s*[A-Z][\w'’-]*$")


def clause_pronouns_as_named(sentence: str, people_in: Callable[[str], Mapping[str, str]]) -> str:
    """``sentence`` with each pronoun opening a clause after a comma read as the one person the words before it
    spoke of (``people_in``: the people and pets a text names, as ``pronoun_as_named`` takes them): "my mama lives
    in Macon, she's 68" is "…, my mama is 68"; "My brother Fadi is in Dortmund, he is an engineer" is "…, my brother
    Fadi is an engineer"; "my son Leo, he's 9" is "my son Leo is 9"."""
    at = 0
    while (match := _CLAUSE_PRONOUN.search(sentence, at)) is not None:
        head, rest, at = sentence[: match.end()], sentence[match.end() :], match.end()
        if _APPOSED.search(sentence, 0, match.start()):
            continue  # "My daughter, Amy, she's 7": the rules that read a name said between commas read it
        people = people_in(head)
        clause = pronoun_as_named(rest, people, head)
        if clause == rest:
            continue
        ((name, _),) = people.items()  # a pronoun is read as someone only when one was spoken of
        if _said_alone(sentence[: match.start()], name):
            sentence = sentence[: match.start()] + clause[len(name) :]
            continue
        # one named is read as first said ("…, my brother Fadi is"): the rules read what is said of a relative so
        named = {name: relation for name, relation in people.items() if not name.startswith("my ")}
        # and the clause ends the one before, as a sentence would: "I live with my boyfriend; my boyfriend is a chef"
        sentence = f"{sentence[: match.start()]}; {as_first_said(clause, named)[0]}"
    return sentence


def _said_alone(head: str, name: str) -> bool:
    """Whether ``head`` is only the one named ``name`` ("my son Leo", "my little brother Viliami", "My mother"): the
    pronoun after it says it again ("my son Leo, he's 9")."""
    if name.lower().startswith("my "):
        return re.fullmatch(rf"\W*{re.escape(name)}", head, re.IGNORECASE) is not None
    return re.fullmatch(rf"\W*(?i:my|our)\s+(?:[\w'’-]+\s+){{1,2}}{re.escape(name)}", head) is not None


def _at_a_clause_head(sentence: str, at: int) -> bool:
    start = max(0, at - _HEAD_CHARS)
    # the sentence's own start counts only when it is in view; "\x00" stands for text before the view
    head = sentence[start:at] if start == 0 else "\x00" + sentence[start:at]
    return _CLAUSE_HEAD.search(head) is not None


@lru_cache(maxsize=256)
def _names(names: tuple[str, ...], any_case: bool) -> re.Pattern[str]:
    """One pattern for all of a contact's known names (a message is read once, however many people they know)."""
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)) or "(?!x)x"
    return re.compile(rf"(?<![\w'’-])(?:{alternatives})(?![\w'’-])", re.IGNORECASE if any_case else 0)


def without_restated(
    candidates: list[Candidate], openings: list[str], rules: tuple[Callable[[str], list[Candidate]], ...]
) -> list[Candidate]:
    """``candidates`` without what the openings alone say ("Wife's name is Kasia"): it is known already."""
    restated = {c.content for opening in set(openings) for rule in rules for c in rule(opening)}
    return [c for c in candidates if c.content not in restated]


def introduced_before(mention: EntityMention, people: Mapping[str, str]) -> bool:
    """Whether ``mention`` is one of the contact's known people or pets, as known: a new relation ("Tom proposed!" of
    a boyfriend: now a fiancé) is news."""
    name = mention.display_name
    said = mention.metadata.get("relation") or mention.metadata.get("species")
    return mention.entity_type in {"person", "pet"} and name in people and said == people[name]


# "we broke up", "my boyfriend and I split up", "we got married", "my girlfriend dumped me": the one they are with,
# when the contact has named exactly one partner, so the partner rules read it as said of them by name. Only where
# the clause ends there or with when ("we broke up yesterday"; not "we broke up with Verizon", "we got married to the
# idea", "we broke up 2 years ago", "in 1998"), in earnest, and with no one else named in the sentence or the one
# before ("I was dating Sam. We broke up", "My ex texted me. We broke up").
_PARTNER_WORDS = alternation([word for word, relation in RELATIONS.items() if relation in PARTNER_RELATIONS])
_COUPLE_DID = (
    r"(?=\s+(?:just\s+|finally\s+|officially\s+)*(?:broke\s+up|split\s+up|got\s+married|got\s+divorced|separated)"
    r"(?:\s+(?:yesterday|today|tonight|last\s+(?:night|week|month)|this\s+(?:morning|afternoon|evening|week)|officially"
    r"|for\s+good|(?:a|\d+|two|three|a\s+few)\s+(?:days?|weeks?)\s+ago))?"
    # the clause ends (an emoji may end it: "we just broke up 😭"; not "(for a day)", "& made up")
    rf"\s*(?:$|[.!,;…]|{EMOJI}|\s+(?:and|but|so|after)\b))"
)
_AS_A_COUPLE = re.compile(
    rf"(?i)(?:\bwe|\bmy\s+(?P<word>{_PARTNER_WORDS})\s+and\s+(?:i|me)|\bme\s+and\s+my\s+(?P<word2>{_PARTNER_WORDS})){_COUPLE_DID}"
    rf"|(?i:\bmy\s+(?P<word3>{_PARTNER_WORDS}))(?=\s+(?:just\s+)?(?:dumped\s+me|broke\s+up\s+with\s+me)\s*(?:$|[.!,;…]))"
)
_SOMEONE_ELSE_IN = re.compile(r"\b[A-Z][a-z]+\b")
_AN_EX = re.compile(r"(?i)\bex(?:-\w+)?\b")
_AND_I = re.compile(r"\b[A-Z][a-z]+\s+and\s+(?:I|me)\b")  # "Mei and I had a huge fight and we broke up"
_AGAIN = re.compile(r"(?i)\b(?:back\s+together|again|on\s+and\s+off|made\s+up|for\s+a\s+(?:day|night|week|bit))\b")


def partner_as_named(sentence: str, people: Mapping[str, str], previous: str = "") -> str:
    """``sentence`` with "we" (or "my boyfriend and I") who broke up or married read as "<Name> and I", and "my
    girlfriend" who dumped them as her name, when ``people`` holds one partner only."""
    partners = [name for name, relation in people.items() if relation in PARTNER_RELATIONS and name[:1].isupper()]
    if len(partners) != 1 or not (said := _AS_A_COUPLE.search(sentence)):
        return sentence
    name = partners[0]
    word = said.group("word") or said.group("word2") or said.group("word3")
    if word and RELATIONS[word.lower()] not in {people[name], "partner"}:
        return sentence  # "my girlfriend and I broke up" when the one named is a boyfriend
    if NOT_EARNEST.search(sentence) or TAKEN_BACK.search(sentence) or _AGAIN.search(sentence):
        return sentence  # "we got married in Minecraft lol", "we broke up, the band I mean", "… but got back together"
    if _names_someone(f"{previous} {sentence}", name):
        return sentence
    return _AS_A_COUPLE.sub(lambda m: f"{name} and I" if re.search(r"(?i)^we|\band\b", m.group(0)) else name, sentence)


def _names_someone(text: str, partner: str) -> bool:
    """Whether ``text`` names an ex or anyone other than ``partner`` (a given name, capitalised)."""
    if _AN_EX.search(text) or _AND_I.search(text):
        return True
    return any(word != partner and _a_given_name(word) and not _CALENDAR.fullmatch(word)
               for word in _SOMEONE_ELSE_IN.findall(text))  # fmt: skip
