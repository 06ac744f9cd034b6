"""People the contact introduced before, named alone later ("Kasia got the ward manager job"), and what lasts of what
happens to the people in one's life: admissions, new jobs, moves back, moving in, losses.

Pure rule tests first (every sentence written for this test, not taken from the labelled corpora), then the pipeline
on real Postgres: a name introduced in one message is known to the next."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contacts.models import Tenant
from memories.extraction import extract
from memories.extraction.known import as_first_said, relation_word
from memories.models import Memory
from tests.memories.helpers import ingest

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
PEOPLE = {"Kasia": "wife", "Kuba": "son", "Deniz": "child", "Marek": "friend", "Tom": "boyfriend"}


def _facts(message: str, people: dict[str, str] | None = None) -> list[str]:
    return [c.content for c in extract(message, role="user", people=people).candidates if c.memory_type == "fact"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Kasia got the ward manager job!!! she worked so hard", "Kasia got the ward manager job"),
        ("Kuba has asthma, had an attack at school today", "Kuba has asthma"),
        ("kuba has asthma", "Kuba has asthma"),  # typed in lowercase, as the whole message is
        ("omg Marek went back to Poland", "Marek went back to Poland"),
        ("Deniz, who is 19, studies at the TU", "Deniz is 19"),
    ],
)
def test_a_known_person_named_alone_is_read_as_when_introduced(message: str, expected: str) -> None:
    assert expected in _facts(message, PEOPLE)
    assert expected not in _facts(message)  # unknown, the same words say nothing of anyone


@pytest.mark.parametrize(
    "message",
    ["I called Kasia last night", "Kasia's mother is coming for 3 months", "Is Kasia a nurse?", "with Kasia, always"],
)
def test_a_known_name_that_is_not_a_clause_subject_says_nothing_of_them(message: str) -> None:
    assert _facts(message, PEOPLE) == []


def test_what_is_known_already_is_not_said_again() -> None:
    extraction = extract("Kasia got the ward manager job", role="user", people=PEOPLE)

    assert "Wife's name is Kasia" not in [c.content for c in extraction.candidates]
    # she is linked by the fact, not mentioned anew as if introduced
    fact = next(c for c in extraction.candidates if c.content == "Kasia got the ward manager job")
    assert [e.ref for e in fact.entities] == ["person:kasia"]
    assert not [m for m in extraction.mentions if m.display_name == "Kasia"]


def test_a_new_relation_for_a_known_person_is_news() -> None:
    extraction = extract("Tom proposed!!! he's my fiancé now", role="user", people=PEOPLE)

    assert [(m.display_name, m.metadata["relation"]) for m in extraction.mentions] == [("Tom", "fiance")]


def test_a_relation_without_its_own_word_is_said_with_one_that_means_it() -> None:
    assert relation_word("wife") == "wife"
    assert relation_word("child") == "kid"
    assert relation_word("no such relation") is None
    assert as_first_said("Deniz is 19", {"Deniz": "child"}) == ("my kid Deniz is 19", ["my kid Deniz"])


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my daughter got accepted into the nursing program", "Daughter got accepted into the nursing program"),
        ("my brother Emeka just got into UNILAG", "Emeka just got into UNILAG"),
        ("my brother got a job at Tesco", "Brother got a job at Tesco"),
        ("my friend Marek went back to Poland", "Marek went back to Poland"),
        ("my girlfriend Camille moves in with me next month", "Camille moves in with them"),
        ("my dad passed away last year", "Dad passed away last year"),
        ("my grandmother died", "Grandmother died"),
    ],
)
def test_what_lasts_of_what_happens_to_the_people_in_ones_life(message: str, expected: str) -> None:
    assert expected in _facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "my sister got into trouble again",
        "my mum got into the car",
        "my son got a cold",
        "my boss got a new car",
        "Kabir has a flat there",
    ],
)
def test_what_passes_or_points_elsewhere_is_no_fact_of_theirs(message: str) -> None:
    assert _facts(message, {"Kabir": "fiance"}) == []


@pytest.mark.django_db
def test_a_person_introduced_in_one_message_is_known_to_the_next(tenant: Tenant) -> None:
    # given the contact introduced their wife
    ingest(tenant, "My wife Kasia is a nurse at the Mater", message_id="m1", at=T0)

    # when a later message names her alone
    ingest(tenant, "Kasia got the ward manager job!!!", message_id="m2", at=T0)

    # then what it says of her is a fact linked to her, and her name is not stated again
    fact = Memory.objects.get(tenant=tenant, content="Kasia got the ward manager job")
    assert fact.memory_type == "fact"
    assert [e.ref for e in fact.entities.all()] == ["person:kasia"]
    name = Memory.objects.get(tenant=tenant, content="Wife's name is Kasia")
    assert name.source_message_ids == ["m1"]


@pytest.mark.parametrize(
    "message",
    [
        "Kuba has a cold again",
        "Kasia has a headache",
        "Kasia has a night shift tonight",
        "Kuba has a dentist appointment tomorrow",
        "Tom has a point tho",
        "Kuba died like 20 times in Fortnite lol",
        "Kasia got to Warsaw safe",
        "Kasia is moving to nights next month",
    ],
)
def test_a_known_persons_moment_is_no_fact_of_theirs(message: str) -> None:
    assert _facts(message, PEOPLE) == [], message


@pytest.mark.parametrize(
    ("message", "fact", "relation"),
    [
        ("I'm dating a guy called Marcus", "Is dating Marcus", "partner"),
        ("im dating Tom", "Is dating Tom", "partner"),
        ("I'm engaged to Sarah", "Is engaged to Sarah", "fiance"),
        ("Jake proposed and I said yes", "Is engaged to Jake", "fiance"),
        ("I dumped Alex", "Broke up with Alex", "ex"),
        ("Alex and I separated", "Separated from Alex", "ex"),
        # one relation a person, the furthest along said
        ("my fiancé Tiago and I got married last weekend!", "Is married to Tiago", "partner"),
        ("I proposed to my boyfriend Tom and he said yes", "Is engaged to Tom", "fiance"),
        ("Ana and I have been together 3 years", "Is in a relationship with Ana", "partner"),
        ("I married Ben in 2015", "Is married to Ben", "partner"),
        ("I proposed to Sarah last night and she said yes!", "Is engaged to Sarah", "fiance"),
        ("I asked Sarah to marry me!!! SHE SAID YES", "Is engaged to Sarah", "fiance"),
        ("Alex and I broke up", "Broke up with Alex", "ex"),
        ("my girlfriend Valeria broke up with me yesterday", "Broke up with Valeria", "ex"),
    ],
)
def test_the_one_they_are_with_said_without_a_relation_word(message: str, fact: str, relation: str) -> None:
    extraction = extract(message, role="user")

    partner = [c for c in extraction.candidates if c.slot == "relation:partner"]
    assert [c.content for c in partner] == [fact]  # one relation a person: the last said
    assert [m.metadata["relation"] for m in extraction.mentions if m.entity_type == "person"] == [relation]


@pytest.mark.parametrize(
    "message",
    [
        "I'm seeing Tom tomorrow for lunch",
        "I've been seeing a therapist",
        "Tom and I are together on this project",
        "I asked Wanjiru for help with the move. She said yes",
        "I asked Sarah to marry me",
        "She dumped me",
        "I asked my boss for a raise and he said yes",
        # a review's sentences (its own): meetings, therapists, apps, possessives, objects, relatives, jokes, plans
        "I've been seeing Tom a lot at the gym lately",
        "I've been seeing Priya, my therapist, for about a year",
        "I've been seeing Instagram ads for that",
        "I'm dating Tinder guys",
        "I'm dating Tom's brother",
        "Sure, and I'm dating Zendaya 🙄",
        "yeah and I married Brad Pitt lmao",
        "Tom and I split up the bill",
        "Jake and I broke up a fight",
        "Mum dumped me at the station",
        "Uber dumped me in the rain",
        "I broke up with Netflix",
        "Mum and I are together for Christmas",
        "Ana and I are together now on the same team",
        "Everyone thinks Tom and I are dating lol",
        "my brother Will and I split up the chores",
        "My brother finally did it. Proposed to Ana last night and she said yes!",
        "I proposed to Tom that we split the rent and he said yes",
        "I asked Dad to marry me when I was four",
    ],
)
def test_a_meeting_a_project_or_a_question_without_a_yes_is_no_partner(message: str) -> None:
    assert [c for c in extract(message, role="user").candidates if c.slot == "relation:partner"] == [], message


def test_a_relation_said_exactly_is_not_said_again_vaguely() -> None:
    found = [
        c.content for c in extract("my boyfriend Lucas and I have been together for 3 years", role="user").candidates
    ]

    assert found == ["Boyfriend's name is Lucas"]


@pytest.mark.parametrize(
    ("message", "people", "expected"),
    [
        ("my dog Bruno died yesterday", {}, "Bruno died yesterday"),
        ("we had to put our dog Bruno down", {}, "Bruno passed away"),
        ("my cat Miso passed away this morning", {}, "Miso passed away this morning"),
        ("Bruno died this morning", {"Bruno": "dog"}, "Bruno died this morning"),
    ],
)
def test_a_named_pets_death_takes_its_place_in_the_pets_slot(
    message: str, people: dict[str, str], expected: str
) -> None:
    facts = [c for c in extract(message, role="user", people=people).candidates if c.memory_type == "fact"]

    assert [(c.content, c.slot, c.value[-1]) for c in facts] == [(expected, "pet:" + expected.split()[0].lower(),
                                                                 "status:passed-away")]  # fmt: skip


@pytest.mark.parametrize("message", ["my dog Bruno died in the game lol", "Bruno ate my shoes again"])
def test_a_pet_alive_and_well_stays_theirs(message: str) -> None:
    assert not any("passed away" in c or " died" in c for c in _facts(message, {"Bruno": "dog"}))


@pytest.mark.django_db
def test_a_pet_that_died_is_no_longer_a_pet_they_have(tenant: Tenant) -> None:
    # given a contact with a dog
    ingest(tenant, "I have a golden retriever named Bruno", message_id="m1", at=T0)

    # when they say he died, naming him alone
    ingest(tenant, "Bruno died this morning. I can't stop crying", message_id="m2", at=T0)

    # then his slot says so, and "Has a golden retriever named Bruno" is history
    current = Memory.objects.get(tenant=tenant, slot="pet:bruno", status="active")
    assert current.content == "Bruno died this morning"
    assert Memory.objects.get(tenant=tenant, content="Has a golden retriever named Bruno").status == "superseded"
