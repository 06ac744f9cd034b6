"""Tastes and boundaries said without "like", "love" or "don't talk about" (memories/extraction/tastes.py,
boundaries.py and the languages' preferences). Sentences written for these tests, none from the corpora. Pure
functions: no database."""

from __future__ import annotations

import pytest

from memories.extraction import extract


def _preferences(message: str) -> list[tuple[str, str]]:
    candidates = extract(message, role="user").candidates
    return [(c.content, c.metadata["polarity"]) for c in candidates if c.memory_type == "preference"]


def _topics(message: str) -> list[str]:
    candidates = extract(message, role="user").candidates
    return [e.display_name for c in candidates if c.memory_type == "preference" for e in c.entities]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # nothing beats it
        ("honestly you can't beat a proper Sunday roast", ("Loves a proper Sunday roast", "positive")),
        ("Nothing beats fresh mango in June", ("Loves fresh mango in June", "positive")),
        # an allegiance till death (a colour alone names no club: see below)
        ("Hajduk Split till I die", ("Loves Hajduk Split", "positive")),
        ("arsenal til i die 🔴", ("Loves arsenal", "positive")),
        ("Boca is the only real club", ("Loves Boca", "positive")),
        ("Messi is the GOAT", ("Loves Messi", "positive")),
        ("Sporting Lisbon till I die", ("Loves Sporting Lisbon", "positive")),
        ("I'm a Celtic season ticket holder", ("Supports Celtic (season ticket holder)", "positive")),
        ("I have a season ticket for Leeds United", ("Supports Leeds United (season ticket holder)", "positive")),
        ("Dim sum at Lung King Heen, that's the GOAT", ("Loves Dim sum", "positive")),
        # said in passing, of oneself
        ("me, who hates cilantro, got a salad full of it", ("Hates cilantro", "negative")),
        ("As someone who loves spreadsheets, this app is great", ("Loves spreadsheets", "positive")),
        ("i main Mercy these days", ("Mains Mercy", "positive")),
        ("Mariachi, always mariachi", ("Loves Mariachi", "positive")),
        # against another
        ("Wordle > every other puzzle", ("Prefers Wordle over every other puzzle", "comparative")),
        ("Sourdough over any other bread, every time", ("Prefers Sourdough over any other bread", "comparative")),
        ("cats over dogs any day", ("Prefers cats over dogs", "comparative")),
        # not mine
        ("Golf isn't my thing", ("Doesn't like Golf", "negative")),
        ("Horror films are not my cup of tea", ("Doesn't like Horror films", "negative")),
        ("Camping just isn't for me", ("Doesn't like Camping", "negative")),
        ("Queue jumpers are my pet peeve", ("Hates Queue jumpers", "negative")),
        ("Group chats are the bane of my existence", ("Hates Group chats", "negative")),
        ("Airport security is a special kind of hell", ("Hates Airport security", "negative")),
        # in other languages
        ("O surf é minha paixão", ("Loves surf", "positive")),
        ("El ajedrez es mi pasión", ("Loves ajedrez", "positive")),
        ("Kocham góry", ("Loves góry", "positive")),
    ],
)
def test_a_taste_said_without_a_verb_of_liking(message: str, expected: tuple[str, str]) -> None:
    # given a message that says a taste without "like" or "hate"
    # when it is read
    found = _preferences(message)

    # then it is that one preference, with its polarity
    assert found == [expected]


@pytest.mark.parametrize(
    ("message", "expected", "topic"),
    [
        ("Please don't suggest meditation apps", "Doesn't want meditation apps suggested", "Meditation Apps"),
        ("so please never recommend diets to me", "Doesn't want diets suggested", "Diets"),
        ("Please do not call me 'dear'", "Doesn't want to be called dear", "Dear"),
        ("please don't refer to me as a 'young lady'", "Doesn't want to be called a young lady", "Young Lady"),
        ("Could you stop bringing up my divorce?", "Doesn't want to talk about their divorce", "Divorce"),
        ("stop bringing up the budget in standups", "Doesn't want to talk about the budget", "Budget"),
        ("please don't push religion on me", "Doesn't want religion pushed", "Religion"),
        ("Please don't send me memes", "Doesn't want to be sent memes", "Memes"),
        ("Please don't ask me when the wedding is", "Doesn't want to be asked when the wedding is", "Wedding"),
        ("I'm not interested in talking about the election", "Doesn't want to talk about the election", "Election"),
        ("please no inspirational quotes", "Doesn't want inspirational quotes", "Inspirational Quotes"),
        ("Please no 'girlboss' memes", "Doesn't want girlboss memes", "Memes"),
        ("no diet talk please", "Doesn't want diet talk", "Diet"),
        ("No me preguntes por mi ex", "Doesn't want to talk about their ex", "Ex"),
        ("Keine Fragen zum Studium bitte", "Doesn't want to talk about Studium", "Studium"),
        ("Nie lubię rozmawiać o pracy", "Doesn't want to talk about pracy", "Pracy"),
        ("Ich rede nicht gern über Geld", "Doesn't want to talk about Geld", "Geld"),
    ],
)
def test_a_boundary_said_as_a_request_names_its_topic(message: str, expected: str, topic: str) -> None:
    # given a request that names what to leave alone
    # when it is read
    found, topics = _preferences(message), _topics(message)

    # then it is one topic to avoid, its entity named by the object
    assert (found, topics) == ([(expected, "avoid")], [topic])


