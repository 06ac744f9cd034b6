"""Names typed in lowercase (memories/extraction/casing.py): a word where a name goes, in a message typed without
capitals, is read as a name when it is no English word; everything else stays as typed."""

from __future__ import annotations

import pytest

from memories.extraction import extract
from memories.extraction.casing import names_capitalised, typed_in_lowercase


def _contents(message: str) -> set[str]:
    return {c.content for c in extract(message, role="user").candidates}


def _people(message: str) -> set[tuple[str, str | None]]:
    return {(m.display_name, m.metadata.get("relation")) for m in extract(message, role="user").mentions}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my gf kayla made me a playlist for game days 🥹", {"Girlfriend's name is Kayla"}),
        ("my big bro tyler is in the army, stationed at fort hood", {"Brother's name is Tyler"}),
        ("my cat pistache just knocked my water all over my homework lmaooo", {"Has a cat named Pistache"}),
        ("daughter hana is 10, we split custody 50/50", {"Daughter's name is Hana", "Hana is 10"}),
        ("hiii im leila 👋 im 14 and i live in brussels", {"Name is Leila", "Is 14 years old"}),
        ("hi. kenji here. i'm an air traffic controller", {"Name is Kenji"}),
        ("we got a puppy! her name is mochi", {"Has a dog named Mochi"}),
    ],
)
def test_a_name_typed_in_lowercase_is_read_as_a_name(message: str, expected: set[str]) -> None:
    assert expected <= _contents(message)


def test_the_person_named_in_lowercase_is_linked_with_the_relation() -> None:
    assert ("Kayla", "girlfriend") in _people("me and my gf kayla went to the fair")


@pytest.mark.parametrize(
    "message",
    [
        "my brother just got married",  # English words are no names
        "my gf made me dinner lol",
        "im gonna cry",  # chat words the lexicon lacks
        "my bro rn is so annoying",
        "im sooo tired",  # letters drawn out for effect
        "mi abuela cocina muy bien",  # not English: every word is foreign to the lexicon
    ],
)
def test_no_name_is_made_of_words_or_chat(message: str) -> None:
    assert not any("name is" in content.lower() or "named" in content for content in _contents(message))


def test_a_writer_who_uses_capitals_is_taken_at_their_word() -> None:
    # whoever types "Great" with its capital would have typed the name with one too
    assert not typed_in_lowercase("my gf kayla, she's Great")
    assert names_capitalised("my gf kayla", lowercase_typist=False) == "my gf kayla"
    assert typed_in_lowercase("i live with my mom and my little brother yanis, hes 8 and SO annoying")


def test_only_the_name_slot_changes() -> None:
    assert names_capitalised("my cat pistache knocked over my mug", lowercase_typist=True) == (
        "my cat Pistache knocked over my mug"
    )
    assert names_capitalised("i love my cat so much", lowercase_typist=True) == "i love my cat so much"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # "'s" after a capitalised name is "is" or a possessive, not part of the name (it was "Rosie's")
        ("my daughter Rosie's 4 and cheeky", {"Daughter's name is Rosie", "Rosie is 4"}),
        ("my daughter rosie's 4 and cheeky", {"Daughter's name is Rosie", "Rosie is 4"}),
        ("my brother Sam's car broke down", {"Brother's name is Sam"}),
        ("my friend O'Brien is visiting", {"Friend's name is O'Brien"}),
    ],
)
def test_an_apostrophe_after_a_name_is_not_the_name(message: str, expected: set[str]) -> None:
    assert expected <= _contents(message)


@pytest.mark.parametrize(
    ("message", "expected"),
    [("Hi, I'm Leila 👋 I'm 14", "Name is Leila"), ("Hey! Sam here 🙂", "Name is Sam")],
)
def test_an_introduction_ended_by_an_emoji(message: str, expected: str) -> None:
    assert expected in _contents(message)


def test_a_state_ended_by_an_emoji_is_no_name() -> None:
    assert _contents("I'm Tired 😩") == set()
