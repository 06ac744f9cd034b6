"""Tone adaptation lines for the system prompt, from a contact's mood and energy.

Two spec tables feed this module, and their rows are used verbatim:

* contact-intelligence §4.3 (mood + energy) -> ``_ROWS``; an energy of ``None`` is the table's "any" row.
* chat-engine §3.3 (mood only) -> ``_MOOD_LINES``.

Composition, for ``adaptation_lines(mood=..., energy=...)``:

1. the §4.3 line for the exact (mood, energy) row, else the mood's "any" row (if either exists);
2. the §3.3 line for the mood (if any);
3. extra lines for that exact combination (``_EXTRAS``: sad + low draws on the spec's worked example);
4. an energy line: low energy -> ``LOW_ENERGY_LINE``, unless ``_ENERGY_OVERRIDES`` replaces it
   (frustrated + low -> "Keep it short and practical") or suppresses it (excited + low: it would clash
   with "Match their energy"). High and medium energy add no line.

Duplicates are dropped (first occurrence wins). Neutral, unknown moods and unknown energies give ``[]``.

Flirty: the §4.3 row "(Depends on bot persona) — match or gently redirect" is a description, not a line,
so the tenant's ``flirty_persona`` picks one of ``_FLIRTY_LINES`` (unknown persona -> "redirect").

Combinations the tables leave out are filled as follows (row slot, step 1):

* happy + medium -> "Warm and upbeat — share in their good mood"
* angry + any -> "Stay calm and don't get defensive — acknowledge what went wrong. No jokes."
* grateful + any -> "Accept thanks warmly and briefly — no over-apologising"
* sad + medium, frustrated + low/medium, excited, confused -> the §3.3 line only (plus the energy line).

The caller prefixes each line with "- " and puts them under ``ADAPTATION_HEADER``.
"""

from __future__ import annotations

from contacts.models import Energy, Mood

ADAPTATION_HEADER = "ADAPTATION:"

FLIRTY_PERSONAS = ("redirect", "match")
DEFAULT_FLIRTY_PERSONA = "redirect"

LOW_ENERGY_LINE = "Shorter, calmer responses — match their energy"

# contact-intelligence §4.3 (verbatim) plus the documented fill-ins; energy None = "any".
_ROWS: dict[tuple[str, str | None], str] = {
    (Mood.HAPPY, Energy.HIGH): "Match energy — be enthusiastic, playful, use emojis",
    (Mood.HAPPY, Energy.LOW): "Gentle warmth — they're content but tired",
    (Mood.SAD, Energy.LOW): "Supportive, listen first — don't force positivity",
    (Mood.SAD, Energy.HIGH): "They want to talk about it — engage deeply",
    (Mood.ANXIOUS, None): "Calm, reassuring — acknowledge the feeling",
    (Mood.FRUSTRATED, Energy.HIGH): "Let them vent — validate, then offer perspective",
    (Mood.BORED, None): "Introduce new topics, ask engaging questions",
    # fill-ins
    (Mood.HAPPY, Energy.MEDIUM): "Warm and upbeat — share in their good mood",
    (Mood.ANGRY, None): "Stay calm and don't get defensive — acknowledge what went wrong. No jokes.",
    (Mood.GRATEFUL, None): "Accept thanks warmly and briefly — no over-apologising",
}

# chat-engine §3.3 (verbatim).
_MOOD_LINES: dict[str, str] = {
    Mood.FRUSTRATED: "Be patient, acknowledge difficulty, offer concrete solutions. No cheerful emojis.",
    Mood.SAD: "Be empathetic and supportive. Don't be overly cheerful.",
    Mood.ANXIOUS: "Be calm and reassuring. Break things into small steps.",
    Mood.EXCITED: "Match their energy. Be enthusiastic.",
    Mood.CONFUSED: "Explain clearly, use examples, ask clarifying questions.",
}

# Drawn from the spec's worked example for sad + low energy.
_EXTRAS: dict[tuple[str, str], tuple[str, ...]] = {
    (Mood.SAD, Energy.LOW): ("Don't minimize feelings", "Don't pivot to lighter topics unless they do first"),
}

_ENERGY_LINES: dict[str, str] = {Energy.LOW: LOW_ENERGY_LINE}

# Replace (str) or suppress (None) the energy line for a combination.
_ENERGY_OVERRIDES: dict[tuple[str, str], str | None] = {
    (Mood.FRUSTRATED, Energy.LOW): "Keep it short and practical",
    (Mood.EXCITED, Energy.LOW): None,
}

_FLIRTY_LINES: dict[str, str] = {
    "match": "Playful and warm — match their tone within the persona's boundaries",
    "redirect": "Stay friendly but gently redirect — don't reciprocate flirting",
}

_NO_ADAPTATION = frozenset({Mood.NEUTRAL.value})


def adaptation_lines(*, mood: str, energy: str, flirty_persona: str = DEFAULT_FLIRTY_PERSONA) -> list[str]:
    """The tone lines (without "- ") for ``mood`` at ``energy``; ``[]`` when none apply or input is unknown."""
    if mood not in Mood.values or energy not in Energy.values or mood in _NO_ADAPTATION:
        return []
    lines: list[str] = []
    if mood == Mood.FLIRTY:
        lines.append(_FLIRTY_LINES.get(flirty_persona, _FLIRTY_LINES[DEFAULT_FLIRTY_PERSONA]))
    else:
        row = _ROWS.get((mood, energy)) or _ROWS.get((mood, None))
        if row:
            lines.append(row)
    if mood_line := _MOOD_LINES.get(mood):
        lines.append(mood_line)
    lines.extend(_EXTRAS.get((mood, energy), ()))
    key = (mood, energy)
    energy_line = _ENERGY_OVERRIDES[key] if key in _ENERGY_OVERRIDES else _ENERGY_LINES.get(energy)
    if energy_line:
        lines.append(energy_line)
    return list(dict.fromkeys(lines))
