"""Who lives in the contact's life, said the ways "my dog Bruno" does not cover.

- Several at once: "I've got three dogs: Pickles, Noodle and Bear", "we have two kids, Inês and Tiago", "two boys,
  Hugo and Léo", "a little girl called Rin".
- Named a sentence later: "we got a puppy!! his name is Bruno" (a message-level rule: it reads the whole message).
- Named first: "Tom is my fiancé", "Priya's my sister".
- Parents and grandparents called by what one calls them, without "my": "mum says…", "Dad died", "papa had…".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from memories.extraction.casing import GIVEN_NAMES
from memories.extraction.entities import is_named, person_mentions, pet_mentions
from memories.extraction.facts.base import CALENDAR_WORDS, article, facet
from memories.extraction.known import pronoun_fits
from memories.extraction.roles import ROLE
from memories.extraction.text import STOPWORDS, UNREAL, alternation, entity_key, title
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import PARTNER_RELATIONS as PARTNERS
from memories.extraction.vocabulary import PET_SPECIES, RELATIONS

FACT = "fact"
_NAME = r"[A-Z][^\W\d_]*(?:['-][^\W\d_]+)?"
# Each name maybe with its age: "Bella 8 and Kevin 5", "Tomáš (9) and Anička (6)"
_AGE_AFTER = r"(?:\s+\(?(?:aged?\s+)?\d{1,2}\)?|\s*\(\d{1,2}\))(?![\w:/%-]|\.\d)"
_ONE = rf"{_NAME}(?:{_AGE_AFTER})?"
_NAMES = rf"(?P<names>{_ONE}(?:\s*,\s*{_ONE})*(?:\s*,?\s*(?:and|&)\s+{_ONE})?)"
_NAME_AND_AGE = re.compile(rf"(?P<name>{_NAME})(?:\s+\(?(?:aged?\s+)?|\s*\()?(?P<age>\d{{1,2}})?")
_COUNT = r"(?P<count>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|twins?)"
_CHILDREN = {"kid": "child", "kids": "child", "child": "child", "children": "child", "baby": "child",
             "babies": "child", "boy": "son", "boys": "son", "son": "son", "sons": "son", "girl": "daughter",
             "girls": "daughter", "daughter": "daughter", "daughters": "daughter"}  # fmt: skip
# The rest of a family listed the same way: "two sisters, Ana and Eva", "four grandkids, Ava 9, Leo 7, Kai 4 and Zoe 1"
_RELATIVES = {
    **_CHILDREN,
    **{word: relation for relation in ("sister", "brother", "niece", "nephew", "cousin", "grandson", "granddaughter",
                                       "stepson", "stepdaughter") for word in (relation, f"{relation}s")},
    "grandkid": "grandchild", "grandkids": "grandchild", "grandchild": "grandchild", "grandchildren": "grandchild",
    "stepkid": "stepchild", "stepkids": "stepchild", "stepchild": "stepchild", "stepchildren": "stepchild",
}  # fmt: skip
_PETS = {**PET_SPECIES, **{f"{kind}s": species for kind, species in PET_SPECIES.items()}, "puppies": "dog"}
_KINDS = alternation([*_RELATIVES, *_PETS])
# Words said of a household before its kind: "two little girls", "three grown-up kids"
_ADJECTIVE = r"(?:little|young|grown(?:[\s-]up)?|beautiful|lovely|rescue|new|tiny|sweet|cute)"
_SEVERAL = re.compile(
    rf"(?i:\b{_COUNT}\s+(?:(?:{_ADJECTIVE}|baby)\s+)?"
    rf"(?P<kind>{_KINDS}))"
    rf"(?:\s*[:,(–-]\s*|(?i:\s+(?:named|called)\s+)|\s+(?={_NAME}{_AGE_AFTER})){_NAMES}(?![\w'])"
)
# Whose they are: "I've got…", "we have…", "we adopted…", or a list in a sentence about oneself ("I'm divorced, two
# boys, Hugo and Léo"); "my sister has two kids", "I babysit two kids" and "I walked two dogs" are someone else's.
_OWNER = re.compile(
    r"(?i)(?:\b(?:i|we)(?:['’]ve|\s+have|\s+had|\s+got|\s+just)?\s+(?:just\s+|finally\s+)?"
    r"(?:got|have|had|adopted|rescued|own|raised|raise|welcomed)\b|^\W*(?:i['’]?m|i\s+am)\b[^,]*,"
    r"|^\W*(?:(?:just|finally|so|omg)\s+)*(?:had|got|adopted|rescued|welcomed)\b)[^.!?]*$"
)
_NAMED_LATER = re.compile(
    rf"(?:(?i:\b(?:his|her|its|their)\s+name\s+is|\b(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)"
    rf"|\bwe\s+(?:named|called)\s+(?:him|her|it|them))\s+)(?P<name>{_NAME})"
)
_RELATION_WORDS = alternation(RELATIONS)
_IS_MY = re.compile(
    rf"(?<![\w'’-])(?P<name>{_NAME})(?:\s+is|'s)\s+(?i:(?:officially\s+|now\s+|finally\s+)?my\s+(?:new\s+|little\s+|big\s+)?"
    rf"(?P<kind>{_RELATION_WORDS}))(?![\w-])"
)
# "nicola's my girlfriend now" typed in lowercase: the name opens the sentence
_IS_MY_LOWERCASE = re.compile(
    rf"^\W*(?P<name>[a-z][a-z'-]{{1,20}}?)(?:\s+is|['’]s)\s+my\s+(?:new\s+|little\s+|big\s+)?(?P<kind>{_RELATION_WORDS})(?![\w-])"
)
# What one calls a parent or grandparent, used as their name: "mum says", "Dad died", "papa had a heart attack".
_KIN_TERMS = ("mum", "mom", "mummy", "mommy", "mama", "dad", "daddy", "papa", "pops", "grandma", "grandpa",
              "grandad", "granddad", "granny", "nana", "nan", "nani", "nana ji", "dadi", "dada", "abuela", "abuelo",
              "tio", "tia", "vovó", "vovô", "oma", "opa", "nonna", "nonno", "mamie", "papi")  # fmt: skip
_KIN = re.compile(
    r"(?<![\w'’])(?<!(?i:step)-)(?<!(?i:step)\s)"
    rf"(?P<kind>(?i:{'|'.join(map(re.escape, _KIN_TERMS))}))(?P<possessive>['’]s)?"
    r"(?=\s+(?!(?:jokes?|bod|vibes|energy)\b)[a-z]|['’]s\b|\s*[,.!?]|$)"
)
# A determiner or someone's possessive before the word (a few adjectives may sit between): "my mum" is the person
# rules'; "your mum", "her mom", "Jake's mom", "a great dad" are not the contact's parent.
_SOMEONES = re.compile(
    r"(?i)\b(?:my|your|his|her|the|a|an|our|their|its|this|that|every|any|some|[\w]+['’]s)\s+(?:[a-z0-9]+\s+){0,2}$"
)
# "single dad", "stay-at-home mum", "first-time mom": who the speaker is, not their parent.
_SELF_DESCRIBED = re.compile(
    r"(?i)\b(?:single|first[\s-]time|stay[\s-]at[\s-]home|working|new|proud|proudest|happiest|tired|tiredest|worst"
    r"|best|luckiest|coolest|cool|bad|good|soccer|football|hockey|dance|boy|girl|cat|dog|plant)[\s-]+$"
)
# "42 yo dad of three", "mum of two": the speaker, a parent of so many, not their parent.
_PARENT_OF = re.compile(r"(?i)\s+of\s+(?:\d{1,2}|one|two|three|four|five|six|seven|eight|twins)\b")
_KIN_RELATIONS = {term: RELATIONS[term] for term in _KIN_TERMS}  # the relation each word names


# A list of names with ages is one's own family when a clause about oneself comes before it ("I'm 45, married, two
# kids, Leo 12 and Ana 9", "married to Minh 11 yrs, 2 kids Bella 8 and Kevin 5") or, opening the sentence, when it says
# they are one's own after ("Two kids, Tomáš 9 and Anička 6, they are with me every second week"); not the kids one
# babysits, coaches or teaches ("Babysitting today. Two kids, Max 6 and Ollie 4, absolute chaos").
_SELF_BEFORE = re.compile(
    r"(?i)^\W*(?:i['’]?m|i\s+am|married|divorced|separated|widowed|single\s+(?:mum|mom|dad|parent))\b[^.!?]*[,;]\s*$"
)
_MINE_AFTER = re.compile(
    r"(?i)\s*,?\s*(?:they(?:['’]re|\s+are)\s+(?:with\s+me|mine|my\b)|(?:both\s+)?mine\b|(?:they\s+)?live\s+with\s+me)"
)
# One name said after its kind ends there: "we got a dog, Lucky!", "a cat, Miso, who …"
_NAME_ENDS = re.compile(r"(?i)\s*(?:$|[,.!;)]|\s+(?:and|who|she|he|lol|haha)\b|\s+[^\w\s])")
_NOT_NAMES = frozenset({"year", "grade", "class", "room", "size", "level", "page", "week", "day", "round", "stage",
                           "table", "group", "team", "mum", "mom", "dad", "nan", "gran"})  # fmt: skip


def several_named(sentence: str) -> list[Candidate]:
    """'I've got three dogs: Pickles, Noodle and Bear' → one fact, three pets; 'I'm 45, married, two kids, Leo 12 and
    Ana 9' → one fact and each child's age (see _SELF_BEFORE for when a list without "I have" is one's own)."""
    found = []
    for match in _SEVERAL.finditer(sentence):
        before = sentence[: match.start()]
        if re.search(rf"(?i)\b(?:{_KINDS})\s+and\s+$", before[-40:]):
            continue  # "a son and a daughter, Ben and Amy": one name each (pair_named)
        listed = [_NAME_AND_AGE.match(said) for said in re.split(r"\s*,\s*|\s*,?\s*(?:and|&)\s+", match.group("names"))]
        if any(item is None or item.group("name").lower() in _NOT_NAMES for item in listed):
            continue  # "two kids, Year 2 and Year 5": school years, not names
        aged = all(item and item.group("age") for item in listed)
        said_as_own = _SELF_BEFORE.search(before) or (not before.strip() and _MINE_AFTER.match(sentence, match.end()))
        if not _OWNER.search(before) and not (aged and said_as_own):
            continue
        kind = match.group("kind").lower()
        names = [item.group("name") for item in listed if item]
        if len(names) == 1 and kind not in _CHILDREN and re.search(r"(?i)\b(?:named|called)\s", match.group(0)):
            continue  # "a golden retriever named Bruno", "a sister named Maya" are the pet and person rules'
            # (named_entity_facts); "a dog, Lucky" is ours
        if len(names) == 1 and not _NAME_ENDS.match(sentence, match.end()):
            continue  # "a dog, Jack Russell cross", "a dog, German shepherd", "a cat, Dad is furious": no name
        ages = [item.group("age") if item else None for item in listed]
        found += _household(match.group("count").lower(), kind, names, ages)
    return found


def _household(count: str, kind: str, names: list[str], ages: list[str | None]) -> list[Candidate]:
    """ "Has two kids: Elsa and Max" (or "Has a daughter named Rin") and each one's age said with the name."""
    mentions = [_mention(kind, name) for name in names]
    said = f"{count} {kind}"
    if len(names) == 1:  # "a little girl called Rin" → "Has a daughter named Rin"
        word = _RELATIVES.get(kind) or _PETS[kind]
        said = f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
    content = f"Has {said}: {_listed(names)}" if len(names) > 1 else f"Has {said} named {names[0]}"
    return [Candidate(FACT, content, entities=tuple(mentions))] + [
        Candidate(FACT, f"{mention.display_name} is {age}", entities=(mention,))
        for mention, age in zip(mentions, ages, strict=True)
        if age
    ]


# "my kids are Elsa and Max", "our two boys are called Hugo and Léo": the names said as what they are called
_ARE_NAMED = re.compile(
    rf"(?i:\b(?:my|our)\s+(?:{_COUNT}\s+)?(?:(?:little|young|grown(?:[\s-]up)?|lovely|rescue|new|two|three)\s+)?"
    rf"(?P<kind>{_KINDS})\s+are\s+(?:(?:called|named)\s+)?){_NAMES}(?=\s*(?:$|[,.!;)?]|\s+(?i:lol|haha)\b))"
)


def several_are_named(sentence: str) -> list[Candidate]:
    found = []
    for match in _ARE_NAMED.finditer(sentence):
        kind = match.group("kind").lower()
        listed = [_NAME_AND_AGE.match(said) for said in _each_name(match.group("names"))]
        if len(listed) < 2 or any(item is None or item.group("name").lower() not in GIVEN_NAMES for item in listed):
            continue  # "my kids are Irish and Polish", "our cats are Siamese and Persian": what they are, not names
        count = (match.group("count") or _NUMBER_WORDS.get(len(listed), str(len(listed)))).lower()
        found += _household(count, kind, [item.group("name") for item in listed if item],
                            [item.group("age") if item else None for item in listed])  # fmt: skip
    return found


# "I have a son and a daughter, Ben and Amy": two kinds, a name each, in the order said
_PAIR = re.compile(
    rf"(?i:\b(?:a|an|one)\s+(?P<first_kind>{_KINDS})\s+and\s+(?:a|an|one)\s+(?P<second_kind>{_KINDS}))"
    rf"(?:\s*[:,(–-]\s*|(?i:\s+(?:named|called)\s+))(?P<first>{_ONE})\s*,?\s*(?i:and|&)\s+(?P<second>{_ONE})"
    r"(?=\s*(?:$|[,.!;)]|\s+(?i:lol|haha|who|and)\b))"
)


def pair_named(sentence: str) -> list[Candidate]:
    found = []
    for match in _PAIR.finditer(sentence):
        if not _OWNER.search(sentence[: match.start()]):
            continue
        for which in ("first", "second"):
            item = _NAME_AND_AGE.match(match.group(which))
            kind = match.group(f"{which}_kind").lower()
            if item is None or item.group("name").lower() in _NOT_NAMES or kind.endswith("s"):
                break
            found += _household("a", kind, [item.group("name")], [item.group("age")])
    return found


# "I have two kids. Elsa is 7 and Max is 4.", "Two children, both grown. Elsa is a dentist…": a household counted in
# one sentence (one's own: "I have…", or a sentence of the count alone), named at the start of the next
_COUNTED = re.compile(rf"(?i:\b{_COUNT}\s+(?:{_ADJECTIVE}\s+)?(?P<kind>{_KINDS}))\W*$")
_COUNT_ALONE = re.compile(
    rf"(?i:^\W*{_COUNT}\s+(?:{_ADJECTIVE}\s+)?(?P<kind>{_KINDS})(?:\s*,?\s*(?:both|all)\s+(?:grown(?:[\s-]up)?|adults"
    rf"|married|teenagers|teens|at\s+uni(?:versity)?|in\s+school|out\s+of\s+the\s+house))?)\W*$"
)
# each named: "Elsa is 7", "Max's 4", "Ana (9)", "Leo"; what is said of a name must not make it someone else's
_EACH_NAMED = re.compile(rf"^\W*(?P<name>{_NAME})(?:\s+is\s+|['’]s\s+|\s*\(|\s+)?(?P<what>(?!(?i:my|our)\b).*?)\W*$")
_AN_AGE = re.compile(r"^\(?(?P<age>\d{1,2})\)?(?:\s*(?:years?\s+old|yrs?(?:\s+old)?|y/?o))?$", re.IGNORECASE)


_SOMEONE_ELSES = re.compile(r"(?i)\b(?:my|our|his|her|their)\s+[\w-]+['’]s\b|\bnot\s+(?:mine|ours)\b")


class Counted(NamedTuple):
    how_many: str  # as said: "two", "3", "a"
    kind: str  # "kids", "grandchildren", "dogs"
    names: list[str]
    ages: list[str | None]


def named_by_count(counted: list[Counted]) -> dict[str, str]:
    """Name → relation or species of each one ``counted`` ("Elsa" → "child"), so that what the next sentence says of
    each is read as said of "my kid Elsa" (``known``)."""
    return {title(name): _RELATIVES.get(c.kind) or _PETS[c.kind] for c in counted for name in c.names}


def household_facts(counted: list[Counted]) -> list[Candidate]:
    """ "Has two kids: Elsa and Max", and each one's age said with the name."""
    return [candidate for c in counted for candidate in _household(*c)]


def counted_then_named(parts: list[str]) -> list[Counted]:
    """Households the sentences ``parts`` count in one sentence and name at the start of the next (``_COUNTED``)."""
    found = []
    for i, (counted, following) in enumerate(zip(parts, parts[1:], strict=False)):
        # a count alone opens the message ("Two children, both grown."; not "Babysitting tonight. Two kids."); a
        # count with "I have" is a statement (not "What if I have two kids?")
        match = (_COUNT_ALONE.match(counted) if i == 0 else None) or _COUNTED.search(counted)
        if match is None or (match.re is _COUNTED and not _OWNER.search(counted[: match.start()])):
            continue
        if counted.rstrip().endswith("?") or UNREAL.search(counted) or _SOMEONE_ELSES.search(following):
            continue  # "… Emma and Liam are my sister's"
        count = match.group("count").lower()
        number = _NUMBERS.get(count, int(count) if count.isdigit() else 0)
        each = [named for piece in _each_name(following) if len(piece) < 80 and (named := _EACH_NAMED.match(piece))]
        if not number or len(each) != number or len(each) != len(_each_name(following)):
            continue
        names = [named.group("name") for named in each]
        ages = [age.group("age") if (age := _AN_AGE.match(named.group("what"))) else None for named in each]
        said_of = [named.group("what") for named, age in zip(each, ages, strict=True) if not age]
        if any(name.lower() in _NOT_NAMES | STOPWORDS for name in names) or (number == 1 and not ages[0]):
            continue  # "I have a dog. Max is my neighbour's": one name, nothing that says it is theirs
        if any(len(what.split()) > 8 for what in said_of):
            continue  # a clause of its own after a name is not a list of them
        if any(name.lower() not in GIVEN_NAMES for name in names):
            continue  # "I have two kids. Monday and Tuesday are the worst", "… Christian and Muslim.": no names
        found.append(Counted(count, match.group("kind").lower(), names, ages))
    return found


def _each_name(listed: str) -> list[str]:
    return re.split(r"\s*[,;]\s*(?:and\s+|&\s+)?|\s*,?\s*(?:and|&)\s+", listed.strip())


_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "twins": 2}  # fmt: skip
_NUMBER_WORDS = {number: word for word, number in _NUMBERS.items() if word not in {"a", "an", "twins"}}


