"""Fact rules and entity mentions in these languages: the English rules' candidates (facts.py), read from each
language's grammar (grammar.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from memories.extraction.entities import is_named
from memories.extraction.facts.base import article, entity_fact, facet, fact
from memories.extraction.languages.clauses import (
    AT_START,
    allergen_name,
    clause_head,
    is_question,
    may_say,
    name_beside,
    person_name,
    place_name,
    plain,
    role_name,
    said_plainly,
    word_key,
)
from memories.extraction.languages.grammar import (
    CAPITALISED,
    CAPITALISED_PLACE,
    CLAUSE_END,
    DUTCH_AND,
    LANGUAGES,
    REST,
    WORD,
    Language,
)
from memories.extraction.text import alternation, entity_key
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    FOREIGN_CONDITIONS,
    FOREIGN_JOB_TITLES,
    FOREIGN_PET_SPECIES,
    FOREIGN_RELATIONS,
    FOREIGN_RELATIONSHIP_STATUSES,
    HINDI_BARE_KIN,
    PARTNER_RELATIONS,
    SINGULAR_RELATIONS,
)


def _compile(patterns: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(f"(?i){pattern}") for pattern in patterns)


class _Rules(NamedTuple):
    names: tuple[re.Pattern[str], ...]
    intros: tuple[re.Pattern[str], ...]
    ages: tuple[re.Pattern[str], ...]
    statuses: tuple[re.Pattern[str], ...]
    lives: tuple[re.Pattern[str], ...]
    moved: tuple[re.Pattern[str], ...]
    hometown: tuple[re.Pattern[str], ...]
    works_at: tuple[re.Pattern[str], ...]
    works_as: tuple[re.Pattern[str], ...]
    proposals: tuple[re.Pattern[str], ...]
    allergic: tuple[re.Pattern[str], ...]
    conditions: tuple[tuple[re.Pattern[str], dict[str, str]], ...]  # "tengo asma": the condition's English name
    workplace: re.Pattern[str]  # splits "enfermera en el Hospital X" into the role and the workplace
    person: re.Pattern[str]  # "mi hermana Lucía", "mi hermana se llama Lucía", "mi hermana"
    pet: re.Pattern[str]
    have_pet: re.Pattern[str]  # "tengo un perro (que se llama Toby)"
    relatives: tuple[tuple[re.Pattern[str], str, str], ...]
    relations: dict[str, str]
    species: dict[str, str]


def _kin(language: Language, kinds: str) -> str:
    """'mi hermana', then a capitalised name beside it or any name after 'se llama'."""
    not_a_place = r"(?!\s+(?:mein|me|mai|se|ko|ka|ki|ke|par|tak)(?!\w))" if language.place_first else ""
    called = f"|{language.called}" if language.called else ""
    return (
        rf"(?<!\w){language.possessive}\s+(?P<kind>{kinds})(?!\w)"
        rf"(?:\s+(?:{language.naming})\s+(?P<named>{WORD}){called}"
        rf"|\s*,?\s+(?P<name>{CAPITALISED}(?:\s+{CAPITALISED})?)(?![\w'’-]){not_a_place})?"
    )


def _relatives(language: Language, kin: str) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """'mi hermana vive en Madrid' → (pattern, the English verb, the kind of place)."""
    if language.place_first:
        return tuple(
            (re.compile(rf"(?i){kin}\s+{CAPITALISED_PLACE}\s+{verb}(?!\w)"), said, kind)
            for verb, said, kind in ((language.their_home, "lives in", "location"),
                                     (language.their_work, "works at", "workplace"))
        )  # fmt: skip
    return tuple(
        (re.compile(rf"(?i){kin}\s+(?:{verb})\s+{REST}"), said, kind)
        for verb, said, kind in ((language.their_home, "lives in", "location"),
                                 (language.their_work, "works at", "workplace"))
    )  # fmt: skip


# An article or partitive before a role or a condition ("soy una enfermera", "j'ai de l'asthme", "ho il diabete").
_ARTICLE = (
    r"(?:(?:un|una|uno|um|uma|une|ein|eine|einen|een|el|la|lo|le|il|o|a|du|des|de\s+la|de|die|den|der)\s+"
    r"|(?:de\s+l|d|l|un)['’]\s*)?"
)


def _being_a(code: str, language: Language) -> tuple[str, ...]:
    """'soy enfermera', 'soy diseñadora en Farfetch', 'soy profesora de inglés': a FOREIGN_JOB_TITLES word after "I am",
    what it is of, and a workplace named after it — then the clause ends ("soy actor frustrado jaja", "ich bin Designer
    aus Leidenschaft", "soy chef en casa los domingos" say how, not what one works as)."""
    titles = FOREIGN_JOB_TITLES.get(code)
    if not language.being or not titles:
        return ()
    what = alternation(titles, any_space=True)
    of = rf"\s+(?:de|di|da|do|d['’])\s*[^\W\d_][\w'’-]*{f'|{language.role_of}' if language.role_of else ''}"
    the = r"(?:(?:el|la|le|der|die|das|il|lo|o|a|de|het)\s+)?"
    # a workplace by name ("en el Hospital La Paz"), or a kind of place ("en un hospital de Madrid"; not "en casa")
    # ("op een middelbare school": a Dutch adjective before it ends in -e)
    a_place = (
        r"(?:un|una|uma|um|une|ein|eine|einem|einer|een|el|la|le|der|die|das|dem|de|het|il|lo|o|a)\s+"
        r"(?:[^\W\d_]+e\s+)?[^\W\d_][\w'’-]*"
    )
    named = rf"{the}{CAPITALISED}(?:\s+{CAPITALISED}){{0,3}}"
    at = rf"\s+(?:{language.workplace_prepositions})\s+(?:{named}|{a_place}(?:\s+(?:de|di|da|do)\s+{CAPITALISED})?)"
    return (rf"(?<!\w)(?:{language.being})\s+{_ARTICLE}(?P<x>(?:{what})(?![\w-])(?:{of})?(?:{at})?){_CLAUSE_ENDS}",)


# Where a clause ends: punctuation, the end, or a conjunction or "since" opening the next one.
_CLAUSE_ENDS = (
    r"(?=\s*(?:[.!?,;:()…]|$)|\s+(?:y|e|et|und|ed|pero|mas|mais|aber|ma|desde|depuis|seit|há|hace|da|maar|want|dus"
    rf"|sinds|van\s+beroep)(?!\w)|\s+{DUTCH_AND})"
)
# Before a lasting condition: an article, not an indefinite one ("j'ai une migraine" is today's).
_CONDITION_ARTICLE = r"(?:(?:el|la|lo|le|il|o|a|du|des|de\s+la|de|die|den|der)\s+|(?:de\s+l|d|l)['’]\s*)?"
# After one: what it is about or when, which makes it passing ("tengo ansiedad por el examen", "ho l'ansia per domani").
_PASSING_AFTER = (
    r"(?!\s+(?:por|pour|wegen|per|para|pelo|pela|sobre|hoy|ayer|mañana|aujourd['’]hui|demain|ce\s+matin|heute|morgen"
    r"|gestern|oggi|domani|ieri|stamattina|hoje|amanhã|ontem|esta|este|cette|diese|questa|door|over|vandaag"
    r"|gisteren|vanochtend|vanmorgen|vanavond|vannacht|deze|dit)(?!\w))"
)

# Later in its clause: a condition had or beaten is past ("ik heb astma gehad als kind", "ik heb kanker overwonnen",
# "ich habe Krebs gehabt / besiegt"), as a pet "gehad" is.
_PAST_AFTER = (
    r"(?![^.!?,;:]*?(?<!\w)(?:gehad|overwonnen|verslagen|gehabt|überwunden|ueberwunden|besiegt|superado|superada"
    r"|vaincu|guéri|guérie|sconfitto|sconfitta|superato|superata|vencido|vencida|curado|curada)(?!\w))"
)


def _conditions(code: str, language: Language) -> tuple[tuple[re.Pattern[str], dict[str, str]], ...]:
    conditions = FOREIGN_CONDITIONS.get(code)
    if not language.suffering or not conditions:
        return ()
    said = alternation(conditions, any_space=True)
    lasting = _PASSING_AFTER + _PAST_AFTER
    pattern = rf"(?i)(?<!\w)(?:{language.suffering})\s+{_CONDITION_ARTICLE}(?P<x>{said})(?![\w-]){lasting}"
    return ((re.compile(pattern), conditions),)


def _rules(code: str, language: Language) -> _Rules:
    relations, species = FOREIGN_RELATIONS[code], FOREIGN_PET_SPECIES[code]
    pets, kin = alternation(species, any_space=True), _kin(language, alternation(relations, any_space=True))
    return _Rules(
        names=_compile(language.names),
        intros=_compile(tuple(f"{AT_START}{intro}{CLAUSE_END}" for intro in language.intros)),
        ages=_compile(language.ages),
        statuses=_compile(language.statuses),
        lives=_compile(language.lives),
        moved=_compile(language.moved),
        hometown=_compile(language.hometown),
        works_at=_compile(language.works_at),
        works_as=_compile((*language.works_as, *_being_a(code, language))),
        proposals=_compile(language.proposals),
        allergic=_compile(language.allergic),
        conditions=_conditions(code, language),
        workplace=re.compile(rf"(?i)\s+(?:{language.workplace_prepositions})\s+"),
        person=re.compile(f"(?i){kin}"),
        pet=re.compile(f"(?i){_kin(language, pets)}"),
        have_pet=re.compile(
            rf"(?i)(?<!\w){language.have_a}\s*(?P<kind>{pets})(?!\w)(?!\s+(?:nahi|nahin|nhi))"
            rf"(?:\s*,?\s+(?:(?:{language.which})\s+)?(?:{language.naming})\s+"
            rf"(?P<named>{WORD}){f'|{language.called}' if language.called else ''})?"
        ),
        relatives=_relatives(language, kin),
        relations=relations,
        species=species,
    )


_ALL = tuple(_rules(code, language) for code, language in LANGUAGES.items())
_HINDI_BARE_KIN = re.compile(
    rf"(?i)(?<!\w)(?P<kind>{'|'.join(sorted(HINDI_BARE_KIN))})\s+(?:ki|ka|ke|ko|ne|se|mein|jaisi|jaisa)(?!\w)"
)


def personal_facts(sentence: str) -> list[Candidate]:
    """'sou a Sofia', 'je m'appelle Claire' → 'Name is …'; 'tengo 20 años' → 'Is 20 years old'."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for match in plain(sentence, rules.ages):
            age = int(match.group("age"))
            if 1 <= age <= 120:
                found += _read_from(match, fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
        for match in plain(sentence, rules.statuses):
            said = word_key(match.group("x"))
            status = FOREIGN_RELATIONSHIP_STATUSES[said]
            content = _as_said(f"Is {status}", match.group("x"))
            found += _read_from(match, fact(content, "relationship_status", value=(facet("status", status),)))
        for match in [*plain(sentence, rules.names), *plain(sentence, rules.intros)]:
            name = person_name(match.group("name"), capitalised=match.re in rules.intros)
            if name:
                found.append(fact(f"Name is {name}", "name", value=(facet("name", name),)))
    return found


def home_facts(sentence: str) -> list[Candidate]:
    """'moro em Lisboa' → 'Lives in Lisboa', 'me mudé a Monterrey' → '… (moved there)', 'ich komme aus Köln'."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for patterns, template, slot in (
            (rules.lives, "Lives in {}", "location"),
            (rules.moved, "Lives in {} (moved there)", "location"),
            (rules.hometown, "Is from {}", "hometown"),
        ):
            for match in plain(sentence, patterns):
                # where one is from is a written name ("soy de Monterrey"); "soy de los que…", "sono di fretta" are not
                where = place_name(match.group("x"), named=slot == "hometown")
                if where:
                    told = entity_fact(template.format(where), slot, _named_place("location", where))
                    found += [told] if patterns is rules.moved else _read_from(match, told)  # a move is news too
    return found


