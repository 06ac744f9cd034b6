"""Facts, preferences and entities said in Dutch (memories/extraction/languages/, the "nl" tables). Sentences written
for these tests, none from the corpora. Pure functions."""

from __future__ import annotations

import pytest

from memories.extraction import extract
from memories.extraction.vocabulary import FOREIGN_CONDITIONS, FOREIGN_JOB_TITLES, FOREIGN_RELATIONS


def _contents(message: str) -> list[str]:
    return [c.content for c in extract(message, role="user").candidates]


def _found(message: str) -> list[tuple[str, str, str, list[str]]]:
    extraction = extract(message, role="user")
    return [(c.memory_type, c.content, c.slot, [e.ref for e in c.entities]) for c in extraction.candidates]


def _mentions(message: str) -> list[tuple[str, str, str | None]]:
    return [
        (m.entity_type, m.display_name, m.metadata.get("relation") or m.metadata.get("species"))
        for m in extract(message, role="user").mentions
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # name, introduction, age
        ("ik heet Maartje", ["Name is Maartje"]),
        ("Mijn naam is Willemijn.", ["Name is Willemijn"]),
        ("Hallo, ik ben Ruben.", ["Name is Ruben"]),
        (
            "Goedenavond! Ik ben Ilse, 52, en ik woon in Deventer.",
            ["Is 52 years old", "Name is Ilse", "Lives in Deventer"],
        ),
        ("Hoi, ik ben Joost van den Berg en ik ben 38.", ["Is 38 years old", "Name is Joost"]),
        ("Ik ben Anouk Smit (27)", ["Is 27 years old", "Name is Anouk Smit"]),
        ("ik ben 63 jaar oud", ["Is 63 years old"]),
        ("Ik ben gisteren 30 geworden!", ["Is 30 years old"]),
        ("ik ben 45", ["Is 45 years old"]),
        # home, a move, where one is from
        ("Ik woon in Enschede.", ["Lives in Enschede"]),
        ("Wij wonen sinds 2012 in Hoorn.", ["Lives in Hoorn"]),
        ("Sinds vorig jaar woon ik in Bergen op Zoom.", ["Lives in Bergen op Zoom"]),
        ("Ik woon samen met mijn vriendin in Nijmegen", ["Lives in Nijmegen"]),
        ("Mijn man en ik wonen in de Achterhoek.", ["Lives in Achterhoek"]),
        ("Ik ben 33 en woon in Leeuwarden.", ["Is 33 years old", "Lives in Leeuwarden"]),
        ("Ik woon op Terschelling", ["Lives in Terschelling"]),
        ("Ik ben vorige maand naar Eindhoven verhuisd.", ["Lives in Eindhoven (moved there)"]),
        ("We zijn net verhuisd naar Apeldoorn!", ["Lives in Apeldoorn (moved there)"]),
        ("Ik verhuisde in 2019 naar Gouda.", ["Lives in Gouda (moved there)"]),
        ("We zijn in Zutphen gaan wonen.", ["Lives in Zutphen (moved there)"]),
        ("Ik kom uit Drenthe.", ["Is from Drenthe"]),
        ("Ik kom oorspronkelijk uit Curaçao, maar woon nu in Almere.", ["Is from Curaçao"]),
        ("Ik ben geboren en getogen in Venlo", ["Is from Venlo"]),
        # work
        ("Ik werk bij ASML.", ["Works at ASML"]),
        ("Ik werk sinds 2021 bij de ING.", ["Works at ING"]),
        ("ik werk als fysiotherapeut", ["Works as a fysiotherapeut"]),
        ("Ik werk als apotheker in het Rijnstate.", ["Is an apotheker at Rijnstate"]),
        ("Ik ben huisarts.", ["Works as a huisarts"]),
        ("Ik ben een kapster.", ["Works as a kapster"]),
        ("Ik ben docent Frans op een middelbare school", ["Works as a docent Frans"]),
        ("Ik ben verpleegkundige van beroep", ["Works as a verpleegkundige"]),
        ("Ik ben kok bij De Gouden Leeuw en woon in Delft", ["Lives in Delft", "Is a kok at De Gouden Leeuw"]),
        # statuses: the English status, and the word said beside it where the two differ
        ("Ik ben getrouwd.", ["Is married (getrouwd)"]),
        ("Ik ben al vijftien jaar gelukkig getrouwd", ["Is married (getrouwd)"]),
        ("ik ben gescheiden", ["Is divorced (gescheiden)"]),
        ("Ik ben verloofd!!", ["Is engaged (verloofd)"]),
        ("Ik ben single", ["Is single"]),
        ("Ik heb een relatie.", ["Is in a relationship (relatie)"]),
        # health
        ("Ik heb diabetes.", ["Has diabetes"]),
        ("ik heb astma", ["Has asthma (astma)"]),
        ("Ik heb coeliakie", ["Has coeliac disease (coeliakie)"]),
        ("Ik heb al jaren last van migraine.", ["Has migraines"]),
        ("Ik heb een trage schildklier", ["Has hypothyroidism (trage schildklier)"]),
        ("Ik lijd aan fibromyalgie", ["Has fibromyalgia (fibromyalgie)"]),
        ("Ik ben allergisch voor pinda's", ["Is allergic to pinda's"]),
        ("Ik heb een notenallergie", ["Is allergic to noten"]),
        ("Ik heb een allergie voor gluten en lactose", ["Is allergic to gluten"]),
    ],
)
def test_facts_said_in_dutch(message: str, expected: list[str]) -> None:
    assert _contents(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Mijn vriend heet Thijs.", [("fact", "Boyfriend's name is Thijs", "relation:partner", ["person:thijs"])]),
        ("mijn vriendin Eva", [("fact", "Girlfriend's name is Eva", "relation:partner", ["person:eva"])]),
        ("Mijn stiefdochter heet Lieke", [("fact", "Stepdaughter's name is Lieke", "", ["person:lieke"])]),
        (
            "Mijn zus Femke woont in Leiden",
            [
                ("fact", "Sister's name is Femke", "", ["person:femke"]),
                ("fact", "Femke lives in Leiden", "", ["person:femke", "location:leiden"]),
            ],
        ),
        (
            "Mijn vader woont nog steeds in Meppel.",
            [("fact", "Father (vader) lives in Meppel", "", ["person:vader", "location:meppel"])],
        ),
        (
            "m'n broer werkt bij de Politie Utrecht",
            [("fact", "Brother (broer) works at Politie Utrecht", "", ["person:broer", "workplace:politie-utrecht"])],
        ),
        ("Mijn hond heet Guus", [("fact", "Has a dog named Guus", "pet:guus", ["pet:guus"])]),
        ("Onze kat Pip slaapt de hele dag", [("fact", "Has a cat named Pip", "pet:pip", ["pet:pip"])]),
        ("We hebben een hond die Sjors heet.", [("fact", "Has a dog named Sjors", "pet:sjors", ["pet:sjors"])]),
        (
            "Ik heb een poes, een oude cyperse die Mimi heet",
            [("fact", "Has a cat named Mimi", "pet:mimi", ["pet:mimi"])],
        ),
        ("Ik heb een konijn, Snuffie.", [("fact", "Has a rabbit named Snuffie", "pet:snuffie", ["pet:snuffie"])]),
        ("Ik heb een cavia", [("fact", "Has a guinea pig (cavia)", "", [])]),
        (
            "Thijs heeft me gisteren ten huwelijk gevraagd!",
            [
                ("fact", "Is engaged", "relationship_status", []),
                ("fact", "Fiance's name is Thijs", "relation:partner", ["person:thijs"]),
            ],
        ),
        (
            "Sanne heeft mij gevraagd om met haar te trouwen",
            [
                ("fact", "Is engaged", "relationship_status", []),
                ("fact", "Fiancee's name is Sanne", "relation:partner", ["person:sanne"]),
            ],
        ),
    ],
)
def test_family_partners_and_pets_said_in_dutch(message: str, expected: list[tuple[str, str, str, list[str]]]) -> None:
    assert _found(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("mijn vriend zei dat ik moest gaan", [("person", "Vriend", "boyfriend")]),
        ("m'n vriendin komt vanavond eten", [("person", "Vriendin", "girlfriend")]),
        ("mijn stiefzoon gamet de hele dag", [("person", "Stiefzoon", "stepson")]),
        ("Mijn schoonmoeder belde weer", [("person", "Schoonmoeder", "mother-in-law")]),
        ("het recept van mijn oma", [("person", "Oma", "grandmother")]),
        ("mijn beste vriendin Roos", [("person", "Roos", "best friend")]),
        ("Onze dochter Isa is jarig", [("person", "Isa", "daughter")]),
        ("mijn ex-man haalt de kinderen op", [("person", "Ex-man", "ex")]),
        ("mijn kat is ziek", [("pet", "Cat", "cat")]),
    ],
)
def test_relatives_and_pets_said_in_dutch_are_entities_with_the_english_relation(
    message: str, expected: list[tuple[str, str, str | None]]
) -> None:
    assert _mentions(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ik hou van wandelen", [("Loves wandelen", "positive")]),
        ("ik houd echt van de Veluwe", [("Loves Veluwe", "positive")]),
        ("Ik ben gek op stroopwafels", [("Loves stroopwafels", "positive")]),
        ("Ik ben dol op Surinaams eten", [("Loves Surinaams eten", "positive")]),
        ("Ik vind schaatsen leuk", [("Likes schaatsen", "positive")]),
        ("Ik vind Japanse thee heel lekker.", [("Likes Japanse thee", "positive")]),
        ("Ik vind Texel geweldig", [("Loves Texel", "positive")]),
        ("Ik eet graag sushi", [("Likes sushi", "positive")]),
        ("Ik hou niet van spinazie", [("Doesn't like spinazie", "negative")]),
        ("Ik vind bier niet lekker", [("Doesn't like bier", "negative")]),
        ("Ik haat wespen", [("Hates wespen", "negative")]),
        ("Ik heb een hekel aan vroeg opstaan", [("Hates vroeg opstaan", "negative")]),
        ("Ik vind horrorfilms vreselijk", [("Hates horrorfilms", "negative")]),
        ("Begin alsjeblieft niet over voetbal.", [("Doesn't want to talk about voetbal", "avoid")]),
        ("Ik wil het niet over mijn ex hebben", [("Doesn't want to talk about their ex", "avoid")]),
        ("Ik wil niet praten over de verkiezingen", [("Doesn't want to talk about verkiezingen", "avoid")]),
        ("Ik praat liever niet over geld", [("Doesn't want to talk about geld", "avoid")]),
        ("Laten we het niet over mijn werk hebben", [("Doesn't want to talk about their werk", "avoid")]),
        ("Geen vragen over mijn gewicht alsjeblieft", [("Doesn't want to talk about their gewicht", "avoid")]),
        ("Tekenen is mijn passie", [("Loves Tekenen", "positive")]),
    ],
)
def test_preferences_said_in_dutch(message: str, expected: list[tuple[str, str]]) -> None:
    candidates = extract(message, role="user").candidates
    assert [(c.content, c.metadata["polarity"]) for c in candidates if c.memory_type == "preference"] == expected


