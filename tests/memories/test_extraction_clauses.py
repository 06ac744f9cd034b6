"""What a sentence says of a relative in a second clause: "my mama lives in Macon, she's 68", "my mom's a nurse", "my
son's 6 and my daughter's 4", a role said at length (pure functions, no database).

Every sentence here is written for this test, not taken from the labelled corpora."""

from __future__ import annotations

import pytest

from memories.extraction import extract


def _facts(message: str) -> list[str]:
    return [c.content for c in extract(message, role="user").candidates if c.memory_type == "fact"]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my mum lives in Hull, she's 68 and still drives", "Mum is 68"),
        ("My brother Fadi is in Dortmund, he is an engineer.", "Fadi is an engineer"),
        ("I look after my dad, he has dementia and lives with us", "Dad has dementia"),
        ("My uncle is a pilot, he lives in Dubai", "Uncle lives in Dubai"),
        ("I live with my boyfriend, he's a chef", "Boyfriend is a chef"),
        ("I live with my boyfriend, he's a chef", "Lives with their boyfriend"),  # the first clause ends at the comma
        ("I called my mum, she's 70 now", "Mum is 70"),
        ("My husband works at Tesco, he's a manager", "Husband is a manager"),
        ("my sister lives in Sydney, she's a vet", "Sister is a vet"),
        # the one spoken of alone, then the pronoun: said once
        ("my son Leo, he's 9", "Leo is 9"),
        ("My mother, she is 78.", "Mother is 78"),
        ("my little brother Viliami, he's 17", "Viliami is 17"),
        ("My son Jack, he has asthma", "Jack has asthma"),
        # and a name said between commas, as the rules for it read it
        ("My daughter, Amy, she's 7", "Amy is 7"),
    ],
)
def test_a_pronoun_after_a_comma_is_the_one_spoken_of(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("I met my friend's sister, she is a nurse", "Friend is a nurse"),  # someone else's
        ("My sister lives in Leeds, he is a nurse", "Sister is a nurse"),  # "he" is no sister
        ("My dad met a woman, she is 50", "Dad is 50"),
        ("My mum and dad live in Cork, he is a farmer", "Mum is a farmer"),
        ("My grandad died, he was 92", "Grandad died was 92"),
    ],
)
def test_a_pronoun_after_a_comma_that_can_be_someone_else_is_left(message: str, wrong: str) -> None:
    assert wrong not in _facts(message)


def test_a_death_is_kept_when_a_pronoun_clause_follows() -> None:
    # "My grandad died" is no person said alone before the comma: the clause is not folded into it
    assert "Grandad died" in _facts("My grandad died, he was 92")


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("My mom's a nurse in Leeds.", "Mom is a nurse"),
        ("my son's 6", "Son is 6"),
        ("my grandma's 90!", "Grandma is 90"),
        ("my husband's from Lagos", "Husband is from Lagos"),
        ("my sister's in Leeds", "Sister is in Leeds"),
        ("my brother's moving to Berlin", "Brother is moving to Berlin"),
        ("my daughter's 3 months old", "Daughter is 3 months old"),
        ("My mom lives in Macon. She's 68.", "Mom is 68"),  # a sentence opening with "She's"
    ],
)
def test_the_s_of_is_after_a_relative(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "my brother's car is red",
        "my son's 6th birthday is on Sunday",
        "my sister's wedding is in June",
        "my mum's 2 dogs are barking",
        "my kid's 5 minutes late",
        "my favourite thing is a roast at my aunty's in Gisborne",  # a home said as its owner's
        "going round my nan's at 5",
        "my mum's in-laws are visiting",
    ],
)
def test_the_possessive_s_is_no_is(message: str) -> None:
    facts = _facts(message)
    assert not any(f.split()[0] in {"Brother", "Son", "Sister", "Mum", "Kid", "Aunty", "Nan"} for f in facts), facts


def test_she_has_been_is_has_not_is() -> None:
    message = "I look after my wife June. She's been ill for years."
    assert not any("June is been" in f for f in _facts(message))


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my son is 6 and my daughter is 4", "Daughter is 4"),  # the second relative in one sentence
        ("my son's 6 and my daughter's 4", "Daughter is 4"),
        ("my birthday is June 5 and my mum is 60", "Mum is 60"),
        ("My son was born in May, he's 6 months old now", "Son is 6 months old"),  # the age ends at "old"
    ],
)
def test_each_relative_of_a_sentence_is_read(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("My wife Sarah is a teacher at a primary school in Leeds", "Sarah is a teacher"),
        ("my sister is a lawyer for a big firm in London near the river Thames", "Sister is a lawyer"),
        ("my partner is a driver for Uber on weekends and a postman during the week", "Partner is a driver for Uber"),
        ("my sister works as a nurse in Leeds", "Sister works in Leeds"),  # the town, a fact of its own as one's own is
        ("my dad works as a driver for Uber and hates it", "Dad works as a driver for Uber"),
        ("my sister is a nurse and loves it", "Sister is a nurse"),  # a second clause without its subject
    ],
)
def test_a_role_said_at_length_gives_the_role(message: str, fact: str) -> None:
    assert fact in _facts(message)


