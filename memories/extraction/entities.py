"""Entity mentions: pets and people introduced with "my …", places, workplaces, schools, hobbies."""

from __future__ import annotations

import re

from memories.extraction.text import STOPWORDS, alternation, entity_key, title
from memories.extraction.types import EntityMention
from memories.extraction.vocabulary import NOT_NAMES, PET_SPECIES, RELATIONS

_PETS = alternation(PET_SPECIES)
_RELATIONS = alternation(RELATIONS)
# A name's apostrophe is its own (O'Brien), not "is" or a possessive after it ("my daughter Rosie's 4").
_NAME_WORD = r"[A-Z][\w-]*(?:['’](?![sS]\b)[\w-]+)*"
_NAME = rf"(?P<name>{_NAME_WORD}(?:\s{_NAME_WORD})?)"
_ANY_CASE_NAME = r"(?P<name>[\w'-]+(?:\s[A-Z][\w'-]*)?)"

# "my", "our"; then words that describe the relative or pet, not name them ("my little brother Mateo").
_DESCRIBING = (
    r"(?:little|lil|wee|big|older|elder|younger|baby|twin|eldest|oldest|youngest|middle|late|new|old|dear|half"
    # "my step grandad" (but "my step dad", "my step-mum" are relation words of their own)
    r"|step(?![\s-]+(?:dad|mum|mom|father|mother|sister|brother|son|daughter|sis|bro)\b)"
    r"|rescue|rescued|adopted|soon-to-be)"
)
MY = rf"\b(?:my|our)\s+(?:{_DESCRIBING}[\s-]+)?"
# A relation or species word ends where the word ends: "my mother-in-law" is not "my mother", "my lab mate" no labrador.
RELATION_END = r"(?![\w-]|\s+(?:mate|partner|food|walker|sitter|bed|toy|tree|person|people)s?\b)"
_NAMED_AS = r"(?:'s name is|\s+is\s+called|\s+is\s+named|\s+named|\s+called)"

# "my dog Bruno", "my dog, Bruno" (name must be capitalised: "my dog ate" is not a name)
_PET_WITH_NAME = re.compile(rf"(?i:{MY}(?P<kind>{_PETS}){RELATION_END})(?:,)?\s+{_NAME}")
# "my dog's name is bruno", "my dog is called Bruno", "a golden retriever named bruno"
_PET_NAMED = re.compile(rf"(?i:\b(?P<kind>{_PETS}){_NAMED_AS}\s+){_ANY_CASE_NAME}")
_PET_PLAIN = re.compile(rf"(?i:{MY}(?P<kind>{_PETS}){RELATION_END})")
_PERSON_WITH_NAME = re.compile(rf"(?i:{MY}(?P<kind>{_RELATIONS}){RELATION_END})(?:,)?\s+{_NAME}")
# "my sister is called Meera", and one introduced with "a": "I have a 5 year old son called Max"
_PERSON_NAMED = re.compile(
    rf"(?i:(?:{MY}|\b(?:a|an)\s+(?:[\w-]+\s+){{0,3}}?)(?P<kind>{_RELATIONS}){_NAMED_AS}\s+){_ANY_CASE_NAME}"
)
_PERSON_PLAIN = re.compile(rf"(?i:{MY}(?P<kind>{_RELATIONS}){RELATION_END})")
# An age said right after a name: "poppy's 6", "rich is 9", "will just turned 5".
AGE_AFTER_NAME = r"(?:['’]s|\s+is|\s+just\s+turned|\s+turned)\s+\d"
# In a lowercase message, a word after "my <relation>" is a name only where the sentence says it is one: an age
# after it ("my daughter poppy's 6"), an apposition ("my sister anna, who…"), a list ("my son max and my…").
_PERSON_LOWERCASE = re.compile(
    rf"{MY}(?P<kind>{_RELATIONS}){RELATION_END}\s+(?P<name>[a-z][a-z'-]{{1,20}})"
    rf"(?={AGE_AFTER_NAME}|\s*,|\s+and\s+(?:my|our)\b)"
)
# Words that follow a relation without naming it, in lowercase chat ("my girlfriend now, official", "my son too, and").
_NOT_LOWERCASE_NAMES = STOPWORDS | frozenset(
    {"now", "then", "too", "again", "here", "there", "today", "tonight", "tomorrow", "yesterday", "lol", "lmao",
     "haha", "tho", "though", "btw", "also", "still", "already", "ok", "okay", "obviously", "honestly",
     "anyway", "anyways", "either", "included", "especially", "mostly", "sometimes", "lately", "recently"}
)  # fmt: skip
# A relation said as a title before the name, capitalised as titles are: "Tita Linda", "Uncle Bob", "Coach Rono".
_PERSON_TITLED = re.compile(
    r"(?<![\w'’-])(?P<kind>Uncle|Auntie|Aunty|Aunt|Tita|Tito|Tia|Tio|Tía|Tío|Coach|Grandma|Grandpa|Granny|Nana|Nonna"
    r"|Nonno|Oma|Opa|Cousin)\s+(?P<name>[A-Z][\w-]*(?:\s[A-Z][\w-]*)?)(?!['’]s\b)"  # "Uncle Ben's rice": a brand
)
# Words that follow "called"/"named" without being a name: "my daughter called me today". A shouted word ("my
# landlord STILL hasn't…") is not a name either.
_NOT_A_NAME = frozenset({"me", "him", "her", "us", "them", "you", "it", "my", "his", "their", "our", "your", "a", "an",
                         "the", "back", "again", "today", "yesterday", "everyone", "someone"})  # fmt: skip


