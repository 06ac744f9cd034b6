"""VADER's valence of a message, without the words that name no feeling there (contact-intelligence §4.1 fallback).

VADER (vaderSentiment, MIT) scores words, not what they do in a sentence. A statement of one's own condition ("I'm
allergic to peanuts", "I have high blood pressure", "I've had anxiety disorder since school") is a fact, not pain;
"till I die", "I will die on this hill" and "to die for" are loyalty and taste; "please" is a request's politeness.
facts_plain() takes those out before anything reads the message, so neither a cue nor the valence finds a feeling in
them; a feeling said beside them ("…and I'm scared") still counts.

Emoji reach VADER as their descriptions ("😂" -> "face with tears of joy"); where its table lacks an emoji or reads it
against chat usage, this module's table wins.
"""

from __future__ import annotations

import re

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

ANALYZER = SentimentIntensityAnalyzer()  # reads its two lexicon files once, at import
# VADER's compound score, -1..1. Where no cue fires, this much valence still names a mood: 0.45 is about one clearly
# emotional word (|valence| >= 2 of VADER's 4, "terrible", ":)"), while mild ones ("good morning", 0.44) stay neutral.
HAPPY_VALENCE = 0.45
SAD_VALENCE = -0.45
# |compound| this strong raises energy one level, like caps, "!!" and boosters do.
INTENSE_VALENCE = 0.8
# VADER's own convention: |compound| below this is neutral, so it neither agrees nor disagrees with a cue.
NEUTRAL_BAND = 0.05
# Each emoji becomes its description, several words: 500 emoji were ~2,500 words and ~200 ms. Past this many, the rest
# are dropped (a wall of emoji says nothing the first ones did not).
MAX_EMOJI = 20
# VADER looks emoji up one character at a time, so a trailing variation selector ("❤️") or joiner would stay glued to
# the description ("heart\ufe0f") and lose its valence; skin tones only add noise words ("medium skin tone").
_EMOJI_NOISE = frozenset({"\ufe0f", "\u200d", *map(chr, range(0x1F3FB, 0x1F400))})
# 🔥 is praise in chat, not a fire (VADER: "fire", -1.4); 🥹 and 🥲 are newer than VADER's table.
_EMOJI = {
    **ANALYZER.emojis,
    "🔥": "flame",
    "🥹": "touched face",  # "face holding back tears": touched, pleading, proud far more often than sad
    "🥲": "smiling face with tear",
}

_APOSTROPHE = "['\u2019]?"
# "I'm allergic to…", "I have atrial fibrillation", "diagnosed with depression", "I take sertraline for anxiety"
_OWN_CONDITION = re.compile(
    rf"\b(?:i{_APOSTROPHE}m|i am|i have|i{_APOSTROPHE}ve(?: had| got| been diagnosed with)?|i got|i take \w+ for|"
    rf"i{_APOSTROPHE}m on \w+ for|i was diagnosed with|i got diagnosed with|(?:my )?(?:meds|medication|pills|tablets) "
    r"for)\b",
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|(?:high |low )?blood pressure|hypertension|diabet\w*|asthma|cancer|epilep\w*|"
    r"migraines?|chronic pain|arthritis|(?:generali[sz]ed |social )?anxiety disorder|generali[sz]ed anxiety|"
    r"depression|atrial fibrillation|"
    r"a-?fib|(?:heart|kidney|liver|lung|thyroid|autoimmune|crohn'?s|coeliac|celiac) (?:disease|condition))\b",
    re.IGNORECASE,
)
CONDITION_REACH = 40  # characters between "I have" and the condition: "I have had really bad asthma"
# Said with a feeling word that is not the feeling: loyalty, taste, eagerness, politeness, a flat battery.
_IDIOMS = re.compile(
    r"\b(?:till|til|until) i die\b|\bdie on this hill\b|\bto die for\b|\bdying to\b|\bkill(?:ed|ing) it\b"
    r"|\b(?:phone|laptop|battery|charger|car|engine|printer|tv|telly|kindle|tablet|computer) (?:just |has )?died\b"
    r"|\bmad (?:for|about) it\b|\bplease\b|\bpls\b|\bplz\b",
    re.IGNORECASE,
)


# A name of two capitalised words or more inside a sentence ("at Critical Software", "rewatching Queen of Tears", "Sad
# Panda Studios"): a company's, a show's, a place's, whose words say nothing of how the writer feels.
_NAME_RUN = re.compile(r"(?<=[\w,]\s)[A-Z][a-z]+(?:\s+(?:(?:of|the|de|del|da|and|&)\s+)?[A-Z][a-z]+)+")
_TITLE_WORD = re.compile(r"\b[A-Z][a-z]+\b")
_WORD = re.compile(r"\b\w+\b")
TITLE_CASE_SHARE = 0.5  # a message with more words capitalised than this is written in Title Case: no name is told


def without_names(text: str) -> str:
    """The text with the names inside its sentences said as "Name"."""
    if len(_TITLE_WORD.findall(text)) > TITLE_CASE_SHARE * len(_WORD.findall(text)):
        return text
    return _NAME_RUN.sub("Name", text)


def facts_plain(text: str) -> str:
    """The text without statements of one's own conditions, idioms that hold a feeling word, and names."""
    text = without_names(_IDIOMS.sub("", text))
    for said in _OWN_CONDITION.finditer(text):
        if _CONDITION.search(text, said.end(), said.end() + CONDITION_REACH):
            return _CONDITION.sub("condition", text)  # once one is stated, every mention of it is the fact
    return text


def compound_of(text: str) -> float:
    """VADER's compound score, -1..1."""
    return float(ANALYZER.polarity_scores(text)["compound"])


def segments_of(text: str) -> list[tuple[str, bool]]:
    """The text cut at each emoji, the emoji swapped for its description: (segment, is an emoji)."""
    found: list[tuple[str, bool]] = []
    plain: list[str] = []
    emoji = 0
    for char in text:
        if char in _EMOJI_NOISE:
            continue
        description = _EMOJI.get(char)
        if description is None:
            plain.append(char)
            continue
        emoji += 1
        if emoji > MAX_EMOJI:
            continue
        found.append(("".join(plain), False))
        found.append((description, True))
        plain = []
    found.append(("".join(plain), False))
    return [(segment, is_emoji) for segment, is_emoji in found if segment]
