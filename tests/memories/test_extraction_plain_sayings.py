"""Plain statements said with a little more: a word that only stresses ("I also live in Leeds"), emoji ending a clause
("I live in Leeds 😊"), a role and the town it is done in, a relative's name said without "my" or "'s", a parent
opening a sentence without "my", and who "she" is after "My sister's name is Ana" (pure functions, no database).

Every sentence here is written for this test, not taken from the labelled corpora."""

from __future__ import annotations

import pytest

from memories.extraction import extract


def _facts(message: str) -> list[str]:
    return [c.content for c in extract(message, role="user").candidates if c.memory_type == "fact"]


def _mentions(message: str) -> list[tuple[str, str]]:
    return [(m.entity_type, m.display_name) for m in extract(message, role="user").mentions]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I also live in Leeds.", "Lives in Leeds"),
        ("I am actually allergic to nuts.", "Is allergic to nuts"),
        ("For the record I am also allergic to penicillin.", "Is allergic to penicillin"),
        ("I'm actually 31.", "Is 31 years old"),
        ("My sister also lives in Leeds.", "Sister lives in Leeds"),
        ("I also work at Tesco.", "Works at Tesco"),
        ("I also have asthma.", "Has asthma"),
        ("I am also married.", "Is married"),
        ("I've also got two kids", "Has two kids"),
        ("I'm also deathly allergic to bees", "Is allergic to bees"),
        ("I also work at Tesco 🙃", "Works at Tesco"),  # found in a `make run`: the eye-roll took the fact away
    ],
)
def test_a_word_that_only_stresses_changes_nothing(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    ("message", "absent"),
    [
        ("I never actually lived in Leeds", "Lives in Leeds"),  # the negation stays
        ("If I also had a dog I'd walk more", "Has a dog"),  # and the hypothetical
    ],
)
def test_what_a_stressed_statement_denies_stays_denied(message: str, absent: str) -> None:
    assert absent not in _facts(message)


@pytest.mark.parametrize(
    ("message", "facts", "place"),
    [
        ("I live in Leeds 😊", ["Lives in Leeds"], "Leeds"),
        ("I work at Tesco 🙃", ["Works at Tesco"], "Tesco"),
        ("Hi, I'm Leila 👋 I live in Leeds", ["Name is Leila", "Lives in Leeds"], "Leeds"),
    ],
)
def test_emoji_end_a_clause_and_are_no_part_of_a_name(message: str, facts: list[str], place: str) -> None:
    assert set(facts) <= set(_facts(message))
    assert place in [name for _, name in _mentions(message)]  # not "Leeds 😊"


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my mum passed away 💔", "Mum passed away"),
        ("My grandad passed away last month 💔", "Grandad passed away last month"),
        ("I'm 31 🎉", "Is 31 years old"),
    ],
)
def test_a_statement_ending_in_emoji_is_read(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    "said", ["my wife is a nurse {}", "I'm married to Harry Styles {}", "I have 12 cats now {}", "I'm a billionaire {}"]
)
def test_laughing_emoji_are_read_as_lol_is(said: str) -> None:
    assert _facts(said.format("😂😂")) == _facts(said.format("lol"))


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("I work as a nurse in Leeds", {"Works as a nurse", "Works in Leeds"}),
        ("my brother Rory is a paramedic in Christchurch", {"Rory is a paramedic", "Rory works in Christchurch"}),
        ("My boyfriend Sizwe is a firefighter in Joburg", {"Sizwe is a firefighter", "Sizwe works in Joburg"}),
        ("my mum is a teacher at a primary school in Leeds", {"Mum is a teacher", "Mum works in Leeds"}),
        (
            "Our son Daniel is a software architect at Microsoft in Seattle.",
            {"Daniel is a software architect at Microsoft", "Daniel works in Seattle"},
        ),
    ],
)
def test_a_role_and_the_town_it_is_done_in_are_two_facts(message: str, facts: set[str]) -> None:
    assert facts <= set(_facts(message))


def test_a_team_is_no_town_a_role_is_done_in() -> None:
    assert not any("works in Sales" in fact for fact in _facts("my dad is a manager in Sales"))


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("Daughter's name is Carol.", "Daughter's name is Carol"),
        ("My wife name is Zarghona.", "Wife's name is Zarghona"),
        ("my sons name is Jack", "Son's name is Jack"),
        ("my dogs name is Coco", "Has a dog named Coco"),
    ],
)
def test_a_relatives_name_said_without_my_or_s(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("My sister's name is Ana. She lives in Porto.", "Ana lives in Porto"),
        ("Daughter's name is Carol. She's over in Marana.", "Carol is in Marana"),
        ("Taiwo is my twin sister. She's a nurse in Abuja", "Taiwo is a nurse"),
        ("Tom is my fiancé. He works at Google.", "Tom works at Google"),
    ],
)
def test_she_after_a_relative_is_named_is_that_relative(message: str, fact: str) -> None:
    assert fact in _facts(message)