def named_in_another_sentence(message: str) -> list[Candidate]:
    """'we got a puppy!! his name is Bruno', 'I have a girlfriend now. Her name is Solveig', 'my boss is so nice. her
    name is Jiyoon': who the sentence before (or earlier in the same one) said the contact has, named by a pronoun.
    What they got or have is read first ("I got a cat for my sister. Her name is Luna" names the cat); else the one
    relative they call "my …", if only one was said; and the pronoun must be able to be them ("her" is no brother).
    Not what someone else has ("My neighbour got a puppy", "my friend's daughter"), nor whom they met ("I met a girl
    at the bar. Her name is Jess")."""
    named = _NAMED_LATER.search(message)
    if named is None:
        return []
    window = max(0, named.start() - 160)
    before = message[window : named.start()]
    ends = [end.end() for end in _SENTENCE_END.finditer(before)]
    if len(ends) > 1:
        before = before[ends[-2] :]  # the sentence before and this one only
    got = list(_ACQUIRED.finditer(before))
    mine = list(_MY_RELATIVE.finditer(before))
    # "my boss is so nice. her name is…": the only one said ("My neighbour got a puppy. Her name is…" may be the puppy)
    said = got[-1] if got else (mine[0] if len(mine) == 1 and len(_ANYONE.findall(before)) == 1 else None)
    if said is None:
        return []
    kind, name = said.group("kind").lower().split()[-1], named.group("name")  # "baby girl": a girl, a daughter
    if name.lower() in STOPWORDS | _TITLES or not _pronoun_fits(named.group(0), kind):
        return []
    if kind in _PETS or kind in _RELATIVES:
        mention = _mention(kind, name)
    else:
        people = person_mentions(f"my {kind} {title(name)}")
        if len(people) != 1 or not is_named(people[0]):
            return []
        mention = people[0]
    if mention.entity_type == "pet":
        species = mention.metadata["species"]
        content = f"Has {'an' if species[0] in 'aeiou' else 'a'} {species} named {name}"
        return [Candidate(FACT, content, slot=f"pet:{mention.key}", value=(mention.ref, facet("species", species)),
                          entities=(mention,))]  # fmt: skip
    return [Candidate(FACT, f"{mention.metadata['relation'].capitalize()}'s name is {name}", entities=(mention,))]