def test_a_topic_to_avoid_is_a_topic_entity() -> None:
    assert ("topic", "Marktplaats", None) in _mentions("Begin niet over Marktplaats, alsjeblieft")


@pytest.mark.parametrize(
    "message",
    [
        # negations
        "Ik heb geen kinderen.",
        "ik heb geen hond meer",
        "Ik woon niet meer in Zwolle.",
        "Ik woon al lang niet meer in Gouda",
        "Ik werk niet meer bij Philips.",
        "Ik ben niet getrouwd.",
        "Ik ben nooit getrouwd geweest.",
        "Ik ben niet allergisch voor noten.",
        "Mijn broer woont niet meer in Delft.",
        "Ik heb een hond gehad.",
        "Ik ben getrouwd geweest.",
        # questions
        "Woon je in Zwolle?",
        "Werk jij bij Philips",
        "Ben je getrouwd?",
        "Heb jij een hond?",
        "Hou je van drop?",
        # conditions, suppositions and plans
        "Als ik naar Utrecht verhuis, laat ik het je weten.",
        "Als ik een hond had, zou ik hem Max noemen.",
        "Wanneer ik naar Groningen verhuisd ben, bel ik je.",
        "Misschien ben ik allergisch voor noten.",
        "Stel dat ik naar Spanje verhuis.",
        "Ik wil graag in Amsterdam wonen.",
        "Misschien ga ik in Utrecht wonen.",
        "Ik heb misschien ADHD.",
        # passing states, idioms, pronouns, kinds of place
        "Ik heb vandaag migraine.",
        "Ik werk als een gek deze week.",
        "Ik kom net uit de sportschool.",
        "Ik kom uit een groot gezin.",
        "Ik kom uit Spanje terug.",
        "Ik ben moe.",
        "Ik ben Nederlands.",
        "Ik woon in een huis in Zwolle.",
        "Ik werk voor mezelf.",
        "Ik werk bij een bank.",
        "Ik hou van je.",
        "Ik vind het leuk.",
        "Ik vind jou leuk.",
        "Ik hou van mijn vrouw.",
        "Ik ben 10 minuten te laat.",
    ],
)
def test_no_fact_from_dutch_negations_questions_or_conditions(message: str) -> None:
    assert _found(message) == []


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("ik woon in Zwolle", "I live in Zwolle"),
        ("Ik ben naar Utrecht verhuisd", "I moved to Utrecht"),
        ("ik ben 41 jaar", "I'm 41 years old"),
        ("ik heet Femke", "my name is Femke"),
        ("ik werk bij Philips", "I work at Philips"),
        ("ik kom uit Groningen", "I'm from Groningen"),
        ("mijn vrouw Anna is arts", "my wife Anna is a doctor"),
        ("Ik ben getrouwd", "I'm married"),
        ("Ik heb astma", "I have asthma"),
        ("Ik hou van koffie", "I love koffie"),
    ],
)
def test_a_dutch_fact_takes_the_slot_and_value_of_the_same_fact_in_english(message: str, english: str) -> None:
    # given the same statement in Dutch and in English
    said = extract(message, role="user").candidates[0]
    in_english = extract(english, role="user").candidates[0]

    # then both assert the same value in the same slot, so one supersedes or restates the other; the words are
    # English's, with the word said beside them where English names it otherwise ("Is married (getrouwd)")
    assert (said.slot, said.value) == (in_english.slot, in_english.value)
    assert said.content.startswith(in_english.content)


