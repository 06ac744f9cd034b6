"""Names typed in lowercase: "my gf kayla made me a playlist", "hiii im leila", "daughter hana is 10".

The rules know a name by its capital, as people write one — but many chat in lowercase, and then a name looks like any
other word. In a message typed without capitals (no word in Title case), a word where a name goes is given its capital
when it is no English word — lemminflect's lexicon (MIT: ~60,000 English word forms with their parts of speech) knows
"knocked", "tired" and "proud", not "kayla" or "pistache" — and the slot vouches for it:

- said to be a name ("her name is mochi", "names ethan"): any such word;
- after a relation ("my gf kayla", "daughter hana", "kenji here", "hi im leila"): a given name — one of the ~31,000
  first names, of every locale, that Faker (MIT) ships — since "my mom texted me", "my gf starbucks order" and "im
  keto" put words the lexicon lacks in the same places;
- after a pet's kind ("my cat pistache"): pets are called anything, so a word that is followed as a name is ("just
  knocked…", ",", "is"), not as a verb or a noun's modifier is ("my cat zoomies at 3am", "my dog kibble brand").

The rules then read the sentence as if it had been typed with its capitals, with the same checks. What stays as typed:
a name that is also a word ("my rats bean and toast"), a word one slip from an English one ("my bro alwyas forgets"),
chat words and coinages ("im gonna", "my bro rizz", "glutenfree", "facetimed"), and messages not written in English,
where every word is foreign to the lexicon ("mi abuela cocina"). A name guessed so is marked on the fact that gives it
(``NAME_GUESSED``): it may fill an empty slot, never replace one (``memories.services.candidates``).

Both lists are vendored in ``data/`` (``data/build.py`` writes them from the two packages, which the service does not
load: importing lemminflect alone takes ~50 MB of a process, the lists 12 MB).
"""

from __future__ import annotations

import gzip
import itertools
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from memories.extraction.entities import AGE_AFTER_NAME
from memories.extraction.facts.identity import INTERJECTIONS
from memories.extraction.text import LATIN_LOWER, LATIN_UPPER, STOPWORDS
from memories.extraction.vocabulary import (
    FILLER_WORDS,
    PARTNER_RELATIONS,
    PET_SPECIES,
    PET_WORDS,
    RELATION_ONLY_WORDS,
    RELATIONS,
    SINGULAR_RELATIONS,
)

# Chat words no dictionary holds; none is a name. Apostrophe-less contractions are here too ("hes 8").
CHAT_WORDS = frozenset(
    {"gonna", "wanna", "gotta", "gimme", "lemme", "dunno", "kinda", "sorta", "lowkey", "highkey", "tho", "thru", "cuz",
     "coz", "bc", "rn", "fr", "ngl", "tbh", "idk", "idc", "imo", "imho", "omg", "ppl", "abt", "prob", "probs", "obvs",
     "ofc", "srsly", "yall", "pls", "plz", "smh", "wtf", "af", "asap", "bday", "bae", "fav", "fave", "irl", "jk",
     "lmfao", "rofl", "yeet", "sus", "hes", "shes", "im", "ive", "id", "ill", "youre", "theyre", "were", "wont",
     "cant", "dont", "didnt", "doesnt", "isnt", "wasnt", "aint", "ur", "ya", "u", "y'all", "okie", "yup", "nah",
     "finna", "tryna", "neva", "prolly", "innit", "deadass", "istg", "nvm", "tmrw", "tmr", "wyd", "hbu", "smth", "ong",
     "bruh", "fam", "tbf", "icl", "frfr", "oop", "gud", "alr", "alrite", "nocap", "smol", "heckin", "boi"}
)  # fmt: skip
NUMBER_WORDS = frozenset(
    {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
     "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
     "sixty", "seventy", "eighty", "ninety", "hundred"}
)  # fmt: skip
_NOT_NAMES = (
    STOPWORDS | INTERJECTIONS | FILLER_WORDS | CHAT_WORDS | NUMBER_WORDS | RELATIONS.keys() | PET_SPECIES.keys()
)
# What follows a word used as a verb ("my mom texted me", "my son vaping at 14") or as a modifier, not a name.
_OBJECTS = frozenset(
    {"me", "us", "him", "her", "them", "you", "u", "it", "my", "your", "his", "our", "their", "the", "a", "an", "this",
     "that", "these", "those", "at", "in", "on", "to", "for", "with", "about", "from", "of", "into", "over", "up",
     "out", "off", "back", "around", "by"}
)  # fmt: skip
_AFTER_A_NAME = frozenset({"and", "but", "or", "who", "&"})