def work_facts(sentence: str) -> list[Candidate]:
    """'trabalho como desenvolvedora na Nubank' → 'Is a desenvolvedora at Nubank'; 'ich arbeite bei Siemens'."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for match in plain(sentence, rules.works_as):
            role, *at = rules.workplace.split(clause_head(match.group("x")), maxsplit=1)
            found += _read_from(match, *_job(role_name(role), place_name(at[0], named=True) if at else ""))
        for match in plain(sentence, rules.works_at):
            employer = place_name(match.group("x"), named=True)
            if employer:
                workplace = _named_place("workplace", employer)
                found += _read_from(match, entity_fact(f"Works at {employer}", "workplace", workplace))
    return found


def health_facts(sentence: str) -> list[Candidate]:
    """'soy alérgica a los mariscos', 'je suis allergique aux arachides' → 'Is allergic to mariscos' (one slot per
    allergen, as in English); 'tengo asma', "j'ai du diabète", 'ich habe Migräne' → 'Has asthma' (health:asthma)."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for match in plain(sentence, rules.allergic):
            allergen = allergen_name(match.group("x"))
            if allergen:
                found += _read_from(match, fact(f"Is allergic to {allergen}", f"allergy:{entity_key(allergen)}"))
        for pattern, conditions in rules.conditions:
            for match in plain(sentence, (pattern,)):
                condition = conditions[word_key(match.group("x"))]
                content = _as_said(f"Has {condition}", _WITHOUT_ARTICLE.sub("", match.group("x")))
                value = (facet("has", condition),)
                found += _read_from(match, fact(content, f"health:{entity_key(condition)}", value=value))
    return found