def test_a_move_in_english_supersedes_a_home_said_in_dutch() -> None:
    before = extract("Hoi! Ik woon in Zwolle", role="user").candidates[0]
    after = extract("I moved to Kampen", role="user").candidates[0]

    assert (before.content, after.content) == ("Lives in Zwolle", "Lives in Kampen (moved there)")
    assert before.slot == after.slot == "location"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I met Ben in Den Haag last week.", []),
        ("Ben is my brother and he lives in Den Bosch.", ["Brother's name is Ben"]),
        ("I'm Ben, 34, from Leeds.", ["Name is Ben", "Is 34 years old", "Is from Leeds"]),
        ("My dad lives in Den Haag.", ["Dad lives in Den Haag"]),
        ("I work at Albert Heijn.", ["Works at Albert Heijn"]),
        ("My gf Femke says ik hou van jou all the time", ["Girlfriend's name is Femke"]),
        ("ik right? my sister is the worst", []),
        ("I love stroopwafels", ["Loves stroopwafels"]),
    ],
)
def test_english_with_dutch_looking_words_is_read_as_english(message: str, expected: list[str]) -> None:
    assert _contents(message) == expected


def test_my_said_as_me_is_still_read_beside_english_chat_words() -> None:
    # "ik" is English chat's "I know" too: it does not make the sentence Dutch
    assert ("person", "Mam", "mother") in _mentions("ik, me mam said the same")


