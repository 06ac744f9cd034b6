"""The people and pets in the contact's life: relatives' homes, jobs and states, who lives with them, losses."""

from __future__ import annotations

import re

from memories.extraction.entities import MY, RELATION_END, is_named, person_mentions, pet_mentions, place
from memories.extraction.facts.base import (
    CALENDAR_WORDS,
    I_AM,
    article,
    entity_fact,
    facet,
    fact,
    proper_name,
    value_phrase,
)
from memories.extraction.facts.places import is_a_town, town_at_end
from memories.extraction.facts.things import NOT_A_POSSESSION
from memories.extraction.household import several_named
from memories.extraction.text import NOT_EARNEST, alternation, cued, phrase
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    CONDITIONS,
    HAVE_NOT_FACTS,
    IDENTITY_NOUNS,
    JOB_TITLES,
    NOT_KIN,
    PARTNER_RELATIONS,
    PET_SPECIES,
    RELATION_WORDS,
    RELATIONS,
    SINGULAR_RELATIONS,
)

# "I live with my parents", "still living with my mum and my two sisters", "I live with my boyfriend Tom": who one
# lives with, when it is family, a partner, flatmates or pets ("I live with my anxiety" is not a household).
_HOUSEHOLD = alternation(
    [*RELATIONS, *PET_SPECIES, *(f"{word}s" for word in [*RELATIONS, *PET_SPECIES]), "parents", "folks", "family",
     "grandparents", "in-laws", "children", "flatmates", "roommates", "housemates"]
)  # fmt: skip
_LIVES_WITH = re.compile(
    rf"(?i)(?<!\bcould\s)(?<!\bwould\s)(?<!\bshould\s)(?<!\bcan\s)"
    rf"(?:\b(?:i|we)\s+(?:still\s+|currently\s+|now\s+)?live|\b{I_AM}\s+(?:still\s+|currently\s+|now\s+)?living"
    r"|^\W*(?:still\s+)?living)(?:\s+alone)?\s+with\s+"
    rf"(?P<who>(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{_HOUSEHOLD})(?![\w'’-])"
    rf"(?:\s+(?-i:[A-Z])[\w'-]*)?(?:\s*(?:,|and|&)\s+(?:(?:my|our)\s+)?(?:[\w-]+\s+){{0,2}}?(?:{_HOUSEHOLD})(?![\w'’-])"
    rf"(?:\s+(?-i:[A-Z])[\w'-]*)?)*)"
)

