"""Plain statements about one's life the rules missed until issue 18's fourth pass: a role or employer said with how
long, an age one is about to turn, a relative or pet named beside the relation ("Priya, my sister, …"), a divorce in
progress, being a fan of a team or an artist, a pastime done as a habit with "do"/"go to", who one lives with, a
baby on the way (pure functions; two pipeline tests on the database).

Every sentence here is written for this test (or by a reviewer who did not read the rules), not taken from the
labelled corpora; each kind has its look-alikes that must say nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from contacts.models import Tenant
from memories.extraction import extract
from memories.models import Memory
from tests.memories.helpers import ingest

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def _found(message: str) -> list[tuple[str, str, str]]:
    return [(c.memory_type, c.content, c.slot) for c in extract(message, role="user").candidates]


def _contents(message: str) -> list[str]:
    return [content for _, content, _ in _found(message)]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I've been a nurse for ten years", ("fact", "Is a nurse", "occupation")),
        ("been a chef for 15 years now, kitchens are brutal", ("fact", "Is a chef", "occupation")),
        ("i've been a bus driver for 20 yrs", ("fact", "Is a bus driver", "occupation")),
        ("i've been an electrician 11 years, self employed the last 3", ("fact", "Is an electrician", "occupation")),
        ("honestly been a barista for 6 years and still can't do latte art", ("fact", "Is a barista", "occupation")),
        (
            "I have been a teacher at Oakwood Primary since 2010",
            ("fact", "Is a teacher at Oakwood Primary", "workplace"),
        ),
        ("I have been working as an accountant in Bangalore for 5 years", ("fact", "Is an accountant", "occupation")),
        ("I've worked at Tesco for six years now", ("fact", "Works at Tesco", "workplace")),
        ("I've been working for Aldi since 2019", ("fact", "Works at Aldi", "workplace")),
    ],
)
def test_a_role_or_employer_said_with_how_long_is_held_now(message: str, expected: tuple[str, str, str]) -> None:
    assert expected in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "I've been a fan of theirs for years",
        "I've been a mess for weeks ever since the breakup",
        "I worked at Tesco for six years before I quit",  # over: the past tense
        "my dad has been a nurse for 30 years",  # his
        "my wife's been working at the hospital since 2018",
        "have you been a teacher long?",
        "I've been a night owl for as long as I can remember",
        "I've worked at Christmas for years",  # a day, not an employer
        "if I'd been a lawyer for ten years I'd be rich by now",
    ],
)
def test_a_duration_without_ones_own_job_says_no_job(message: str) -> None:
    assert not [c for c in _found(message) if c[2] in {"occupation", "workplace"}]


@pytest.mark.parametrize(
    ("message", "age"),
    [
        ("I'm turning 30 on Friday and I feel weird about it", 30),
        ("i turn 40 next month, midlife crisis incoming", 40),
        ("I'll be 50 in May, can you believe it", 50),
        ("im gonna be 21 in two weeks and my mum wants a big party", 21),
        ("I will be turning 28 on 14th August", 28),
        ("work is rubbish, my flat is freezing, and I'm turning 35 next week so that's fun", 35),
    ],
)
def test_an_age_about_to_be_turned_is_the_age(message: str, age: int) -> None:
    assert ("fact", f"Is turning {age}", "age") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        # without "I": as often a child's birthday ("Turning 16 today! Happy birthday to my boy")
        "turning 18 tomorrow!! 🎉🎉",
        "my son turns 5 next week and he wants a dinosaur cake",
        "my grandma is turning 90 on sunday!!",
        "I'll be 10 minutes late to my appointment",
        "I'll be 30 in a sec",
        "I'll be there in 20",
        "if I turn 30 single I'll cry",
        "the company turns 25 this year",
        "turn 40 degrees left at the roundabout",
    ],
)
def test_someone_elses_age_or_a_wait_is_no_age(message: str) -> None:
    assert not [c for c in _found(message) if c[2] == "age"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Priya, my sister, is a doctor in Pune",
            ["Sister's name is Priya", "Priya is a doctor", "Priya works in Pune"],
        ),
        ("Tom, my husband, hates cats", ["Husband's name is Tom"]),
        ("I went to the cinema with Tom, my husband.", ["Husband's name is Tom"]),
        ("Noodle, our retired racing greyhound, is asleep on the couch", ["Has a greyhound named Noodle"]),
        ("Noodle (our rescue greyhound) snores", ["Has a greyhound named Noodle"]),
        ("Rex, my old labrador, passed away last spring", ["Rex passed away last spring"]),
        ("my rescue greyhound Noodle snores", ["Has a greyhound named Noodle"]),
    ],
)
def test_a_name_beside_its_relation_is_read_as_my_relation_name(message: str, expected: list[str]) -> None:
    assert set(expected) <= set(_contents(message))


@pytest.mark.parametrize(
    "message",
    [
        "Sarah, my sister's friend, came over and stayed way too long",
        "Jake, my manager's son, is a total brat",
        "Max, my neighbour's dog, barks all night",
        "Chris, my girlfriend's ex, keeps texting her",
        "Thanks, my friend, that helps a lot",
        "Is Emma, your sister, still a nurse?",
    ],
)
def test_a_name_beside_someone_elses_relation_names_no_one_of_theirs(message: str) -> None:
    mentions = extract(message, role="user").mentions
    assert not [m for m in mentions if m.display_name in {"Sarah", "Jake", "Max", "Chris", "Thanks", "Emma"}]
    assert not [c for c in _contents(message) if "name is" in c or "named" in c]


@pytest.mark.parametrize(
    "message",
    [
        "I'm going through a divorce and I can't sleep",
        "in the middle of a divorce rn so everything feels upside down",
        "getting divorced after 19 years of marriage",
        "we're getting divorced",
        "my husband and I are getting a divorce, it's mutual but still hurts",
        "going thru a messy divorce, lawyers everywhere",
        "i filed for divorce yesterday 😞",
        "We're in the process of divorcing and custody is a nightmare",
        "my soon-to-be ex-husband Greg moved out on Sunday",
    ],
)
def test_a_divorce_in_progress_is_ones_status(message: str) -> None:
    assert ("fact", "Is going through a divorce", "relationship_status") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "my parents are getting divorced and I'm stuck in the middle",
        "my friend is going through a divorce and I don't know how to help her",
        "divorce rates are crazy these days",
        "I'd never get divorced, I made a vow",
        "Getting divorced is expensive",
        "sometimes I wonder if we should get divorced",
        "my sister's divorce was finalised last week",
        "what do you think about divorce when kids are involved?",
    ],
)
def test_someone_elses_or_a_thought_of_divorce_is_no_status(message: str) -> None:
    assert "Is going through a divorce" not in _contents(message)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm a huge Arsenal fan so this season has been pain", "Is a fan of Arsenal"),
        ("big Liverpool fan here, YNWA", "Is a fan of Liverpool"),
        ("massive Taylor Swift fan 💅", "Is a fan of Taylor Swift"),
        ("been a Celtic fan my whole life", "Is a fan of Celtic"),
        ("I'm a Harry Potter fan, don't judge me", "Is a fan of Harry Potter"),
        ("I'm a massive fan of the Office", "Likes the Office"),
        ("i'm such a fan of BTS", "Likes BTS"),
    ],
)
def test_a_fan_of_a_name_likes_it(message: str, expected: str) -> None:
    found = extract(message, role="user").candidates
    liked = [c for c in found if c.content == expected]
    assert liked and liked[0].metadata["polarity"] == "positive"
    assert not [c for c in found if c.slot == "occupation"]  # "Harry Potter" is no potter


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm not a fan of mornings tbh", "Doesn't like mornings"),
        ("not a big fan of crowds, they make me anxious", "Doesn't like crowds"),
        ("I'm no fan of horror films", "Doesn't like horror films"),
    ],
)
def test_not_a_fan_is_a_dislike(message: str, expected: str) -> None:
    disliked = [c for c in extract(message, role="user").candidates if c.content == expected]
    assert disliked and disliked[0].metadata["polarity"] == "negative"


@pytest.mark.parametrize(
    "message",
    [
        "my husband is a huge Chelsea fan and it's all he talks about",
        "my son's a big Spurs fan, I couldn't care less",
        "the ceiling fan is broken and it's 35 degrees in here",
        "Are you a big Arsenal fan?",
        "I used to be a massive Oasis fan but I've gone off them",
        "the shit really hit the fan at work today",
        "Big fan!",
        "Huge fan of your work",
        "Ceiling fan broke again",
        "my wife is not a fan of cats",
    ],
)
def test_someone_elses_team_or_a_fan_that_blows_is_no_preference(message: str) -> None:
    assert not [c for c in _found(message) if c[0] == "preference"]


@pytest.mark.parametrize(
    ("message", "hobby"),
    [
        ("I do yoga every morning before work", "Hobby: yoga"),
        ("I go to pottery class on Tuesdays, it's my happy place", "Hobby: pottery"),
        ("I do crossfit 4 times a week", "Hobby: crossfit"),
        ("I do pilates at lunch most days", "Hobby: pilates"),
    ],
)
def test_a_pastime_done_as_a_habit_is_a_hobby(message: str, hobby: str) -> None:
    assert hobby in _contents(message)


@pytest.mark.parametrize(
    "message",
    [
        "I do the dishes every night because nobody else will",
        "I do sales for a software company",
        "I do mornings with the kids and my husband does bedtime",
        "I go to work every day and come home and sleep",
        "I should do yoga more, my back is wrecked",
        "I used to do karate every week when I was a kid",
        "my wife does spin class every morning at 6",
    ],
)
def test_a_chore_a_job_or_a_wish_is_no_hobby(message: str) -> None:
    assert not [c for c in _contents(message) if c.startswith("Hobby:")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I live with my parents", "Lives with their parents"),
        ("I live with my mum and my two sisters", "Lives with their mum and their two sisters"),
        ("still living with my folks lol", "Lives with their folks"),
        ("I live with my boyfriend Tom", "Lives with their boyfriend Tom"),
        ("Living with my fiancé now, we moved in together in March!", "Lives with their fiancé"),
        ("we live with our two dogs in a tiny flat", "Lives with their two dogs"),
    ],
)
def test_who_one_lives_with_is_one_fact(message: str, expected: str) -> None:
    assert ("fact", expected, "lives_with") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "my sister lives with her boyfriend in Bristol",
        "my mum lives with her new husband in Spain",
        "I can't live with my parents anymore, it's suffocating",
        "could you live with your parents at 30?",
        "I used to live with my ex but I moved out in January",
        "I could never live with a partner who doesn't clean",
        "I'll have to live with the consequences I guess",
        "I live with anxiety every single day",
        "I can live with that, no worries",
    ],
)
def test_someone_elses_home_or_living_with_a_thing_is_no_household(message: str) -> None:
    assert not [c for c in _found(message) if c[2] == "lives_with"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("we're expecting a baby girl in June!!", "Is expecting a baby girl"),
        ("I'm expecting my first baby in March and I'm terrified", "Is expecting their first baby"),
        ("we're expecting twins! 👶👶", "Is expecting twins"),
        ("so my wife and I are expecting, due in October", "Is expecting a baby"),
        ("We're expecting our second in the new year", "Is expecting their second child"),
        ("Me and the missus are expecting a boy in July", "Is expecting a boy"),
        ("my girlfriend and I are expecting a little one in spring", "Is expecting a baby"),
    ],
)
def test_a_baby_on_the_way_is_a_fact(message: str, expected: str) -> None:
    assert ("fact", expected, "expecting") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "I'm expecting a parcel today so I can't leave the house",
        "I was expecting more from the movie honestly",
        "my sister is expecting, I'm gonna be an aunt!",
        "I'm expecting a call from my boss any minute",
        "I'm not expecting much from this date tbh",
        "what should I be expecting at my first therapy session?",
        "my best friend just told me she's expecting twins!!",
        "we're expecting rain all weekend apparently",
        "we were expecting but we lost the baby last month 💔",
    ],
)
def test_expecting_something_else_or_someone_elses_baby_is_no_fact(message: str) -> None:
    assert not [c for c in _found(message) if c[2] == "expecting"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("born and raised in Glasgow", ("fact", "Is from Glasgow", "hometown")),
        ("Glasgow born and bred", ("fact", "Is from Glasgow", "hometown")),
        ("born in Kerala, living in Dubai now", ("fact", "Is from Kerala", "hometown")),
        ("been living in Toronto since 2015", ("fact", "Lives in Toronto", "location")),
        ("I've been in Dubai for 3 years now", ("fact", "Lives in Dubai", "location")),
        ("I've been in Berlin since 2019", ("fact", "Lives in Berlin", "location")),
    ],
)
def test_where_one_is_from_or_lives_said_without_the_i_or_by_how_long(
    message: str, expected: tuple[str, str, str]
) -> None:
    assert expected in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "I've been in Paris for a week",  # a stay
        "I've been in hospital for 3 years",
        "Born in March, so a Pisces",
        "my son was born in Leeds",
        "She was born and raised in Cork",
    ],
)
def test_a_stay_a_birth_month_or_someone_elses_birthplace_is_no_home(message: str) -> None:
    assert not [c for c in _found(message) if c[2] in {"location", "hometown"}]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I lost my dad last year", "Dad passed away last year"),
        ("we lost our son in 2019", "Son passed away in 2019"),
        ("I lost my husband to cancer", "Husband passed away"),
    ],
)
def test_losing_a_relative_is_their_death(message: str, expected: str) -> None:
    assert expected in _contents(message)


@pytest.mark.parametrize(
    "message",
    [
        "I lost my keys",
        "I lost my temper with my son",
        "I lost my dog at the park",  # it ran off
        "I lost my friend",  # a friendship
        "I lost my mum's ring",
        "I almost lost my mum last year",
        "I lost my son in the supermarket for a minute",
        "I lost my dad to golf",
        # "passed" alone: a driving test as often as a death
        "My daughter passed yesterday, first time, so proud of her driving",
        "My papa passed last month back home in Lagos",  # not read for that reason, though here it is a death
    ],
)
def test_losing_a_thing_a_temper_or_a_child_for_a_minute_is_no_death(message: str) -> None:
    assert not [c for c in _contents(message) if "passed away" in c or " died" in c]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I quit my job at Amazon", "Left Amazon"),
        ("I resigned from Deloitte", "Left Deloitte"),
        ("I left my job", "Quit their job"),
        ("I got laid off from Amazon", "Was laid off from Amazon"),
        ("I got fired", "Was fired"),
        ("I was let go last week", "Was let go"),
        ("I lost my job", "Lost their job"),
        ("I'm between jobs right now", "Is between jobs"),
    ],
)
def test_work_that_ended_fills_the_workplace_slot(message: str, expected: str) -> None:
    assert ("fact", expected, "workplace") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "my sister lost her job last week",
        "my husband got laid off from Ford",
        "I was let go of the project",
        "I got fired up about it",
        "if I lost my job I'd be screwed",
        "I'm scared I'll lose my job",
        "I left my job at the door lol",
        "I quit Facebook",  # an app
        "I left London",  # a town
    ],
)
def test_someone_elses_job_a_fear_or_an_idiom_ends_no_work(message: str) -> None:
    assert not [c for c in _found(message) if c[2] == "workplace"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my birthday's on the 3rd of March", "Birthday is 3 March"),
        ("birthday is march 3rd", "Birthday is 3 March"),
        ("I was born on 12 June 1990", "Birthday is 12 June 1990"),
        ("My birthday is on 14 March", "Birthday is 14 March"),
        ("my bday is june 9", "Birthday is 9 June"),
    ],
)
def test_a_birthday_is_one_day_and_month_however_it_is_written(message: str, expected: str) -> None:
    assert [("fact", expected, "my:birthday")] == [c for c in _found(message) if c[2] == "my:birthday"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm in my thirties", "Is in their thirties"),
        ("I'm in my late 40s", "Is in their late forties"),
        ("I'm in my early twenties and clueless", "Is in their early twenties"),
    ],
)
def test_an_age_said_by_its_decade(message: str, expected: str) -> None:
    assert ("fact", expected, "age") in _found(message)


@pytest.mark.parametrize(
    "message",
    [
        "my mum's birthday is on 3 March",
        "is your birthday in May?",
        "I was born on a Tuesday",
        "my dad is in his sixties",
        "I'm in my car",
        "I'm in my feelings",
    ],
)
def test_someone_elses_birthday_or_being_in_ones_car_is_no_age_or_birthday(message: str) -> None:
    assert not [c for c in _found(message) if c[2] in {"age", "my:birthday"}]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I can't eat nuts, I'm allergic", "Is allergic to nuts"),
        ("can't have dairy because I'm allergic", "Is allergic to dairy"),
        ("I can't eat spicy food, I'm allergic to it lol", "Is allergic to spicy food"),
        ("I'm gluten free", "Is gluten free"),
        ("we just moved into a new flat in Brixton", "Lives in Brixton (moved there)"),
        ("I'm moving back home to Cork next month", "Is moving to Cork next month"),
        ("I've been learning Spanish for a year", "Is learning Spanish"),
        ("I go to church every Sunday", "Goes to church regularly"),
        ("I'm not really into sports", "Doesn't like sports"),
        ("please stop asking about my job", "Doesn't want to talk about their job"),
        ("can we not talk about my ex", "Doesn't want to talk about their ex"),
    ],
)
def test_more_plain_statements(message: str, expected: str) -> None:
    assert expected in _contents(message)


@pytest.mark.parametrize(
    "message",
    [
        "can't eat anything, I'm so stressed",
        "I'm allergic to it",
        "my son moved into a new flat in Leeds",
        "we moved into a new era",
        "I'm not into him",
        "she's not really into sports",
        "not really into gaming anymore tbh, used to be obsessed with fortnite",
        "my daughter is learning Spanish",
        "I go to church for weddings only",
        "my mum goes to church every Sunday",
        "can we not do this now",
        "stop asking me that",
        "my son is gluten free",
    ],
)
def test_their_look_alikes_say_nothing_of_the_contact(message: str) -> None:
    assert _found(message) == []


@pytest.mark.django_db
def test_a_job_that_ended_is_no_longer_held_as_current(tenant: Tenant) -> None:
    # given a contact who works at Amazon
    ingest(tenant, "I work at Amazon", message_id="m1", at=T0)

    # when they say they quit
    ingest(tenant, "I quit my job at Amazon, finally", message_id="m2", at=T0)

    # then the workplace slot says so, and "Works at Amazon" is history
    current = Memory.objects.get(tenant=tenant, slot="workplace", status="active")
    assert current.content == "Left Amazon"
    assert Memory.objects.get(tenant=tenant, content="Works at Amazon").status == "superseded"


@pytest.mark.django_db
def test_a_relative_introduced_beside_the_relation_is_known_by_name_later(tenant: Tenant) -> None:
    # given "Priya, my sister, …"
    ingest(tenant, "Priya, my sister, is a doctor in Pune", message_id="m1", at=T0)

    # when a later message names her alone
    ingest(tenant, "Priya got a new job at Infosys", message_id="m2", at=T0)

    # then she is a person known as the sister, and the later fact is linked to her
    sister = Memory.objects.get(tenant=tenant, content="Sister's name is Priya")
    assert [e.ref for e in sister.entities.all()] == ["person:priya"]
    assert sister.entities.get().metadata["relation"] == "sister"
    later = Memory.objects.get(tenant=tenant, content="Priya got a new job at Infosys")
    assert "person:priya" in [e.ref for e in later.entities.all()]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm Muslim", "Is Muslim"),
        ("I'm half Japanese", "Is half Japanese"),
        ("I'm Irish, 34, from Cork", "Is Irish"),
        ("I'm a Christian", "Is a Christian"),
        ("I speak Spanish and French", "Speaks Spanish and French"),
        ("I speak three languages", "Speaks three languages"),
        ("my first language is Tagalog", "First language is Tagalog"),
        ("English isn't my first language", "English isn't their first language"),
        ("I'm the oldest of four", "Is the oldest of four"),
        ("I'm on the spectrum", "Is autistic"),
        ("I've been married for 10 years", "Has been married 10 years"),
        ("I work for myself", "Is self-employed"),
        ("I work in HR at Tesco", "Works in HR at Tesco"),
        ("I teach maths at a secondary school", "Teaches maths at a secondary school"),
        ("I knit", "Hobby: knitting"),
        ("in my free time I paint", "Hobby: painting"),
        ("I collect vinyl", "Collects vinyl"),
        ("I love reading", "Loves reading"),
        ("I like reading fantasy novels", "Likes reading fantasy novels"),
        ("I'm a coffee addict", "Loves coffee (a coffee addict)"),
        ("total dog lover", "Loves dogs (a dog lover)"),
        ("we adopted a kitten last week", "Has a kitten"),
        ("we got a puppy!", "Has a puppy"),
        ("my wife is pregnant", "Wife is pregnant"),
        ("my parents are divorced", "Parents are divorced"),
        ("my brother got engaged", "Brother is engaged"),
    ],
)
def test_who_one_is_what_one_does_and_ones_familys_news(message: str, expected: str) -> None:
    assert expected in _contents(message)


@pytest.mark.parametrize(
    "message",
    [
        "she's Muslim",
        "I'm English teacher",  # a job, said without its article
        "I draw the line at that",
        "I collect the kids at 3",
        "can I paint?",
        "I love reading your messages",
        "I love reading this",
        "I'm a recovering addict",
        "I'm a drug addict",
        "my husband is a car nerd",
        "are you a coffee snob?",
        "my sister got a puppy",
        "my husband is married to his job",
        "is my sister pregnant?",
        "I teach my kids at home",
    ],
)
def test_their_look_alikes_say_nothing_of_that_kind(message: str) -> None:
    assert not [c for c in _contents(message) if c.startswith(("Is ", "Speaks", "Hobby:", "Loves", "Likes", "Has a",
                                                                "Collects", "Teaches"))]  # fmt: skip
    assert not [c for c in _contents(message) if " is " in c or " are " in c]


def test_a_pet_named_later_in_the_message_is_said_once_with_its_name() -> None:
    found = extract("we got a puppy!! his name is Bruno", role="user")
    assert [c.content for c in found.candidates] == ["Has a dog named Bruno"]
    assert [m.ref for m in found.mentions] == ["pet:bruno"]


def test_a_field_of_work_is_no_town() -> None:
    found = extract("I work in IT", role="user")
    assert [c.content for c in found.candidates] == ["Works in IT"]
    assert not [m for m in found.mentions if m.entity_type == "location"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm terrified of spiders", "Is afraid of spiders"),
        ("I'm afraid of the dark", "Is afraid of the dark"),
        ("I'm not a morning person", "Doesn't like mornings (not a morning person)"),
        ("I'm not a people person", "Doesn't like people (not a people person)"),
        ("I can't live without coffee", "Loves coffee"),
        ("pizza is life", "Loves pizza"),
        ("I've never liked football", "Doesn't like football"),
        ("I go by Alex", "Name is Alex"),
        ("don't call me sweetie", "Doesn't want to be called sweetie"),
        ("I'm not comfortable talking about my body", "Doesn't want to talk about their body"),
        ("I'd rather not discuss my weight, it's a sore spot", "Doesn't want to talk about their weight"),
        ("my weight is off-limits", "Doesn't want to talk about their weight"),
        ("Let's leave my marriage out of this please", "Doesn't want to talk about their marriage"),
        ("i dont wanna talk about my family stuff ok", "Doesn't want to talk about their family stuff"),
        ("my son is autistic", "Son is autistic"),
        ("my daughter has Down syndrome", "Daughter has Down syndrome"),
        ("my grandad's in a care home now", "Grandad is in a care home"),
        ("my sister just had a baby girl", "Sister had a baby girl"),
        ("I'm doing a degree in psychology", "Is doing a degree in psychology"),
        ("I'm in my second year at Manchester studying law", "Is in their second year at Manchester"),
        ("I just graduated from Leeds", "Graduated from Leeds"),
        ("I dropped out of uni", "Dropped out of uni"),
        ("lost my mum to cancer in march", "Mum passed away"),
        ("got laid off yesterday", "Was laid off"),
        ("they let me go on monday, the company is restructuring", "Was let go"),
        ("After 12 years at Infosys I resigned last month", "Quit their job"),
        ("I was born on 30th September 1978, Libra through and through", "Birthday is 30 September 1978"),
        ("I'm turning 40 on the 17th of August", "Birthday is 17 August"),
        ("Early thirties, single, living in Manchester", "Is in their early thirties"),
        ("I'm almost 30 and never been in a relationship", "Is almost 30"),
        ("As a practising Catholic, this is hard for me", "Is practising Catholic"),
        ("I'm Nigerian-British, grew up between Lagos and London", "Is Nigerian-British"),
        ("I'm a huge gamer, mostly RPGs", "Is a gamer"),
        ("relocated to Bangalore for work in january", "Lives in Bangalore (moved there)"),
        ("We're emigrating to New Zealand in March", "Is moving to New Zealand in March"),
        ("lived in Birmingham my whole life", "Lives in Birmingham"),
        ("I've been in Dublin six years now", "Lives in Dublin"),
        ("i adopted a senior dog from the shelter yesterday", "Has a dog"),
        ("We've just taken on a rescue rabbit", "Has a rabbit"),
    ],
)
def test_what_two_reviews_of_blind_sentences_found_missing(message: str, expected: str) -> None:
    assert expected in _contents(message)


@pytest.mark.parametrize(
    "message",
    [
        "I'm so scared of what he'll say",
        "I'm scared of losing my job",
        "I'm scared of him",
        "I can't live without you",
        "this is life",
        "I go by the book",
        "don't call me tomorrow",
        "the kitchen is off limits to the dog",
        "is politics off limits?",
        "I'm in my first year of marriage",
        "I dropped out of the race",
        "my son graduated from Leeds",
        "my dad passed the test",
        "I quit my job in 2015 to go travelling, best decision ever",
        "I feel like I'm in my eighties with this back pain lol",
        "I'm almost 5 minutes away",
        # whose birth or whose release the sentence does not say
        "Born 2 june 2021, our little Leo 💙",
        "Police stopped me for a broken tail light but they let me go.",
        "In my 20s and 30s I travelled a lot, now I just want my sofa",
        "I resigned myself to it",
        "I got a dog bite",
        "we got a puppy but had to give him back",
        "my dog's pregnant",
    ],
)
def test_what_the_reviews_look_alikes_say_is_nothing_of_that_kind(message: str) -> None:
    assert not [
        c for c in _contents(message)
        if c.startswith(("Is ", "Has a", "Name is", "Loves", "Doesn't", "Lives", "Quit", "Graduated", "Dropped"))
        or "passed away" in c or " died" in c or "is in" in c
    ]  # fmt: skip


# A third review: a helper wrote 771 everyday messages (chatter, idioms, games, other people's news, jokes) after
# reading the new rules, to make them misfire; 88 did. These are the ones fixed (the messages as the reviewer wrote
# them): none says anything durable of the speaker.
_REVIEW_MISFIRES = (
    "I'm a caffeine addict today, 4 coffees and counting",
    "Typical United fan behaviour lol",
    "Classic Leeds fan moment, booing their own team",
    "Another Arsenal fan bites the dust",
    "Let's leave the kids out of this",
    "can we not talk about the match",
    "stop asking about my day lol, it was fine",
    "i dont wanna talk about work rn",
    "I'm in my first year at the gym, still a noob",
    "I'm in my second year at the company now",
    "I'm in my third year at Deloitte and bored",
    "I'm in my final year of my 20s lol",
    "in my first year of parenting I didn't sleep at all",
    "I just graduated from beginner to intermediate on Duolingo 🎉",
    "I finally graduated from the kids menu lol",
    "I'm doing a degree in overthinking lol",
    "I left my job early today to see the dentist",
    "I got sacked in FIFA career mode after 3 games lol",
    "I got fired from my fantasy league, they kicked me out",
    "I got let go early today so I'm home",
    "they let me go at 4 because it was quiet",
    "they finally let me go after 3 hours on hold",
    "I resigned, in my head, about 50 times today",
    "I resigned from the PTA, too much politics",
    "I gave my notice to the landlord, moving out in June",
    "I handed in my notice on the flat",
    "I'm out of work today, sick with the flu",
    "I'm job hunting for my brother, he's useless at CVs",
    "My husband is turning 40 on the 17th of August, any gift ideas?",
    "Tom is turning 30 on the 5th of May",
    "I'll be 15 tomorrow, the train is delayed",
    "running late, I'll be 20 soon",
    "In my 20s I thought I'd be rich by now",
    "Late 90s hip hop hits different",
    "Mid 80s synth pop is my jam",
    "early 90s kids know what I'm talking about",
    "nearly 30 degrees today, I'm melting",
    "I'm almost 40 pages into the book and nothing has happened",
    "Almost 90 percent done with the report",
    "I'm pushing 80 on the motorway lol jk",
    "I'm nearly 50 quid down on this bet",
    "I'm the oldest one in the office lol",
    "I'm the youngest one here",
    "I'm the middle child of the friend group lol",
    "I'm on the spectrum of tired to very tired",
    "I surf... the internet lol",
    "For fun I draw on my sister's face when she sleeps",
    "on the side I paint houses for cash",
    "I collect red flags lol",
    "I collect dust at this point",
    "I collect parking tickets apparently",
    "I'm living with my dad's rules until I move out",
    "I live with my sister's old couch in my room lol",
    "we're going through a divorce in my show and it's so dramatic",
    "I'm going through the divorce papers for my friend",
    "my soon-to-be ex-boss is finally leaving",
    "my soon-to-be ex-flatmate left the oven on",
    "we're expecting, like, rain all week",
    "I'm expecting one from Amazon tomorrow",
    "we're expecting a boy band reunion this year lol",
    "Dude, my dog, he ate my airpods",
    "Christ, my mum, honestly.",
    "we've moved to Slack and I hate it",
    "I've been in Accounts for 3 years",
    "I've been in AA for 2 years now",
    "I've been in Slytherin for 10 years don't @ me",
    "I've been working for The Man for too long",
    "I'm getting a divorce lawyer for my sister",
    "I'm expecting a boy... to text me back lol",
    "I'm a Catholic school survivor lol",
    "I'm the youngest on the team",
    "I'm the oldest 25 year old you'll meet",
    "I'm afraid of nothing",
    "I'm out of work at 5, let's meet after",
    "I'll be 25 next time you ask lol",
    "I'll be 45 in the shower, give me a sec",
    "I'll be 60 in this queue at this rate",
    "I'm going to be 20 on the dot",
    "I'm approaching 60 tracks in my playlist",
    "in my early 20s I was wild",
    "I need to buy a present for my sister's birthday, she's turning 30 on the 9th of October",
    "I've worked at McDonalds for 3 summers",
    "I'm the oldest at work by 20 years",
)


@pytest.mark.parametrize("message", _REVIEW_MISFIRES)
def test_everyday_chatter_that_once_misfired_says_nothing(message: str) -> None:
    assert _found(message) == []


def test_a_joke_about_divorce_is_no_divorce() -> None:
    assert _contents("I'm getting divorced jokes from everyone now that I'm single") == ["Is single"]


_MISFIRES = Path(__file__).parent / "data" / "extraction_misfires.txt"


@pytest.mark.parametrize(
    "message", [line for line in _MISFIRES.read_text().splitlines() if line and not line.startswith("#")]
)
def test_a_second_reviews_misfires_say_nothing(message: str) -> None:
    assert _found(message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I was born in Lagos in 1990", ["Is from Lagos"]),
        ("I came from Punjab six years ago", ["Is from Punjab"]),
        ("I grew up in Cork with my grandparents", ["Is from Cork"]),
        ("I'm originally from Cork lol", ["Is from Cork"]),
        ("I'm from Cork, my dad is from Kerry", ["Dad is from Kerry", "Is from Cork"]),
        ("I got fired", ["Was fired"]),
        ("I live with my parents and it was fine", ["Lives with their parents"]),
        ("I'm Sri Lankan", ["Is Sri Lankan"]),
        ("I'm Irish, Tom and I met in Cork", ["Is Irish"]),
        ("I hate my job right now", ["Hates their job right now"]),  # the time stays with the taste
    ],
)
def test_what_a_code_review_found_the_tightening_had_broken(message: str, expected: list[str]) -> None:
    assert _contents(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Tom, my ex husband, came round",  # not a husband
        "Dave, my former boss, called",
        "Tom, my husband and best friend, is great",  # not a best friend named Tom
        "I got fired by Dave",  # Dave is no employer
        "I got sacked from the choir",
    ],
)
def test_a_relation_changed_by_its_words_or_a_choir_is_not_read(message: str) -> None:
    assert not [c for c in _found(message) if c[2] in {"workplace", "relation:partner"} or "name is" in c[1]]


def test_a_long_run_of_words_or_spaces_is_read_in_linear_time() -> None:
    """Behaviour, not a timer: these inputs once backtracked for seconds ("Half" repeated after a people, a run of
    spaces before a look-ahead); they read as what they say."""
    assert _contents("I'm Irish" + "Half" * 30) == []
    assert _contents("I'm almost 30" + " " * 3900 + "x") == []
    assert "Is Irish" in _contents("I'm Irish" + " " * 3900 + "and proud")
