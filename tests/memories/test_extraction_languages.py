"""Facts, preferences and entities said in Spanish, Portuguese, French, German, Italian and romanised Hindi
(memories/extraction/languages.py). Sentences written for these tests, none from the corpus. Pure functions."""

from __future__ import annotations

import pytest

from memories.extraction import extract
from memories.extraction.episodes import says_more_than
from memories.extraction.vocabulary import FOREIGN_PET_SPECIES, FOREIGN_RELATIONS, HINDI_BARE_KIN, PET_SPECIES


def _found(message: str) -> list[tuple[str, str, str, list[str]]]:
    extraction = extract(message, role="user")
    return [(c.memory_type, c.content, c.slot, [e.ref for e in c.entities]) for c in extraction.candidates]


def _mentions(message: str) -> list[tuple[str, str, dict[str, str]]]:
    return [(m.ref, m.display_name, m.metadata) for m in extract(message, role="user").mentions]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # es
        (
            "hola, me llamo Lucía y vivo en Sevilla desde hace dos años",
            [
                ("fact", "Name is Lucía", "name", []),
                ("fact", "Lives in Sevilla", "location", ["location:sevilla"]),
            ],
        ),
        ("tengo 41 años", [("fact", "Is 41 years old", "age", [])]),
        (
            "me mudé a Monterrey el año pasado",
            [("fact", "Lives in Monterrey (moved there)", "location", ["location:monterrey"])],
        ),
        ("soy de Guadalajara", [("fact", "Is from Guadalajara", "hometown", ["location:guadalajara"])]),
        (
            "trabajo como enfermera en el Hospital Ángeles",
            [("fact", "Is an enfermera at Hospital Ángeles", "workplace", ["workplace:hospital-ángeles"])],
        ),
        (
            "mi novio Javier es un amor",
            [("fact", "Boyfriend's name is Javier", "relation:partner", ["person:javier"])],
        ),
        ("mi perrita se llama Luna", [("fact", "Has a dog named Luna", "pet:luna", ["pet:luna"])]),
        (
            "mi hermana vive en Valencia",
            [("fact", "Sister (hermana) lives in Valencia", "", ["person:hermana", "location:valencia"])],
        ),
        # pt
        (
            "oi, eu sou o Pedro, tenho 31 anos",
            [("fact", "Is 31 years old", "age", []), ("fact", "Name is Pedro", "name", [])],
        ),
        (
            "me mudei pra Curitiba mês passado",
            [("fact", "Lives in Curitiba (moved there)", "location", ["location:curitiba"])],
        ),
        ("moro no rio de janeiro", [("fact", "Lives in Rio De Janeiro", "location", ["location:rio-de-janeiro"])]),
        ("sou do Recife", [("fact", "Is from Recife", "hometown", ["location:recife"])]),
        ("trabalho na Embraer", [("fact", "Works at Embraer", "workplace", ["workplace:embraer"])]),
        (
            "minha irmã Júlia mora no Rio",
            [
                ("fact", "Sister's name is Júlia", "", ["person:júlia"]),
                ("fact", "Júlia lives in Rio", "", ["person:júlia", "location:rio"]),
            ],
        ),
        ("tenho uma gata chamada Mel", [("fact", "Has a cat named Mel", "pet:mel", ["pet:mel"])]),
        ("tenho um cachorro", [("fact", "Has a dog (cachorro)", "", [])]),
        # fr
        (
            "salut ! moi c'est Julien, j'ai 27 ans",
            [("fact", "Is 27 years old", "age", []), ("fact", "Name is Julien", "name", [])],
        ),
        (
            "j'ai déménagé à Bordeaux en janvier",
            [("fact", "Lives in Bordeaux (moved there)", "location", ["location:bordeaux"])],
        ),
        ("je suis originaire de Marseille", [("fact", "Is from Marseille", "hometown", ["location:marseille"])]),
        (
            "je travaille comme ingénieure chez Airbus",
            [("fact", "Is an ingénieure at Airbus", "workplace", ["workplace:airbus"])],
        ),
        (
            "ma copine Léa est infirmière",
            [("fact", "Girlfriend's name is Léa", "relation:partner", ["person:léa"])],
        ),
        ("j'ai un chien qui s'appelle Rex", [("fact", "Has a dog named Rex", "pet:rex", ["pet:rex"])]),
        # de
        (
            "Hallo, ich bin Jonas und wohne in Hamburg",
            [("fact", "Name is Jonas", "name", []), ("fact", "Lives in Hamburg", "location", ["location:hamburg"])],
        ),
        ("ich bin 42 Jahre alt", [("fact", "Is 42 years old", "age", [])]),
        (
            "wir sind letztes Jahr nach München gezogen",
            [("fact", "Lives in München (moved there)", "location", ["location:münchen"])],
        ),
        ("ich komme aus Wien", [("fact", "Is from Wien", "hometown", ["location:wien"])]),
        (
            "ich arbeite als Lehrerin bei Siemens",
            [("fact", "Is a Lehrerin at Siemens", "workplace", ["workplace:siemens"])],
        ),
        (
            "meine Freundin Anna studiert Medizin",
            [("fact", "Girlfriend's name is Anna", "relation:partner", ["person:anna"])],
        ),
        ("ich habe einen Hund namens Bello", [("fact", "Has a dog named Bello", "pet:bello", ["pet:bello"])]),
        # it
        (
            "ciao, mi chiamo Giulia e abito a Torino",
            [("fact", "Name is Giulia", "name", []), ("fact", "Lives in Torino", "location", ["location:torino"])],
        ),
        ("ho 29 anni", [("fact", "Is 29 years old", "age", [])]),
        (
            "mi sono trasferita a Bologna",
            [("fact", "Lives in Bologna (moved there)", "location", ["location:bologna"])],
        ),
        ("lavoro come cameriera", [("fact", "Works as a cameriera", "occupation", [])]),
        (
            "mio fratello Marco vive a Roma",
            [
                ("fact", "Brother's name is Marco", "", ["person:marco"]),
                ("fact", "Marco lives in Roma", "", ["person:marco", "location:roma"]),
            ],
        ),
        ("ho un gatto che si chiama Micio", [("fact", "Has a cat named Micio", "pet:micio", ["pet:micio"])]),
        # hi (romanised)
        ("mera naam Rahul hai", [("fact", "Name is Rahul", "name", [])]),
        ("main 25 saal ka hoon", [("fact", "Is 25 years old", "age", [])]),
        ("main Mumbai mein rehta hoon", [("fact", "Lives in Mumbai", "location", ["location:mumbai"])]),
        (
            "hum Bangalore shift ho gaye",
            [("fact", "Lives in Bangalore (moved there)", "location", ["location:bangalore"])],
        ),
        ("main Jaipur se hoon", [("fact", "Is from Jaipur", "hometown", ["location:jaipur"])]),
        (
            "meri behen Pune mein rehti hai",
            [("fact", "Sister (behen) lives in Pune", "", ["person:behen", "location:pune"])],
        ),
        ("mere kutte ka naam Tommy hai", [("fact", "Has a dog named Tommy", "pet:tommy", ["pet:tommy"])]),
        # relationship status, and the home of someone living with others
        ("estoy casada desde 2015", [("fact", "Is married (casada)", "relationship_status", [])]),
        ("sou solteiro", [("fact", "Is single (solteiro)", "relationship_status", [])]),
        ("ich bin seit zwei Jahren verheiratet", [("fact", "Is married (verheiratet)", "relationship_status", [])]),
        ("meri shaadi ho chuki hai", [("fact", "Is married (shaadi)", "relationship_status", [])]),
        ("vivo con mi novio en Madrid", [("fact", "Lives in Madrid", "location", ["location:madrid"])]),
        ("ich wohne mit meiner Frau in Graz", [("fact", "Lives in Graz", "location", ["location:graz"])]),
        ("fiz 30 anos ontem!", [("fact", "Is 30 years old", "age", [])]),
        # colloquial and written forms
        (
            "vivo en la Ciudad de Panamá con mi tía",
            [("fact", "Lives in Ciudad de Panamá", "location", ["location:ciudad-de-panamá"])],
        ),
        ("tô morando em Floripa agora", [("fact", "Lives in Floripa", "location", ["location:floripa"])]),
        ("eu trabalho no Itaú faz 3 anos", [("fact", "Works at Itaú", "workplace", ["workplace:itaú"])]),
        ("je bosse chez Decathlon", [("fact", "Works at Decathlon", "workplace", ["workplace:decathlon"])]),
        (
            "ich arbeite als Krankenpfleger im Klinikum",
            [("fact", "Is a Krankenpfleger at Klinikum", "workplace", ["workplace:klinikum"])],
        ),
        ("main 30 ka hoon", [("fact", "Is 30 years old", "age", [])]),
    ],
)
def test_facts_said_in_other_languages(message: str, expected: list[tuple[str, str, str, list[str]]]) -> None:
    assert _found(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        # negations
        "no tengo perro",
        "ya no vivo en Madrid",
        "mi hermana no vive en Valencia",
        "não tenho cachorro",
        "não moro mais em Lisboa",
        "je n'ai pas de chat",
        "je n'habite plus à Paris",
        "ich habe keinen Hund",
        "ich wohne nicht mehr in Köln",
        "non ho un cane",
        "non abito a Milano",
        "mere paas kutta nahi hai",
        # questions
        "¿vives en Lyon?",
        "¿tienes 30 años?",
        "você mora em Lisboa?",
        "tu habites à Lyon ?",
        "wohnst du in Berlin?",
        "kya aap Delhi mein rehte ho?",
        # hypotheticals
        "si me mudo a Madrid, te aviso",
        "si tuviera un gato lo llamaría Simón",
        "se eu morasse em Paris seria feliz",
        "si j'habite à Lyon un jour",
        "wenn ich in Berlin wohne, besuche ich dich",
        "no estoy casado",
        "je ne suis pas mariée",
        "agar main Mumbai shift ho gaya toh",
        # states and nouns that are not names or places ("Ich bin Lehrer": a job, test_what_one_works_as_said_with_i_am)
        "Soy Mexicana",
        "main ghar mein hoon",
        "main kal se bimar hoon",
        "trabajo en una tienda",
        "vivo en casa de mis padres",
        "vivo en paz",
        "je vis dans la peur",
        "soy de los que piensan así",
        "sou de boa",
        "sono di fretta",
        "ich komme aus dem Urlaub",
        "ich komme gerade aus Berlin zurück",
        "main hostel mein rehti hoon",
        "me gusta mucho",
        "vivo en la ciudad",
        "j'habite en banlieue parisienne",
        "j'aime bien",
        # reactions and pronouns are not tastes
        "te amo",
        "je t'aime",
        "ich liebe dich",
        "me encanta la idea",
    ],
)
def test_no_fact_from_negations_questions_or_hypotheticals(message: str) -> None:
    assert _found(message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("me encantan las enchiladas", [("preference", "Loves enchiladas", "pref:enchiladas", [])]),
        ("me encanta bailar salsa con mis amigas", [("preference", "Loves bailar salsa", "pref:bailar salsa", [])]),
        ("no me gusta el café", [("preference", "Doesn't like café", "pref:café", [])]),
        ("odio los lunes", [("preference", "Hates lunes", "pref:lunes", [])]),
        ("gosto muito de pão de queijo", [("preference", "Likes pão de queijo", "pref:pão de queijo", [])]),
        ("j'adore le fromage", [("preference", "Loves fromage", "pref:fromage", [])]),
        ("je n'aime pas le froid", [("preference", "Doesn't like froid", "pref:froid", [])]),
        ("ich mag keine Tomaten", [("preference", "Doesn't like Tomaten", "pref:tomaten", [])]),
        ("non mi piace il pesce", [("preference", "Doesn't like pesce", "pref:pesce", [])]),
        ("mujhe rajma chawal bahut pasand hai", [("preference", "Likes rajma chawal", "pref:rajma chawal", [])]),
        (
            "no quiero hablar de mi ex",
            [("preference", "Doesn't want to talk about their ex", "topic:ex", ["topic:ex"])],
        ),
        (
            "je ne veux pas parler de politique",
            [("preference", "Doesn't want to talk about politique", "topic:politique", ["topic:politique"])],
        ),
    ],
)
def test_preferences_said_in_other_languages(message: str, expected: list[tuple[str, str, str, list[str]]]) -> None:
    assert _found(message) == expected