# "Priya, my sister, is a doctor", "Noodle (our rescue greyhound) snores", "I went with Tom, my husband.": a name with
# the relation beside it, between commas or brackets or ending the sentence. Read as "my sister Priya …" (the words
# that describe the relative are left out). Not "Sarah, my sister's friend" (the relation goes on: someone else's),
# not "Thanks, my friend" (no name), and only a name at the head of a clause or after "with"/"and".
_APPOSITION = re.compile(
    r"(?:^|(?<=[,;:(]\s)|(?<=\bwith\s)|(?<=\band\s)|(?<=\bto\s)|(?<=\bfor\s))"
    r"(?P<name>[A-Z][a-z][\w'-]*)\s*(?P<open>[,(])\s*(?P<my>(?i:my|our))\s+(?P<between>(?:(?i:[a-z][\w-]*)\s+){0,2}?)"
    rf"(?P<kind>(?i:{alternation([*RELATIONS, *PET_SPECIES])}))\s*(?:(?P<close>[,)])|(?=[.!?]*$))"
)
# Words before a relation that make it another one: "my ex husband", "my former boss", "my husband and best friend"
_CHANGES_THE_RELATION = frozenset(
    {
        "ex",
        "former",
        "late",
        "future",
        "would-be",
        "soon-to-be",
        "step",
        "half",
        "dead",
        "first",
        "second",
        "other",
        "fake",
        "work",
        "and",
        "or",
        *RELATIONS,
    }
)
# Words that open a sentence addressed to someone: "Thanks, my friend", "Morning, my love".
_ADDRESSING = frozenset(
    {"thanks", "thank", "cheers", "hi", "hey", "hello", "bye", "sorry", "yes", "no", "ok", "okay", "night", "morning",
     "goodnight", "love", "welcome", "congrats", "congratulations", "dude", "man", "bro", "mate", "christ", "god",
     "jesus", "lord", "gosh", "omg", "wow", "yeah", "well", "look", "listen", "honestly", "seriously", "anyway", "also",
     "plus", "oh", "ugh", "damn", "babe", "sweetie", "guys", "friend", "buddy"}
)  # fmt: skip


_LISTED = re.compile(r"\s*(?:and|or|&|plus)\b|\s*(?-i:[A-Z])[\w'-]*\s*,", re.IGNORECASE)
_SUBJECT_AGAIN = re.compile(r"\s*(?:he|she|they|it|i|we|you)\b|\s*(?:honestly|seriously|literally)\W*$", re.IGNORECASE)


