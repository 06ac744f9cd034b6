"""Episodes: is a message worth remembering as something that happened, and how to summarise it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from memories.extraction.text import STOPWORDS, content_words, has_letters_or_digits, sentences
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import FILLER_WORDS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
MIN_CONTENT_WORDS = 2
SUMMARY_MAX_WORDS = 60


def is_meaningful(message: str) -> bool:
    """False for 'lol', 'ok', 'hmm', emoji-only and other low-content messages."""
    if not has_letters_or_digits(message):
        return False
    words = [w.lower() for w in _WORD.findall(message)]
    if all(w in FILLER_WORDS or _is_laughter(w) for w in words):
        return False
    content = [w for w in words if w not in STOPWORDS and w not in FILLER_WORDS and not _is_laughter(w)]
    return len(content) >= MIN_CONTENT_WORDS


def says_more_than(message: str, candidates: Iterable[Candidate]) -> bool:
    """False when the facts and preferences drawn from the message already hold every word it says beyond filler
    ("Hi! My name is Arjun" → "Name is Arjun"; "you know I love sushi btw" → "Loves sushi"): an episode would only
    repeat them. A message that also tells what happened ("…, Bruno ate my shoes") says more."""
    covered = {_stem(word) for candidate in candidates for word in content_words(candidate.content)}
    said = [word for word in content_words(message) if word not in FILLER_WORDS and not _is_laughter(word)]
    return any(_stem(word) not in covered for word in said)


def summarise(message: str) -> str:
    """Extractive: the message's leading sentences, up to SUMMARY_MAX_WORDS words; "…" marks a cut. What happened,
    not the chat around it: sentences of greetings, laughter or filler alone ("omg hiii!", "lol") are left out, and
    so are such words opening or closing a sentence ("so we got a puppy lol" → "we got a puppy")."""
    kept = [trimmed for sentence in sentences(message) if (trimmed := _without_filler_edges(sentence))]
    words = " ".join(kept or sentences(message)).split()
    if len(words) <= SUMMARY_MAX_WORDS:
        return " ".join(words)
    return " ".join(words[:SUMMARY_MAX_WORDS]) + "…"


_EDGE_WORD = re.compile(r"^[^\W_]+(?:'[^\W_]+)?[,!.…]*$")


def _without_filler_edges(sentence: str) -> str:
    words = sentence.split()
    while words and _is_filler(words[0]):
        words.pop(0)
    while words and _is_filler(words[-1]):
        words.pop()
    return " ".join(words)


def _is_filler(token: str) -> bool:
    if not _EDGE_WORD.match(token):
        return False  # an emoji, a number, a word run into punctuation: keep it
    word = token.rstrip(",!.…").lower()
    return word in _EDGE_FILLER or _is_laughter(word)


# Greetings, acknowledgements and asides that frame a sentence ("really", "just" change it, and "oh no", "ugh", "yay"
# say how it felt: they stay).
_EDGE_FILLER = frozenset(
    {"lol", "lmao", "rofl", "ok", "okay", "k", "kk", "hmm", "hm", "hmmm", "hi", "hello", "hey", "heya", "hiya", "hii",
     "hiii", "heyy", "omg", "so", "anyway", "anyways", "btw", "fyi", "tbh", "imo", "um", "welp", "xd", "ngl", "yo"}
)  # fmt: skip


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _is_laughter(word: str) -> bool:
    return bool(re.fullmatch(r"(?:ha|he|hi|lo|ja|xa)+h?|l+o+l+|lmf?a+o+|a*ha+h*", word))
