"""Where the contact lives: home, moves done or scheduled, hometown and where they grew up."""

from __future__ import annotations

import re
from dataclasses import replace

from memories.extraction.entities import place
from memories.extraction.facts.base import I_AM, MONTHS, article, entity_fact, facet, fact, proper_name
from memories.extraction.facts.identity import names_a_place
from memories.extraction.text import cued, phrase, title
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import PEOPLES
from memories.extraction.when import BEFORE_THE_DATE, PLAN_DATE

_WE = r"(?:i|we|(?:[A-Z][a-z]+|my\s+\w+)\s+and\s+i)"  # the contact, alone or with their household
_LIVE = re.compile(
    rf"(?i)\b(?:{_WE}\s+(?:now\s+|still\s+|currently\s+)?(?:live|stay|reside)|(?:{I_AM}|we're|we\s+are)\s+"
    rf"(?:now\s+|currently\s+)?(?:living|based|settled)"
    # "… but live in Galway now": the "I" said once for two clauses
    rf"|(?:\bbut|,\s*and|\band)\s+(?:now\s+)?live"
    # "live in leeds w my partner": the "I" left out where the sentence starts, said with whom (not "Live in London
    # tonight!", "Live in Spain for a year, that's my advice", "still live in leeds or did you move")
    rf"|^\W*(?:currently\s+|now\s+)?live(?=\s+in\s+[^\s,.!?]+(?:\s+[A-Z][\w'-]*)?\s+(?:w/?|with)\s+(?:my|our)\s)"
    # "I've lived in Leeds for 10 years", "we've been living in Cardiff since 2019": lived there and still do
    rf"|(?:\b(?:i|we)(?:['’]ve|\s+have)\s+(?:been\s+living|lived)|^\W*been\s+living)(?=\s+in\s+[^.!?,;]{{1,40}}?\s+(?:for|since)\s)"
    # "I've been in Dubai for 3 years now": a town one has been in for years lives there (not "for a week": a stay)
    rf"|\b(?:i|we)(?:['’]ve|\s+have)\s+been(?=\s+in\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?\s+"
    rf"(?:(?:for\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|many|several|a\s+few)\s+(?:years?|yrs?|decades?)"
    rf"|since\s+\d{{4}})\b)"
    # "lived in Birmingham my whole life", "I've lived here in Cork all my life"
    rf"|(?:\b(?:i|we)(?:['’]ve|\s+have)\s+|^\W*|,\s*)lived(?=\s+in\s+(?-i:[A-Z])[^.!?,;]{{0,40}}?\s+(?:my\s+(?:whole|entire)"
    rf"\s+life|all\s+my\s+life|forever)\b))"
    # "… with my parents in Pune", "… just outside Manchester", "… near Lyon"
    rf"(?:\s+with\s+(?:my|our|a)\s+[\w'-]+(?:\s+[\w'-]+)?)?"
    rf"\s+(?:(?:out|up|down|over|back)\s+in|in|(?:just\s+)?(?P<near>outside(?:\s+of)?|near|close\s+to))\s+{phrase('x')}"
)
_MOVED = re.compile(
    rf"(?i)(?:\b{_WE}(?:['’]ve|\s+have)?\s+|^\W*(?=(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+|over\s+)?to\s+"
    r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?\s*(?:$|[.!,;]|\s+(?:for|from|with|last|this|in|and|a|after)\b)))"
    rf"(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated|shifted|emigrated)"
    rf"\s+(?:back\s+|over\s+)?to\s+{phrase('x')}"
)
# "we just moved into a new flat in Brixton", "I moved into my own place in Leeds": a new home there
_MOVED_INTO = re.compile(
    rf"(?i)\b{_WE}\s+(?:just\s+|recently\s+|finally\s+)?moved\s+into\s+(?:a|an|our|my|the)\s+(?:new\s+|own\s+|first\s+)*"
    rf"(?:flat|house|apartment|place|home|condo|studio|bungalow)\s+in\s+{phrase('x')}"
)
# "we moved here from Kenya": where they came from (no hometown slot: one may have moved several times)
_MOVED_FROM = re.compile(
    r"(?i:\b(?:i|we)\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+(?:here\s+|over\s+)?from)"
    r"\s+(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
)
# "our house in Leeds", "my flat in Hackney": a home there
_HOME_IN = re.compile(
    r"(?i:\b(?:my|our)\s+(?:new\s+)?(?:house|flat|apartment|home|place|condo))\s+(?i:in)\s+"
    r"(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
)
# A move said before it happens: "I'm moving to Munich in January" (the home changes when they say they moved).
_MOVING = re.compile(
    rf"(?i)\b(?:{I_AM}|we're|we\s+are)\s+(?:finally\s+|officially\s+)?(?:moving|relocating|emigrating)\s+(?:back\s+)?"
    rf"(?:home\s+)?to"
    rf"\s+{phrase('x')}"
)
# A new home found: "Abena and I found an apartment in East Legon", "we bought a house in Leeds".
_NEW_HOME = re.compile(
    rf"(?i)(?:\b{_WE}(?:['’]ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:found|bought|rented|got|signed\s+for"
    rf"|(?:are|'re)\s+buying)"
    # said without the "we" where the sentence starts: "Bought a condo in Leslieville", "Buying a house in Balbriggan"
    rf"|^\W*(?:just\s+|finally\s+)?(?:bought|buying|rented|found))\s+(?:a|an|our|my)\s+(?:(?:new|first|own|dream)\s+)*"
    rf"(?P<home>flat|apartment|house|place|home|condo)\s+in\s+{phrase('x')}"
)
# "home is Amarillo", "my home is in Kochi now": where one lives (a capitalised place: "home is where the heart is")
_HOME_IS = re.compile(
    r"(?i:(?:^|\bmy\s+|,\s*)home\s+is\s+(?:in\s+|now\s+|still\s+)?)(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
)
# "Based out of Hyderabad", "I'm based in Leeds": where one works and lives (a company "is based in" is not the speaker)
_BASED = re.compile(
    rf"(?i)(?:\b{I_AM}\s+(?:now\s+|currently\s+)?|\bwe(?:'re|\s+are)\s+|^\W*(?:now\s+|currently\s+)?)"
    rf"based\s+(?:in|out\s+of)\s+(?P<x>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}}))"
)
_FROM = re.compile(rf"(?i)\b(?:{I_AM}\s+(?:originally\s+)?from|(?:^|,\s*)originally\s+from)\s+{phrase('x')}")
# The speaker's home said as a clause without its subject, after what they said of themselves: "I'm Irish, living in
# Perth the last 10 years", "I'm Filipino but living in Singapore", "originally from Manila, now in Toronto"
_LIVING_CLAUSE = re.compile(
    rf"(?i)(?:^\W*(?:{I_AM}|i\s+am)\b[^.!?;]{{0,60}}?(?:,|\s+but|\s+and)\s+(?:now\s+|currently\s+)?(?:living|based|settled)"
    rf"|\bfrom\s+(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}})\s*(?:,|\s+but)\s+(?:now|currently)(?:\s+(?:living|based))?)"
    rf"\s+in\s+(?!(?i:year|form|grade|class|stage|level|part|section)\b)(?P<x>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}}))"
    r"(?![\w'-])(?![^.!?;]*?\b(?:for\s+(?:a|an|the|two|three|\d+)\s+(?:\w+\s+)?(?:weeks?|weekend|months?|summer|winter|holidays?"
    r"|conference|trip|days?|nights?|bit|while|term|semester|course|contract)|this\s+week|on\s+(?:holiday|a\s+trip)"
    r"|temporarily|visiting|until|till|for\s+now)\b)"
)
# "I grew up in Cork", "I was born in Lagos": a capitalised place ("grew up in poverty", "born in March" are not)
# Said without the "I" where the sentence starts too: "born and raised in Glasgow", "born in Kerala, living in Dubai
# now"; and "Glasgow born and bred".
_GREW_UP = re.compile(
    r"(?i:(?:\bi\s+|^\W*)(?:grew\s+up|(?<=i\s)was\s+born(?:\s+and\s+(?:raised|bred))?"
    r"|(?<!\w)born(?:\s+and\s+(?:raised|bred))?)\s+in)\s+"
    rf"(?!{MONTHS}\b)"
    r"(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
    r"|^\W*(?P<y>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?i:born\s+and\s+(?:bred|raised))\b"
)
# "I came from Punjab 6 years ago": a capitalised place ("I came from work" is no hometown)
# Also said without the "I" after an age: "I am 24, come from Chengdu"
_CAME_FROM = re.compile(
    rf"(?i:(?:\bi\s+|^\W*(?:{I_AM}|i\s+am)\s+\d{{2}}(?:\s+years?(?:\s+old)?)?\s*,\s*(?:and\s+)?)(?:come|came)\s+(?:here\s+)?from)"
    r"\s+(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
)


