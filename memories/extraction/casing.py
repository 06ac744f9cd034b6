"""Names typed in lowercase: "my gf kayla made me a playlist", "hiii im leila", "daughter hana is 10".

The rules know a name by its capital, as people write one — but many chat in lowercase, and then a name looks like any
other word. In a message typed without capitals (no word in Title case), a word where a name goes — after a relation
or a pet's kind, after "name is", or introducing oneself at the start — is given its capital when it is no English
word: the lexicon of lemminflect (MIT: English lemmas and their inflections, data in the wheel) knows "knocked",
"tired" and "proud", not "kayla" or "pistache". The rules then read the sentence as if it had been typed with its
capitals, with the same checks.

What a lowercase name cannot be told from stays as typed: a name that is also a word ("my rats bean and toast"), chat
words the lexicon lacks ("im gonna", "my bro rn"), and sentences not written in English, where every word is foreign
to the lexicon ("mi abuela cocina").
"""

from __future__ import annotations

import re

from lemminflect import getAllLemmas

from memories.extraction.facts.identity import INTERJECTIONS
from memories.extraction.text import STOPWORDS
from memories.extraction.vocabulary import FILLER_WORDS, PET_SPECIES, RELATION_WORDS, RELATIONS

# Chat words no dictionary holds; none is a name. Apostrophe-less contractions are here too ("hes 8").
CHAT_WORDS = frozenset(
    {"gonna", "wanna", "gotta", "gimme", "lemme", "dunno", "kinda", "sorta", "lowkey", "highkey", "tho", "thru", "cuz",
     "coz", "bc", "rn", "fr", "ngl", "tbh", "idk", "idc", "imo", "imho", "omg", "ppl", "abt", "prob", "probs", "obvs",
     "ofc", "srsly", "yall", "pls", "plz", "smh", "wtf", "af", "asap", "bday", "bae", "fav", "fave", "irl", "jk",
     "lmfao", "rofl", "yeet", "sus", "hes", "shes", "im", "ive", "id", "ill", "youre", "theyre", "were", "wont",
     "cant", "dont", "didnt", "doesnt", "isnt", "wasnt", "aint", "ur", "ya", "u", "y'all", "okie", "yup", "nah"}
)  # fmt: skip
_NOT_NAMES = STOPWORDS | INTERJECTIONS | FILLER_WORDS | CHAT_WORDS | RELATIONS.keys() | PET_SPECIES.keys()

_TITLE_CASE = re.compile(r"\b[A-Z][a-z]")
_WORD = r"[a-z][a-z-]*[a-z]"
_GREETING = r"(?:h+i+|h+e+y+|hello|hiya|heya|yo|sup|namaste|salaam|hola|ciao)"
_SLOT = re.compile(
    rf"(?<![\w'’-])(?:{RELATION_WORDS}|name\s+is|name['’]s)\s+(?P<named>{_WORD})(?![\w-])"
    rf"|^(?:{_GREETING}\W+)*(?:i['’]?m|i\s+am|names|my\s+name\s+is)\s+(?P<introduced>{_WORD})(?![\w'’-])"
    rf"|^(?:{_GREETING}\W+)*(?P<here>{_WORD})\s+here\b"
)
_LETTERS = re.compile(r"[a-z]{3,}")
_TRIPLED = re.compile(r"([a-z])\1\1")  # "sooo", "lmaooo": said for effect, not a name
ENGLISH_SHARE = 0.5  # of a sentence's words (three letters or more) the lexicon or the lists above know

getAllLemmas("name")  # the lexicon loads on its first look-up (~0.1 s): here, as the process starts, not in a request


def names_capitalised(sentence: str, *, lowercase_typist: bool) -> str:
    """``sentence`` with the names in its name slots capitalised, when its writer types in lowercase (the whole
    message: ``typed_in_lowercase``) and the sentence is English; otherwise unchanged."""
    if not lowercase_typist:
        return sentence
    slots = list(_SLOT.finditer(sentence))
    if not slots or not _english(sentence, {match.group(_slot(match)) for match in slots}):
        return sentence
    return _SLOT.sub(_capitalised, sentence)


def typed_in_lowercase(message: str) -> bool:
    """No word of the message in Title case: "I" and words in capitals ("SO annoying") are no sign of it."""
    return _TITLE_CASE.search(message) is None


def is_english_word(word: str) -> bool:
    return bool(getAllLemmas(word)) or word in _NOT_NAMES


def _slot(match: re.Match[str]) -> str:
    return next(name for name in ("named", "introduced", "here") if match.group(name) is not None)


def _capitalised(match: re.Match[str]) -> str:
    slot = _slot(match)
    word = match.group(slot)
    if not _may_be_a_name(word):
        return match.group(0)
    start, end = match.start(slot) - match.start(), match.end(slot) - match.start()
    return match.group(0)[:start] + word.capitalize() + match.group(0)[end:]


def _may_be_a_name(word: str) -> bool:
    return len(word) >= 3 and not _TRIPLED.search(word) and not is_english_word(word)


def _english(sentence: str, slot_words: set[str]) -> bool:
    """Most of the sentence's other words are English: in Spanish or Italian every word is foreign to the lexicon."""
    words = [w for w in _LETTERS.findall(sentence.lower()) if w not in slot_words and not _TRIPLED.search(w)]
    return sum(is_english_word(w) for w in words) >= ENGLISH_SHARE * len(words)