_LOWER = LATIN_LOWER  # names are typed with their accents too ("josé", "inès", "søren")
_TITLE_CASE = re.compile(rf"\b[{LATIN_UPPER}][{_LOWER}]")
_WORD = rf"[{_LOWER}][{_LOWER}-]{{1,22}}[{_LOWER}]"  # a name of 3 to 24 letters; a longer "word" is none
_GREETING = r"(?:h+i+|h+e+y+|hello|hiya|heya|yo|sup|namaste|salaam|hola|ciao)"
_OPENING = rf"^(?:{_GREETING}\W+)*"
_SLOT = re.compile(
    rf"(?<![\w'’-])(?:name\s+is|name['’]s|named|called)\s+(?P<said>{_WORD})(?![\w-])"
    rf"|{_OPENING}(?:names|my\s+name\s+is)\s+(?P<said_first>{_WORD})(?![\w-])"
    rf"|(?<![\w'’-])(?P<relation>{RELATION_ONLY_WORDS})\s+(?P<kin>{_WORD})(?![\w-])"
    # "lab" and "indie" are also a laboratory and a kind of music: "my lab pcr results", "my indie playlist"
    rf"|(?<![\w'’-])(?!(?:lab|indie)\b)(?:{PET_WORDS})\s+(?P<pet>{_WORD})(?![\w-])"
    rf"|{_OPENING}(?:i['’]?m|i\s+am)\s+(?P<introduced>{_WORD})(?![\w'’-])"
    rf"|{_OPENING}(?P<here>{_WORD})\s+here\b"
)
_NEXT_WORD = re.compile(rf"[{_LOWER}][{_LOWER}'’-]*")
_LETTERS = re.compile(rf"[{_LOWER}]{{3,}}")
_TRIPLED = re.compile(r"([a-z])\1\1")  # "sooo", "lmaooo": said for effect, not a name
SLIP_MIN_LETTERS = 5  # shorter words are only checked for two letters swapped
COMPOUND_PART_LETTERS = 3  # "glutenfree", "doomscrolling": two English words of three letters or more
NAME_GUESSED = "name_guessed"  # Candidate.metadata key: the name it holds was typed in lowercase
MAX_SLOTS = 8  # read in a message: a name is looked for in the first ones only (each costs up to ~1 ms)
ENGLISH_SHARE = 0.5  # of a message's words (three letters or more) the lexicon or the lists above know


def _read(name: str) -> list[str]:
    return gzip.decompress((Path(__file__).parent / "data" / name).read_bytes()).decode().splitlines()


# Vendored from lemminflect and Faker (data/build.py writes them and says how): word → its parts of speech, and names.
LEXICON: dict[str, str] = dict(line.split("\t") for line in _read("english_words.tsv.gz"))
GIVEN_NAMES = frozenset(_read("given_names.txt.gz"))


def recased(message: str, people: Mapping[str, str] | None = None) -> tuple[str, frozenset[str]]:
    """``message`` with the names in its first name slots capitalised, when its writer types in lowercase
    (``typed_in_lowercase``) and writes English, otherwise unchanged; and the names guessed so (as capitalised),
    which may fill an empty name slot but never replace the name it holds (``memories.services.candidates``).
    ``people``: the contact's named people (name → relation): their names are no guesses, and a word is no name of a
    relation one has only one of when they named someone else so."""
    if not typed_in_lowercase(message):
        return message, frozenset()
    slots = list(itertools.islice(_SLOT.finditer(message), MAX_SLOTS))
    if not slots or not _english(message, {match.group(_slot(match)) for match in slots}):
        return message, frozenset()
    guessed: set[str] = set()

    def capitalised(match: re.Match[str]) -> str:
        slot = _slot(match)
        word = match.group(slot)
        if not _vouched_for(slot, word, match.string, match.end(slot)) or _named_otherwise(match, people or {}):
            return match.group(0)
        if word.capitalize() not in (people or {}):  # a name the contact gave with its capital is no guess
            guessed.add(word.capitalize())
        start, end = match.start(slot) - match.start(), match.end(slot) - match.start()
        return match.group(0)[:start] + word.capitalize() + match.group(0)[end:]

    return _SLOT.sub(capitalised, message, count=MAX_SLOTS), frozenset(guessed)


_AGED = re.compile(AGE_AFTER_NAME)  # "my daughter poppy's 6", "my son rich is 9"


def typed_in_lowercase(message: str) -> bool:
    """No word of the message in Title case: "I" and words in capitals ("SO annoying") are no sign of it."""
    return _TITLE_CASE.search(message) is None


def is_english_word(word: str) -> bool:
    return word in LEXICON or word in _NOT_NAMES