# How long one has lived there, after the place: "Birmingham my whole life", "Dublin six years now"
_HOW_LONG_TAIL = re.compile(
    r"(?i)\s+(?:my\s+(?:whole|entire)\s+life|all\s+my\s+life|forever|(?:for\s+)?(?:\d+|two|three|four|five|six|seven"
    r"|eight|nine|ten|many|several|a\s+few)\s+(?:years?|yrs?|decades?)|since\s+\d{4})\b.*$"
)


# After a place of birth: whose it is, or what ("Born in Lagos, my mum was", "Yorkshire born and bred, my dad",
# "Born in Stockholm — that's Greta Garbo", "Texas born and raised beef")
_SAID_BY_I = re.compile(r"(?i)\W*i\b")
_SOMEONE_ELSES_BIRTH = re.compile(
    r"(?i)\s*[,—–-]?\s*(?:(?:my|his|her|their)\s+[\w-]+(?:\s+(?:was|is)\b|\s*(?:$|[.!]))|that['’]?s\b)"
    r"|\s+(?-i:[a-z])+\b(?<!\band)(?<!\bbut)(?<!\bso)(?<!\bnow)(?<!\bthough)(?<!\bbtw)"
)


def location_facts(sentence: str) -> list[Candidate]:
    found = []
    for matches, template in (
        (_LIVE.finditer(sentence), "Lives in {}"),
        (cued(sentence, _MOVED, "moved", "relocated", "shifted", "emigrated"), "Lives in {} (moved there)"),
        (cued(sentence, _MOVED_INTO, "moved into"), "Lives in {} (moved there)"),
    ):
        for match in matches:
            near = match.groupdict().get("near")
            said = f"Lives {' '.join(near.lower().split())} {{}}" if near else template
            found += _home(said, proper_name(_HOW_LONG_TAIL.sub("", match.group("x")), max_words=4))
    for match in [*_BASED.finditer(sentence), *_HOME_IS.finditer(sentence)]:
        found += _home("Lives in {}", match.group("x"))
    for match in _MOVED_FROM.finditer(sentence):
        found.append(entity_fact(f"Moved from {match.group('x')}", "", place("location", match.group("x"))))
    for match in _LIVING_CLAUSE.finditer(sentence):
        found += _home("Lives in {}", match.group("x"))
    for match in _HOME_IN.finditer(sentence):
        found.append(entity_fact(f"Has a home in {match.group('x')}", "", place("location", match.group("x"))))
    for match in _NEW_HOME.finditer(sentence):
        where = proper_name(match.group("x"), max_words=4)
        if where[:1].isupper() and not _A_STAY.search(sentence, match.start("x")):  # not "… in Cornwall for a week"
            home = match.group("home").lower()
            found.append(entity_fact(f"Found {article(home)} {home} in {where}", "", place("location", where)))
    for match in _MOVING.finditer(sentence):
        where = proper_name(match.group("x"), max_words=4)
        if where and not A_KIND_OF_PLACE.match(where) and where.split()[0].lower() not in _NOT_HOMES:
            if _A_WORKPLACE.search(where):
                continue  # "I'm moving to the Leeds office": a workplace, not a home
            found.append(_moving(title(where), sentence, match.start("x") + len(where)))
    for match in [*_FROM.finditer(sentence), *_CAME_FROM.finditer(sentence), *_GREW_UP.finditer(sentence)]:
        where = proper_name(match.group("x") or match.groupdict().get("y") or "", max_words=4)
        subjectless = match.re is _GREW_UP and not _SAID_BY_I.match(match.group(0))
        if (subjectless and _SOMEONE_ELSES_BIRTH.match(sentence, match.end())) or where.lower() in PEOPLES:
            continue  # "Born in Lagos, my mum was", "Texas born and raised beef"; "Scottish born and bred" is a people
        if match.re is _CAME_FROM and not names_a_place(where):
            continue  # "I'm 35, came from Work", "… from Church", "… from Tinder"
        if where and not A_KIND_OF_PLACE.match(where) and where.split()[0].lower() not in _NOT_HOMES:
            if _A_WORKPLACE.search(where):
                continue  # "I'm Dave from the Leeds office": where one works, not where one is from
            found.append(entity_fact(f"Is from {title(where)}", "hometown", place("location", where)))
    return found