def test_a_preference_keeps_the_polarity_and_strength_of_the_english_rules() -> None:
    # given a strong like and a plain one in Spanish
    loved = extract("me encanta el flamenco", role="user").candidates[0]
    liked = extract("me gusta el flamenco", role="user").candidates[0]

    # then they hold the values "I love flamenco" and "I like flamenco" hold
    assert loved.value == extract("I love flamenco", role="user").candidates[0].value
    assert liked.value == extract("I like flamenco", role="user").candidates[0].value
    assert loved.slot == liked.slot == "pref:flamenco"


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("moro em Lisboa", "I live in Lisboa"),
        ("me mudé a Oaxaca", "I moved to Oaxaca"),
        ("j'ai 38 ans", "I'm 38 years old"),
        ("ich arbeite bei Bosch", "I work at Bosch"),
        ("mi chiamo Sara", "my name is Sara"),
        ("mi esposa Ana es doctora", "my wife Ana is a doctor"),
        ("mon chat s'appelle Félix", "my cat Félix is asleep"),
    ],
)
def test_a_fact_takes_the_slot_and_value_of_the_same_fact_in_english(message: str, english: str) -> None:
    # given the same statement in another language and in English
    said = extract(message, role="user").candidates[0]
    in_english = extract(english, role="user").candidates[0]

    # then both assert the same value in the same slot, so one supersedes or restates the other
    assert (said.slot, said.value) == (in_english.slot, in_english.value)
    assert said.content == in_english.content