def appositions_fronted(sentence: str) -> str:
    """``sentence`` with each "<Name>, my <relation>," read as "my <relation> <Name>" (see ``_APPOSITION``)."""

    def fronted(match: re.Match[str]) -> str:
        name = match.group("name")
        said = name.lower()
        if name in NOT_NAMES or said in STOPWORDS or said in RELATIONS or said in _NOT_A_NAME or said in _ADDRESSING:
            return match.group(0)
        if match.group("open") == "(" and match.group("close") not in {")", None}:
            return match.group(0)
        if _SUBJECT_AGAIN.match(sentence, match.end()):
            return match.group(0)  # "Dude, my dog, he ate my sock": the clause has its subject; the name is an address
        if _LISTED.match(sentence, match.end()) or (match.start() == 0 and not match.group("close")):
            return match.group(0)  # "Netflix, my wife, and a pizza": a list; "Sleep, my only friend.": no clause
        if set(match.group("between").lower().split()) & _CHANGES_THE_RELATION:
            return match.group(0)  # "Tom, my ex husband, …", "Dave, my former boss, …", "my husband and best friend"
        end = " " if match.group("close") else ""
        return f"{match.group('my')} {match.group('kind')} {name}{end}"

    if "my " not in sentence and "our " not in sentence and "My " not in sentence and "Our " not in sentence:
        return sentence  # no relation said: most sentences (a substring test costs far less than a scan)
    return _APPOSITION.sub(fronted, sentence)


# "Husband Rakesh is branch manager at SBI", "Daughter Hana is 10": a sentence (or a clause after "I'm …,") opening
# with a relation and a name, the "my" left out, as notes and introductions are typed. Read as "my husband Rakesh …"
# when a verb of a statement follows the name ("Sister Act is my favourite film", "Dad Jokes are the best" are not).
# Only the kin whose word is no title: "Mother Teresa", "Father Ted", "Son Heung-min", "Manager Ange", "Papa Johns",
# "Daddy Yankee", "Partner Nina is leading the audit" are names or titles of others.
_OWNED_KIN = ("husband", "wife", "hubby", "wifey", "daughter", "boyfriend", "girlfriend", "fiance", "fiancé", "fiancee",
              "fiancée", "gf", "bf", "mum", "mom", "stepdaughter", "stepson", "grandson", "granddaughter")  # fmt: skip
_RELATION_OPENS = re.compile(
    # opening the sentence, or a clause after one saying who one is ("I am 52, husband Rakesh is …")
    rf"(?:^|^\W*(?i:i['’]?m|i\s+am)\b(?:[^,.!?]{{0,40}},\s*){{1,2}})\W*(?P<kind>(?i:{alternation(_OWNED_KIN)}))\s+"
    rf"(?P<name>[A-Z][a-z][\w'-]*)"
    r"(?=\s+(?:is|was|has|had|works|worked|lives|lived|just|says|said|got|teaches|studies|runs|turned|passed|died)\b"
    r"|\s*,\s*\d{1,2}\b)"
)


_A_TITLE = re.compile(
    r"(?i)\b(?:favou?rite|film|movie|book|song|show|series|album|game|musical|play|episode|season|tv|sitcom)s?\b"
    r"|\bback\s+on\b"
)


# "mum's still in Cork", "dad's 70 next month", "grandad passed away last month": a parent or grandparent opening the
# sentence without "my", as one speaks of one's own, a verb of a statement after the word.
_PARENT_OPENS = re.compile(
    r"^(?P<open>\W*)(?P<kind>(?i:mum|mom|mam|mammy|mummy|mommy|ma|mama|dad|da|daddy|papa|grandad|granddad|grandpa"
    r"|grandma|granny|gran|nan|nana|nanna))"
    r"(?=['’]s\s+(?!(?:jokes?|bod|car|house|place|side|friend|friends|birthday|phone|name)\b)"
    r"|\s+(?:is|was|has|had|lives|lived|passed|died|works|worked|still|just|got|turned|turns|retired)\b)"
)


def relation_owned(sentence: str) -> str:
    """``sentence`` with an opening "<Relation> <Name> <verb>" read as "my <relation> <Name> <verb>", and an opening
    "mum's …" as "my mum's …"."""
    if (parent := _PARENT_OPENS.match(sentence)) is not None:
        return f"{parent.group('open')}My {parent.group('kind').lower()}{sentence[parent.end() :]}"
    match = _RELATION_OPENS.match(sentence)
    if match is None:
        return sentence
    name = match.group("name")
    if name in NOT_NAMES or name.lower() in STOPWORDS or name.lower() in RELATIONS or name.lower() in _ADDRESSING:
        return sentence
    if _A_TITLE.search(sentence, match.end()):
        return sentence  # "Sister Act is my favourite film", "Brother Bear was a great movie": a title
    return f"{sentence[: match.start('kind')]}my {match.group('kind').lower()} {sentence[match.start('name') :]}"