_A_WORKPLACE = re.compile(r"(?i)\b(?:office|team|department|dept|branch|store|site|depot|plant|desk)$")
# "a small town", "the bathroom", "my parents' place": a kind of place or a room, not a named one.
A_KIND_OF_PLACE = re.compile(r"(?:a|an|the|my|our|this|that|their|his|her)\s+[a-z]")


# Teams and fields of work, said as "in"/"from" a capitalised word: no town, no home.
_TEAMS = frozenset(
    {"hr", "it", "marketing", "sales", "finance", "accounts", "ops", "operations", "engineering", "design", "product",
     "support", "admin", "management"}
)  # fmt: skip
# Not a home, however capitalised: an app, a team or a group one is in ("moved to Slack", "been in Accounts for 5
# years").
_NOT_HOMES = _TEAMS | frozenset(
    {"slack", "teams", "discord", "whatsapp", "telegram", "signal", "notion", "jira", "zoom", "gmail", "outlook",
     "aa", "na", "slytherin", "gryffindor", "hufflepuff", "ravenclaw", "rehab", "therapy", "recovery", "spotify",
     "apple", "netflix", "android", "windows", "excel", "ios", "mac", "linux", "ubuntu", "chrome", "firefox", "premium",
     "plan", "chapter", "wfh", "retail", "hospitality", "nursing", "teaching", "tech", "healthcare", "banking",
     "insurance", "education", "construction", "logistics", "denial", "google", "iphone", "instagram", "tiktok",
     "youtube", "bluesky", "threads", "mastodon", "twitter", "reddit", "facebook", "linkedin", "substack", "sheets",
     "customer", "fear", "hope", "sin", "poverty", "misery", "pain", "shame", "hiding", "limbo", "luxury", "peace",
     "dread", "terror", "bliss", "chaos", "squalor", "comfort", "hell", "heaven", "sweatpants", "pyjamas", "pajamas"}
)  # fmt: skip