# What the contact got or has: a pet, a child, a partner ("we adopted a kitten", "i got the hamster", "I have a
# girlfriend now"; not "I don't have a boyfriend", "I met a girl", "I'm dog sitting a puppy").
_PARTNERS = alternation(("girlfriend", "boyfriend", "partner", "fiance", "fiancé", "fiancee", "fiancée", "husband",
                         "wife", "gf", "bf"))  # fmt: skip
_ACQUIRED = re.compile(
    rf"(?i)\b(?:i|we)(?:['’]ve|\s+have|\s+just|\s+finally|\s+now)?\s+"
    rf"(?:got|adopted|rescued|have|bought|brought\s+home|welcomed|had|picked\s+up|took\s+in)\s+"
    rf"(?:a|an|our|my|the)\s+(?:new\s+)?(?:little\s+|beautiful\s+|lovely\s+)?"
    rf"(?P<kind>baby\s+(?:girl|boy)|(?!(?:girl|boy|kid|baby|child)s?\b)(?:{_KINDS})|{_PARTNERS})\b"
)
# Anyone or any animal a pronoun could name: "a puppy", "my neighbour", "the girl", "his wife"
_ANYONE = re.compile(
    rf"(?i)\b(?:a|an|the|my|our|his|her|their|your)\s+(?:\w+\s+)?(?:{_KINDS}|{_RELATION_WORDS}|guy|man|woman|lady"
    r"|person|someone)\b"
)
# One of the contact's own, by relation: "my boss", "our son" (not "my friend's daughter").
_MY_RELATIVE = re.compile(
    rf"(?i)\b(?:my|our)\s+(?:new\s+|little\s+|baby\s+|lovely\s+)?(?P<kind>{_KINDS}|{_RELATION_WORDS})\b"
    r"(?!['’]s|\s+(?:named|called)\b|\s+(?-i:[A-Z]))"
)
_SENTENCE_END = re.compile(r"[.!?]+\s")
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "madam"})  # "Her name is Mrs Patel": a surname follows