def test_a_long_description_without_a_role_gives_none() -> None:
    assert not any("fan" in f for f in _facts("my mum is a big fan of the teacher in that show we watch every night"))


@pytest.mark.parametrize(
    "message",
    [
        "my dog Bruno has an infection",
        "my son has an ear infection",
        "I have a chest infection",
        "I have a stomach bug",
    ],
)
def test_an_infection_passes(message: str) -> None:
    assert not any("infection" in f or "bug" in f for f in _facts(message))


def test_a_relatives_news_in_a_pronoun_clause_is_theirs() -> None:
    assert "Priya had a baby" in _facts("My sister Priya lives in Chennai, she just had a baby")


def test_a_relatives_children_listed_after_her_role_are_not_the_contacts() -> None:
    # once a reviewed misfire (the children read as the contact's); "'s" is "is" here, and says only her role
    assert _facts("My sister's a single mum, two kids, Leo 7 and Mia 3") == ["Sister is a single mum"]


# A reviewer's probes that the first version of these rules misread (each once gave the wrong fact or lost one).
@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("my cousin married a footballer, he's from Lagos", "Cousin is from Lagos"),  # anyone named by their work
        ("my boss hired an intern, she's 19", "Boss is 19"),
        ("my dad plays golf with the vicar, he's 80", "Dad is 80"),
        ("my dad's physio, he's from Poland", "Dad is from Poland"),  # whoever is someone's
        ("my friend's little one, she's 3", "Friend is 3"),
        ("my dad doesnt like jake, he's 19", "Dad is 19"),  # a name typed in lowercase
        ("my dad visits grandad every day, he's 94", "Dad is 94"),  # kin said without "my"
    ],
)
def test_a_pronoun_after_someone_else_is_not_the_relative(message: str, wrong: str) -> None:
    assert wrong not in _facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "my sister's 3 year old is sick again",  # her child
        "my dad's 5 year anniversary at work",
        "my son's 6 month check is tomorrow",
        "my son's 12 and under team won the cup",
        "that jumper is my sister's from Zara",  # hers
    ],
)
def test_a_number_or_a_thing_after_a_possessive_is_no_age_or_place(message: str) -> None:
    assert _facts(message) == []


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I love music and live gigs", "Loves music and live gigs"),  # "live" is no second clause here
        ("my favourite song is Wants and Needs by Drake", "Favourite song is Wants and Needs by Drake"),
        ("I have a chest freezer in the garage", "Has a chest freezer in the garage"),  # not a chest infection
        ("my mum works as a cleaner at the hospital in Leeds", "Mum works as a cleaner"),
        ("my mum's not a nurse, she's a midwife", "Mum is a midwife"),
        ("my brother is a nurse and I'm unemployed lol", "Brother is a nurse"),  # "I'm" ends a clause in any case
        ("my mum is a teacher and my dad is a bus driver", "Dad is a bus driver"),
        ("we're at my nan's, she's 90 today", "Nan is 90"),
    ],
)
def test_what_a_reviewer_found_lost_is_read(message: str, fact: str) -> None:
    assert fact in [c.content for c in extract(message, role="user").candidates]


@pytest.mark.parametrize(
    ("message", "person"),
    [
        ("apprenticeship wi ma uncle Dougie", ("Dougie", "uncle")),
        ("Mi son Andre in Brooklyn want mi come live with him.", ("Andre", "son")),
        ("ma girlfriend Morag is a paramedic", ("Morag", "girlfriend")),
        ("me mam's 70 and still works", ("Mam", "mother")),
    ],
)
def test_my_as_many_englishes_say_it(message: str, person: tuple[str, str]) -> None:
    mentions = extract(message, role="user").mentions
    assert person in [(m.display_name, m.metadata.get("relation")) for m in mentions]


@pytest.mark.parametrize(
    "message",
    ["excuse me ma'am", "Bless me Father for I have sinned", "call me baby", "mi ex me escribió anoche"],
)
def test_me_mi_ma_that_are_no_my_name_no_one(message: str) -> None:
    assert [m for m in extract(message, role="user").mentions if m.entity_type == "person"] == []


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my son Chidi got his offer from Warwick for engineering", "Chidi got his offer from Warwick for engineering"),
        ("my son Karthik got placement in Zoho", "Karthik got placement in Zoho"),  # the article left out
        ("my sister got a postdoc in Copenhagen", "Sister got a postdoc in Copenhagen"),
        ("my daughter got a place at Oxford", "Daughter got a place at Oxford"),
        ("my brother got an internship at Google", "Brother got an internship at Google"),
    ],
)
def test_a_relatives_lasting_news_of_work_or_study(message: str, fact: str) -> None:
    assert fact in _facts(message)