def test_a_move_in_english_supersedes_a_home_said_in_portuguese() -> None:
    # given a home said in Portuguese, then a move said in English
    before = extract("olá! moro em Lisboa", role="user").candidates[0]
    after = extract("I moved to Porto", role="user").candidates[0]

    # then both are the one location slot with different values: the move supersedes the home
    assert (before.content, after.content) == ("Lives in Lisboa", "Lives in Porto (moved there)")
    assert before.slot == after.slot == "location"
    assert (before.value, after.value) == (("location:lisboa",), ("location:porto",))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("mi mamá me llamó hoy", [("person:mamá", "Mamá", {"relation": "mother"})]),
        ("meu marido chegou tarde", [("person:marido", "Marido", {"relation": "husband"})]),
        ("mon fils Hugo a perdu une dent", [("person:hugo", "Hugo", {"relation": "son"})]),
        ("meine Mutter ruft jeden Tag an", [("person:mutter", "Mutter", {"relation": "mother"})]),
        ("mia suocera viene a cena", [("person:suocera", "Suocera", {"relation": "mother-in-law"})]),
        ("dadi ke saath mandir gayi", [("person:dadi", "Dadi", {"relation": "grandmother"})]),
        ("meri mummy ne kheer banayi", [("person:mummy", "Mummy", {"relation": "mother"})]),
        ("mi gato duerme todo el día", [("pet:cat", "Cat", {"species": "cat"})]),
    ],
)
def test_relatives_and_pets_are_entities_with_the_english_relation(
    message: str, expected: list[tuple[str, str, dict[str, str]]]
) -> None:
    assert _mentions(message) == expected