def _pronoun_fits(said: str, kind: str) -> bool:
    return pronoun_fits(said.split()[0], _RELATIVES.get(kind) or RELATIONS.get(kind, ""))


# "we adopted a kitten last week", "I just rescued a greyhound", "we got a puppy!": a new pet, not named in the message
# (named, it is named_in_another_sentence's or the pet rules')
_NEW_PET = re.compile(
    rf"(?i)(?:\b(?:i|we)(?:['’]ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:got|adopted|rescued|bought|brought\s+home"
    rf"|took\s+in|taken\s+on|took\s+on)|^\W*(?:just\s+|finally\s+|recently\s+)?(?:adopted|rescued|brought\s+home))\s+"
    rf"(?:a|an|my\s+own|our\s+own|our)\s+(?:(?!(?:from|for|to|and|named|called)\b)[\w-]+\s+){{0,2}}?"
    rf"(?P<kind>{alternation(_PETS)})(?![\w-])(?!\s+(?:named|called|bite|food|bed|toy|sitter|walker)\b)"
    # the clause ends on the pet, or says when or from where a pet comes (not "for my sister", "for the weekend",
    # "from the motorway", "on Nintendogs", "… figurine")
    rf"(?=\s*(?:$|[!,;]|\.(?!\.)|\s+(?:last|this|yesterday|today|and|from\s+(?:a|the)\s+(?:shelter|rescue|breeder|pound"
    rf"|rspca|spca|humane\s+society))\b))"
)


