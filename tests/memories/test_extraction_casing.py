"""Names typed in lowercase (memories/extraction/casing.py): a word where a name goes, in a message typed without
capitals, is read as a name when it is no English word; everything else stays as typed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contacts.models import Tenant
from memories.extraction import extract
from memories.extraction.casing import NAME_GUESSED, recased, typed_in_lowercase
from memories.models import Memory
from tests.memories.helpers import ingest


def names_capitalised(message: str) -> str:
    return recased(message)[0]


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
        # a name that is an English word too, with an age after it, beside one that is not: both (the second's capital
        # once hid the first from the rule that reads lowercase names)
        ("my daughter poppy's 6 and my son alfie's 9", {"Daughter's name is Poppy", "Poppy is 6", "Alfie is 9"}),
        ("my daughter rose is 6", {"Daughter's name is Rose", "Rose is 6"}),
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


@pytest.mark.parametrize(
    "message",
    [
        "my brother alwyas forgets my bday",  # two letters swapped
        "my mom jsut called",
        "my dad realy likes golf",  # one left out
        "my gf finaly said yes",
        "my dog probaly ate it",
        "my cat becuase of course knocked it",  # a function word, swapped
        "my bf definately cheated",  # one wrong, in a long word
    ],
)
def test_a_misspelt_word_is_no_name(message: str) -> None:
    assert _contents(message) == set()
    assert all(m.display_name.lower() in message.split()[1:3] for m in extract(message, role="user").mentions)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("hey! sofia here", "Name is Sofia"),  # "sofa" with an "i"
        ("my boss gary is a nightmare", "Boss's name is Gary"),  # "gray" with two letters swapped
        ("hey im valentina", "Name is Valentina"),  # "valentine" with one letter wrong
    ],
)
def test_a_given_name_one_slip_from_a_word_is_still_a_name(message: str, expected: str) -> None:
    assert expected in _contents(message)


def test_a_short_name_one_letter_from_a_word_is_still_a_name() -> None:
    # "sam" is "same" without its "e", "ryan" is "ran" with a "y": short words are only checked for swapped letters
    assert {"Brother's name is Sam", "Sam is 12"} <= _contents("my bro sam is 12")
    assert "Son's name is Ryan" in _contents("my son ryan is 5")


@pytest.mark.parametrize(
    "message",
    [
        "my mom facetimed me while i was at work",  # a verb the lexicon lacks, with its object
        "my dad texted me like 40 times today",
        "my son vaping at 14 i dont know what to do",
        "my gf starbucks order is 9 dollars",  # a brand before its noun
        "my friend london trip got cancelled",
        "my mom karen moment at the store",
        "im keto",  # a state, not a name
        "hey im celiac",
        "hi im seventeen.",
        "hey! newbie here",
        "my cat zoomies at 3am are wild",  # a pet's antics
        "my dog kibble brand changed",
        "my sister glutenfree now",  # two words run together
        "my brother finna move out",  # chat words
    ],
)
def test_a_word_in_a_name_slot_that_the_slot_does_not_vouch_for_stays_a_word(message: str) -> None:
    assert names_capitalised(message) == message


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my sister priya lives in pune", "my sister Priya lives in pune"),  # a given name after a relation
        ("hi im kenji", "hi im Kenji"),
        ("my cat pistache, she is 3", "my cat Pistache, she is 3"),  # a pet: followed as a name is
        ("her name is zuzka", "her name is Zuzka"),  # said to be a name: any name
    ],
)
def test_a_word_the_slot_vouches_for_is_a_name(message: str, expected: str) -> None:
    assert names_capitalised(message) == expected


def test_a_writer_who_uses_capitals_is_taken_at_their_word() -> None:
    # whoever types "Great" with its capital would have typed the name with one too
    assert not typed_in_lowercase("my gf kayla, she's Great")
    assert names_capitalised("my gf kayla, she's Great") == "my gf kayla, she's Great"
    assert typed_in_lowercase("i live with my mom and my little brother yanis, hes 8 and SO annoying")


def test_only_the_name_slot_changes() -> None:
    assert names_capitalised("my cat pistache knocked over my mug") == ("my cat Pistache knocked over my mug")
    assert names_capitalised("i love my cat so much") == "i love my cat so much"


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


def test_a_name_read_from_lowercase_never_contradicts_the_one_the_contact_gave() -> None:
    # the contact's mother is Sue: "my mom linda" is no guess to make (a sister is not one of a kind: Jen and Priya)
    assert not _contents_knowing("my mom linda made dinner", {"Sue": "mother"})
    assert not _contents_knowing("my wife kayla made dinner", {"Ana": "girlfriend"})  # one partner, however named
    assert _contents_knowing("my mom linda made dinner", {}) == {"Mother's name is Linda"}
    assert _contents_knowing("my sister priya made dinner", {"Jen": "sister"}) == {"Sister's name is Priya"}


def _contents_knowing(message: str, people: dict[str, str]) -> set[str]:
    return {c.content for c in extract(message, role="user", people=people).candidates}


T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_a_name_read_from_lowercase_fills_an_empty_slot(tenant: Tenant) -> None:
    ingest(tenant, "my gf kayla made me a playlist", message_id="m1", at=T0)
    memory = Memory.objects.get(tenant=tenant, slot="relation:partner", status="active")
    assert memory.content == "Girlfriend's name is Kayla"
    assert memory.metadata.get(NAME_GUESSED) is True


@pytest.mark.django_db
def test_a_name_read_from_lowercase_never_replaces_the_one_a_slot_holds(tenant: Tenant) -> None:
    # the contact said their name with its capital; a later "hi im kenji" (someone else on their phone?) is a guess
    ingest(tenant, "Hi, I'm Leila", message_id="m1", at=T0)
    ingest(tenant, "hi im kenji", message_id="m2", at=T0)
    held = Memory.objects.filter(tenant=tenant, slot="name", status="active")
    assert [m.content for m in held] == ["Name is Leila"]
    # said with its capital, a new name is news as always
    ingest(tenant, "Hi, I'm Kenji", message_id="m3", at=T0)
    held = Memory.objects.filter(tenant=tenant, slot="name", status="active")
    assert [m.content for m in held] == ["Name is Kenji"]


@pytest.mark.django_db
def test_what_a_lowercase_message_says_of_a_known_person_is_news_as_ever(tenant: Tenant) -> None:
    # "jake" is the son they named: no guess, and his new age replaces the old one
    ingest(tenant, "My son Jake is 10", message_id="m1", at=T0)
    ingest(tenant, "my son jake turned 11", message_id="m2", at=T0)
    assert Memory.objects.get(tenant=tenant, slot="age:person:jake", status="active").content == "Jake is 11"


def test_only_the_candidate_giving_the_name_is_marked_a_guess() -> None:
    candidates = extract("hi im kenji, i work at kenji corp", role="user").candidates
    marked = {c.content for c in candidates if c.metadata.get(NAME_GUESSED)}
    assert marked == {"Name is Kenji"}


def test_a_word_too_long_to_be_a_name_is_not_looked_at() -> None:
    long_word = "ab" * 1900
    assert names_capitalised(f"my mom {long_word}") == f"my mom {long_word}"
    assert names_capitalised(f"her name is {long_word}") == f"her name is {long_word}"


@pytest.mark.django_db
def test_a_known_partner_named_in_lowercase_is_no_guess(tenant: Tenant) -> None:
    # "kayla" is the girlfriend they named with a capital: the break-up is news, not a guess held back
    ingest(tenant, "My girlfriend Kayla made me a playlist", message_id="m1", at=T0)
    ingest(tenant, "my gf kayla broke up with me", message_id="m2", at=T0)
    held = Memory.objects.filter(tenant=tenant, slot="relation:partner", status="active")
    assert [m.content for m in held] == ["Broke up with Kayla"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Hi, I'm José", "Name is José"),  # a name with an accent is a name ("I'm Jos…" read nothing)
        ("Hey! Inès here", "Name is Inès"),
        ("I'm Søren, 34", "Name is Søren"),
        ("hey im zoë", "Name is Zoë"),  # and typed in lowercase
        ("my sister inès lives in lyon", "Sister's name is Inès"),
        ("my bf josé is the best", "Boyfriend's name is José"),
    ],
)
def test_a_name_with_an_accent_is_a_name(message: str, expected: str) -> None:
    assert expected in _contents(message)


def test_a_capital_with_an_accent_is_a_capital() -> None:
    assert not typed_in_lowercase("Élodie and my sister inès came")