def test_she_after_two_people_is_no_one_in_particular() -> None:
    assert not any("nurse" in fact for fact in _facts("My mum and my sister Ana came over. She is a nurse."))


@pytest.mark.parametrize(
    "message", ["her name's Mia", "I've been seeing someone, her name's Mia", "the dog's name's Rex"]
)
def test_someone_elses_name_is_not_the_speakers(message: str) -> None:
    assert not any(fact.startswith("Name is") for fact in _facts(message))


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("mum's still in Cork, she won't move over here", "Mum is still in Cork"),
        ("Nan lives in Margate", "Nan lives in Margate"),
        ("Mom's 68 and still working", "Mom is 68"),
        ("Mum works at Tesco", "Mum works at Tesco"),
    ],
)
def test_a_parent_opening_a_sentence_is_ones_own(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize("message", ["Dad jokes are the worst", "Dad's car broke down again"])
def test_a_parent_word_that_says_nothing_of_them_gives_no_fact(message: str) -> None:
    assert _facts(message) == []


@pytest.mark.parametrize(
    ("message", "hobby"),
    [
        ("I do yoga", "Hobby: yoga"),
        ("we do parkrun.", None),  # not a listed pastime: nothing made up
        ("been doing yoga for years", "Hobby: yoga"),
        ("I'm big into fishing", "Hobby: fishing"),
        ("I'm really into climbing", "Hobby: climbing"),
        ("I've taken up pottery", "Hobby: pottery"),
        ("I'm a keen birdwatcher", "Hobby: birdwatching"),
        ("I'm in a book club", "Hobby: book club"),
    ],
)
def test_a_pastime_said_as_a_habit_is_a_hobby(message: str, hobby: str | None) -> None:
    hobbies = [fact for fact in _facts(message) if fact.startswith("Hobby:")]
    assert hobbies == ([hobby] if hobby else [])


@pytest.mark.parametrize(
    "message",
    ["I should do yoga", "I used to do karate", "I don't do yoga", "I do yoga lol jk", "my wife does yoga",
     "I go to the gym tomorrow", "I'm really into Korean food"],
)  # fmt: skip
def test_a_pastime_not_done_as_a_habit_is_no_hobby(message: str) -> None:
    assert not any(fact.startswith("Hobby:") for fact in _facts(message))


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("I'm Kofi btw", ["Name is Kofi"]),
        ("aye, I'm Callum, fae Glasgow", ["Name is Callum"]),
        ("hola! soy Beto", ["Name is Beto"]),
        ("Priya here 👋", ["Name is Priya"]),
        ("Kofi here", ["Name is Kofi"]),  # a name that is no English word ("Rob here", "Summer here" say nothing)
        (
            "malo e lelei 👋 Sione here. 29, Tongan, living in Brisbane with my fiancée",
            ["Name is Sione", "Is 29 years old", "Is Tongan", "Lives in Brisbane"],
        ),
        ("Kwame, 40, Ghanaian", ["Name is Kwame", "Is 40 years old", "Is Ghanaian"]),
    ],
)
def test_an_introduction_said_with_a_greeting_a_people_or_btw(message: str, facts: list[str]) -> None:
    assert set(facts) <= set(_facts(message))


@pytest.mark.parametrize("message", ["Quiet here.", "Same here", "Sorry here", "I'm Tired btw", "Raining here!"])
def test_a_word_here_is_no_name(message: str) -> None:
    assert not any(fact.startswith("Name is") for fact in _facts(message))


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("my daughter, Maya, is 10", ["Daughter's name is Maya", "Maya is 10"]),
        ("my sister, Ana, lives in Porto", ["Sister's name is Ana", "Ana lives in Porto"]),
        ("my partner's called Jamie, he's a firefighter", ["Partner's name is Jamie", "Jamie is a firefighter"]),
        ("my daughter's called Amara", ["Daughter's name is Amara"]),
        ("my son is called Arlo, he's 3", ["Son's name is Arlo", "Arlo is 3"]),
        ("my dog's called Rex", ["Has a dog named Rex"]),
    ],
)
def test_a_name_between_commas_or_said_as_called(message: str, facts: list[str]) -> None:
    assert set(facts) <= set(_facts(message))


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("I'm a 31 year old nurse", {"Is 31 years old", "Is a nurse"}),
        ("I'm Hannah, a 31 year old midwife from Bristol", {"Name is Hannah", "Is 31 years old", "Is a midwife"}),
        ("I'm Deepak, a 45-year-old taxi driver in Mumbai", {"Is 45 years old", "Is a taxi driver"}),
    ],
)
def test_an_age_said_before_a_role_is_the_age_not_part_of_the_role(message: str, facts: set[str]) -> None:
    said = set(_facts(message))
    assert facts <= said
    assert not any("year old" in fact for fact in said)


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("miss my cat Oreo who passed in 2021", "Oreo passed away in 2021"),
        ("my cat Oreo, who passed away last year, was the best", "Oreo passed away last year"),
        ("We lost our cat Smokey to cancer in March", "Smokey passed away"),
    ],
)
def test_a_pet_that_died_is_not_kept_as_had(message: str, fact: str) -> None:
    facts = _facts(message)
    assert fact in facts
    assert not any(f.startswith("Has a cat") for f in facts)