def family_and_pet_facts(sentence: str) -> list[Candidate]:
    """'mi esposa Ana' → "Wife's name is Ana" (the partner slot); 'mon chat s'appelle Félix' → 'Has a cat named
    Félix'; 'tengo un perro' → 'Has a dog'. The same candidates as the English rules for 'my wife Ana', 'my cat…'."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for mention in _mentions(sentence):
        if is_named(mention):
            found.append(_named_fact(mention))
    for rules in _ALL:
        found.extend(_relative_facts(sentence, rules))
        found.extend(_proposal_facts(sentence, rules))
        for match in plain(sentence, (rules.have_pet,)):
            if not any(match.groupdict().get(group) for group in ("named", "called", "beside")):
                if _a_hangover(match):
                    continue
                kind = rules.species[word_key(match.group("kind"))]
                found.append(fact(_as_said(f"Has {article(kind)} {kind}", match.group("kind"))))
    return found


# A proposal turned down, in any of these languages ("… maar ik zei nee", "pero le dije que no", "j'ai dit non")
_REFUSED = re.compile(
    r"(?<!\w)(?:(?:ik\s+)?zei\s+(?:ik\s+)?nee|(?:le\s+)?dije\s+(?:que\s+)?no|(?:eu\s+)?disse\s+(?:que\s+)?n[ãa]o"
    r"|j['’]ai\s+dit\s+non|(?:ich\s+)?(?:habe\s+)?nein\s+gesagt|ho\s+detto\s+(?:di\s+)?no|(?:maine\s+)?mana\s+kar\s+diya"
    r"|said\s+no)(?!\w)",
    re.IGNORECASE,
)


def _proposal_facts(sentence: str, rules: _Rules) -> list[Candidate]:
    """'o Lucas me pediu em casamento' → 'Is engaged', "Fiance's name is Lucas" (the partner slot)."""
    found: list[Candidate] = []
    if _REFUSED.search(sentence):  # "… maar ik zei nee": a proposal turned down is no engagement
        return found
    for match in plain(sentence, rules.proposals):
        name = person_name(match.group("name"), capitalised=True)
        if name:
            relation = "fiancee" if match.groupdict().get("her") else "fiance"
            engaged = fact("Is engaged", "relationship_status", value=(facet("status", "engaged"),))
            found += [engaged, _named_fact(_person(relation, relation, name))]
    return found


def _relative_facts(sentence: str, rules: _Rules) -> list[Candidate]:
    """'minha irmã Júlia mora no Rio' → 'Júlia lives in Rio', as facts.relation_facts writes 'My mom lives in…'."""
    found = []
    for pattern, verb, kind in rules.relatives:
        for match in plain(sentence, (pattern,)):
            where = place_name(match.group("x"), named=kind == "workplace")
            if not where:
                continue
            word = word_key(match.group("kind"))
            who = _person(word, rules.relations[word], name_beside(match))
            label = (
                who.display_name if is_named(who) else _as_said(rules.relations[word].capitalize(), match.group("kind"))
            )
            found += _read_from(match, fact(f"{label} {verb} {where}", "", who, _named_place(kind, where)))
    return found


def mentions(sentence: str) -> list[EntityMention]:
    """People and pets named by their relation in these languages, with the English rules' conventions: a named one
    by their name (aliases: the name, 'my <relation>'), an unnamed person by the word said ('Nani'), an unnamed pet
    by its species."""
    return list(_mentions(sentence))


# "ik heb een kater", "ich habe einen Kater": a hangover, unless the tomcat is named ("een kater die Tijger heet")
_HANGOVER = frozenset({"kater"})


def _a_hangover(match: re.Match[str]) -> bool:
    return word_key(match.group("kind")) in _HANGOVER and not name_beside(match)


@lru_cache(maxsize=64)
def _mentions(sentence: str) -> tuple[EntityMention, ...]:
    """Read once per sentence: the facts about named relatives and ``extract()``'s mentions both come from here."""
    if not may_say(sentence):
        return ()
    found: list[EntityMention] = []
    for rules in _ALL:
        for match in rules.pet.finditer(sentence):
            found.append(_pet(rules.species[word_key(match.group("kind"))], name_beside(match)))
        for match in rules.have_pet.finditer(sentence):
            if said_plainly(sentence, match) and not _a_hangover(match):
                found.append(_pet(rules.species[word_key(match.group("kind"))], name_beside(match)))
        for match in rules.person.finditer(sentence):
            word = word_key(match.group("kind"))
            found.append(_person(word, rules.relations[word], name_beside(match)))
    for match in _HINDI_BARE_KIN.finditer(sentence):
        word = word_key(match.group("kind"))
        found.append(_person(word, FOREIGN_RELATIONS["hi"][word], None))
    return tuple(found)