# "Daughter's name is Carol.", "My wife name is Zarghona", "my dogs name is Coco": a relative's or a pet's name said
# with the "my" or the "'s" left out, as notes and many Englishes type it. Read as "my daughter's name is Carol".
# Without "my" only where the message spoke of no one before: "My best friend got married. Husband's name is Tom."
_KIN_NAME_SAID = re.compile(
    rf"^(?P<open>\W*)(?P<kind>(?i:{_RELATIONS}|{_PETS}))['’]s\s+(?=(?i:name\s+is)\s)"
    rf"|(?P<my>\b(?i:my|our))\s+(?P<kind2>(?i:{_RELATIONS}|{_PETS}))(?:['’]?s)?\s+(?=(?i:name\s+is)\s+[A-Z])"
)
_SOMEONE_SAID = re.compile(rf"(?i)\b(?:{_RELATIONS}|{_PETS}|he|she|his|her|him|they|their|them|someone|somebody)\b")


def kin_name_said(sentence: str, before: str) -> str:
    """``sentence`` with a relative's name said as "my <relation>'s name is": "Daughter's name is Carol" → "My
    daughter's name is Carol" (``before``: what the message said before it)."""
    if "name" not in sentence.lower():
        return sentence  # most sentences

    def said(match: re.Match[str]) -> str:
        if match.group("kind"):
            if _SOMEONE_SAID.search(before):
                return match.group(0)
            return f"{match.group('open')}My {match.group('kind').lower()}'s "
        return f"{match.group('my')} {match.group('kind2').lower()}'s "

    return _KIN_NAME_SAID.sub(said, sentence)


# "just turned 21 lol", "just hit 30": a birthday said without the "I", the speaker's where the message spoke of no one
# before ("Happy birthday mom! Just turned 60!" is hers)
_TURNED_OPENS = re.compile(r"^(?P<open>\W*)(?=(?i:just\s+|finally\s+|officially\s+)?(?i:turned|hit)\s+\d{2}\b)")


def turned_said(sentence: str, before: str) -> str:
    """``sentence`` with "I" before a birthday said without it: "just turned 21 lol" → "I just turned 21 lol"."""
    if (match := _TURNED_OPENS.match(sentence)) is None or _SOMEONE_SAID.search(before):
        return sentence
    return f"{match.group('open')}I {sentence[match.end() :]}"


# "my daughter, Maya, is 10", "my son's called Arlo": a name between commas after the relation, and "'s called" for "is
# called" — read as "my daughter Maya is 10", "my son is called Arlo".
_NAME_BETWEEN_COMMAS = re.compile(
    rf"(?P<head>(?i:{MY}(?:{_RELATIONS}|{_PETS}))){RELATION_END}\s*,\s*(?P<name>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)\s*,\s*"
    r"(?=(?i:is|was|has|had|lives|works|just|turned|turns|got|studies|plays|loves)\b)"
)
_S_CALLED = re.compile(rf"(?P<head>(?i:{MY}(?:{_RELATIONS}|{_PETS})))['’]s\s+(?=(?i:called|named)\s+[A-Za-z])")


def names_said_plainly(sentence: str) -> str:
    """``sentence`` with "my daughter, Maya, is 10" as "my daughter Maya is 10" and "my son's called Arlo" as "my son is
    called Arlo"."""
    if "," in sentence:
        sentence = _NAME_BETWEEN_COMMAS.sub(r"\g<head> \g<name> ", sentence)
    if "called" in sentence or "named" in sentence:
        sentence = _S_CALLED.sub(r"\g<head> is ", sentence)
    return sentence


# "ma uncle Dougie", "mi son Andre", "me mam", "mah brother": "my" as many Englishes say it, before a word for kin or a
# pet (and its describing word: "me wee sister", "mi big brother"). "me" is an object too ("she told me dad was ill":
# still "my dad"), but not before a title ("Bless me Father"), nor any of them before a word said to a person ("call
# me baby"). A sentence another language's rules read ("vivo con mi abuela", "mi ex me escribió") is theirs.
_SAID_MY = re.compile(
    rf"(?i)\b(?P<my>ma|mi|me|mah|muh)\s+(?=(?:{_DESCRIBING}[\s-]+)?(?:{alternation([*RELATIONS, *PET_SPECIES])})"
    r"(?:['’]s)?\b(?![’'](?!s\b)))"  # not "excuse me ma'am"
    r"(?!(?:baby|babe|kids?|children|people|man|boy|girl)\b)"
)