def _home(template: str, where: str) -> list[Candidate]:
    if not where or where.split()[0].lower() in _NOT_HOMES:
        return []
    if where.split()[0].lower() in {"a", "an"}:
        return [fact(template.format(where), "location", value=(facet("in", where),))]  # "Lives in a small town"
    if A_KIND_OF_PLACE.match(where):
        return []  # "I live in the bathroom these days"
    return [entity_fact(template.format(title(where)), "location", place("location", where))]


# Capitalised words after "from"/"in" that are a team, a place of work, an app or a time, not a town.
_LANGUAGES_AND_SUBJECTS = frozenset(
    {"spanish", "french", "english", "german", "maths", "math", "science", "history"}
)  # fmt: skip
_NOT_TOWNS = _TEAMS | _LANGUAGES_AND_SUBJECTS | frozenset(
    {"work", "school", "home", "uni", "college", "church", "accounting", "legal", "year", "class", "reception",
     "the", "a", "an", "my", "our"}
)  # fmt: skip


_PLAN_DATE_AFTER = re.compile(rf"{BEFORE_THE_DATE}\s*,?\s+{PLAN_DATE}(?=\W|$)")


def _moving(where: str, sentence: str, end: int) -> Candidate:
    """'Is moving to Munich', dated when the sentence says when after the place ("… to Munich in January")."""
    moving = entity_fact(f"Is moving to {where}", "", place("location", where))
    if (dated := _PLAN_DATE_AFTER.match(sentence, end)) is None:
        return moving
    date = " ".join(dated.group("date").split())
    return replace(moving, content=f"{moving.content} {date}", happens=date)


def is_a_town(name: str) -> bool:
    """Not a team, a school subject or a language ("from HR", "in Spanish"); "Spanish Town", "English Harbour" are."""
    words = name.split()
    if not words:
        return False
    first = words[0].lower()
    return first not in _NOT_TOWNS or (first in _LANGUAGES_AND_SUBJECTS and len(words) > 1 and words[1][:1].isupper())


# "nurse in Leeds", "a paramedic in Christchurch": a role, then the town it is done in, ending what was said
_IN_A_TOWN_AT_END = re.compile(
    r"^(?P<head>(?:(?!\s(?:in|and|but|or)\s).)+?)\s+in\s+(?P<town>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})$"
)
_STUDYING = re.compile(r"(?i)\b(?:student|pupil|undergrad\w*|postgrad\w*|fresher|trainee\s+teacher)s?$")


def town_at_end(said: str) -> tuple[str, str] | None:
    """(what is done, the town) when ``said`` ends with the town it is done in: "nurse in Leeds" → ("nurse", "Leeds");
    not a field or a team ("engineer in IT", "manager in Sales")."""
    match = _IN_A_TOWN_AT_END.match(said)
    if match is None or not is_a_town(match.group("town")) or _STUDYING.search(match.group("head")):
        return None  # "a student in Leeds" studies there
    return match.group("head"), match.group("town")


# A home had for a while is a holiday: "rented a house in Cornwall for a week" (not "bought a flat … last month").
_A_STAY = re.compile(
    r"(?i)\bfor\s+(?:a|the|\d+|two|three|four|a\s+few)\s+(?:nights?|days?|weeks?|weekend|summer)\b"
    r"|\bon\s+(?:holiday|vacation)\b"
)