_CALLED = re.compile(r"\b(?i:named|called)\s+[A-Z]")


def new_pet(message: str) -> list[Candidate]:
    """'we adopted a kitten last week' → 'Has a kitten' (not when the message goes on to name it)."""
    found = []
    for match in _NEW_PET.finditer(message):
        if _NAMED_LATER.search(message, match.end()) or _CALLED.search(message, match.end(), match.end() + 80):
            continue  # "we got a dog last month, a rescue greyhound called Biscuit": the pet rules name it
        kind = match.group("kind").lower()
        found.append(Candidate(FACT, f"Has {article(kind)} {kind}", entities=tuple(pet_mentions(f"my {kind}"))))
    return found


def named_first(sentence: str) -> list[Candidate]:
    """'Tom is my fiancé', 'Priya's my sister' → as "my fiancé Tom"."""
    found = []
    lowercase = sentence == sentence.lower()
    said = [*_IS_MY.finditer(sentence), *(_IS_MY_LOWERCASE.finditer(sentence) if lowercase else ())]
    for match in said:
        if match.group("name").lower() in STOPWORDS or match.group("name").lower() in _NOT_A_PARTNER:
            continue  # "that's my dad", "it's my sister"; "Coffee is officially my best friend"
        people = person_mentions(f"my {match.group('kind')} {title(match.group('name'))}")
        if len(people) != 1 or not is_named(people[0]):
            continue
        person = people[0]
        relation = person.metadata["relation"]
        # No slot: "Work is my wife lol", "Coffee is my best friend" read the same way, and must not replace a
        # partner; "my fiancé Tom" said the usual way does.
        found.append(Candidate(FACT, f"{relation.capitalize()}'s name is {person.display_name}", entities=(person,)))
    return found


# "My sister Priya lives in Chennai, she is a doctor": the pronoun is the one person the sentence named.
_THEIR_ROLE = re.compile(rf"(?i:\b(?:she|he|they)(?:['’]s|\s+is|\s+are)\s+(?:now\s+|also\s+)?(?:a|an)\s+){ROLE}")


def their_role(sentence: str) -> list[Candidate]:
    said = _THEIR_ROLE.search(sentence)
    if said is None:
        return []
    named = [m for m in person_mentions(sentence[: said.start()]) if is_named(m)]
    if len(named) != 1:
        return []  # nobody, or more than one it could be
    role = " ".join(said.group("role").split())
    return [Candidate(FACT, f"{named[0].display_name} is {article(role)} {role}", entities=(named[0],))]


# "Tom proposed!!!", "Dev finally proposed to me": the one they are with is now their fiancé(e) ("Tom proposed a new
# schedule", "Tom proposed to Sarah" are not).
_PROPOSED = re.compile(
    rf"(?<![\w'’-])(?P<name>{_NAME})\s+(?i:(?:just\s+|finally\s+)?proposed)(?:(?i:\s+to\s+me)\b|(?=\s*[!.,]|\s*$)"
    # ... or says when: "Felix proposed last night on the beach" (not "Tom proposed a new schedule")
    r"|(?=\s+(?i:last\s+night|yesterday|today|tonight|this\s+(?:morning|evening|weekend)|on\s+(?:our|my)\s+\w+)"
    r"(?:\s*(?:$|[.!,;]|\s+(?i:on|at|in)\s)|\s+(?i:on|at|in)\s)))"  # "… yesterday that we split the bill" is a plan
    # "Kit and I got engaged", "Sam and I are engaged now": the one named is the fiancé(e)
    rf"|(?<![\w'’-])(?P<both>{_NAME})\s+(?i:and\s+i\s+(?:just\s+|finally\s+)?(?:got|are|'re)\s+engaged)\b"
    r"(?!\s+(?i:in|with)\s+[a-z])"  # "engaged in a project" is busy; "engaged in Lisbon" is not
)