def test_a_pet_lost_for_an_hour_did_not_die() -> None:
    assert not any("passed away" in fact for fact in _facts("we lost our dog at the park for an hour"))


@pytest.mark.parametrize(
    ("message", "named", "unnamed"),
    [
        ("ok we have a dog now. his name is Toto", "Has a dog named Toto", "Has a dog now"),
        ("I have a girlfriend now. Her name is Solveig", "Girlfriend's name is Solveig", "Has a girlfriend now"),
    ],
)
def test_one_named_in_the_message_is_not_also_had_unnamed(message: str, named: str, unnamed: str) -> None:
    facts = _facts(message)
    assert named in facts and unnamed not in facts


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("originally from Manila, now in Toronto", "Lives in Toronto"),
        ("I'm Irish, living in Perth the last 10 years", "Lives in Perth"),
        ("I'm Filipino but living in Singapore since 2015", "Lives in Singapore"),
        ("I'm from Leeds but now living in London", "Lives in London"),
    ],
)
def test_the_home_said_after_where_one_is_from(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize("message", ["I'm in Paris, now in Lyon for a week", "I'm tired but living in hope"])
def test_a_stay_or_a_hope_is_no_home(message: str) -> None:
    assert not any(fact.startswith("Lives in") for fact in _facts(message))


def test_where_one_studies_is_a_town_unless_it_names_a_school() -> None:
    assert "Studies in Boston" in _facts("I'm from Colombia but I study in Boston")
    assert "Studies at Leeds University" in _facts("I study in Leeds University")


def test_what_one_does_in_a_town_is_not_the_towns_name() -> None:
    facts = _facts("i'm a uni student in glasgow studying law")
    assert "Is a uni student" in facts
    assert not any("Studying" in fact for fact in facts)


@pytest.mark.parametrize(
    ("message", "age"),
    [
        ("32F, London", "32"),
        ("m/27 here, software dev", "27"),
        ("Rob here, 38M, Melbourne", "38"),
        ("just hit 30", "30"),
        ("just turned 21 lol", "21"),
        ("I am 71 years of age", "71"),
    ],
)
def test_an_age_as_people_post_it(message: str, age: str) -> None:
    assert f"Is {age} years old" in _facts(message)


@pytest.mark.parametrize("message", ["it's 32F outside", "just hit 30 followers", "turned 90 degrees", "hit 100 today"])
def test_a_number_that_is_no_age(message: str) -> None:
    assert not any(fact.endswith("years old") for fact in _facts(message))


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Good morning sir, I am Chinedu, from Enugu", {"Name is Chinedu", "Is from Enugu"}),
        ("I'm a London-based graphic designer", {"Lives in London", "Is a graphic designer"}),
    ],
)
def test_an_introduction_after_a_formal_greeting_or_a_role_with_where_it_is_based(
    message: str, facts: set[str]
) -> None:
    assert facts <= set(_facts(message))


@pytest.mark.parametrize("message", ["I'm Sorry from the bottom of my heart", "I'm a plant-based chef"])
def test_words_that_only_look_like_a_name_or_a_town(message: str) -> None:
    facts = _facts(message)
    assert not any(fact.startswith(("Name is", "Lives in")) for fact in facts)


# Misfires a review of this change found (each gave a false fact before it was mended), and what must still say nothing
@pytest.mark.parametrize(
    ("message", "absent"),
    [
        ("I'm totally a nurse, trust me", "Is a nurse"),
        ("I'm basically a nurse lol", "Is a nurse"),
        ("I honestly live in Leeds lol jk", "Lives in Leeds"),
        ("my name is 😂 Bob", "Name is Lol"),
        ("my cousin Sam is a student in Leeds", "Sam works in Leeds"),
        ("My wife name is hard to pronounce", "Wife's name is Hard"),
        ("Summer here", "Name is Summer"),
        ("Sunny here!", "Name is Sunny"),
        ("I moved from Excel to Python", "Lives in Python"),
        ("I moved from Tesco to Asda", "Lives in Asda"),
        ("originally from Manila, now in Toronto for a conference", "Lives in Toronto"),
        ("originally from Manila, now in Year 10", "Lives in Year"),
        ("I'm Irish, living in Perth with my parents for the summer", "Lives in Perth"),
        ("I study in French", "Studies in French"),
        ("I study in Year 12", "Studies in Year 12"),
        ("I am 71 years of age in dog years", "Is 71 years old"),
    ],
)
def test_a_reviews_misfires_of_this_change_say_nothing_false(message: str, absent: str) -> None:
    assert absent not in _facts(message)