def _slot(match: re.Match[str]) -> str:
    return next(name for name, value in match.groupdict().items() if value is not None and name != "relation")


def _named_otherwise(match: re.Match[str], people: Mapping[str, str]) -> bool:
    """ "my mom linda" when the contact's mother is Sue: a guess never contradicts what they said with capitals."""
    relation = RELATIONS.get(match.group("relation") or "")
    if relation not in SINGULAR_RELATIONS:
        return False
    word, partner = match.group("kin").capitalize(), relation in PARTNER_RELATIONS
    return any(
        name != word and (held == relation or (partner and held in PARTNER_RELATIONS)) for name, held in people.items()
    )


def _vouched_for(slot: str, word: str, message: str, end: int) -> bool:
    if slot == "kin" and word in GIVEN_NAMES and _AGED.match(message, end):
        return True  # "my daughter poppy's 6": an age says it is a name, an English word or not ("poppy", "rose")
    if not _may_be_a_name(word):
        return False
    if slot in {"introduced", "here"}:
        return word in GIVEN_NAMES
    if slot == "kin":
        return word in GIVEN_NAMES and _followed_as_a_name(message, end)
    if slot == "pet":  # pets are called anything: what follows must say it is a name, not merely end the sentence
        return _followed_as_a_name(message, end, ended=False) and not _coined(word)
    return True  # said to be a name


@lru_cache(maxsize=1024)
def _may_be_a_name(word: str) -> bool:
    if len(word) < 3 or _TRIPLED.search(word) or is_english_word(word):
        return False
    return word in GIVEN_NAMES or not _misspelt(word)  # "sofia" is no slip of "sofa", "gary" none of "gray"


def _followed_as_a_name(message: str, end: int, *, ended: bool = True) -> bool:
    """What comes after a name: a comma, "and", a verb ("pistache just knocked…", "bubba is") or, when ``ended``
    vouches too, the end of the sentence — not an object or a preposition (a verb's: "zoomies at 3am") or a noun (a
    modifier's: "kibble brand")."""
    rest = message[end:].lstrip()
    following = _NEXT_WORD.match(rest)
    if following is None:
        return ended or rest.startswith(",")
    word = following.group(0)
    said_as = set(LEXICON.get(word, ""))  # N noun, V verb, v inflected verb, A adjective, R adverb, X auxiliary
    if word in _AFTER_A_NAME or said_as & {"X", "R"}:
        return True
    if word in FILLER_WORDS:  # "lol", "haha": the sentence is over
        return ended
    if word in _OBJECTS:
        return False
    # a verb after a name is inflected ("made", "loves"); "trip" in "london trip" is the noun a modifier goes with
    return not said_as or "v" in said_as or not said_as & {"N", "A"}


def _coined(word: str) -> bool:
    """A verb's form ("facetimed", "vaping") or two English words run together ("glutenfree", "doomscrolling")."""
    if len(word) >= 6 and word.endswith(("ed", "ing")):
        return True
    parts = range(COMPOUND_PART_LETTERS, len(word) - COMPOUND_PART_LETTERS + 1)
    return any(is_english_word(word[:i]) and is_english_word(word[i:]) for i in parts)


def _misspelt(word: str) -> bool:
    """An English word typed with one slip is no name: two letters swapped ("jsut", "alwyas"), and in longer words one
    left out ("realy", "probaly"), one too many, or — longer still — one wrong ("definately"). The first letter is
    taken as typed, and short words only swapped: short names one letter from a word are many ("sam" / "same", "ben"
    / "been", "ethan" / "than")."""
    return any(is_english_word(variant) for variant in _one_slip_away(word) if variant != word and len(variant) > 2)


def _one_slip_away(word: str) -> Iterator[str]:
    letters, size = "abcdefghijklmnopqrstuvwxyz", len(word)
    yield from (word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(size - 1))  # swapped
    if size >= SLIP_MIN_LETTERS:
        yield from (word[:i] + c + word[i:] for i in range(1, size + 1) for c in letters)  # one left out
        yield from (word[:i] + word[i + 1 :] for i in range(1, size))  # one too many
    if size > SLIP_MIN_LETTERS:
        yield from (word[:i] + c + word[i + 1 :] for i in range(1, size) for c in letters)  # one wrong


def _english(message: str, slot_words: set[str]) -> bool:
    """Most of the message's other words are English: in Spanish or Italian every word is foreign to the lexicon."""
    words = [w for w in _LETTERS.findall(message) if w not in slot_words and not _TRIPLED.search(w)]
    return sum(is_english_word(w) for w in words) >= ENGLISH_SHARE * len(words)