# Where one is admitted: a named school or team ("UNILAG", "Harvard"), or a course or team said as one ("the nursing
# program") — not "into trouble" or "into the car".
_INSTITUTION = r"(?i:program|programme|course|university|uni|college|academy|squad|residency|phd|masters|conservatoire)"
_ADMITTED_TO = (
    rf"(?:(?-i:[A-Z])|(?i:the|her|his|their)\s+(?:(?!(?i:at|in|on|for|with|of|to)\b)[a-z][\w'-]*\s+){{0,2}}"
    rf"{_INSTITUTION}\b)"
)
# Where a relative lives now, said as a move: a place's name ("moved back to Poland"), not "back to sleep" or
# "to nights"; and not for a while ("going back to Spain for a week").
_TO_A_PLACE = r"(?=\s+(?-i:[A-Z])(?![\w'-]*\s+(?i:for|until|till)\b))"
# The relative a clause is about: "my sister", "my brother Emeka", "our dog Bruno".
_RELATIVE = rf"(?P<who>(?i:{MY}(?P<kind>{RELATION_WORDS}){RELATION_END})(?:\s+[A-Z][\w'-]*)?)"
_RELATION_FACT = re.compile(
    rf"{_RELATIVE}\s+"
    # ("live"/"work" too, as many Englishes agree them: "my sister live in London", "my husband Khaled work at")
    rf"(?P<verb>(?i:lives?\s+(?:(?:up|over|down|out)\s+)?in|is\s+(?:still\s+|back\s+|(?:up|over|down|out)\s+)?in(?=\s+(?-i:[A-Z][a-z]))|(?:just\s+|recently\s+)?moved\s+to"
    rf"|is\s+(?:originally\s+)?from(?=\s+(?-i:[A-Z][a-z]))|works?\s+(?:(?:nights|days|weekends|evenings|shifts)\s+)?(?:at|for|as)|studies(?:\s+at)?"
    rf"|is\s+studying|is\s+(?:a|an)|(?:has|owns|runs)\s+(?:a|an)"
    # "my son has asthma", "my mum has type 2 diabetes": a condition, said without an article
    rf"|has(?=\s+(?!no\b)(?:type\s+[12]\s+|(?-i:[A-Z])[\w'-]*\s+)?(?:{alternation(CONDITIONS)})(?![\w-]))"
    # what happened to them that lasts: "got into UNILAG", "got the ward manager job", "moved back to Poland",
    # "moves in with me next month"
    rf"|(?:just\s+)?got\s+(?:accepted\s+)?into(?=\s+{_ADMITTED_TO})|(?:just\s+)?got\s+accepted\s+(?:to|at)(?=\s+{_ADMITTED_TO})"
    # (the article may be left out as some Englishes do: "got placement in Zoho"; "got his offer from Warwick")
    rf"|(?:just\s+)?got(?=\s+(?:(?:the|a|an|her|his|their)\s+(?:[\w'-]+\s+){{0,3}}?)?"
    rf"(?:job|promotion|position|scholarship|offer|placement|postdoc|internship|apprenticeship|residency"
    rf"|place(?=\s+(?:at|on)\s+(?-i:[A-Z])))(?=\s*(?:$|[.,;!?]|\s+(?:at|as|in|with|from|for)\b)))"
    rf"|(?:went|moved|is\s+moving|is\s+going)\s+back\s+to{_TO_A_PLACE}|is\s+moving\s+to{_TO_A_PLACE}))\s+{phrase('x')}"
)
# "my wife is pregnant", "my sister is expecting twins", "my parents are divorced", "my brother got engaged": a
# relative's lasting news, said of them as a state.
_RELATIVE_STATE = re.compile(
    rf"(?P<who>(?i:{MY}(?P<kind>{RELATION_WORDS}|parents|grandparents|in-laws)(?![\w-]))(?:\s+[A-Z][\w'-]*)?)"
    r"(?P<verb>(?i:\s+is|\s+are|['’]s|\s+just\s+got|\s+got|\s+just\s+had|\s+had)\s+(?:now\s+|finally\s+|officially\s+)?)"
    r"(?P<x>(?i:pregnant|expecting(?:\s+(?:a\s+baby(?:\s+(?:girl|boy))?|twins))?|divorced|separated|engaged|married|retired"
    r"|autistic|disabled|diabetic|epileptic|dyslexic|non-verbal|nonverbal|in\s+a\s+wheelchair"
    r"|in\s+a\s+(?:care|nursing)\s+home|(?<=had\s)a\s+baby(?:\s+(?:girl|boy))?|(?<=had\s)twins))\b"
    # the clause ends on it, or says when or with whom ("my mum's disabled parking badge", "engaged in a debate",
    # "married to his work", "had a baby shower", "expecting a parcel" go on about something else)
    r"(?=\s*(?:$|[.!,;🥹😭🎉💍❤️]|\s+(?:and|but|so|now|since|after|last|this|yesterday|today|in\s+(?:\d|jan|feb|mar|apr|may|jun"
    r"|jul|aug|sep|oct|nov|dec)|with\s+(?:twins|a\s+baby|our|their|her|his)|to\s+(?-i:[A-Z])|again|too|finally|for\s+\d)\b))"
    r"(?!\s+(?:to\s+(?:the|his|her|their)\s+job|in\s+(?:the|his|her)\s+work))"
)
# "my girlfriend Camille moves in with me next month": they will live with the contact.
_MOVES_IN = re.compile(
    rf"{_RELATIVE}\s+"
    rf"(?P<verb>(?i:(?:just\s+)?(?:moves|moved|is\s+moving|will\s+move)\s+in))\s+(?i:with\s+(?:me|us))\b"
)
# A value that points at what the message said elsewhere ("Kabir has a flat there") says nothing on its own.
_POINTING_WORDS = frozenset({"there", "here", "it", "that", "this", "them", "one"})
# "my dad passed away last year", "Tatay died in 2019": a loss is who they are now.
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
_WHEN_DIED = (
    rf"(?i:last\s+(?:year|month|week|night|spring|summer|autumn|fall|winter|{_WEEKDAY}|{_MONTH})"
    rf"|in\s+(?:\d{{4}}|{_MONTH}(?:\s+\d{{4}})?)|this\s+(?:year|month|week)"
    r"|(?:a|one|two|three|four|five|six|\d+)\s+(?:years?|months?|weeks?|days?)\s+ago"
    rf"|on\s+{_WEEKDAY}|(?:this|yesterday)\s+(?:morning|afternoon|evening)|yesterday|today|overnight)"
)
_DIED_WHEN = rf"(?P<when>\s+{_WHEN_DIED})?"
_PASSED_AN_EXAM = re.compile(
    r"(?i)\b(?:test|exam|exams|theory|driving|qualified|degree|grade|course|bar|interview|audition|assessment|proud)\b"
)
_PASSED_AWAY = re.compile(
    rf"{_RELATIVE}\s*(?:,?\s+(?i:who)\s+)?(?i:has\s+|just\s+)?"  # "my cat Oreo, who passed away in 2021"
    # "passed" alone only with when, ending the sentence with no cheer: "my nana passed last night." (not "my sister
    # passed her driving test", "my daughter passed yesterday, first time", "my son passed in June!!")
    rf"(?P<died>(?i:pass(?:ed)?\s+away|passed\s+on|died|passed(?!\s+today)(?=\s+{_WHEN_DIED}\s*(?:\.|…|$))))(?![\w-]){_DIED_WHEN}"
    # said of a life, not of a game, a joke or a typo: "died in Elden Ring", "died laughing", "died her hair"
    rf"(?=\s*(?:$|[.,;!…]|\s+(?:of|from|after|and|but|so|when|while|peacefully|suddenly|back\s+home)\b))"
)
# "I lost my dad last year", "we lost our son in 2019", "I lost my husband to cancer": a death in the family. Kin and
# partners only: one loses a job, a friend (a friendship) or a dog (it ran off) in other ways.
_KIN = alternation([word for word, relation in RELATIONS.items() if relation not in NOT_KIN])
_LOST_KIN = re.compile(
    rf"(?i:(?:\b(?:i|we)\s+|^\W*)(?:just\s+|recently\s+|sadly\s+|tragically\s+)?lost\s+)"
    rf"(?P<who>(?i:{MY}(?P<kind>{_KIN}){RELATION_END})(?:\s+[A-Z][\w'-]*)?)(?!['’])(?![^.!?]*\b(?i:found|find)\b)"
    rf"{_DIED_WHEN}(?=\s*(?:$|[.,;!…]|\s+(?:of|after|and|but|so|when|while|suddenly)\b"
    rf"|\s+(?i:to\s+(?:(?:a|an)\s+)?(?:{alternation(CONDITIONS)}|suicide|(?:heart\s+attack|stroke|overdose|illness|accident)))\b"
    r"|\s+(?i:in\s+(?:a|an|the)\s+(?:\w+\s+)?(?:accident|crash|fire|war|attack|flood|earthquake))))"
)
# "we lost our cat Smokey to cancer": a pet lost to an illness or old age (one "lost" alone may have run off)
_LOST_PET = re.compile(
    rf"(?i:(?:\b(?:i|we)\s+|^\W*)(?:just\s+|recently\s+|sadly\s+)?lost\s+)"
    rf"(?P<who>(?i:{MY}(?:{alternation(PET_SPECIES)})(?![\w-]))(?:\s+[A-Z][\w'-]*)?)"
    rf"(?=\s+(?i:to\s+(?:(?:a|an)\s+)?(?:{alternation(CONDITIONS)}|old\s+age|kidney\s+failure|a\s+stroke)\b))"
)
# "we had to put our dog Bruno down", "I had to put my cat down yesterday"
_PUT_DOWN = re.compile(
    rf"(?i:\b(?:we|i)\s+(?:had\s+to\s+|just\s+)?put\s+)(?P<who>(?i:{MY}(?:{alternation(PET_SPECIES)})(?![\w-]))"
    rf"(?:\s+[A-Z][\w'-]*)?)\s+(?i:down|to\s+sleep)\b"
)


