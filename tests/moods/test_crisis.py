"""Crisis-language detection in one contact message (moods.crisis)."""

from __future__ import annotations

import pytest

from moods.crisis import HOPELESSNESS, MAX_CHARS, SELF_HARM, SUICIDAL_IDEATION, CrisisMatch, detect_crisis

SI, SH, HOPE = SUICIDAL_IDEATION, SELF_HARM, HOPELESSNESS

POSITIVES = [
    ("I want to die", SI),
    ("i just wanna die", SI),
    ("I want to kill myself", SI),
    ("thinking about killing myself", SI),
    ("I'm going to end my life", SI),
    ("I want to end it all", SI),
    ("I can't take this anymore", HOPE),
    ("i cant go on", HOPE),
    ("I can't do this anymore", HOPE),
    ("there's no reason to live", SI),
    ("I'd be better off dead", SI),
    ("everyone would be better off without me", SI),
    ("I don't want to live anymore", SI),
    ("I don't want to be here anymore", SI),
    ("I'm suicidal", SI),
    ("thinking about suicide", SI),
    ("I've been cutting myself", SH),
    ("I want to hurt myself", SH),
    ('I keep thinking "I want to die"', SI),
    ("lol i want to die 😂", SI),
    # case, punctuation, curly apostrophes/quotes, typos
    ("I WANT TO DIE!!!", SI),
    ("i want to die...", SI),
    ("I can’t take this anymore", HOPE),
    ("I’m suicidal", SI),
    ("I don’t want to live anymore", SI),
    ("“I want to die”", SI),
    ("I keep thinking ‘I want to die’", SI),
    ("im gonna kill myself", SI),
    ("i wanna kill my self", SI),
    ("i dont want to live anymore", SI),
    ("i cannot go on", HOPE),
    ("I can not do this anymore", HOPE),
    ("i   want\tto\ndie", SI),
    # further first-person wording
    ("I wish I was dead", SI),
    ("nobody would care if I died", SI),
    ("I've been having suicidal thoughts again", SI),
    ("i feel so suicidal tonight", SI),
    ("I'm planning to take my own life", SI),
    ("I feel hopeless", HOPE),
    ("what's the point of living", HOPE),
    ("I can't go on like this", HOPE),
    ("it's never going to get better", HOPE),
    ("I keep hurting myself", SH),
    ("started self-harming again", SH),
    ("i wanna kms", SI),
    ("I hope I don't wake up", SI),
    ("I want to go to sleep and never wake up", SI),
    ("I'd rather be dead", SI),
    ("I'm not sure I want to live anymore", SI),
    ("I've tried to kill myself before", SI),
    ("I don't want to die, I want to kill myself", SI),
    # negation or other words nearby that do not govern the phrase
    ("I don't know why but I want to die", SI),
    ("Not gonna lie, I want to die", SI),
    ("I'm not okay, I want to kill myself", SI),
    ("I told you I want to die", SI),
    ("I can't kill myself because of my kids", SI),
    # the contact's own words in quotes, even after "I said"
    ('I said "I want to die" and I meant it', SI),
]

NEAR_MISSES = [
    "this traffic is killing me",
    "my feet are killing me",
    "I'm dying to see that movie",
    "I could kill for a pizza",
    "I'm killing myself laughing",
    "laughing so hard I could die",
    "I'm dead 😂",
    "I don't want to die",
    "I would never kill myself",
    "I'm not going to kill myself, don't worry",
    'the song "I want to die" is on repeat',
    'he said "I want to kill myself" in the movie',
    "my phone battery is about to die",
    "the plant is going to die",
    "kill the process",
    "we killed it at the gig",
    "to die for chocolate cake",
    "suicide squad is a great film",
    "the suicide prevention walk was moving",
    # further idioms and negations
    "the song “I want to die” is on repeat",
    "she tweeted 'I want to die' about the finale",
    "I’m not suicidal",
    "I won't hurt myself",
    "I don't feel hopeless",
    "I'm hopeless at cooking",
    "I'm a hopeless romantic",
    "I cut myself shaving",
    "I'm cutting myself a slice of cake",
    "I'm burning myself out",
    "I'm going to shoot myself in the foot",
    "I want to take my life back",
    "I want to die of embarrassment",
    "I'm going to die of boredom",
    "I'd die for a burger",
    "I can't go on the trip",
    "I can't keep going to the gym at 6am",
    "I don't want to live in London",
    "do you want to die in this game?",
    "ran 5 kms today",
    "watching suicide squad tonight",
    "I'd rather die than go to that party",
    "I hope I won't wake up late",
    "I don't think I'd ever kill myself",
    "I'm not planning to hurt myself",
]


@pytest.mark.parametrize(("text", "category"), POSITIVES)
def test_crisis_language_fires_with_its_category(text: str, category: str) -> None:
    match = detect_crisis(text)

    assert match is not None
    assert match.category == category


@pytest.mark.parametrize(("text", "category"), POSITIVES)
def test_the_phrase_is_a_span_of_the_original_text(text: str, category: str) -> None:
    match = detect_crisis(text)

    assert match is not None
    assert match.phrase
    assert match.phrase.lower() in text.lower()


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_figures_of_speech_negations_and_attributed_quotes_do_not_fire(text: str) -> None:
    assert detect_crisis(text) is None


def test_the_phrase_keeps_the_original_spelling() -> None:
    assert detect_crisis("honestly   I’m SO done. I can’t  take this anymore") == CrisisMatch(
        HOPELESSNESS, "I can’t  take this anymore"
    )


def test_hopelessness_fires_even_after_a_joke() -> None:
    assert detect_crisis("haha jk 😂 i cant take this anymore") == CrisisMatch(HOPELESSNESS, "i cant take this anymore")


def test_a_figure_of_speech_does_not_hide_a_real_phrase_in_the_same_message() -> None:
    assert detect_crisis("my feet are killing me and honestly I want to die") == CrisisMatch(SI, "I want to die")


def test_a_phrase_in_the_middle_of_a_long_message_fires() -> None:
    text = "Work was long and the bus was late again. " * 40 + "Sometimes I want to end it all. " + "Anyway. " * 40

    assert detect_crisis(text) == CrisisMatch(SI, "I want to end it all")


def test_the_most_severe_category_wins_over_an_earlier_milder_phrase() -> None:
    assert detect_crisis("I can't do this anymore, I want to kill myself") == CrisisMatch(SI, "I want to kill myself")


def test_a_negated_phrase_does_not_hide_a_later_one() -> None:
    assert detect_crisis("I would never kill myself. but I want to die") == CrisisMatch(SI, "I want to die")


@pytest.mark.parametrize("text", ["", "   ", "\n\t ", "😂🔥💀", "😭😭😭"])
def test_empty_whitespace_and_emoji_only_messages_return_none(text: str) -> None:
    assert detect_crisis(text) is None


def test_huge_input_is_capped() -> None:
    # (ingest accepts at most 16 KB per message, so the 20,000-character cap never hides a real message's end)
    text = "blah blah, the traffic is killing me. " * 50_000

    assert detect_crisis(text) is None
    assert detect_crisis(text + "I want to die") is None  # beyond MAX_CHARS
    assert detect_crisis("word " * ((MAX_CHARS - 100) // 5) + "I want to die") == CrisisMatch(SI, "I want to die")