_SAID_NO = re.compile(r"\b(?:i\s+)?said\s+no\b|\bturned\s+(?:him|her|them)\s+down\b", re.IGNORECASE)


def proposal(sentence: str) -> list[Candidate]:
    found: list[Candidate] = []
    if _SAID_NO.search(sentence):  # "Tim proposed but I said no": turned down, no engagement
        return found
    for match in _PROPOSED.finditer(sentence):
        name = match.group("name") or match.group("both")
        if name.lower() in STOPWORDS or name.lower() in {"he", "she", "they"}:
            continue
        found.append(_partner(name, "fiance", "Is engaged to {}"))
    return found


# The one they are with, said without "my girlfriend": "I'm dating Marcus", "Ana and I have been together 3 years",
# "I married Ben in 2015", "I proposed to Sarah … she said yes", and the end of it: "Alex and I broke up", "Alex
# dumped me". The partner slot holds one memory, so each reading must be sure: the name is a person's name said
# alone (not "Tom's brother", an app, a relative), the clause ends after it or after a time ("Tom and I split up the
# bill", "Mum dumped me at the station", "together for Christmas" are not), and the sentence is not a joke.
_END = r"(?=\s*(?:$|[.!,;:)]|[^\w\s'’]|\s+(?:lol|haha|omg)\b))"
_CLAUSE_ENDS = (
    rf"(?=\s*(?:$|[.!,;:)]|[^\w\s'’]|\s+(?:lol|haha|omg)\b|\s+(?:officially|finally|now|again){_END}"
    r"|\s+(?:yesterday|today|last\s+\w+|(?:in|since)\s+(?:\d{4}|[A-Z][a-z]+)"
    r"|(?:a|\d+|two|three|four|five|six|few)\s+(?:\w+\s+)?(?:years?|yrs?|months?|weeks?|days?)(?:\s+ago)?"
    r"|for\s+(?:a|\d+|two|three|four|five|six|almost|nearly|over|about)\s+[\w\s]{0,12}?(?:years?|months?|weeks?))\b))"
)
_OPENER = rf"(?i:{alternation(STOPWORDS)}|so|well|yes|ok|okay|oh|update|btw|honestly|finally|today|yesterday)"


def _person(n: int) -> str:
    """A first name, maybe a surname ("Ben Carter"), not a possessive ("Tom's brother"); groups ``name{n}``."""
    first = rf"(?=[A-Z])(?!{_OPENER}\b)(?P<name{n}>{_NAME})(?!['’]s\b)"  # a capital first: the cheap test first
    return first + rf"(?:\s+(?!(?:And|Or)\b)(?P<surname{n}>{_NAME})(?!['’]s\b))?"


_PARTNER_SAID = (
    (
        re.compile(
            rf"(?i:\bi(?:'m|’m|m|\s+am|(?:\s+have|'ve|’ve)\s+been|\s+(?:just\s+)?started)\s+dating\s+"
            rf"(?:(?:a\s+(?:guy|girl|man|woman|lad)|someone)\s+(?:called|named)\s+)?){_person(1)}{_CLAUSE_ENDS}"
        ),
        "Is dating {}",
        "partner",
    ),
    (
        re.compile(
            rf"(?<![\w'’-]){_person(2)}\s+(?i:and\s+i(?:'re|’re|\s+are|\s+have\s+been|'ve\s+been|’ve\s+been)\s+"
            rf"(?:together|dating|a\s+couple|official|in\s+a\s+relationship)){_CLAUSE_ENDS}"
        ),
        "Is in a relationship with {}",
        "partner",
    ),
    (
        re.compile(
            rf"(?<![\w'’-]){_person(3)}\s+(?i:and\s+i\s+(?:just\s+|finally\s+)?got\s+married)\b"
            rf"|(?i:\bi(?:'m|’m|\s+am|(?:'ve|’ve|\s+have)\s+been)\s+married\s+to\s+|\bi\s+(?:just\s+)?married\s+"
            # without the "I", opening a sentence about oneself: "married to Minh 11 yrs, 2 kids"
            rf"|^\W*(?:happily\s+)?married\s+to\s+(?![^.!?]*(?:\bin\s+my\s+(?:dreams|head)|,\s*my\s+\w+\s+)))"
            rf"{_person(4)}{_CLAUSE_ENDS}"
        ),
        "Is married to {}",
        "partner",
    ),
    (
        re.compile(
            rf"(?<![\w'’-]){_person(5)}\s+(?i:and\s+i\s+(?:just\s+|finally\s+|officially\s+)?(?:broke|split)\s+up)"
            rf"{_CLAUSE_ENDS}"
            rf"|(?i:\bi\s+(?:just\s+|finally\s+)?(?:broke|split)\s+up\s+with\s+){_person(6)}{_CLAUSE_ENDS}"
            rf"|(?<![\w'’-]){_person(7)}\s+(?i:(?:just\s+)?(?:broke\s+up\s+(?:with|w/?)|dumped)\s+me){_CLAUSE_ENDS}"
        ),
        "Broke up with {}",
        "ex",
    ),
    (
        re.compile(rf"(?i:\bi(?:'m|’m|m|\s+am)\s+(?:now\s+|officially\s+)?engaged\s+to\s+){_person(60)}{_CLAUSE_ENDS}"),
        "Is engaged to {}",
        "fiance",
    ),
    (re.compile(rf"(?i:\bi\s+(?:just\s+|finally\s+)?dumped\s+){_person(61)}{_CLAUSE_ENDS}"), "Broke up with {}", "ex"),
    (
        re.compile(
            rf"(?<![\w'’-]){_person(62)}\s+(?i:and\s+i\s+(?:are\s+|have\s+|just\s+|finally\s+)?(?:separated|got\s+divorced))"
            rf"{_CLAUSE_ENDS}|(?i:\bi\s+(?:just\s+|finally\s+)?divorced\s+){_person(63)}{_CLAUSE_ENDS}"
        ),
        "Separated from {}",
        "ex",
    ),
)
# Capitalised words that are no partner: apps, brands, habits said as lovers ("I broke up with Netflix").
_NOT_A_PARTNER = frozenset({
    "alexa", "siri", "duolingo", "chatgpt", "google", "bed", "sofa", "couch", "pillow", "wine", "tea", "cake",
    "he", "she", "they", "him", "her", "them", "someone", "somebody", "nobody", "dr", "doctor", "mr", "mrs", "ms",
    "tinder", "hinge", "bumble", "grindr", "online", "netflix", "facebook", "instagram", "tiktok", "twitter", "reddit",
    "youtube", "uber", "amazon", "spotify", "ryanair", "work", "sugar", "coffee", "carbs", "gluten",
    "alcohol", "chocolate", "pizza", "beer", "gym", "management", "everyone", "everybody", "god", "jesus",
})  # fmt: skip
# A sentence that jokes or reports what others think is no statement of one's own partner.
_JOKING = re.compile(
    r"(?i)🙄|😂|🤣|\blmao\b|\blmfao\b|\bjk\b|/s\b|\byeah\s+right\b|\bsure,?\s+and\b|\bas\s+if\b"
    r"|\bnot\s+like\s+i\b|\bjoke\b"
)
_REPORTED = re.compile(r"(?i)\b(?:thinks?|thought|assumes?|assumed|reckons?|believes?|pretends?|rumou?rs?)\b")


