"""The offline mood path reads feelings said through what happened, not through feeling words (contact-intelligence
§4.1 fallback): happy tears, sarcasm, exasperation, worry about something pending, fear after danger, loss and
absence, plain good news — and stays quiet where the same words say no feeling.

Every sentence here is written for this file, none taken from the bench corpora.
"""

from __future__ import annotations

from typing import Any

import pytest

from moods.classification import classify_mood
from moods.classification.keywords import CUE_CONFIDENCE_MIN


def _read(settings: Any, text: str) -> str:
    settings.MOOD_LLM_ENABLED = False  # the offline path, as the deferred tier runs it by default
    return classify_mood(text, previous=None).mood


# --- happy tears ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my sister got the all clear from the oncologist today and I'm sat in the car park crying",
        "we closed on the flat!! I'm actually crying 😭",
        "the results came back clear. I could cry",
        "I cried with joy when he walked through the door",
        "my brother got the head chef job!!! I about cried on the phone",
        "we won!! I'm crying 😭",
    ],
)
def test_crying_beside_good_news_is_joy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the tears are happy ones
    assert mood == "happy"


def test_tears_held_back_beside_thanks_are_gratitude(settings: Any) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, "thank you so much for remembering, I nearly cried")

    # then it is warm thanks, not grief
    assert mood == "grateful"


@pytest.mark.parametrize(
    "text",
    [
        "I cried all night after the funeral",
        "work again tomorrow 😭",
        "I've been crying all day, thanks for listening",
        "I miss my grandad so much 😭",
        "I almost cried when I saw his empty chair",
        "I could cry, the vet says there's nothing more they can do",
        "crying in the shower again lol",
        "my dad died last night and everyone keeps saying congratulations on the new baby, I'm crying",
    ],
)
def test_crying_without_good_news_stays_sad(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then crying is read as it usually is
    assert mood == "sad"


# --- sarcasm -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The boiler broke again and the plumber can't come till Tuesday. Brilliant.",
        "my flight got cancelled and the airline offered me a voucher. thanks a lot.",
        "the council has dug up our road for the third month running. lovely.",
        "missed the last train by a minute. great. just great.",
        "oh cool so the meeting moved to 7am 🙄",
        "wow thanks, really helpful 🙄",
        "the printer broke again 🙂",
    ],
)
def test_praise_closing_a_complaint_is_sarcasm(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the praise is the complaint
    assert mood == "frustrated"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We spent the whole day at the beach with the kids. Lovely.", "happy"),
        ("finished the marathon in under four hours. brilliant.", "happy"),
        ("you helped me sort out my CV, thanks a lot", "grateful"),
        ("got the keys to our first flat today 🙂", "happy"),
    ],
)
def test_praise_after_good_news_stays_sincere(settings: Any, text: str, expected: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then nothing before the praise was a complaint
    assert mood == expected


# --- exasperation --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "the bank froze my card for the fifth time this year",
        "I have told him a hundred times to close the gate",
        "She was late. Again. Forty minutes. Forty.",
        "the parcel went to the wrong address. the WRONG address.",
        "water bill went up again, nearly double what it was",
        "the landlord raised the rent and the heating still doesn't work",
        "they postponed my surgery again",
        "the landlord still hasn't fixed the boiler",
        "still no refund from the airline",
    ],
)
def test_repetition_and_setbacks_are_exasperation(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the repeat or the setback is the complaint
    assert mood == "frustrated"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we won the cup for the third time!", "happy"),
        ("We won. We WON!", "happy"),
        ("I called my mum twice today", "neutral"),
        ("this is the third time I've visited Rome and I keep finding new streets", "neutral"),
        ("prices at the market are listed in euros", "neutral"),
    ],
)
def test_counting_and_repeating_are_not_always_exasperation(settings: Any, text: str, expected: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then a glad repeat, a plain count or a price is no complaint
    assert mood == expected


# --- worry about something pending ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "the biopsy results come back on Thursday",
        "still waiting on the results of the scan",
        "I still haven't heard back about the job",
        "my son is driving back from Leeds in the snow and I won't sleep until he texts",
        "if the funding doesn't come through we'll lose everything",
        "my landlord says he might evict us, then what",
        "the tribunal letter arrived and I feel sick",
        "my interview is at nine and I think I'm going to throw up",
        "I keep checking my email for the offer",
        "my driving test is tomorrow morning",
        "the custody hearing is on Monday",
        "what if they say no",
    ],
)
def test_worry_about_what_is_pending_is_anxious(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then what is pending is the worry
    assert mood == "anxious"


@pytest.mark.parametrize(
    "text",
    [
        "I check my email every morning before work",
        "what if we got pizza tonight",
        "I have a flight tomorrow at 7",
        "Hugo's birthday is next week",
        "how do I make a sourdough starter",
    ],
)
def test_plans_habits_and_suggestions_are_not_worry(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then nothing is pending that anyone fears
    assert mood == "neutral"


# --- fear after danger ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a car ran the red light and missed me by inches, my hands are still shaking",
        "I almost got hit by a bus this morning",
        "that was close, the pan caught fire and I grabbed the extinguisher just in time",
        "me tiemblan las manos todavía",
    ],
)
def test_fear_after_a_danger_is_anxious(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the body still afraid is fear
    assert mood == "anxious"


def test_shaking_hands_on_a_deal_is_no_fear(settings: Any) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, "we shook hands and signed the lease")

    # then it is a plain statement
    assert mood == "neutral"