# "Living with my parents again would kill me", "Living with my in-laws for a week was hell": not where one lives now
_NOT_NOW = re.compile(r"(?i)\b(?:would|could|for\s+a\s+(?:week|bit|while|month|few))\b|\bagain\b")


def household_facts(sentence: str) -> list[Candidate]:
    """'I live with my mum and my two sisters' → 'Lives with their mum and their two sisters' (one slot: who one lives
    with now), linked to the people named."""
    found = []
    for match in cued(sentence, _LIVES_WITH, "with") if not _NOT_NOW.search(sentence) else ():
        who = " ".join(match.group("who").split())
        said = re.sub(r"(?i)\b(?:my|our)\b", "their", who)
        people = person_mentions(who) + pet_mentions(who)
        found.append(fact(f"Lives with {said}", "lives_with", *people, value=(facet("with", said.lower()),)))
    return found


_SOMEONE_ELSES_PET = re.compile(
    rf"(?i)(?:{MY}(?:{RELATION_WORDS}){RELATION_END}(?:\s+[A-Z][\w'-]*)?|\b(?:he|she|they))\s+"
    rf"(?:has|have|owns|got|just\s+got|adopted|rescued)\s+(?:a|an)\s+[^.!?]*$"
)


def named_entity_facts(sentence: str) -> list[Candidate]:
    """'my dog Bruno …' / 'my wife Priya …' → a standing fact about who they are."""
    found = []
    for pet in filter(is_named, pet_mentions(sentence)):
        if _SOMEONE_ELSES_PET.search(sentence.split(pet.display_name, 1)[0]):
            continue  # "my sister has a dog named Rex": her dog (relation_facts says so), not the contact's
        if any(
            pet.display_name in m.group("who")
            for m in (*_PASSED_AWAY.finditer(sentence), *_PUT_DOWN.finditer(sentence), *_LOST_PET.finditer(sentence))
        ):
            continue  # "my dog Bruno died yesterday": relation_facts says he passed away, in his slot
        kind = pet.metadata.get("breed", pet.metadata["species"])
        # "my dog Bruno" restates "a golden retriever named Bruno": the species is in both, the breed adds to it
        kinds = tuple(facet(aspect, pet.metadata[aspect]) for aspect in ("species", "breed") if aspect in pet.metadata)
        content = f"Has {article(kind)} {kind} named {pet.display_name}"
        found.append(fact(content, f"pet:{pet.key}", pet, value=(pet.ref, *kinds)))
    for person in filter(is_named, person_mentions(sentence)):
        relation = person.metadata["relation"]
        content = f"{relation.capitalize()}'s name is {person.display_name}"
        if relation in PARTNER_RELATIONS:
            # One partner slot: boyfriend → fiancé → husband supersedes, even for the same person (the relation is
            # part of the value); a new partner's name does too.
            found.append(fact(content, "relation:partner", person, value=(person.ref, facet("relation", relation))))
            continue
        slot = f"relation:{relation}" if relation in SINGULAR_RELATIONS else ""
        found.append(entity_fact(content, slot, person))
    return found