@pytest.mark.parametrize(
    ("message", "partner"),
    [
        ("Pablo me propuso matrimonio en la playa", ("Fiance's name is Pablo", "person:pablo")),
        ("a Marina me pediu em casamento ontem!", ("Fiancee's name is Marina", "person:marina")),
        ("Thomas m'a demandée en mariage", ("Fiance's name is Thomas", "person:thomas")),
        ("Jan hat mir einen Heiratsantrag gemacht", ("Fiance's name is Jan", "person:jan")),
        ("Giulia mi ha chiesto di sposarla", ("Fiancee's name is Giulia", "person:giulia")),
        ("Rohan ne mujhe propose kiya", ("Fiance's name is Rohan", "person:rohan")),
    ],
)
def test_a_proposal_is_an_engagement_and_names_the_partner(message: str, partner: tuple[str, str]) -> None:
    # when someone is said to have proposed
    found = _found(message)

    # then the contact is engaged, and the proposer holds the one partner slot, as "my fiancé Pablo" would
    content, ref = partner
    assert found == [
        ("fact", "Is engaged", "relationship_status", []),
        ("fact", content, "relation:partner", [ref]),
    ]


@pytest.mark.parametrize(
    "message", ["Ele me pediu em casamento", "Lucas no me pidió matrimonio", "si Pablo me pide matrimonio"]
)
def test_no_engagement_from_a_pronoun_a_negation_or_a_supposition(message: str) -> None:
    assert _found(message) == []