def test_the_dutch_word_lists_are_as_full_as_the_others() -> None:
    # then Dutch names kin (the partner and step-family included), jobs of either gender and lasting conditions
    relations = FOREIGN_RELATIONS["nl"]
    assert (relations["vriend"], relations["vriendin"], relations["stiefzoon"]) == (
        "boyfriend",
        "girlfriend",
        "stepson",
    )
    assert len(FOREIGN_JOB_TITLES["nl"]) >= min(
        len(titles) for code, titles in FOREIGN_JOB_TITLES.items() if code != "nl"
    )
    assert {"leraar", "lerares", "verpleegkundige", "kapper", "kapster"} <= FOREIGN_JOB_TITLES["nl"]
    assert FOREIGN_CONDITIONS["nl"]["coeliakie"] == FOREIGN_CONDITIONS["es"]["celiaquía"]


# Review 3's misreadings, one per cause.
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a length of time is no age: the age needs "oud" or the clause's end after "jaar"
        ("Ik ben 10 jaar getrouwd met Mark.", ["Is married (getrouwd)"]),
        ("Ik ben 3 jaar geleden naar Gent verhuisd.", ["Lives in Gent (moved there)"]),
        ("Ik ben 2 jaar clean vandaag!", []),
        ("Ik ben 15 jaar lid van de tennisclub.", []),
        ("Ik ben 20 jaar in dienst bij de NS.", []),
        ("Ik ben 34 jaar oud", ["Is 34 years old"]),
        ("Ik ben 34 jaar.", ["Is 34 years old"]),
        # "bijna" (almost) blocks, except before a length of time
        ("Ik ben bijna getrouwd, nog twee weken!", []),
        ("Ik ben bijna naar Leiden verhuisd maar het ging niet door.", []),
        ("ik woon bijna 10 jaar in Utrecht", ["Lives in Utrecht"]),
        # a proposal not made, or turned down
        ("Tim heeft me niet ten huwelijk gevraagd.", []),
        ("Tim vroeg me nooit ten huwelijk.", []),
        ("Tim heeft me gevraagd om met hem te trouwen maar ik zei nee.", []),
        ("Tim heeft me gisteren ten huwelijk gevraagd", ["Is engaged", "Fiance's name is Tim"]),
        # a condition had or beaten
        ("Ik heb astma gehad als kind.", []),
        ("Ik heb kanker gehad maar ben nu schoon.", []),
        ("Ik heb kanker overwonnen!", []),
        ("Ik heb een depressie gehad.", []),
        # an animal seen, caught, saved or needed; "een kater" is a hangover
        ("ik heb een kater", []),
        ("Ik heb een kater vandaag, te veel bier gisteren.", []),
        ("Ik heb een slang nodig voor de tuin.", []),
        ("Ik heb een vogel gezien in de tuin.", []),
        ("Ik heb een vis gevangen!", []),
        ("Ik heb een hond gered uit het water.", []),
        ("We hebben een kitten geadopteerd", ["Has a cat"]),  # "kitten" is English: no bracket
        ("Ik heb een kater die Tijger heet", ["Has a cat named Tijger"]),
        # where one is from or what one believes is no name
        ("Ik ben Amsterdammer.", []),
        ("Ik ben Brabander.", []),
        ("Ik ben Moslim.", []),
        ("Ik ben Engels.", []),
        # places: a name's own capital article, a name holding "en", a common noun after "het"
        ("Ik woon in De Bilt.", ["Lives in De Bilt"]),
        ("Ik woon in Berg en Dal, vlakbij Nijmegen.", ["Lives in Berg en Dal"]),
        ("Ik woon in het buitenland.", []),
        ("Mijn oma woont in het verzorgingstehuis.", []),
        ("Ik woon in de Jordaan", ["Lives in Jordaan"]),
    ],
)
def test_review3_dutch_misreadings(message: str, expected: list[str]) -> None:
    assert _contents(message) == expected