# Words the other languages read say often and English does not ("el", "que", "avec", "che", "não"): a sentence with
# "mi", "ma" or "me" and any of them is theirs ("mi ex me escribió anoche", "je parle avec ma mère").
_OTHER_LANGUAGE_WORDS = frozenset({
    "el", "la", "los", "las", "que", "con", "por", "para", "muy", "es", "está", "esta", "le", "les", "et", "est",
    "avec", "il", "che", "di", "per", "não", "nao", "uma", "com", "um", "une", "des", "pero", "mais", "du", "au",
    "sur", "en", "ayer", "hoy", "anoche", "mucho", "tengo", "tiene", "j'ai", "c'est", "ist", "und", "ich", "mit",
    # nl ("ik" is English chat's "I know" too)
    "het", "een", "niet", "mijn", "heb", "hebben", "naar", "maar", "ook", "wij", "hij", "zij", "gisteren",
})  # fmt: skip


# Kin words English chat borrows that are also the words of the languages whose "my" is "mi" or "ma"
_KIN_OF_OTHER_LANGUAGES = frozenset({
    "ex", "mama", "papa", "papi", "mamie", "ma", "pa", "abuela", "abuelo", "abuelita", "tio", "tío", "tia", "tía",
    "nonna", "nonno", "vovó", "vovô", "comadre", "compadre", "tita", "tito",
})  # fmt: skip


def as_my(sentence: str) -> str:
    """``sentence`` with the "my" of many Englishes written as "my": "ma uncle Dougie" → "my uncle Dougie"."""
    if not _SAID_MY.search(sentence) or _other_language_mentions(sentence):
        return sentence
    if not _OTHER_LANGUAGE_WORDS.isdisjoint(re.findall(r"[\w']+", sentence.lower().replace("’", "'"))):
        return sentence

    def said_my(match: re.Match[str]) -> str:
        if match.group("my").lower() == "me" and not _me_as_my(sentence, match):
            return match.group(0)
        kin = sentence[match.end() :].split(maxsplit=1)[0].lower().rstrip(".,!?;:")
        if match.group("my").lower() in {"mi", "ma"} and kin in _KIN_OF_OTHER_LANGUAGES:
            return match.group(0)  # "mi ex", "mi abuela", "ma mamie": the other language's own "my"
        return "My " if match.group(0)[0].isupper() else "my "

    return _SAID_MY.sub(said_my, sentence)


# "me" is "my" in Irish, Scottish and Northern English before close kin ("me mam", "me da", "me nan"), said where a
# subject or a preposition's object stands: "me mam's 70", "me and me brother", "round me nan's". After a verb it is the
# object: "trust me bro", "made me manager", "calls me sis", "ey up me lad", "send me puppy pics".
_ME_KIN = frozenset({"mam", "mum", "ma", "mammy", "mother", "da", "dad", "daddy", "father", "nan", "nana", "nanna",
                     "gran", "granny", "grandad", "granda", "brother", "sister", "missus", "husband", "wife", "son",
                     "daughter", "fella", "auld"})  # fmt: skip
_ME_AT = re.compile(r"(?i)(?:^|[,;:(]|\b(?:and|with|to|for|at|round|from|of|by|like|than|me\s+and))\W*$")


def _me_as_my(sentence: str, match: re.Match[str]) -> bool:
    kin = sentence[match.end() :].split(maxsplit=1)[0]
    if kin[:1].isupper() or kin.lower().removesuffix("'s").removesuffix("’s") not in _ME_KIN:
        return False  # "Bless me Father", "me mate"
    return _ME_AT.search(sentence[max(0, match.start() - 20) : match.start()]) is not None


def _other_language_mentions(sentence: str) -> bool:
    from memories.extraction.languages import mentions  # the other languages' rules read this module's mentions

    return bool(mentions(sentence))