def test_english_text_is_not_read_as_another_language() -> None:
    # given English sentences holding words the other languages use ("main", "mi", "ma", "son")
    messages = ["the main thing is I live in Leeds", "my son Leo turned 5", "ma always says hi"]

    # then only the English rules answer (the son's age is theirs: what follows a named relative)
    assert [c.content for m in messages for c in extract(m, role="user").candidates] == [
        "Lives in Leeds",
        "Son's name is Leo",
        "Leo is 5",
    ]


def test_only_the_user_speaks_for_themselves() -> None:
    assert extract("soy Diego, vivo en Oaxaca", role="assistant").candidates == ()


def test_every_word_list_maps_to_the_english_vocabulary() -> None:
    # given the other languages' relation words, and the Hindi kin read without "my"
    relations = {word: relation for words in FOREIGN_RELATIONS.values() for word, relation in words.items()}

    # then each bare kin word has a relation, and each pet word a species the English rules know
    assert HINDI_BARE_KIN.issubset(FOREIGN_RELATIONS["hi"])
    assert {species for words in FOREIGN_PET_SPECIES.values() for species in words.values()} <= set(
        PET_SPECIES.values()
    )
    assert all(word == word.lower() for word in relations)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("soy alérgica a los mariscos", "Is allergic to mariscos"),
        ("tengo alergia al maní", "Is allergic to maní"),
        ("sou alérgico a amendoim", "Is allergic to amendoim"),
        ("je suis allergique aux arachides", "Is allergic to arachides"),
        ("j'ai une allergie au pollen", "Is allergic to pollen"),
        ("ich bin allergisch gegen Nüsse", "Is allergic to Nüsse"),
        ("sono allergica alle noci", "Is allergic to noci"),
        ("sono allergico all'aglio", "Is allergic to aglio"),
        ("mujhe peanuts se allergy hai", "Is allergic to peanuts"),
    ],
)
def test_an_allergy_said_in_another_language(message: str, expected: str) -> None:
    facts = [c for c in extract(message, role="user").candidates if c.content == expected]
    assert [c.slot for c in facts] == [f"allergy:{expected.rsplit(' ', 1)[-1].lower()}"]


@pytest.mark.parametrize(
    "message", ["no soy alérgico a nada", "¿eres alérgico a algo?", "je ne suis pas allergique aux chats"]
)
def test_no_allergy_from_a_denial_or_a_question(message: str) -> None:
    assert not [c for c in extract(message, role="user").candidates if c.content.startswith("Is allergic")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("soy enfermera en un hospital de Madrid", "Works as an enfermera"),
        ("soy diseñadora en Farfetch", "Is a diseñadora at Farfetch"),
        ("sou professora", "Works as a professora"),
        ("je suis infirmière", "Works as an infirmière"),
        ("ich bin Lehrerin", "Works as a Lehrerin"),
        ("Ich bin Lehrer", "Works as a Lehrer"),
        ("ich bin Krankenpfleger", "Works as a Krankenpfleger"),  # a profession, never "Name is Krankenpfleger"
        ("sono un ingegnere", "Works as an ingegnere"),
        # the role ends where the next clause begins: Madrid is where she lives, not where she works
        ("soy enfermera y vivo en Madrid", "Works as an enfermera"),
        ("trabajo como enfermera y vivo en Madrid", "Works as an enfermera"),
    ],
)
def test_what_one_works_as_said_with_i_am(message: str, expected: str) -> None:
    candidates = extract(message, role="user").candidates
    assert [c.content for c in candidates if c.slot in {"occupation", "workplace"}] == [expected]
    assert not [c for c in candidates if c.slot == "name"]  # a profession, never taken for a name