# "een trage schildklier": the word said, without the article a condition is named with
_WITHOUT_ARTICLE = re.compile(r"(?i)^(?:een|de|het)\s+")


def _as_said(english: str, said: str) -> str:
    """'Has coeliac disease' said as 'coeliakie' → 'Has coeliac disease (coeliakie)': the word said, as written, is
    kept beside its English name, so a later message in the same language finds it by it (and a reader sees what was
    said); as it is where the English holds that word ('Has diabetes', 'Is single'), or where the word said is an
    English one that would mislead beside it ("Husband (man)", "Child (kind)", "Boss (chef)")."""
    from memories.extraction.casing import is_english_word  # casing reads this package's vocabulary

    said = " ".join(said.split())
    if said.lower() in english.lower() or (" " not in said and is_english_word(said.lower())):
        return english
    return f"{english} ({said})"


def _read_from(match: re.Match[str], *candidates: Candidate) -> list[Candidate]:
    """The candidates, with the words they were read from: an English fact shares none with "tengo asma". Only to the
    end of the value's clause: "vivo en Madrid y estoy embarazada" read "vivo en Madrid"; the rest still says more."""
    said = match.group(0)
    if "x" in match.re.groupindex and match.group("x"):
        start = match.start("x") - match.start()
        end = _CLAUSE_GOES_ON.search(said, start)
        said = said[: end.start()] if end else said
    return [replace(candidate, said=said) for candidate in candidates]


