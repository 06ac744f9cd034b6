"""Episodes: is a message worth remembering as something that happened, and how to summarise it."""

from __future__ import annotations

import re

from memories.extraction.text import STOPWORDS, has_letters_or_digits, sentences
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


def summarise(message: str) -> str:
    """Extractive: the message's leading sentences, up to SUMMARY_MAX_WORDS words; "…" marks a cut."""
    words = " ".join(sentences(message)).split()
    if len(words) <= SUMMARY_MAX_WORDS:
        return " ".join(words)
    return " ".join(words[:SUMMARY_MAX_WORDS]) + "…"


def _is_laughter(word: str) -> bool:
    return bool(re.fullmatch(r"(?:ha|he|hi|lo|ja|xa)+h?|l+o+l+|lmf?a+o+|a*ha+h*", word))