# "my mom's a nurse", "my son's 6", "my sister's in Leeds", "our dog's getting old": the "'s" of "is" after a relative
# or a pet, told from the possessive ("my mom's car", "my son's 6th birthday", "my sister's wedding") by what follows:
# an article, an age, a place's preposition or one of the verbs a relative's news is told with. Not a home said as its
# owner's: "a hāngī at my aunty's in Gisborne", "going round my mum's at 5".
_CONTRACTED_IS = re.compile(
    r"(?i)(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bround\s)(?<!\bover\s)(?<!\bnear\s)(?<!\bby\s)(?<!\bin\s)"
    # (not "a friend of my mum's", "it is my sister's", "that's my sister's")
    r"(?<!\bof\s)(?<!\bis\s)(?<!\bwas\s)(?<!\bare\s)(?<!\bwere\s)(?<!['’]s\s)"
    rf"\b(?P<owner>(?:my|our)\s+(?:{alternation([*RELATIONS, *PET_SPECIES])}))['’]s"
    r"(?=\s+(?:an?\s|in\s|at\s|from\s|back\s|still\s|now\s|also\s|always\s|only\s|almost\s|nearly\s|not\s"
    r"|(?:getting|moving|going|turning|starting|living|working|studying|staying|coming|expecting|retiring|leaving)\b"
    # an age, the clause ending on it: not "my sister's 3 year old is sick", "my dad's 5 year anniversary", "my son's
    # 6 month check", "my son's 12 and under team"
    r"|\d{1,3}(?:\s*(?:years?|yrs?|months?|weeks?)\s+old|\s*y/?o)?"
    r"(?=\s*(?:[.;!?)]|,(?!\s*\d)|$|and\b(?!\s+(?:under|over|up|only)\b)|but\b|now\b|already\b|so\b|today\b|lol\b))))"
)


def contracted_is(sentence: str) -> str:
    """``sentence`` with the "'s" that says "is" after a relative or a pet written out: "my mom's a nurse" → "my mom is
    a nurse"; "my mom's car" unchanged."""
    if "'s" not in sentence and "’s" not in sentence:
        return sentence
    return _CONTRACTED_IS.sub(lambda m: f"{m.group('owner')} is", sentence)


# "my 6-year-old son Max", "a 9yo daughter, Ruvimbo", "our 8 month old daughter Ada": an age said before the relation
# (the relation's name, if said, right after it; "a 3 year old son called Max" is the household rules')
_AGED_BEFORE = re.compile(
    r"(?i)(?:\b(?P<det>my|our)|(?P<verb>\b(?:have|has|got|adopted|had|with|raising)\s+)(?P<a>a|an))\s+(?P<age>\d{1,2})"
    # "year old" said, not "year" alone: "my 2 year boyfriend" is how long they have been together
    r"[\s-]*(?P<unit>years?[\s-]*old|yrs?[\s-]*old|yo|y/o|y\.o\.|months?[\s-]*old)\s+"
    rf"(?P<kind>{alternation([*RELATIONS, *PET_SPECIES])})(?![\w'’-])"
    r"(?P<name>\s*(?P<comma>,)?\s*(?P<given>(?-i:[A-Z][a-z][\w'-]*))(?![\w'’-]))(?!\s+(?:called|named)\b)"
    # the name ends there ("…, Ruvimbo.", "… Max is obsessed"): not a word that goes on ("…, Fortnite is all he plays",
    # "… Taylor Swift obsessed", "… Harvard grad")
    r"(?!\s+(?-i:[A-Z])|\s+(?:obsessed|mad|crazy|fan|addict|lover|grad|graduate|student)\b)"
    r"(?(comma)(?=\s*(?:$|[.;!?)…]|,|\s+(?:and|who|but|is\s+(?:a|an|my|so|such|the)\b))))"
)


def aged_said_after(sentence: str) -> str:
    """``sentence`` with an age said before a relation said after them, as the rules read it: "my 6-year-old son Max is
    obsessed" → "my son Max, who is 6, is obsessed"."""
    if not any(ch.isdigit() for ch in sentence):
        return sentence
    return _AGED_BEFORE.sub(lambda m: _age_after(m) if _named_so(m) else m.group(0), sentence)


def _named_so(match: re.Match[str]) -> bool:
    """Whether the word after the relation names them: a given name ("Max") or a word that is no English one
    ("Ruvimbo"); not "Honestly", "Friday", "Mr"."""
    from memories.extraction.casing import GIVEN_NAMES, is_english_word  # (both read this module's words)
    from memories.extraction.facts.base import CALENDAR_WORDS

    said = match.group("given")
    if len(said) < 3 or re.fullmatch(CALENDAR_WORDS, said):
        return False
    return said.lower() in GIVEN_NAMES or not is_english_word(said.lower())