_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    "|eighteen|nineteen|twenty"
)
# What a named relative's introduction goes on to say of them: "my son Owen is 14", "my daughter Maddie just turned
# 11", "our son Kuba, he is 7", "we have a boy, Nikau, he's 6", "my brother yanis, hes 8", "my granddaughter Chloe,
# who is nine", "my sister Jen in Halifax", "my wife, Sun-hee, was diagnosed with early Alzheimer's disease".
_RELATIVE_DETAIL = re.compile(
    rf"(?:,\s*(?:who|he|she)\s+is|\s+is|['’]s|,\s*(?:who['’]s|s?he['’]?s)|(?:\s+just)?\s+turned|,\s*aged?)\s+"
    rf"(?P<age>\d{{1,2}}|(?i:{_NUMBER_WORDS}))(?:\s+(?i:years?\s+old|yrs?\s+old)|\s*(?i:y/?o))?(?=\s*(?:$|[.,;!]|\s+and\b))"
    rf"|\s+in\s+(?!{CALENDAR_WORDS}\b)(?P<town>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\b(?!['’]s|\s+(?:\d|class(?:es)?|lessons?|team|department|dept|office|group)\b)"
    rf"|,?\s+(?i:(?:was|has\s+been|got)\s+diagnosed\s+with|has)\s+(?:an?\s+)?"
    rf"(?P<condition>(?:[\w'-]+\s+){{0,2}}?(?i:{alternation(CONDITIONS)}))(?![\w-]|\s+of\b)"
)


