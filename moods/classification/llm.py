"""The primary mood classifier: a small LLM with the spec's ~50-token prompt (contact-intelligence §4.1)."""

from __future__ import annotations

from django.conf import settings

from contacts.models import Energy, Mood, Style
from moods.classification.reading import MoodReading
from moods.models import MoodSource
from providers import llm

PROMPT = (
    "Classify this message's emotion. JSON only.\n"
    '{ "mood": "<emotion>", "energy": "<level>", "style": "<approach>" }\n'
    f"mood: {'|'.join(Mood.values)}\n"
    f"energy: {'|'.join(Energy.values)}\n"
    f"style: {'|'.join(Style.values)}"
)
MAX_MESSAGE_CHARS = 1000  # the mood of a message shows in its first lines; keeps the call small and fast
LLM_CONFIDENCE = 0.8  # used when the model does not give its own


def classify_with_llm(text: str) -> MoodReading:
    """Raises llm.LLMTimeout past MOOD_TIMEOUT_MS, llm.LLMUnavailable for any other failure,
    including an answer that is not exactly the schema (strict: no guessing at near-misses)."""
    answer = llm.complete_json(
        system=PROMPT,
        user=f'Message: "{text[:MAX_MESSAGE_CHARS]}"',
        model=settings.MOOD_MODEL,
        timeout=settings.MOOD_TIMEOUT_MS / 1000,
        max_tokens=40,
    )
    return _validated(answer)


def _validated(answer: dict) -> MoodReading:  # type: ignore[type-arg]
    mood, energy, style = (_label(answer.get(key)) for key in ("mood", "energy", "style"))
    if mood not in Mood.values or energy not in Energy.values or style not in Style.values:
        raise llm.LLMUnavailable("LLM mood answer is not in the schema")
    confidence = answer.get("confidence", LLM_CONFIDENCE)
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0 <= confidence <= 1:
        raise llm.LLMUnavailable("LLM mood answer has an invalid confidence")
    return MoodReading(mood, energy, style, float(confidence), MoodSource.LLM)


def _label(value: object) -> str:
    return value.strip().lower() if isinstance(value, str) else ""