def _age_after(match: re.Match[str]) -> str:
    months = " months old" if match.group("unit").lower().startswith("month") else ""
    name = match.group("name") or ""
    det = match.group("det") or f"{match.group('verb')}{match.group('a')}"  # "my", or "got a"
    return f"{det} {match.group('kind')}{name}, who is {match.group('age')}{months},"


def pet_mentions(sentence: str) -> list[EntityMention]:
    matches = [*_PET_NAMED.finditer(sentence), *_PET_WITH_NAME.finditer(sentence)]
    named = [mention for m in matches if (mention := _pet(m.group("kind"), m.group("name"))) is not None]
    if named:
        return named
    return [_pet_without_name(m.group("kind")) for m in _PET_PLAIN.finditer(sentence)]


def person_mentions(sentence: str) -> list[EntityMention]:
    if sentence == sentence.lower():  # one who types in lowercase types names so too: read where a name must be
        lowercase = [m for m in _PERSON_LOWERCASE.finditer(sentence) if m.group("name") not in _NOT_LOWERCASE_NAMES]
        named = [mention for m in lowercase if (mention := _person(m.group("kind"), m.group("name"))) is not None]
        if named:
            return named
    matches = [
        *_PERSON_NAMED.finditer(sentence),
        *_PERSON_WITH_NAME.finditer(sentence),
        *_PERSON_TITLED.finditer(sentence),
    ]
    named = [mention for m in matches if (mention := _person(m.group("kind"), m.group("name"))) is not None]
    if named:
        return named
    return [_person_without_name(m.group("kind")) for m in _PERSON_PLAIN.finditer(sentence)]


def place(kind: str, text: str) -> EntityMention:
    name = title(text.strip().rstrip(".,!?;:"))  # "I'm a nurse at Apollo." → Apollo
    return EntityMention(kind, entity_key(name), name, aliases=(name,))


def _pet(kind: str, raw_name: str) -> EntityMention | None:
    name = _first_name(raw_name)
    if name is None:
        return None
    species = PET_SPECIES[kind.lower()]
    metadata = {"species": species}
    if kind.lower() != species:
        metadata["breed"] = kind.lower()
    return EntityMention(
        "pet", entity_key(name), name, aliases=(name, f"my {kind.lower()}", f"my {species}"), metadata=metadata
    )


def _pet_without_name(kind: str) -> EntityMention:
    species = PET_SPECIES[kind.lower()]
    return EntityMention(
        "pet", entity_key(species), f"{species.capitalize()}", aliases=(f"my {species}",), metadata={"species": species}
    )


def _person(kind: str, raw_name: str) -> EntityMention | None:
    name = _first_name(raw_name)
    if name is None:
        return None
    relation = RELATIONS[kind.lower()]
    return EntityMention(
        "person", entity_key(name), name, aliases=(name, f"my {kind.lower()}"), metadata={"relation": relation}
    )


def _person_without_name(kind: str) -> EntityMention:
    relation = RELATIONS[kind.lower()]
    return EntityMention(
        "person",
        entity_key(kind.lower()),
        kind.lower().capitalize(),
        aliases=(f"my {kind.lower()}",),
        metadata={"relation": relation},
    )


def _first_name(raw_name: str) -> str | None:
    words = [w for w in raw_name.split() if w not in NOT_NAMES]
    if (
        not words
        or words[0].lower() in _NOT_A_NAME
        or words[0].lower() in STOPWORDS  # "my mom called to ask…"
        or (len(words[0]) > 3 and words[0].isupper())
        or words[0] != raw_name.split()[0]
        or words[0].lower() in PET_SPECIES
    ):
        return None
    name = " ".join(words[:2]) if len(words) > 1 and words[1][:1].isupper() else words[0]
    name = name.strip("'-")
    return title(name) if name and name[0].isalpha() else None


def is_named(mention: EntityMention) -> bool:
    """Named mentions carry the name as their first alias; 'my mom' alone does not."""
    return bool(mention.aliases) and not mention.aliases[0].startswith("my ")