def relative_detail_facts(sentence: str) -> list[Candidate]:
    """'My son Owen is 14' → 'Owen is 14'; 'my sister Jen in Halifax' → 'Jen lives in Halifax': what is said of a
    named relative right after their name — two things at most ("my sister Jen in Hobart is 33")."""
    found = []
    pets = [pet for pet in pet_mentions(sentence) if is_named(pet)]
    for person in [*_named_people(sentence), *pets]:
        # after each time the name is said: "my son is called Arlo; my son Arlo is 3"
        for named in re.finditer(rf"(?i)(?<![\w-]){re.escape(person.display_name)}(?![\w-])", sentence):
            at = named.end()
            for _ in range(2):
                detail = _RELATIVE_DETAIL.match(sentence, at)
                if detail is None or (person.entity_type == "pet" and not detail.group("age")):
                    break  # of a pet, its age only: "my cat Pirogi is 15"
                found += _relative_detail(person, detail, sentence)
                at = detail.end()
    return found


def _named_people(sentence: str) -> list[EntityMention]:
    """The relatives a sentence names: "my son Nikau", and the one it says one has ("we have a daughter, Ana"; not one
    of a list — "two kids, Sam and Max, he's 4" does not say whose age it is)."""
    had = [candidate.entities[0] for candidate in several_named(sentence) if len(candidate.entities) == 1]
    people = [person for person in [*person_mentions(sentence), *had] if person.entity_type == "person"]
    return list({person.ref: person for person in filter(is_named, people)}.values())


def _relative_detail(person: EntityMention, detail: re.Match[str], sentence: str) -> list[Candidate]:
    name = person.display_name
    if detail.group("age"):  # one age a person: "Owen just turned 15" replaces "Owen is 14"
        age = detail.group("age").lower()
        return [fact(f"{name} is {age}", f"age:{person.ref}", person, value=(facet("age", age),))]
    if detail.group("town"):
        if not is_a_town(detail.group("town")) or _FOR_NOW.search(sentence, detail.end()):
            return []  # "my brother Tom in Accounts", "my cousin Ana in Madrid last week": a team, a visit
        town = place("location", detail.group("town"))
        return [fact(f"{name} lives in {town.display_name}", "", person, town)]
    return [fact(f"{name} has {' '.join(detail.group('condition').split())}", "", person)]


# "my parents live in Daegu", "my grandparents are from Cork", "my in-laws moved to Spain": where kin said as a group
# live or are from — theirs, never the contact's; one person in the graph ("Parents"), as the corpora label them.
_KIN_GROUPS = {"parents": "parents", "folks": "parents", "grandparents": "grandparents", "in-laws": "in-laws"}
_GROUP_FACT = re.compile(
    rf"(?i:\b(?:my|our)\s+(?P<kind>{alternation(_KIN_GROUPS)}))(?![\w-])\s+(?i:(?:both|still|also|now)\s+)*"
    r"(?P<verb>(?i:live\s+in|are\s+(?:still\s+|back\s+)?in|are\s+(?:originally\s+)?from|(?:just\s+)?moved\s+(?:back\s+)?to)"
    rf")\s+{phrase('x')}"
)