# --- loss and absence ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my nan died on Sunday",
        "it's been a month since mum passed",
        "first Christmas without my dad",
        "the flat is so quiet since the kids moved out",
        "our old dog Biscuit was put to sleep this morning",
        "I still can't believe she's gone",
        "my grandad didn't recognise me today",
        "she left me for my best friend",
        "my parents are getting divorced lol whatever",
        "meu avô morreu ontem",
        "mi perro murió esta mañana",
        "Mein Opa ist gestorben",
        "ninguém me liga",
    ],
)
def test_loss_and_absence_are_sad(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the loss is the sadness
    assert mood == "sad"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my phone died halfway through the call", "neutral"),
        ("she's gone to the shops", "neutral"),
        ("my son passed his driving test", "happy"),
        ("the house is quiet, finally some peace and a cup of tea", "happy"),
    ],
)
def test_words_of_loss_about_things_or_errands_are_no_loss(settings: Any, text: str, expected: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then no one was lost
    assert mood == expected


@pytest.mark.parametrize(
    "text",
    [
        "since grandma passed the house is so quiet",
        "we lost our little boy. thank you all for the kind messages",
        "haha yeah my dog died",
        "I got into the program but my mum passed away before she could see it",
        "first birthday without mum. the kids made a cake anyway",
    ],
)
def test_grief_beside_thanks_laughter_or_good_news_is_never_happy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then grief wins
    assert mood == "sad"


# --- plain good news -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Got into Edinburgh for medicine!!",
        "my daughter made the under 14s team",
        "new PB at parkrun this morning, 22:41",
        "the mortgage got approved",
        "Mum and Dad arrive on Friday for two weeks!!!",
        "my little one made me a card for Mother's Day",
        "my cousin had her baby this morning!! both doing great",
    ],
)
def test_good_news_said_as_an_event_is_happy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the event is the joy
    assert mood == "happy"


@pytest.mark.parametrize(
    "text",
    [
        "got into a fight with my brother about the car",
        "SEE YOU SOON!!!",
        "he sent me a bill for the repairs",
    ],
)
def test_events_that_are_not_good_news_are_not_happy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then neither "got into", "!!!" nor "sent me" makes it glad
    assert mood != "happy"