def partner_said(sentence: str) -> list[Candidate]:
    if _JOKING.search(sentence) or _REPORTED.search(sentence):
        return []
    said = [(match, template, relation) for pattern, template, relation in _PARTNER_SAID
            for match in pattern.finditer(sentence)]  # fmt: skip
    if not said:
        return []
    # Someone the sentence names as a relative or friend is not a partner ("my brother Will and I split up the
    # chores"); one it names as a partner exactly is not said again vaguely ("my boyfriend Lucas and I have been
    # together"), though a marriage or a break-up changes what they are.
    relations = {m.display_name: m.metadata["relation"] for m in person_mentions(sentence) if is_named(m)}
    found = []
    for match, template, relation in said:
        name = _named(match)
        first = name.split()[0]
        if first.lower() in STOPWORDS or first.lower() in _NOT_A_PARTNER or first.lower() in RELATIONS:
            continue
        said_as = relations.get(title(first)) or relations.get(title(name))
        if said_as and (said_as not in PARTNERS or (relation == "partner" and not template.startswith("Is married"))):
            continue
        found.append(_partner(name, relation, template))
    return found


# "I proposed to Sarah last night and she said yes!", "I asked Sarah to marry me!!! She said YES": read over the
# message, as the yes often comes a sentence later; a proposal without one is not an engagement, nor is someone
# else's ("Proposed to Ana last night", said of a brother) or a proposal of a plan ("I proposed to Tom that …").
_YES = r"(?i:\b(?:she|he|they)\s+said\s+yes\b|\bwe(?:'re|’re|\s+are)\s+engaged\b)"
_ASKED = re.compile(
    rf"(?i:\bi\s+(?:just\s+|finally\s+)?proposed\s+to\s+(?:my\s+(?:boyfriend|girlfriend|partner)\s+)?){_person(8)}(?=(?i:\s+(?:and|last|yesterday|today|on|at|in|tonight)\b"
    rf"|\s*[.!,]))(?=[\s\S]{{0,120}}?{_YES})"
    rf"|(?i:\bi\s+(?:just\s+|finally\s+)?asked\s+){_person(9)}(?=(?i:\s+to\s+marry\s+me\b)[\s\S]{{0,120}}?{_YES})"
    # "Jake proposed and I said yes", "Jake asked me to marry him and I said yes!"
    rf"|(?<![\w'’-]){_person(49)}(?i:\s+(?:just\s+|finally\s+)?(?:proposed(?:\s+to\s+me)?|asked\s+me\s+to\s+marry\s+(?:him|her|them)))"
    rf"(?=[\s\S]{{0,120}}?(?i:\bi\s+said\s+yes\b))"
)


def _named(match: re.Match[str]) -> str:
    """The name a partner pattern matched: its first name, with the surname said after it."""
    groups = match.groupdict()
    n = next(key[4:] for key, value in groups.items() if key.startswith("name") and value)
    surname = groups.get(f"surname{n}")
    return f"{groups[f'name{n}']} {surname}" if surname and surname.lower() not in STOPWORDS else groups[f"name{n}"]


def proposal_accepted(message: str) -> list[Candidate]:
    if _JOKING.search(message):
        return []
    found = []
    for match in _ASKED.finditer(message):
        name = _named(match)
        if not name or name.lower() in STOPWORDS or name.lower() in _NOT_A_PARTNER or name.lower() in RELATIONS:
            continue
        found.append(_partner(name, "fiance", "Is engaged to {}"))
    return found


