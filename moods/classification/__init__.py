"""Mood classification with the spec's fallback chain (contact-intelligence §4.1):

1. the LLM classifier, when an LLM is configured (and MOOD_LLM_ENABLED);
2. it timed out (> MOOD_TIMEOUT_MS) → the previous mood from the contact's state, if there is one;
3. it is down, not configured, or answered outside the schema → the keyword/lexicon fallback.

A junk answer goes to the keywords rather than to the previous mood: the provider answered, so this
message's own words are better evidence than an older reading.
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings

from contacts.models import Energy, Mood, Style
from moods.classification.keywords import classify_keywords
from moods.classification.llm import classify_with_llm
from moods.classification.reading import MoodReading
from moods.crisis import detect_crisis
from moods.models import MoodSource
from providers import llm

__all__ = ["MoodReading", "classify_mood"]

PREVIOUS_CONFIDENCE_FACTOR = 0.5
CRISIS_CONFIDENCE = 0.9  # a carried-over mood is weaker evidence than a fresh reading


def classify_mood(text: str, *, previous: MoodReading | None) -> MoodReading:
    if settings.MOOD_LLM_ENABLED and llm.llm_configured():
        try:
            return classify_with_llm(text)
        except llm.LLMTimeout:
            if previous is not None:
                confidence = round(previous.confidence * PREVIOUS_CONFIDENCE_FACTOR, 3)
                return replace(previous, confidence=confidence, source=MoodSource.PREVIOUS)
        except llm.LLMUnavailable:
            pass
    return _keywords(text)


def _keywords(text: str) -> MoodReading:
    # Crisis language is the strongest sign of sadness there is, whatever the lexicon's valence says
    # ("honestly I can't take this anymore" has no sad word in it).
    if detect_crisis(text) is not None:
        return MoodReading(Mood.SAD, Energy.LOW, Style.SUPPORTIVE, CRISIS_CONFIDENCE, MoodSource.KEYWORDS)
    return classify_keywords(text)