# Where a value's clause ends and another begins ("… en Madrid | y estoy embarazada")
_CLAUSE_GOES_ON = re.compile(
    r"\s*[.!?,;:()]|\s+(?:y|e|et|und|ed|aur|and|maar|pero|mas|mais|aber|porque|parce|weil|perché|omdat)(?!\w)",
    re.IGNORECASE,
)


def _job(role: str, where: str) -> list[Candidate]:
    if role and where:
        workplace = _named_place("workplace", where)
        content = f"Is {article(role)} {role} at {where}"
        return [fact(content, "workplace", workplace, value=(workplace.ref, facet("role", role)))]
    if role:
        return [fact(f"Works as {article(role)} {role}", "occupation", value=(facet("role", role),))]
    return []


def _named_place(kind: str, name: str) -> EntityMention:
    """``place()``'s convention (key, display name, the name as alias) for a name kept as written."""
    return EntityMention(kind, entity_key(name), name, aliases=(name,))


def _pet(species: str, name: str) -> EntityMention:
    if not name:
        return EntityMention(
            "pet", entity_key(species), species.capitalize(), aliases=(f"my {species}",), metadata={"species": species}
        )
    return EntityMention("pet", entity_key(name), name, aliases=(name, f"my {species}"), metadata={"species": species})


def _person(word: str, relation: str, name: str | None) -> EntityMention:
    if not name:
        return EntityMention(
            "person", entity_key(word), word.capitalize(), aliases=(f"my {relation}",), metadata={"relation": relation}
        )
    return EntityMention(
        "person", entity_key(name), name, aliases=(name, f"my {relation}"), metadata={"relation": relation}
    )


def _named_fact(mention: EntityMention) -> Candidate:
    """What facts.named_entity_facts proposes for the same mention in English."""
    if mention.entity_type == "pet":
        species = mention.metadata["species"]
        content = f"Has {article(species)} {species} named {mention.display_name}"
        return fact(content, f"pet:{mention.key}", mention, value=(mention.ref, facet("species", species)))
    relation = mention.metadata["relation"]
    content = f"{relation.capitalize()}'s name is {mention.display_name}"
    if relation in PARTNER_RELATIONS:
        return fact(content, "relation:partner", mention, value=(mention.ref, facet("relation", relation)))
    return entity_fact(content, f"relation:{relation}" if relation in SINGULAR_RELATIONS else "", mention)


RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    personal_facts,
    home_facts,
    work_facts,
    health_facts,
    family_and_pet_facts,
)
