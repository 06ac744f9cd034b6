from __future__ import annotations

import pytest

from contacts.models import Energy, Mood
from moods.adaptation import ADAPTATION_HEADER, FLIRTY_PERSONAS, LOW_ENERGY_LINE, adaptation_lines

ENERGIES = ("high", "medium", "low")
MOODS = (
    "happy",
    "sad",
    "anxious",
    "excited",
    "neutral",
    "angry",
    "frustrated",
    "flirty",
    "bored",
    "grateful",
    "confused",
)

# contact-intelligence §4.3, expanded: "any" rows appear once per energy. flirty is covered separately.
TABLE_1 = [
    ("happy", "high", "Match energy — be enthusiastic, playful, use emojis"),
    ("happy", "low", "Gentle warmth — they're content but tired"),
    ("sad", "low", "Supportive, listen first — don't force positivity"),
    ("sad", "high", "They want to talk about it — engage deeply"),
    *[("anxious", e, "Calm, reassuring — acknowledge the feeling") for e in ENERGIES],
    ("frustrated", "high", "Let them vent — validate, then offer perspective"),
    *[("bored", e, "Introduce new topics, ask engaging questions") for e in ENERGIES],
]

# chat-engine §3.3, per mood.
TABLE_2 = {
    "frustrated": "Be patient, acknowledge difficulty, offer concrete solutions. No cheerful emojis.",
    "sad": "Be empathetic and supportive. Don't be overly cheerful.",
    "anxious": "Be calm and reassuring. Break things into small steps.",
    "excited": "Match their energy. Be enthusiastic.",
    "confused": "Explain clearly, use examples, ask clarifying questions.",
}
TABLE_1_KEYS = {(m, e) for m, e, _ in TABLE_1}

FLIRTY_MATCH = "Playful and warm — match their tone within the persona's boundaries"
FLIRTY_REDIRECT = "Stay friendly but gently redirect — don't reciprocate flirting"

ALL_COMBOS = [(m, e) for m in MOODS for e in ENERGIES]


def test_vocabulary_matches_models() -> None:
    assert set(MOODS) == set(Mood.values)
    assert set(ENERGIES) == set(Energy.values)
    assert len(ALL_COMBOS) == 33


def test_constants() -> None:
    assert ADAPTATION_HEADER == "ADAPTATION:"
    assert FLIRTY_PERSONAS == ("redirect", "match")
    assert LOW_ENERGY_LINE == "Shorter, calmer responses — match their energy"


@pytest.mark.parametrize(("mood", "energy", "line"), TABLE_1)
def test_table_1_row_comes_first(mood: str, energy: str, line: str) -> None:
    lines = adaptation_lines(mood=mood, energy=energy)
    assert lines[0] == line


@pytest.mark.parametrize("energy", ENERGIES)
@pytest.mark.parametrize(("mood", "line"), sorted(TABLE_2.items()))
def test_table_2_line_follows_table_1_row(mood: str, line: str, energy: str) -> None:
    lines = adaptation_lines(mood=mood, energy=energy)
    assert line in lines
    expected_index = 1 if (mood, energy) in TABLE_1_KEYS else 0
    assert lines.index(line) == expected_index


@pytest.mark.parametrize(("mood", "energy"), ALL_COMBOS)
@pytest.mark.parametrize("persona", FLIRTY_PERSONAS)
def test_no_duplicates_and_all_strings(mood: str, energy: str, persona: str) -> None:
    lines = adaptation_lines(mood=mood, energy=energy, flirty_persona=persona)
    assert len(lines) == len(set(lines))
    assert all(isinstance(line, str) and line and not line.startswith("- ") for line in lines)


@pytest.mark.parametrize("energy", ENERGIES)
def test_neutral_needs_no_adaptation(energy: str) -> None:
    assert adaptation_lines(mood="neutral", energy=energy) == []


@pytest.mark.parametrize(("mood", "energy"), [("ecstatic", "high"), ("", "low"), ("happy", "extreme"), ("sad", "")])
def test_unknown_mood_or_energy_gives_nothing(mood: str, energy: str) -> None:
    assert adaptation_lines(mood=mood, energy=energy) == []


@pytest.mark.parametrize("energy", ENERGIES)
def test_flirty_personas(energy: str) -> None:
    match = adaptation_lines(mood="flirty", energy=energy, flirty_persona="match")
    redirect = adaptation_lines(mood="flirty", energy=energy, flirty_persona="redirect")
    assert match[0] == FLIRTY_MATCH
    assert FLIRTY_REDIRECT not in match
    assert redirect[0] == FLIRTY_REDIRECT
    assert FLIRTY_MATCH not in redirect
    assert adaptation_lines(mood="flirty", energy=energy) == redirect
    assert not any("Depends on bot persona" in line for line in match + redirect)


@pytest.mark.parametrize("energy", ENERGIES)
def test_unknown_persona_behaves_as_redirect(energy: str) -> None:
    assert adaptation_lines(mood="flirty", energy=energy, flirty_persona="seductive") == adaptation_lines(
        mood="flirty", energy=energy, flirty_persona="redirect"
    )


def test_happy_high_has_no_calming_line() -> None:
    lines = adaptation_lines(mood="happy", energy="high")
    assert not any(line.startswith("Shorter, calmer") for line in lines)


def test_sad_low_has_calming_line_last() -> None:
    lines = adaptation_lines(mood="sad", energy="low")
    assert lines[-1] == LOW_ENERGY_LINE
    assert "Don't pivot to lighter topics unless they do first" in lines


@pytest.mark.parametrize(
    ("mood", "energy", "expected"),
    [
        ("happy", "medium", ["Warm and upbeat — share in their good mood"]),
        ("sad", "medium", [TABLE_2["sad"]]),
        ("frustrated", "medium", [TABLE_2["frustrated"]]),
        ("frustrated", "low", [TABLE_2["frustrated"], "Keep it short and practical"]),
        ("excited", "low", [TABLE_2["excited"]]),
        ("confused", "high", [TABLE_2["confused"]]),
        ("angry", "high", ["Stay calm and don't get defensive — acknowledge what went wrong. No jokes."]),
        ("grateful", "medium", ["Accept thanks warmly and briefly — no over-apologising"]),
    ],
)
def test_filled_in_combinations(mood: str, energy: str, expected: list[str]) -> None:
    assert adaptation_lines(mood=mood, energy=energy) == expected


@pytest.mark.parametrize("mood", ["angry", "grateful", "anxious", "bored", "confused"])
def test_low_energy_line_is_last_for_other_moods(mood: str) -> None:
    assert adaptation_lines(mood=mood, energy="low")[-1] == LOW_ENERGY_LINE