# --- frames and guards: the same event words around news of the other kind -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "It's official, we're bankrupt",
        "It's official, the factory is closing and I'm losing my job",
        "Work is my life and it's killing me",
        "Not complaining but it's awful",
        "The tumour might not be benign",
        "not sure if the visa got approved yet",
    ],
)
def test_a_glad_frame_around_bad_or_hedged_news_is_not_happy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then "it's official", "is my life", "not complaining" and hedged good news are no joy
    assert mood != "happy"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Not complaining but it's awful", "frustrated"),
        ("no offence but the service here is terrible", "frustrated"),
        ("The tumour might not be benign", "anxious"),
        ("the biopsy may not be benign", "anxious"),
        ("not sure if the visa got approved yet", "anxious"),
    ],
)
def test_a_disclaimed_complaint_is_the_complaint_and_hedged_good_news_is_worry(
    settings: Any, text: str, expected: str
) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the complaint after "but" is read, and good news in doubt is worry
    assert mood == expected


@pytest.mark.parametrize(
    "text",
    [
        "whoever made this cake should get an award",
        "whoever designed this bridge deserves a medal",
        "He treats me like a queen",
        "My parents getting divorced was the best thing for us",
        "splitting up was for the better, honestly",
        "The house is so quiet, finally!",
        "My wife is in the hospital, she's giving birth!",
        "Close call but we won",
        "Our rates increased so we're profitable now",
    ],
)
def test_praise_relief_and_good_outcomes_beside_event_words_are_happy(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the praise, the relief, the birth, the win or the profit is the feeling, not blame, loss, fear or a setback
    assert mood == "happy"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It's official, we're engaged!", "happy"),
        ("cant complain, life is good", "happy"),
        ("I can't believe she made the team!", "happy"),
        ("whoever designed this form should be fired", "frustrated"),
        ("He treats me like a child", "frustrated"),
        ("he doesn't treat me like a queen anymore", "frustrated"),
        ("my parents are getting divorced", "sad"),
        ("the house is so quiet without him", "sad"),
        ("my mum passed away, glad she's not in pain anymore", "sad"),
        ("My dad is in hospital with a heart attack", "anxious"),
        ("that was close, the car nearly hit us", "anxious"),
        ("our rates went up again, ugh", "frustrated"),
    ],
)
def test_the_guards_leave_the_plain_readings_alone(settings: Any, text: str, expected: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then without praise, relief, a birth, a win or a profit the event reads as before; grief keeps its "glad"
    assert mood == expected


# --- conditions stated plainly -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'm allergic to shellfish",
        "I have type 1 diabetes and wear a pump",
        "I've got asthma so I carry an inhaler",
        "I'm on sertraline for generalised anxiety disorder",
        "I have coeliac disease so no gluten for me",
    ],
)
def test_a_health_condition_stated_plainly_is_neutral(settings: Any, text: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then a fact about one's health is no feeling
    assert mood == "neutral"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm allergic to cats and I had to give Luna away, I'm heartbroken", "sad"),
        ("I have asthma and I'm scared of this smoke", "anxious"),
    ],
)
def test_a_feeling_said_beside_a_condition_still_counts(settings: Any, text: str, expected: str) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, text)

    # then the feeling said is read
    assert mood == expected


# --- precedence and confidence -------------------------------------------------------------------------------------


def test_crisis_language_comes_before_good_news(settings: Any) -> None:
    # given the offline mood path, when it reads the message
    mood = _read(settings, "I got the job but honestly I want to die")

    # then crisis language is read first
    assert mood == "sad"


def test_an_event_reading_has_a_cues_confidence(settings: Any) -> None:
    # given the offline mood path
    settings.MOOD_LLM_ENABLED = False

    # when an event with no feeling word is classified
    reading = classify_mood("my nan died on Sunday", previous=None)

    # then it counts as one cue that VADER's valence agrees with: above the default guess, as any cue is
    assert (reading.mood, reading.confidence, reading.source) == ("sad", 0.7, "keywords")
    assert reading.confidence >= CUE_CONFIDENCE_MIN