def _partner(name: str, relation: str, template: str) -> Candidate:
    """The contact's one partner slot, held by ``name`` as ``relation`` ("fiance", "ex"…): a new relation or a new
    person supersedes the last."""
    person = EntityMention("person", entity_key(name), title(name), aliases=(title(name), f"my {relation}"),
                           metadata={"relation": relation})  # fmt: skip
    value = (person.ref, facet("relation", relation))
    return Candidate(FACT, template.format(person.display_name), slot="relation:partner", value=value,
                     entities=(person,))  # fmt: skip


def kin_mentions(sentence: str) -> list[EntityMention]:
    """'mum says i have to revise' → person Mum (mother), as "my mum" would."""
    mentions = []
    for match in _KIN.finditer(sentence):
        before = sentence[max(0, match.start() - 40) : match.start()]  # the few words before it
        if _SOMEONES.search(before) or _SELF_DESCRIBED.search(before) or _PARENT_OF.match(sentence, match.end()):
            continue  # "her mom", "the dad in that movie", "Jake's mom", "a great dad", "single dad", "dad of three"
        word = match.group("kind").lower()
        relation = _KIN_RELATIONS[word]
        mentions.append(EntityMention("person", entity_key(word), word.capitalize(), aliases=(f"my {word}",),
                                      metadata={"relation": relation}))  # fmt: skip
    return mentions


# "The boys are Caleb and Owen. Caleb is 14 and already taller than me, Owen is 11", "The kids: Asger is 16, Ida is
# 13": a message about one's children (or grandchildren) gives each one's age by name. A given name only, the clause
# ending on the age (not "Ava is 5 foot 2", "Leo is 12 minutes late"); whose they are, "my"/"our" says, if it is said.
_CHILDREN_SAID = re.compile(
    r"(?i)\b(?P<mine>(?:my|our)\s+)?(?P<count>(?:two|three|four|five|six|[2-9])\s+)?(?:(?:little|young|grown)\s+)?"
    r"(?P<kind>kids|children|boys|girls|twins|grandkids|grandchildren|grandsons|granddaughters|sons|daughters)"
    # the names listed right after: "The boys are Caleb and Owen", "The kids: Asger is 16, Ida is 13"
    # (a sentence later only after a count: "I have two kids. Elsa is 7 and Max is 4.")
    r"(?:\s+are(?:\s+called|\s+named)?|\s*[:,–—-]|(?(count)\.|(?!)))"
    r"\s+(?P<listed>(?-i:[A-Z])[^.!?;]{0,80})"
)
_NAME_IS_AGE = re.compile(
    r"(?<![\w'’])(?P<name>[A-Z][a-z]+)(?:\s+is|['’]s)\s+(?:now\s+|just\s+)?(?P<age>\d{1,2})"
    r"(?:\s*(?:years?\s+old|yrs?(?:\s+old)?|y/?o))?"
    r"(?=\s*(?:$|[,.;!)]|\s+(?i:and|now|already|but|next|this|going|soon)\b))"
)
_GROUP_RELATION = {
    "kids": "child", "children": "child", "twins": "child", "boys": "son", "sons": "son", "girls": "daughter",
    "daughters": "daughter", "grandkids": "grandchild", "grandchildren": "grandchild", "grandsons": "grandson",
    "granddaughters": "granddaughter",
}  # fmt: skip


def ages_of_the_named(message: str) -> list[Candidate]:
    said = _CHILDREN_SAID.search(message)
    if said is None:
        return []
    relation = _GROUP_RELATION[said.group("kind").lower()] if said.group("mine") else ""
    listed = _listed_names(said.group("listed"))  # only they: not "… their nanny, Sophie is 22"
    found = []
    for match in _NAME_IS_AGE.finditer(message):
        name = match.group("name")
        if (
            name not in listed
            or name.lower() not in GIVEN_NAMES
            or name.lower() in STOPWORDS
            or _CALENDAR.fullmatch(name)
        ):
            continue
        who = EntityMention("person", entity_key(name), name, aliases=(name,),
                            metadata={"relation": relation} if relation else {})  # fmt: skip
        found.append(Candidate(FACT, f"{name} is {match.group('age')}", entities=(who,)))
    return found


_CALENDAR = re.compile(CALENDAR_WORDS)


def _listed_names(listed: str) -> set[str]:
    """The given names a list of children starts with and goes on with ("Caleb and Owen", "Asger is 16, Ida is 13");
    none if it starts otherwise ("Our nanny Rosa is 24", "Harry Potter mad")."""
    names = re.findall(r"\b[A-Z][a-z]+\b", listed)
    if not names or not listed.startswith(names[0]) or names[0].lower() not in GIVEN_NAMES:
        return set()
    return {name for name in names if name.lower() in GIVEN_NAMES}


def _mention(kind: str, name: str) -> EntityMention:
    if kind in _PETS:
        species = _PETS[kind]
        return EntityMention("pet", entity_key(name), title(name), aliases=(title(name), f"my {species}"),
                             metadata={"species": species})  # fmt: skip
    relation = _RELATIVES[kind]
    return EntityMention("person", entity_key(name), title(name), aliases=(title(name), f"my {relation}"),
                         metadata={"relation": relation})  # fmt: skip


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}"


SENTENCE_RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    several_named, several_are_named, pair_named, named_first, their_role, proposal, partner_said,
)  # fmt: skip
MESSAGE_RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    named_in_another_sentence, proposal_accepted, new_pet, ages_of_the_named,
)  # fmt: skip