_GROUP_VERB_WORDS = re.compile(r"\b(?:just|back|still|originally)\s+")


def kin_group_facts(sentence: str) -> list[Candidate]:
    """'my parents live in Daegu' → 'Parents live in Daegu', linked to person "Parents" and the place."""
    found = []
    for match in _GROUP_FACT.finditer(sentence):
        verb = _GROUP_VERB_WORDS.sub("", " ".join(match.group("verb").lower().split()))  # "still live in": live in
        town = _LEADING_NAME.match(proper_name(match.group("x"), max_words=5))
        if town is None or (verb.startswith("are") and _FOR_NOW.search(match.group("x"))):
            continue  # "my parents are in bed", "my parents are in Spain this week": where they are now
        relation = _KIN_GROUPS[match.group("kind").lower()]
        group = EntityMention("person", relation, relation.capitalize(), aliases=(f"my {relation}",),
                              metadata={"relation": relation})  # fmt: skip
        found.append(
            fact(f"{relation.capitalize()} {verb} {town.group(0)}", "", group, place("location", town.group(0)))
        )
    return found


def relation_facts(sentence: str) -> list[Candidate]:
    """'My mom lives in Chennai' → 'Mom lives in Chennai', linked to person:mom and to the place it names."""
    found = []
    at = 0
    while (match := _RELATION_FACT.search(sentence, at)) is not None:
        at = match.start("x")  # what is said of one may go on to another: "my mum is a teacher and my dad is a chef"
        who = person_mentions(match.group("who")) or pet_mentions(match.group("who"))
        verb = re.sub(r"^(lives|is) (?:up|over|down|out) in", r"\1 in", " ".join(match.group("verb").lower().split()))
        verb = re.sub(r"^(live|work)\b", r"\1s", verb)  # "my sister live in London": lives
        # a place or employer is a name (cut before "last year"); a role or a course is a phrase
        value = (
            value_phrase(match.group("x"), max_words=6)
            if _DESCRIBES.match(verb)
            else proper_name(match.group("x"), max_words=5)
        )
        if verb.startswith(("is a", "works as")) and not value:  # "a teacher at a primary school in Leeds": the role
            role = _role_within(match.group("x"), max_words=6)  # (what one works as is a role, whatever its words)
            value = role if verb.startswith("works as") or _A_ROLE.search(role) else ""
        if verb.startswith("is a") and not _A_ROLE.search(value) and not _A_SPECIES.search(value):
            continue  # "my sister is a doctor", "my dog Bruno is a golden retriever"; not "my manager is a nightmare"
        if verb.startswith("is") and verb.endswith(" in") and _FOR_NOW.search(match.group("x")):
            continue  # "my dad is in London this week": a visit, not where he lives
        if verb.startswith("has ") and _passing_have(verb, match.group("x")):
            continue  # "Kuba has a cold again", "Kasia has a night shift tonight", "Tom has a point"
        if verb == "has":  # a condition: its words only ("has adhd i think", "has asthma and so do I")
            said = _CONDITION_SAID.match(match.group("x"))
            if said is None:
                continue  # "has asthma like symptoms"
            value = " ".join(said.group(0).split())
        if _PLACE_KIND.get(verb) == "location" and (town := _LEADING_NAME.match(value)):
            value = town.group(0)  # "going back to Ukraine to fight": the place is "Ukraine"
        if verb.endswith("from") and RELATIONS.get(match.group("kind").lower()) in _WORK_RELATIONS:
            continue  # "my boss is from Google": where they work, not a hometown
        if who and value and value.split()[-1].lower() not in _POINTING_WORDS:
            label = _called(who[0], match)
            if verb.startswith(("is a", "works as")) and (done_in := _town_done_in(value, match.group("x"))):
                # "a paramedic in Christchurch", "a teacher at a primary school in Leeds": the role, and the town
                role = value.removesuffix(f" in {done_in}")
                found.append(fact(f"{label} {verb} {role}", "", who[0], *_places_in(verb, role)))
                found.append(fact(f"{label} works in {done_in}", "", who[0], place("location", done_in)))
                continue
            found.append(fact(f"{label} {verb} {value}", "", who[0], *_places_in(verb, value)))
    for match in _MOVES_IN.finditer(sentence):
        who = person_mentions(match.group("who"))
        if who:
            label = _called(who[0], match)
            verb = " ".join(match.group("verb").lower().split())
            found.append(fact(f"{label} {verb} with them", "", who[0]))
    for match in _PASSED_AWAY.finditer(sentence):
        if NOT_EARNEST.search(sentence) or _PASSED_AN_EXAM.search(sentence):
            continue  # "I dreamt my dad passed away last night", "my mum passed today. the theory test I mean"
        who = person_mentions(match.group("who")) or pet_mentions(match.group("who"))
        if who:
            label = _called(who[0], match)
            when = " ".join((match.group("when") or "").split())
            died = "died" if match.group("died").lower() == "died" else "passed away"  # in the words said
            found.append(_passed_away(who[0], f"{label} {died}" + (f" {when}" if when else "")))
    for match in _RELATIVE_STATE.finditer(sentence):
        kind = match.group("kind").lower()
        who = person_mentions(match.group("who")) if kind not in {"parents", "grandparents", "in-laws"} else []
        label = _called(who[0], match) if who else kind.capitalize()
        verb = "are" if kind in {"parents", "grandparents", "in-laws"} else "is"
        if kind in PET_SPECIES or (
            who
            and who[0].metadata.get("relation") in PARTNER_RELATIONS
            and match.group("x").lower() in {"engaged", "married", "divorced", "separated"}
        ):
            continue  # a partner's engagement is the contact's own (household.py); a pet is no one's spouse
        state = " ".join(match.group("x").lower().split())
        verb = "had" if match.group("verb").lower().strip().endswith("had") else verb
        found.append(fact(f"{label} {verb} {state}", "", *who))
    for match in cued(sentence, _LOST_KIN, "lost"):
        who = person_mentions(match.group("who"))
        if who:
            when = " ".join((match.group("when") or "").split())
            found.append(_passed_away(who[0], f"{_called(who[0], match)} passed away" + (f" {when}" if when else "")))
    for match in [*_PUT_DOWN.finditer(sentence), *_LOST_PET.finditer(sentence)]:
        pet = pet_mentions(match.group("who"))
        if pet:
            found.append(_passed_away(pet[0], f"{pet[0].display_name} passed away"))
    return found