@pytest.mark.parametrize("message", ["my mum got a place in the queue", "my dad got a contract for the house"])
def test_a_place_or_a_contract_got_is_no_news_of_work(message: str) -> None:
    assert _facts(message) == []


# A second reviewer's probes (400, of kinds the first did not try) that these rules misread.
@pytest.mark.parametrize(
    "message",
    [
        "trust me bro, it's the best pizza in town",  # "me" before a word said to the listener
        "ey up me lad, how's tha doing",
        "they made me manager last month",  # a title given to the speaker
        "they're making me partner at the firm next year",
        "send me puppy pics",  # a kin or pet word as a modifier
        "forgive me father",
    ],
)
def test_me_after_a_verb_is_no_my(message: str) -> None:
    people_and_pets = [m for m in extract(message, role="user").mentions if m.entity_type in {"person", "pet"}]
    assert people_and_pets == []


@pytest.mark.parametrize(
    ("message", "person"),
    [("me and me brother went fishing", ("Brother", "brother")), ("round me nan's for tea", ("Nan", "grandmother"))],
)
def test_me_where_a_subject_or_a_prepositions_object_stands_is_my(message: str, person: tuple[str, str]) -> None:
    assert person in [(m.display_name, m.metadata.get("relation")) for m in extract(message, role="user").mentions]


@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("my mum fosters a teenager, she's 14", "Mum is 14"),
        ("my cousin is fostering a toddler, he's 3", "Cousin is 3"),
        ("my friend is seeing somebody new, he's 45", "Friend is 45"),
        ("my sister married an Aussie, he's 30", "Sister is 30"),  # one of a people
        ("my dad sits with old Mr Patel, he's 92", "Dad is 92"),  # one called by a title
        ("my son plays with mason from next door, he's 6", "Son is 6"),  # a name that is also a word, in lowercase
        ("my brother lives with rob, he's a plumber", "Brother is a plumber"),
    ],
)
def test_a_pronoun_after_anyone_else_named_is_not_the_relative(message: str, wrong: str) -> None:
    assert wrong not in _facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "that's my sister's from Zara",  # hers, after a contracted "is"
        "my son's 5, 6 and 7 times tables are perfect",
        "my son's 1 and only girlfriend dumped him",
    ],
)
def test_more_possessives_are_no_is(message: str) -> None:
    assert _facts(message) == []


@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("my husband is 20 years and counting in the army", "Husband is 20 years"),  # a service, not an age
        ("my wife is 32 weeks and still working", "Wife is 32 weeks"),  # a pregnancy
    ],
)
def test_years_or_weeks_without_old_are_no_age(message: str, wrong: str) -> None:
    assert wrong not in _facts(message)


def test_what_one_works_as_at_length_is_kept_whatever_its_words() -> None:
    message = "my mum works as a dinner lady at the primary school round the corner"
    assert "Mum works as a dinner lady" in _facts(message)


def test_works_after_and_can_be_a_noun() -> None:
    contents = [c.content for c in extract("I love old films and works of art", role="user").candidates]
    assert "Loves old films and works of art" in contents


@pytest.mark.parametrize(
    ("message", "fact", "person"),
    [
        ("my parents live in Daegu", "Parents live in Daegu", ("Parents", "parents")),
        ("my folks are from Cork originally", "Parents are from Cork", ("Parents", "parents")),
        ("my in-laws just moved to Spain", "In-laws moved to Spain", ("In-laws", "in-laws")),
        ("my grandparents still live in Lagos", "Grandparents live in Lagos", ("Grandparents", "grandparents")),
    ],
)
def test_where_kin_said_as_a_group_live(message: str, fact: str, person: tuple[str, str]) -> None:
    extraction = extract(message, role="user")
    assert fact in [c.content for c in extraction.candidates]
    assert person in [(m.display_name, m.metadata.get("relation")) for m in extraction.mentions]
    assert not any(c.slot == "location" for c in extraction.candidates)  # theirs, not the contact's home


@pytest.mark.parametrize(
    "message",
    ["my parents are in bed", "my parents are in Spain this week", "if my parents moved to Spain",
     "my parents don't live in Leeds"],
)  # fmt: skip
def test_where_a_group_of_kin_is_now_or_might_be_is_no_fact(message: str) -> None:
    assert _facts(message) == []


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my sister live in London", "Sister lives in London"),  # as many Englishes agree the verb
        ("My husband Khaled work at the Amazon depot", "Khaled works at the Amazon depot"),
        ("my brother work for Google", "Brother works for Google"),
    ],
)
def test_a_relatives_home_and_work_with_the_verb_unagreed(message: str, fact: str) -> None:
    assert fact in _facts(message)