@pytest.mark.parametrize(
    "message",
    [
        "je suis fatiguée", "soy feliz", "no soy médico", "¿eres enfermera?", "si soy profesora algún día",
        # how one is a thing, not what one works as; a student has no job
        "soy actor frustrado jaja", "ich bin Designer aus Leidenschaft", "soy chef en casa los domingos",
        "ich bin Student", "soy estudiante",
    ],
)  # fmt: skip
def test_i_am_without_a_profession_is_no_job(message: str) -> None:
    candidates = extract(message, role="user").candidates
    assert not [c for c in candidates if c.slot in {"occupation", "workplace"}]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("tengo diabetes", "Has diabetes"),
        ("tengo asma desde niña", "Has asthma"),
        ("tenho ansiedade", "Has anxiety"),
        ("j'ai de l'asthme", "Has asthma"),
        ("j'ai du diabète", "Has diabetes"),
        ("ich habe Diabetes", "Has diabetes"),
        ("ich leide an Migräne", "Has migraines"),
        ("ho il diabete", "Has diabetes"),
        ("soffro di emicrania", "Has migraines"),
    ],
)
def test_a_condition_said_in_another_language_is_the_english_fact(message: str, expected: str) -> None:
    # the same fact and slot as "I have asthma": one slot per condition, whatever the language it was told in; the
    # word said is kept beside the English where it differs ("Has asthma (asma)"), so a later message finds it by it
    [health] = [c for c in extract(message, role="user").candidates if c.slot.startswith("health:")]
    english = extract(f"I have {expected.removeprefix('Has ')}", role="user").candidates
    assert (health.content.split(" (")[0], health.slot) == (expected, english[0].slot)
    said = health.content.removeprefix(expected)
    assert said == "" or (said.startswith(" (") and said[2:-1].lower() in message.lower())


@pytest.mark.parametrize(
    "message",
    [
        "no tengo diabetes", "¿tienes asma?", "si tengo ansiedad", "mi hermana tiene asma",
        # a passing one: today's, or about something
        "j'ai une migraine depuis ce matin", "tengo ansiedad por el examen de mañana", "ho l'ansia per domani",
    ],
)  # fmt: skip
def test_no_condition_of_ones_own_from_a_denial_a_question_or_someone_else(message: str) -> None:
    assert not [c for c in extract(message, role="user").candidates if c.slot.startswith("health:")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [("ich heiße Thomas Koch", "Name is Thomas Koch"), ("me llamo Ana Pastor", "Name is Ana Pastor")],
)
def test_a_surname_that_is_a_profession_is_still_a_name(message: str, expected: str) -> None:
    assert expected in [c.content for c in extract(message, role="user").candidates]


@pytest.mark.parametrize(
    "message",
    [
        "Tim proposed to me but I said no",
        "Ich habe einen Kater",
        "Ich bin Muslim",
        "tuve asma de niña",
        "j'ai eu un cancer",
    ],
)
def test_a_refusal_a_hangover_a_belief_and_a_past_illness_are_no_facts(message: str) -> None:
    assert [c.content for c in extract(message, role="user").candidates] == []


@pytest.mark.parametrize(
    ("message", "content"),
    [
        ("ich habe Migräne", "Has migraines (Migräne)"),  # the word as written
        ("mijn kind woont in Gent", "Child lives in Gent"),  # "kind" beside "Child" would mislead
        ("mon chef habite à Lyon", "Boss lives in Lyon"),
        ("tengo asma", "Has asthma (asma)"),
    ],
)
def test_the_word_said_is_kept_as_written_unless_it_is_an_english_word(message: str, content: str) -> None:
    assert content in [c.content for c in extract(message, role="user").candidates]


@pytest.mark.parametrize(
    ("message", "more"),
    [
        ("Mijn moeder woont in Kampen", False),  # a relative's home is the fact: no episode repeating it
        ("mi madre vive en Sevilla", False),
        ("vivo en Madrid y estoy embarazada", True),  # the fact was read from its own clause; the news says more
        ("mi hermana vive en Valencia y está embarazada", True),
    ],
)
def test_a_fact_in_another_language_covers_only_the_clause_it_was_read_from(message: str, more: bool) -> None:
    assert says_more_than(message, extract(message, role="user").candidates) is more