def _town_done_in(role: str, said: str) -> str:
    """The town a relative's role is done in, said at the end of the role or of the words it was cut from."""
    done_in = town_at_end(role) or town_at_end(" ".join(said.split()).rstrip(".,;!?"))
    return done_in[1] if done_in else ""


def _called(who: EntityMention, match: re.Match[str]) -> str:
    """How a fact names the relative: by name, else by the word the message used ("Sister")."""
    return who.display_name if is_named(who) else match.group("kind").lower().capitalize()


def _passed_away(who: EntityMention, content: str) -> Candidate:
    """A person's loss is a fact of its own; a named pet's takes its place in the pet's slot ("Has a dog named
    Bruno" → "Bruno passed away"): the pet is no longer theirs to ask about."""
    if who.entity_type == "pet" and is_named(who):
        return fact(content, f"pet:{who.key}", who, value=(who.ref, "status:passed-away"))
    return fact(content, "", who)


_WORK_RELATIONS = frozenset({"boss", "manager", "colleague", "supervisor", "coach", "teacher", "doctor", "therapist",
                             "landlord", "classmate"})  # fmt: skip
_FOR_NOW = re.compile(
    r"(?i)\b(?:this|next|last)\s+(?:week|weekend|month)|\b(?:today|tonight|tomorrow|right\s+now|at\s+the\s+moment"
    r"|for\s+(?:a|the|work|business|two|three|\d+)|on\s+(?:holiday|vacation|a\s+trip|business)|until|till|visiting"
    r"|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|since\s+(?:yesterday|last\s+\w+|this\s+\w+))\b"
)
_TITLE_WORDS = alternation(JOB_TITLES | IDENTITY_NOUNS)
_A_ROLE = re.compile(rf"(?i)(?:^|\s)(?:{_TITLE_WORDS}|[a-z]+(?:ologist|ician|ist))s?(?:$|\s+(?:at|in|for|with)\b)")
_A_SPECIES = re.compile(rf"(?i)(?:^|\s)(?:{alternation(PET_SPECIES)})$")
# A role said at more length than a value holds: its words up to the first phrase of place or employer, and that
# phrase when it is a name ("a driver for Uber on weekends and …", "a teacher at a primary school in Leeds").
_ROLE_HEAD = re.compile(
    r"(?P<role>(?:[\w'-]+\s+){0,2}?[\w'-]+)(?P<where>\s+(?:at|in|for|with)\s+(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){0,2})?"
    r"(?=\s+(?:at|in|for|with|from|near|on|who|that|where|and|but)\b)"
)