@pytest.mark.parametrize(
    "message",
    [
        # questions, hypotheticals, the past, negated tastes
        "is Messi the GOAT?",
        "if golf were my thing I'd be rich",
        "Chelsea used to be the only real club",
        "Golf isn't my thing right now",
        "I don't think nothing beats pizza",
        # reactions to the bot, people, medicines and feelings (none is a taste)
        "love that idea",
        "You're the GOAT",
        "He's the GOAT",
        "My sister is my nemesis",
        "The kids are the GOAT",
        "The pharmacist is my pet peeve",
        "Anxiety is the bane of my existence",
        # "my therapy", "my life", "my guy": said of treatments, babies and friends as often as of tastes (not read)
        "Humira is my therapy",
        "Maddie is my girl",
        # a club's colour names no club; sayings with "for life" and "forever"
        "blue till i die",
        "scarred for life",
        "friends forever",
        # states of the day, and verbs said with "over"
        "Stressed over exams all day",
        "I went over the bridge every time",
        "sad -> happy",
        "Nothing beats it",
        # someone else's taste
        "my brother is a Leeds season ticket holder",
        "they never suggest anything useful",
        "she doesn't ask me how the wedding went",
        # requests about this conversation, naming nothing lasting
        "please don't go",
        "don't ask me that",
        "please don't ask me how I am",
        "please don't suggest anything yet",
        "Don't call me tomorrow",
        "no more questions please",
        "no onions please",
        "I'm not interested in dating right now",
        # in other languages: people and negations
        "meu filho é minha paixão",
        "O surf não é minha paixão",
        "Ana é minha vida",
        "Kocham cię",
        # an activity one is condemned to, idioms and wry praise, sighs, whose a thing is, someone else's word, figures
        "Working till I die, apparently",
        "You can't beat the traffic in this city",
        "Nothing beats the feeling of getting fired lol",
        "Traffic, always traffic",
        "Sorry, always sorry",
        "The seat is not for me, it's for my mum",
        "The salary is not for me to decide",
        "Tom Brady is the GOAT, my husband says",
        "Revenue > expenses this month",
        # requests that are not of talk, for a while, about this exchange, or about a person to argue with
        "Don't push the red button",
        "Please don't send me the invoice until Friday",
        "can you stop sending me the link, I got it",
        "don't ask me where the keys are",
        "Don't ask me how the game ended",
        "Im not interested in debating Tom",
        # one's own people, in Polish
        "kocham moją żonę",
    ],
)
def test_no_preference_from_what_is_not_a_lasting_taste_or_boundary(message: str) -> None:
    # given a message that asks, supposes, reacts, reports or asks for now only
    # when it is read
    found = _preferences(message)

    # then no preference is proposed
    assert found == []


def test_a_taste_said_twice_two_ways_is_one_memory() -> None:
    # given a club said with "love" and then "till I die"
    message = "I love Hajduk Split. Hajduk Split till I die"

    # when it is read
    found = _preferences(message)

    # then the same content is proposed once
    assert found == [("Loves Hajduk Split", "positive")]


def test_an_allegiance_is_said_strongly_a_mild_dislike_is_not() -> None:
    # given an allegiance and a mild dislike
    strong, mild = extract("Hajduk Split till I die", role="user"), extract("Golf isn't my thing", role="user")

    # when their strength is read
    strengths = [c.metadata.get("strength") for c in (*strong.candidates, *mild.candidates)]

    # then only the allegiance is durable
    assert strengths == ["strong", None]


def test_a_long_run_of_words_before_the_taste_is_no_thing() -> None:
    # given a sentence whose clause before "is the only real club" is longer than a thing
    message = "the little team my grandad took me to every Saturday when I was small is the only real club"

    # when it is read
    found = _preferences(message)

    # then nothing is proposed (a thing is a few words)
    assert found == []
