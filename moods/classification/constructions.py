"""Ways of saying a feeling that no single cue word carries (contact-intelligence §4.1 fallback).

The cue lists in keywords.py read words; these read how a sentence is built: praise followed by a complaint
("great, another Monday") is sarcasm, "what if they…" is worry about what may happen, "nobody … cares" is loneliness,
"would it be weird to…" asks to be reassured, a shouted or stand-alone "again" is exasperation. Each pattern runs on
the message lowercased with apostrophes dropped (as the cue lists are), punctuation kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contacts.models import Mood


@dataclass(frozen=True)
class Construction:
    mood: str
    name: str
    pattern: re.Pattern[str]


_PRAISE = r"(?:great|perfect|wonderful|fantastic|brilliant|lovely|awesome|nice|amazing|terrific|marvell?ous|super)"

# fmt: off
# the rest of the sentence has no "!": "nice, more cake!" and "living the dream!" are glad
_UNEXCLAIMED = r"(?![^.?\n]*!)"
_CLAUSE_START = r"(?:^|[.!?,;:\n]\s*)"

# Sarcasm: a positive word used to complain. Its praise is not joy, so the classifier drops positive cues beside it.
SARCASM: tuple[Construction, ...] = (
    # "oh great, …", "Just perfect." — praise opened with a sigh; "oh great!" and "it's just great" stay sincere
    Construction(Mood.FRUSTRATED, "sighed praise",
                 re.compile(rf"{_CLAUSE_START}(?:oh|just|well|yeah) {_PRAISE}\b(?!\s*!)")),
    # "great, another all-nighter", "nice, more rain", "perfect. again."
    Construction(Mood.FRUSTRATED, "praise of a repeat",
                 re.compile(rf"\b{_PRAISE}\W+(?:another|more|again)\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "just what I needed",
                 re.compile(rf"\bjust what i (?:needed|need|wanted)\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "living the dream", re.compile(rf"\bliving the dream\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "thanks for nothing", re.compile(r"\bthanks for nothing\b")),
    # "the train is late again. of course it is." — resignation, said as a closing sentence
    Construction(Mood.FRUSTRATED, "of course it is",
                 re.compile(r"\bof course (?:it|he|she|they) (?:is|was|did|does|would)\s*\.")),
)

OTHERS: tuple[Construction, ...] = (
    # "what if they fire me", "what if I can't keep up"; "what if we got pizza" is a suggestion, not a fear
    Construction(Mood.ANXIOUS, "what if", re.compile(r"\bwhat if (?!we\b|you\b|u\b)")),
    # asking to be reassured: "would it be weird to quit", "would that be so bad", "is it wrong that I…"
    Construction(Mood.ANXIOUS, "reassurance", re.compile(
        r"\bwould (?:it|that|this) be (?:so |too |really |that |very )?"
        r"(?:weird|bad|wrong|crazy|stupid|selfish|terrible|awful|a mistake)\b"
        r"|\bis it (?:weird|bad|wrong|crazy|stupid|selfish) (?:that|if) i\b")),
    # "nobody actually likes me", "no one in this city cares", "nobody texted me"
    Construction(Mood.SAD, "nobody cares", re.compile(
        r"\b(?:nobody|no one|noone)(?: \w+){0,4}? (?:likes|liked|loves|cares|cared|texted|called|remembered|remembers|"
        r"notices|noticed|understands|listens|listened|checks on|visits|visited|came|showed up|talks to|invited|"
        r"messaged|wants me|misses me)\b")),
    # Missing someone gone: "the house feels so quiet without her", "everything reminds me of him", "I keep
    # expecting him to walk in"; "the office is quiet without the boss" has no feeling word to go on and stays out.
    Construction(Mood.SAD, "the absence of someone", re.compile(
        r"\b(?:feels?|is|so|too) (?:so |too |really )?(?:quiet|empty|lonely|strange|wrong|different) without "
        r"(?:her|him|them|you|my \w+)\b"
        r"|\beverything (?:still )?reminds me of (?:her|him|them|my \w+)\b"
        r"|\bi keep (?:expecting|waiting for) (?:her|him|them|my \w+) to\b")),
)
# fmt: on
SARCASM_NAMES = frozenset(c.name for c in SARCASM)

_EXASPERATED_AGAIN = re.compile(r"\bAGAIN\b")  # shouted: case matters, so this one reads the raw text
_AGAIN_ALONE = re.compile(r"(?:^|[.!?]\s+)again\s*[.!?]")  # "he forgot our anniversary. again."


def normalise(text: str) -> str:
    return text.lower().replace("'", "").replace("\u2019", "")


def constructions(raw: str, normalised: str) -> list[tuple[str, str]]:
    """(mood, name) of every construction the message uses, sarcasm included."""
    found = [(c.mood, c.name) for c in (*SARCASM, *OTHERS) if c.pattern.search(normalised)]
    shouted = _EXASPERATED_AGAIN.search(raw) is not None and raw != raw.upper()  # not a message all in capitals
    if shouted or _AGAIN_ALONE.search(normalised):
        found.append((Mood.FRUSTRATED, "again"))
    return found