def _role_within(said: str, *, max_words: int) -> str:
    """The role a long description opens with: "teacher at a primary school in Leeds" → "teacher", "driver for Uber on
    weekends and a postman…" → "driver for Uber"; "" when it opens with no role's words."""
    head = _ROLE_HEAD.match(said)
    return value_phrase(head.group(0), max_words=max_words) if head else ""


_DESCRIBES = re.compile(r"is\s+(?:a|an)\b|works\s+as\b|has\b|owns\b|runs\b|is\s+studying|studies|(?:just\s+)?got\b")
_PLACE_KIND = {"lives in": "location", "moved to": "location", "is in": "location", "is still in": "location",
               "is from": "location", "is originally from": "location", "went back to": "location",
               "moved back to": "location", "is moving back to": "location", "is going back to": "location",
               "is moving to": "location",
               "is back in": "location", "works at": "workplace", "works for": "workplace",
               "studies at": "school", "is studying": "school"}  # fmt: skip


def _passing_have(verb: str, said: str) -> bool:
    """What someone "has a …" of the moment, or of an idiom, not of who they are."""
    had = f"{verb.split()[-1]} {said.lower()}"  # "a cold again"
    return had.startswith(HAVE_NOT_FACTS) or bool(_FOR_NOW.search(said) or NOT_A_POSSESSION.search(said))


_CONDITION_SAID = re.compile(
    rf"(?i)(?:type\s+[12]\s+|(?-i:[A-Z])[\w'-]*(?:['’]s)?\s+)?(?:{alternation(CONDITIONS)})(?![\w-])"
    r"(?!\s+(?:like|symptoms?|test|scare|risk)\b)"
)
_LEADING_NAME = re.compile(
    r"[A-Z][\w'.-]*(?:\s+(?:[A-Z][\w'.-]*|de|da|do|del|of|upon|on|am|sur)(?=\s+[A-Z]))*(?:\s+[A-Z][\w'.-]*)?"
)
_PROPER_TAIL = re.compile(r"(?:^|\s)(?P<prep>in|at|for|to)\s+(?P<name>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,3})")


def _places_in(verb: str, value: str) -> list[EntityMention]:
    """The named place a relative's fact holds: "Leeds" in "a doctor in Leeds", "UBC" in "engineering at UBC"."""
    if verb in _PLACE_KIND and value[:1].isupper():
        return [place(_PLACE_KIND[verb], value)]
    tail = _PROPER_TAIL.search(value)
    if tail is None:
        return []
    kind = "location" if tail.group("prep") in {"in", "to"} else _PLACE_KIND.get(verb, "workplace")
    return [place(kind, tail.group("name"))]
