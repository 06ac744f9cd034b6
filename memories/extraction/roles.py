"""Work and study: a job title however it is said, where, and what one studies.

A role is a short phrase ending in an occupation word ("senior product designer", "high school chemistry teacher",
"cardiologist"): JOB_TITLES, or a word that names a trade by its ending (-ist, -ician, -ologist). One says it many
ways — "I'm a nurse at St Mary's", "I joined Swiggy as a senior backend engineer", "got a new job as head chef at
Alinea", "I was a teacher for 35 years", and in introductions without a verb: "Kwame, chartered accountant at Deloitte
in Accra". Each gives one fact: the role with its employer when named (slot ``workplace``, value employer + role, as
"Is a nurse at Apollo Hospital" always had), else the role alone (slot ``occupation``); a named town it is done in
becomes a separate "Works in …" fact linked to the place.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.entities import place
from memories.extraction.facts.base import I_AM, article, facet
from memories.extraction.facts.identity import AGE_SAID, BARE_AGES, introduction, names_a_place
from memories.extraction.facts.places import is_a_town
from memories.extraction.text import STOPWORDS, TAKEN_BACK, alternation, cued, title
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import IDENTITY_NOUNS, JOB_TITLES, PEOPLES, RELATIONS

FACT = "fact"
_TITLES = alternation(JOB_TITLES)
_MODIFIER = r"(?!(?:at|in|for|with|and|but|from|of|to|i|im|a|an|the|my|is|was|am|as|now)\b)[\w'-]+\s+"
# Up to four words before the occupation word; the occupation word ends the role ("nurse" in "a nurse in Lyon").
_TITLE = rf"(?:{_TITLES}|[a-z]+(?:ologist|ician))"
# "a terrible cook", "a good driver", "a total nerd": a judgement of oneself, not a job.
_JUDGED = (
    r"(?!(?:good|bad|terrible|great|awful|decent|lousy|amazing|horrible|excellent|better|worse|best|worst|natural"
    r"|born|wannabe|aspiring|failed|frustrated|hopeless|total|complete|proper|real|big|huge|massive|typical|shit|smooth"
    r"|crap|poor|rubbish|useless|pretty|fantastic|brilliant)\b)"
)
# ... and the word ends the phrase: "a fan", "an operator person", "a nurse kind of guy" are something else
ROLE = (
    rf"(?P<role>(?i:{_JUDGED}(?:{_MODIFIER}){{0,4}}?{_TITLE}(?:[\s-]+{_TITLE})*s?)"
    r"(?![\w-]|['’]s\b|\s+(?i:fans?|person|people|kind|type|sort|guy|gal|girl|jar)\b))"
)
_PROPER = r"(?:the\s+)?[A-Z][\w&'.-]*(?:\s+(?:of\s+|de\s+|&\s+)?[A-Z][\w&'.-]*){0,3}"
# A title with what it heads: "head of marketing", "principal of a girls' school", "VP of engineering" — up to five
# words after "of", to where a workplace or a town is said or the clause ends ("head of sales and I love it"); not one's
# own life, home or place in a line ("the head of the household", "head of the class", "head of the queue").
_NOT_HEADED = (
    r"(?:my|our|your|his|her|their|own|(?:(?:the|a|an)\s+)?(?:(?:big|small|whole)\s+)?(?:house|household|family|class"
    r"|queue|line|table|nothing|everything|united|world|universe|vibes|chaos|fun|fan\s+club|group\s+chat))\b"
)
_ENDS_HEADED = (
    r"(?:and|but|so|or|because|who|which|that|i|we|he|she|they|it|lol|haha|now|tonight|today|at|in|for|with|near)\b"
)
HEAD_OF = (
    r"(?P<role>(?i:(?:(?:deputy|assistant|associate|acting|senior|interim|regional|global|executive)\s+)?"
    r"(?:head|director|vp|vice\s+president|chair|chairman|chairwoman|chairperson|dean|principal|president|professor"
    rf"|lecturer|editor|coordinator|superintendent|curator)\s+of\s+(?!{_NOT_HEADED})(?:(?:the|a|an)\s+)?"
    rf"(?!{_ENDS_HEADED})[\w'’-]+(?:\s+(?!{_ENDS_HEADED})[\w'’-]+){{0,4}}?)"
    r"(?=\s+(?:at|in|for|with|near|and|but|so|because)\s|\s*[,.;!?)]|\s*$))"
)
# "… at Deloitte in Accra", "… in Noida", "… at a hospital in Lyon", "… in Logan Square, Chicago"
_WHERE = (
    rf"(?:\s+(?:at|for|with)\s+(?P<org>{_PROPER}))?"
    rf"(?:(?:\s+(?:at|in|on)\s+(?:a|an|the)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,2}})*"
    rf"\s+(?:in|near)\s+(?P<place>{_PROPER})(?:,\s*(?P<city>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))?)?"
)
_SAID = [
    # "I'm a nurse", "I'm now a senior manager", "I'm currently working as a barista"
    (
        re.compile(rf"(?i:\b{I_AM}\s+(?:now\s+|currently\s+|also\s+)?(?:working\s+as\s+)?(?:a|an)\s+){ROLE}{_WHERE}"),
        "Is",
    ),
    # "I'm head of marketing at Zomato", "I'm the principal of a school in Jaipur", "I work as VP of engineering"
    (
        re.compile(
            rf"(?i:(?:\b{I_AM}\s+(?:now\s+|currently\s+|also\s+)?|\bi\s+work\s+as\s+)(?:(?:a|an|the)\s+)?){HEAD_OF}{_WHERE}"
        ),
        "Is",
    ),
    # "I joined Swiggy as a senior backend engineer", "got a new job as head chef at Alinea", "promoted to team lead"
    (
        re.compile(
            rf"(?i:(?:\bi\s+(?:just\s+|recently\s+)?joined\s+(?P<joined>{_PROPER})\s+as"
            # the speaker, said or left out at the start ("finally got a job as…"); "my wife got a job as…" is hers
            rf"|(?:\bi(?:['’]ve|\s+have|\s+was|\s+just)?\s+(?:just\s+|finally\s+|recently\s+|officially\s+)?(?:been\s+)?"
            rf"|^\W*(?:(?:finally|just|so|omg|yay|guess\s+what)\W+)*)"
            rf"(?:(?:got|landed|found|started|have|accepted|took)\s+(?:a|an|my|the)\s+(?:new\s+)?(?:\w+[\s-]time\s+)?"
            rf"(?:job|position|role|offer)\s+as|(?:got\s+)?promoted\s+to|hired\s+as))"
            rf"\s+(?:a\s+|an\s+)?){ROLE}{_WHERE}"
        ),
        "Is",
    ),
    # "I've been a nurse for ten years", "been a chef for 15 years now": a role held a while, and still
    (
        re.compile(
            rf"(?i:(?:\bi(?:['’]ve|\s+have)\s+|^\W*(?:(?:honestly|so|yeah|well|basically)\W+)?)(?:now\s+)?been\s+"
            rf"(?:working\s+as\s+)?(?:a|an)\s+){ROLE}{_WHERE}"
            r"(?=\s+for\s+(?:\w+\s+){0,2}?(?:years?|yrs?|months?|decades?)\b|\s+since\b|\s+\d+\s*(?:years?|yrs?)\b)"
            r"(?![^.!?]*\b(?:retired|quit|left|until|till|before\s+i|gave\s+it\s+up|used\s+to|according\s+to)\b)"
        ),
        "Is",
    ),
    # "I was a primary school teacher for 35 years", "I used to be a nurse"
    (
        re.compile(
            rf"(?i:\bi\s+(?:was|used\s+to\s+be)\s+(?:a|an)\s+){ROLE}{_WHERE}"
            r"(?=\s+(?:for|until|till|before|\d)|\s*[,.]|$)"
        ),
        "Was",
    ),
]  # fmt: skip
# A clause that is only a role, in an introduction: "Kwame, chartered accountant at Deloitte", "vet in Newtown, Sydney".
_BARE_ROLE = re.compile(rf"^(?i:(?:a|an)\s+)?{ROLE}{_WHERE}(?i:\s+now)?\W*$")
_BARE_HEAD_OF = re.compile(rf"^(?i:(?:a|an|the)\s+)?{HEAD_OF}{_WHERE}\W*$")
_BARE_NAME = re.compile(r"^(?P<name>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)$")
_BARE_PLACE = re.compile(
    r"^(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}(?:,\s[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})?)\W*$"
)
_BARE_AGE = re.compile(rf"^{AGE_SAID}$")
# Clauses of an introduction end at commas, "but", a dash: "Piotr here, plumber, from Gdańsk originally but in Dublin
# 14 years", "founder of Ledgerly - we build…".
# (a split starts only where a run of spaces starts: tried inside the run, each alternative would scan it again)
_SEGMENT = re.compile(r"(?<!\s)(?:\s*[,;]\s*|\s+(?:and|&)\s+(?=(?:a|an)\s)|\s+but\s+|\s+[-–—]\s+)")
_TOWN = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
# A town and its region, as an introduction's last two clauses say them: "from Leeds, West Yorkshire", "Tucson, Arizona"
_TOWN_REGION = rf"{_TOWN}(?:,\s{_TOWN})?"
# Where one is from, and where one lives, said as a clause of an introduction: "from Gdańsk originally", "Lagos based",
# "based out of Hyderabad", "living in Fort Lee", "in Dublin 14 years", "here in Dubai".
_FROM_CLAUSE = re.compile(rf"^(?i:(?:originally\s+)?from)\s+(?P<place>{_TOWN_REGION})(?i:\s+originally)?$")
_LIVES_CLAUSE = re.compile(
    rf"^(?i:(?:(?:now\s+|currently\s+)?(?:based|living|live|settled)\s+(?:in|out\s+of)|(?:now\s+|here\s+)?in))"
    rf"\s+(?P<place>{_TOWN_REGION})(?i:\s+for\s+\S+\s+(?:years?|yrs?|decades?)(?:\s+now)?|\s+since\s.*"
    rf"|\s+\d+\s*(?:years?|yrs?)(?:\s+now)?"
    # "… with my fiancée" (not a stay: "with my parents for the summer")
    rf"|\s+with\s+(?i:my|our|the|a|an|two|three|\d)\b"
    rf"(?!.*\b(?i:for\s+the\s+(?:summer|week|weekend|holidays?)|temporarily|visiting)\b).*)?$"
    rf"|^(?P<based>{_TOWN})(?i:[\s-]based)$"
)
# After a name and an age, a clause naming where is a job there, in whatever language the job is said: "marin-pompier
# à Marseille depuis 18 ans", "Taxifahrer in Berlin seit 2005", "staff nurse sa Mediclinic here in Dubai".
_JOB_SOMEWHERE = re.compile(
    r"^(?P<role>[^\W\d][\w-]*(?:\s[^\W\d][\w-]*)?)"
    rf"(?:\s+(?i:at|sa|@|chez|bei|bij)\s+(?P<org>{_PROPER}))?"
    rf"(?:\s+(?i:here\s+)?(?i:in|à|en|em|na|no|im|a)\s+(?P<place>{_TOWN}))?"
    r"(?:\s+(?i:seit|depuis|desde|since|for|da|sinds)\b.*)?$"
)
_FOUNDER = re.compile(rf"^(?i:(?:the\s+)?(?:co-?)?founder\s+(?:of|at))\s+(?P<org>{_PROPER})$")
_IDENTITY_CLAUSE = re.compile(rf"^(?i:(?:a|an)\s+)?(?P<x>(?i:{alternation(IDENTITY_NOUNS)}))$")
# One of a people, said as a clause of its own: "Sione here, 29, Tongan, living in Brisbane"
_PEOPLE_CLAUSE = re.compile(rf"^(?=[A-Z])(?P<x>(?i:{alternation(PEOPLES)}))$")
_FROM_TAIL = re.compile(rf"^(?P<head>.+?)\s+(?i:from)\s+(?P<place>{_TOWN})$")
# An introduction's clause is a few words: longer ones are a story, not a clause, and are not read (this also keeps
# the clause patterns' cost bounded on long messages).
_CLAUSE_MAX_CHARS = 80
_NOT_ROLES = frozenset({"bit", "lot", "fan", "mess", "wreck", "big fan", "huge fan"})
_STUDY = re.compile(
    rf"(?i:\b(?:i\s+study|{I_AM}\s+studying|{I_AM}\s+doing\s+(?:a|an|my)|doing\s+(?:a|an|my)"
    rf"|(?:first|second|third|fourth|final|last|\d(?:st|nd|rd|th))[\s-]year)"
    rf"\s+(?:(?:phd|ph\.d\.?|master'?s|masters|msc|ma|mba|bsc|ba|degree|doctorate|postdoc)\s+(?:in\s+)?)?)"
    rf"(?P<subject>[a-zA-Z][\w&'-]*(?:\s+[a-z][\w&'-]*){{0,2}})\s+at\s+(?P<school>{_PROPER})"
)
_RUN = re.compile(
    r"(?i:\bi\s+(?:run|own|manage|opened)\s+(?:a|an|my\s+own|our|my)\s+)(?P<what>(?:[a-z][\w'-]*\s+){0,2}?"
    r"(?:business|company|\w*shop|\w*store|bakery|restaurant|cafe|café|salon|studio|clinic|practice|bar|pub|startup|"
    r"farm|agency|firm|garage|stall|boutique|hotel|b&b|food\s+truck|gym|nursery|charity))(?![\w-])"
    rf"(?:\s+(?:in|near)\s+(?P<place>{_PROPER}))?"
)
# "I drive for Uber", "I deliver for Deliveroo", "I drive Uber in Toronto" (without "for", only with where or how
# much: "I drive Tesla" is a car)
_DRIVE_FOR = re.compile(
    rf"(?i:\bi\s+(?:drive|deliver|ride)\s+)(?:(?i:for\s+)(?P<org>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)?)"
    rf"|(?P<said>[A-Z][\w&'-]*)(?=\s+(?:in|around|full[- ]time|part[- ]time|at\s+night|for\s+a\s+living)\b))"
    rf"(?:\s+(?i:in)\s+(?P<place>{_PROPER}))?"
)

# Where one works, said by the work: "I haul reefer for Lone Star Freight", "drive the 43 for Stagecoach", "I teach
# yoga at Bodyworks", "I code for a startup" (no name: not read). The work's object is a few words; the employer is a
# name. Not a person or a day one does it for ("I cook for Mum", "I design for Christmas").
# A vehicle or a route is what one drives for an employer ("drive the 43 for Stagecoach", "I drive a truck for
# Walmart"), not the kids for a friend; the other verbs take what they make or teach.
_WORK_FOR_VERBS = (
    r"haul(?:\s+[\w'-]+){0,2}?|drive(?:\s+(?:a|the|my)\s+(?:\d+\s+)?(?:truck|lorry|bus|van|cab|taxi|coach|forklift|tram"
    r"|train|\d+)(?:\s+in\s+[A-Z][\w'-]*)?)?"
    r"|deliver(?:\s+[\w'-]+){0,2}?|(?:code|program|design|write|model|freelance|build)(?:\s+[\w'-]+){0,3}?"
)
_WORK_AT_VERBS = r"teach|nurse|cook|bartend|waitress|waiter|lecture|coach|tutor|work\s+shifts|do\s+shifts"
_WORKS_FOR = re.compile(
    rf"(?:(?i:\bi)\s+|^)(?:(?i:also|still|now|currently)\s+)?"
    rf"(?P<said>(?i:{_WORK_FOR_VERBS})\s+(?i:for)"
    rf"|(?i:{_WORK_AT_VERBS})(?:\s+[\w'-]+){{0,3}}?\s+(?i:at))"
    rf"\s+(?P<org>{_PROPER})(?![\w'’&.-])"
    # "Sam's blog", "Jenny's house": a person's thing, not a place of work ("Dino's on weekends" is one)
    rf"(?<!['’]s(?=\s(?!(?:in|on|at|every|for|since|near|and|but|when|three|two|\d)\b)[a-z]))"
)
# Not an employer: a relative or a person's home ("Grandma's"), a day or a feast, a service, a platform one posts on.
_NOT_EMPLOYERS = re.compile(
    rf"(?i)^(?:the\s+)?(?:{alternation(RELATIONS)}|mr|mrs|ms|miss|dr|christmas|easter|thanksgiving|diwali|eid|halloween"
    r"|xmas|new\s+year|mass|church|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march"
    r"|april|may|june|july|august|september|october|november|december|i|me|we|home|night|noon|lunch|dinner"
    r"|instagram|tiktok|youtube|twitter|facebook|snapchat|onlyfans|twitch|reddit|etsy|hacktoberfest|fun)\b"
)


# "I drive a taxi in Lisbon", "i drive the 37 bus": what one drives for a living (not "a truck" or "a van": one's own)
_DRIVES = re.compile(
    rf"(?i)\bi\s+(?:still\s+|now\s+)?drive\s+(?:a|an|the)\s+(?:\d+\s+)?(?P<what>taxi|cab|bus|tram|train|forklift"
    rf"|ambulance|lorry|school\s+bus|night\s+bus)(?:\s+(?-i:in)\s+(?P<place>(?-i:{_PROPER})))?"
    r"(?=\s*(?:$|[.,;!)]|\s+(?:for\s+a\s+living|and|but|so|now|every|since|\d)\b))"
)
# "I teach maths at a secondary school", "I teach English in a language school": a teacher, where unnamed
_TEACHES = re.compile(
    r"(?i)\bi\s+(?:also\s+|now\s+|still\s+)?teach\s+(?P<what>(?!(?:the|my|our|them|him|her|it|you|kids)\b)[a-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*)?)\s+(?:at|in)\s+(?P<where>(?:a|an|the)\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"(?:school|college|university|uni|academy|nursery|sixth\s+form))\b"
)

# "I sell insurance", "I teach piano", "these days I fix clocks for folks", "I braid hair from home": what one does for
# a living, said as the work itself. Present tense, with something of a trade's as the object (not "my old clothes",
# "the kids", "things"); the clause ends there, or says for whom, where or how ("I cut onions for the soup" is no
# trade: "cut" takes hair only, "clean" houses and offices).
_TRADE_VERBS = (
    r"sell|teach|tutor|fix|repair|install|deliver|groom|translate|build|braid|cut(?=\s+hair)"
    r"|clean(?=\s+(?:houses|offices|homes))"
)
_TRADE = re.compile(
    rf"(?i)(?:^|[,;]\s*|\b(?:and|but|so|now|days|nowadays)\s+)(?<![\w'’])i\s+(?:also\s+|still\s+|now\s+|mostly\s+|just\s+)?"
    rf"(?P<verb>{_TRADE_VERBS})\s+"
    r"(?P<what>(?!(?i:my|our|your|his|her|their|the|a|an|this|that|these|those|it|them|him|me|you|us|everything|anything"
    r"|something|nothing|things|stuff|myself|out|up|on|off|in|at|for|from|with|to|more|less|some|any|all|lots|too"
    r"|kids|people|every|each|today|tonight|tomorrow|sometimes|always|often|later|myself|dinner|lunch|breakfast"
    r"|muscle|relationships)\b)[a-z][\w'-]*(?:\s+(?:and\s+)?(?!(?:for|at|in|on|from|to|with|and|but|so|every|since"
    r"|now|lol|part|full|mostly|today|tonight|tomorrow|myself|sometimes|then)\b)[a-z][\w'-]*){0,2})?"
    r"(?=\s*(?:$|[.,;!)(]|[^\w\s'’]|\s+(?:for\s+a\s+living|for\s+(?:folks|people|clients|customers|a\s+company|an?\s+\w+"
    r"|\w+)|from\s+home|at|in|on|to|part[\s-]time|full[\s-]time|and|but|so|now|since|mostly|though|lol|haha)\b))"
)


def trade_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in cued(sentence, _TRADE, " sell", " teach", " tutor", " fix", " repair", " install", " deliver",
                      " groom", " translate", " build", " braid", " cut", " clean"):  # fmt: skip
        what = " ".join((match.group("what") or "").split())
        verb = match.group("verb").lower()
        if what[:1].isupper() and verb not in {"teach", "tutor", "translate"}:
            continue  # "I sell La Gaviota": one boat, named, not a trade (but "I teach English")
        if what:
            found.append(Candidate(FACT, f"{_third_person(verb)} {what}"))
    return found


def work_for_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in cued(sentence, _TEACHES, "teach"):
        what, where = (" ".join(match.group(name).split()) for name in ("what", "where"))
        found.append(Candidate(FACT, f"Teaches {what} at {where}", slot="occupation",
                               value=(facet("role", f"{what} teacher"),)))  # fmt: skip
    for match in cued(sentence, _DRIVES, "drive"):
        vehicle, town = " ".join(match.group("what").lower().split()), _places(match)
        content = f"Drives {article(vehicle)} {vehicle}" + (f" in {town[0].display_name}" if town else "")
        found.append(Candidate(FACT, content, slot="occupation", value=(facet("role", f"{vehicle} driver"),),
                               entities=tuple(town)))  # fmt: skip
    for match in _WORKS_FOR.finditer(sentence):
        name = _without_the(match.group("org"))
        if _NOT_EMPLOYERS.match(name):
            continue
        employer = place("workplace", name)
        verb, _, rest = " ".join(match.group("said").split()).partition(" ")
        content = f"{_third_person(verb)} {rest} {employer.display_name}"  # "Teaches yoga at Bodyworks"
        found.append(Candidate(FACT, content, slot="workplace", value=(employer.ref,), entities=(employer,)))
    return found


def _third_person(verb: str) -> str:
    """'teach' → 'Teaches', 'haul' → 'Hauls', 'do' → 'Does'."""
    verb = verb.lower()
    if verb == "do":
        return "Does"
    return (verb + ("es" if verb.endswith(("ch", "sh", "ss", "x", "o")) else "s")).capitalize()


def role_facts(sentence: str) -> list[Candidate]:
    found: list[Candidate] = []
    for pattern, verb in _SAID:
        for match in pattern.finditer(sentence):
            found += _role(match, verb, employer=_group(match, "org") or _group(match, "joined"))
    found = _the_fullest(found)
    intro = introduction(sentence)
    if intro is not None:
        found += _introduction(sentence[intro.end() :])
    elif found:  # "I am a retired dentist, 71 years old, living in Fort Lee": what follows a role held now
        said = next((m for pattern, verb in _SAID if verb == "Is" and (m := pattern.search(sentence))), None)
        found += _introduction(sentence[said.end() :], trailing=True) if said else []
    elif (aged := _AGED_THEN.search(sentence)) is not None:  # "I am 38, from Homs in Syria, living in Sheffield"
        # ... and a role said as a clause of its own: "I'm 24, a fashion designer, based in Ibadan"
        found += [
            c
            for c in _introduction(sentence[aged.end() :])
            if c.slot in {"occupation", "workplace"} or _a_home_said(c, sentence)
        ]
    else:
        found += _introduction(sentence, verbless=True)
    return found


_AGED_THEN = re.compile(r"(?i)\b(?:i\s+am|i['’]m|im)\s+\d{2,3}(?:\s+years?(?:\s+old)?)?\s*,")


def _a_home_said(candidate: Candidate, sentence: str) -> bool:
    """After "I am 38," a place is read only as said with its capital after "living in", "based in" or "from" ("im 22,
    in love", "I'm 39, on holiday, in Greece" say no home)."""
    places = [e.display_name for e in candidate.entities if e.entity_type == "location"]
    return bool(places) and all(
        re.search(rf"\b(?:(?:living|based|settled|live)\s+in|from)\s+{re.escape(name)}\b", sentence) for name in places
    )


def _the_fullest(found: list[Candidate]) -> list[Candidate]:
    """'I'm a professor of history at UCL' is that, not also 'Is a professor'."""
    return [c for c in found if not any(o.content.startswith(f"{c.content} of ") for o in found)]


# "I'm doing a degree in psychology", "studying for a masters in law": a course, where no school is named
_DEGREE_IN = re.compile(
    rf"(?i)\b{I_AM}\s+(?:currently\s+|now\s+)?(?:doing|studying\s+for|taking|working\s+towards?)\s+(?:a|an|my)\s+"
    r"(?P<degree>degree|masters|master['’]?s|phd|ph\.d\.?|doctorate|diploma|bachelor['’]?s|ba|bsc|msc|mba|foundation\s+degree)"
    r"\s+in\s+(?P<subject>(?!(?:the|my|a|an|overthinking|netflix|procrastination|sarcasm|napping)\b)[a-z][\w'-]*"
    r"(?:\s+(?!(?:at|and|but|so|because|now|this|next|lol|haha|lmao)\b)[a-z][\w'-]*)?)\b"
    r"(?!\s+at\s)(?!\s+(?:lol|haha|lmao|jk)\b)"
)
# "I'm in my second year at Manchester", "in my final year of uni": a year of study — a named place only where the
# sentence says it is about study ("my third year at Deloitte", "my first year at the gym" are not)
_SCHOOLISH = re.compile(
    r"(?i)\b(?:uni|university|college|school|academy|institute|polytechnic|poly|conservatoire|iit|mit)\b"
)
_STUDY_WORDS = re.compile(
    r"(?i)\b(?:uni|university|college|degree|studying|student(?!\s+loans?)|lectures?|exams?|modules?|semester"
    r"|dissertation|thesis|med\s+school|law\s+school|phd|masters|bachelor|freshers?)\b"
)
_YEAR_OF = re.compile(
    rf"(?i)(?:\b{I_AM}\s+|^\W*)in\s+my\s+(?P<year>first|second|third|fourth|final|last|1st|2nd|3rd|4th)\s+year"
    r"(?:\s+(?:at|of)\s+(?P<where>uni|university|college|school|med\s+school|law\s+school"
    r"|(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3}))?"
    r"(?!\s+of\s+(?!uni|university|college|school|med|law)\w)"
    r"(?!\s+(?:of\s+)?(?:marriage|sobriety|recovery|business|being|trying|running))"
)
# "I just graduated from Leeds", "I dropped out of uni": a course finished or left
_GRADUATED = re.compile(
    rf"(?i:\bi\s+(?:just\s+|finally\s+|recently\s+|officially\s+)?(?P<how>graduated|dropped\s+out))"
    rf"(?:\s+(?i:from|of)\s+(?P<where>(?i:uni|university|college|school|high\s+school|med\s+school|law\s+school)\b|{_PROPER}))?"
    r"(?!\s+(?:of\s+)?(?:the\s+)?(?:race|game|group|chat|conversation|project))"
    # the clause ends, or says where or when: not "graduated from beginner to intermediate", "from the kids menu"
    r"(?=\s*(?:$|[.!,;🎉]|\s+(?:in\s+\d{4}|last|this|yesterday|today|with|and|but|so|after|before|when|because|at\s+\d+)\b))"
)


def study_facts(sentence: str) -> list[Candidate]:
    """'I'm studying architecture at UNAM', 'doing a PhD in neuroscience at the Charité' → school and subject."""
    found = []
    for match in _STUDY.finditer(sentence):
        school = place("school", _without_the(match.group("school")))
        subject = match.group("subject").strip()
        found.append(Candidate(FACT, f"Studies {subject} at {school.display_name}", slot="school",
                               value=(school.ref,), entities=(school,)))  # fmt: skip
    for match in cued(sentence, _DEGREE_IN, " in "):
        degree, subject = (" ".join(match.group(name).split()) for name in ("degree", "subject"))
        found.append(Candidate(FACT, f"Is doing {article(degree)} {degree.lower()} in {subject}",
                               value=(facet("studies", subject),)))  # fmt: skip
    for match in cued(sentence, _YEAR_OF, "year"):
        where = _group(match, "where")
        if where[:1].isupper() and not _STUDY_WORDS.search(sentence):
            continue
        if not where and not _STUDY_WORDS.search(sentence):
            continue  # "in my final year of my 20s", "my first year of parenting"
        schools = [place("school", _without_the(where))] if where[:1].isupper() else []
        at = f" at {schools[0].display_name}" if schools else (f" of {where.lower()}" if where else "")
        found.append(Candidate(FACT, f"Is in their {match.group('year').lower()} year{at}", entities=tuple(schools)))
    for match in cued(sentence, _GRADUATED, "graduated", "dropped"):
        where = _group(match, "where")
        schools = [place("school", _without_the(where))] if where[:1].isupper() else []
        how = "Graduated" if match.group("how").lower() == "graduated" else "Dropped out"
        if (
            how == "Dropped out"
            and where[:1].isupper()
            and not (_SCHOOLISH.search(where) or _STUDY_WORDS.search(sentence))
        ):
            continue  # "dropped out of Dry January"
        joined = "from" if how == "Graduated" else "of"
        said = f" {joined} {schools[0].display_name if schools else where.lower()}" if where else ""
        if how == "Dropped out" and not where:
            continue  # "I dropped out" alone: of what, the message does not say
        found.append(Candidate(FACT, f"{how}{said}", entities=tuple(schools)))
    return found


def business_facts(sentence: str) -> list[Candidate]:
    """'I run a small bakery in Vancouver', 'I drive Uber in Toronto': what one does for a living, said by doing it."""
    found = []
    for match in _RUN.finditer(sentence):
        where = _places(match)
        content = f"Runs a {match.group('what').lower()}" + (f" in {where[0].display_name}" if where else "")
        found.append(Candidate(FACT, content, slot="occupation", value=(facet("role", match.group("what")),),
                               entities=tuple(where)))  # fmt: skip
    for match in _DRIVE_FOR.finditer(sentence):
        employer = place("workplace", match.group("org") or match.group("said"))
        where = _places(match)
        content = f"Drives for {employer.display_name}" + (f" in {where[0].display_name}" if where else "")
        found.append(Candidate(FACT, content, slot="workplace", value=(employer.ref,), entities=(employer, *where)))
    return found


def _introduction(rest: str, *, verbless: bool = False, trailing: bool = False) -> list[Candidate]:
    """The clauses after a name: "27, software engineer in Bangalore, from Pune originally" — an age, a role, the
    town it is in, where one lives and comes from.

    ``verbless``: a whole sentence of such clauses, the name among them ("Olivia, vet in Newtown, Sydney"; "Senior
    manager now"); it counts only when a role is there, so "Maya, 31" alone says nothing. ``trailing``: the clauses
    after a role said with a verb ("I'm a nurse, 31, based in Leeds"): only ages and places are read there."""
    found: list[Candidate] = []
    name = ""
    lowercase = rest == rest.lower()  # one who types in lowercase types their town so too ("from wythenshawe")
    segments = _region_joined([_without_symbols_at_end(part) for part in _SEGMENT.split(rest.strip(" ,.!"))])
    for index, segment in enumerate(segments):
        if len(segment) > _CLAUSE_MAX_CHARS:
            if verbless:
                return []
            continue
        shaped = _places_capitalised(segment) if lowercase and not verbless else segment
        towns, tail = _towns(shaped), _FROM_TAIL.match(shaped)
        age, role = _BARE_AGE.match(segment), _BARE_ROLE.match(segment)
        if age is not None and int(age.group("age")) in BARE_AGES:
            years = age.group("age")
            found.append(Candidate(FACT, f"Is {years} years old", slot="age", value=(facet("age", years),)))
        elif towns:
            found += towns
        elif trailing:
            continue
        elif role is not None or tail and _BARE_ROLE.match(tail.group("head")):
            found += _clause_with_origin(shaped)
            name = name or ("now" if re.search(r"(?i)\bnow\W*$", segment) else "")
        elif (head := _BARE_HEAD_OF.match(segment)) is not None:  # "Sunita Sharma, principal of a school in Jaipur"
            found += _role(head, "Is", employer=_group(head, "org"))
        elif (founder := _FOUNDER.match(segment)) is not None:
            found += _role(founder, "Is", employer=founder.group("org"), role="founder")
        elif not verbless and any(c.slot == "age" for c in found) and (job := _job_somewhere(segment)):
            found += job
        elif (people := _PEOPLE_CLAUSE.match(segment)) is not None and not verbless and found:
            found.append(Candidate(FACT, f"Is {people.group('x')}"))
        elif (who := _IDENTITY_CLAUSE.match(tail.group("head") if tail else shaped)) is not None and not verbless:
            found.append(Candidate(FACT, f"Is {article(who.group('x'))} {who.group('x').lower()}"))
            found += _towns(f"from {tail.group('place')}") if tail else []
        elif found and found[-1].content.startswith("Works in") and (town := _BARE_PLACE.match(segment)):
            city = place("location", town.group("place"))  # "vet in Newtown, Sydney"
            near = found.pop()
            found.append(Candidate(FACT, f"{near.content}, {city.display_name}", entities=(*near.entities, city)))
        elif (
            index == len(segments) - 1
            and any(c.slot == "age" for c in found)
            and (town := _BARE_PLACE.match(segment))
            and not verbless
            and names_a_place(town.group("place").split(",")[-1])  # not "…, Single", "…, Retired"
        ):
            found += _towns(f"in {town.group('place')}")  # "Natalie, 45, CPA, Toronto": the town ends the list
        elif verbless and not found and not name and (bare := _BARE_NAME.match(segment)):
            name = bare.group("name")
        elif verbless:
            return []  # a clause that is neither: not an introduction
    if verbless and not (any(c.slot in {"workplace", "occupation"} for c in found) and _said_of_oneself(found, name)):
        return []
    if name and name != "now" and name.split()[0].lower() not in JOB_TITLES:
        found.append(Candidate(FACT, f"Name is {name}", slot="name", value=(facet("name", name),)))
    return found


def _region_joined(segments: list[str]) -> list[str]:
    """The last clause one with the clause before when it is the region of the town said there: "from Leeds, West
    Yorkshire", "living in Dayton, Ohio", "Tucson, Arizona" (not "CPA, Toronto": a role, then the town)."""
    if len(segments) < 2 or not _BARE_PLACE.match(segments[-1]) or len(segments[-1]) > _CLAUSE_MAX_CHARS:
        return segments
    before = segments[-2]
    town = _FROM_CLAUSE.match(before) or _LIVES_CLAUSE.match(before)
    bare = _BARE_PLACE.match(before) if town is None and not _BARE_ROLE.match(before) else None
    said = town.group("place") or town.group("based") if town else bare.group("place") if bare else None
    if said is None or "," in said or not is_a_town(said) or _BARE_ROLE.match(segments[-1]):
        return segments
    if not names_a_place(_BARE_PLACE.match(segments[-1]).group("place")):  # type: ignore[union-attr]
        return segments  # "from Leeds, Vegan", "Mumbai, Hindu", "living in Austin, Single": a clause of its own
    return [*segments[:-2], f"{before}, {segments[-1]}"]


def _without_symbols_at_end(segment: str) -> str:
    """'Lagos based 😊' → 'Lagos based' (a loop, not a regex: "[^\\w)]+$" is quadratic on a long run of symbols)."""
    end = len(segment)
    while end and not (segment[end - 1].isalnum() or segment[end - 1] in "_)"):
        end -= 1
    return segment[:end]


_DOING = frozenset({"working", "living", "based", "staying", "studying", "currently", "now", "still", "also"})


def _job_somewhere(segment: str) -> list[Candidate]:
    """'Taxifahrer in Berlin seit 2005' → a job and the town it is in; 'staff nurse sa Mediclinic' → a job there."""
    said = _JOB_SOMEWHERE.match(segment)
    if said is None or not (said.group("org") or said.group("place")):
        return []
    role = said.group("role")
    if role.split()[0].lower() in STOPWORDS | _DOING or not is_a_town(said.group("place") or "x"):
        return []  # "working in Toronto", "living in Leeds": where one is, not a job called "working"
    found = _role(said, "Is", employer=(said.group("org") or "").strip(), role=role)
    if said.group("place"):
        found = [c for c in found if not c.content.startswith("Works in")] + [_lives_in(said.group("place"))]
    return found


def _towns(segment: str) -> list[Candidate]:
    """'from Gdańsk originally' → where they are from; 'Lagos based', 'living in Fort Lee' → where they live. Not a
    team or a place of work ("from HR", "in Marketing", "from the other team")."""
    if (origin := _FROM_CLAUSE.match(segment)) is not None:
        if not is_a_town(origin.group("place")):
            return []
        town, said = _town_said(origin.group("place"))
        return [Candidate(FACT, f"Is from {said}", slot="hometown", value=(town.ref,), entities=(town,))]
    if (home := _LIVES_CLAUSE.match(segment)) is not None:
        where = home.group("place") or home.group("based")
        return [_lives_in(where)] if is_a_town(where) else []
    return []


def _lives_in(where: str) -> Candidate:
    town, said = _town_said(where)
    return Candidate(FACT, f"Lives in {said}", slot="location", value=(town.ref,), entities=(town,))


def _town_said(where: str) -> tuple[EntityMention, str]:
    """The town's entity, and the words for it with its region if one was said: "Tucson, Arizona" → (Tucson, …)."""
    town_said, _, region = where.partition(", ")
    town = place("location", town_said)
    return town, f"{town.display_name}, {region}" if region else town.display_name


def _places_capitalised(segment: str) -> str:
    """'single dad from wythenshawe' → 'single dad from Wythenshawe', 'lagos based' → 'Lagos based': the town of one
    who types in lowercase, where a clause says it is a town."""
    segment = _TOWN_AFTER.sub(lambda m: m.group("lead") + title(m.group("town")), segment)
    return _TOWN_BEFORE_BASED.sub(lambda m: title(m.group("town")) + m.group("based"), segment)


# (a town's words go on, but not into what one does there: "a uni student in glasgow studying law")
_TOWN_AFTER = re.compile(
    r"(?i)(?P<lead>\b(?:from|in|of)\s+)(?P<town>[^\W\d][\w'-]*(?:\s+(?![a-z]+ing\b)[^\W\d][\w'-]*){0,2})$"
)
_TOWN_BEFORE_BASED = re.compile(r"(?i)^(?P<town>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*)?)(?P<based>[\s-]based)$")


def _clause_with_origin(segment: str) -> list[Candidate]:
    """A role clause, and where one is from when it ends so: "single dad from Leeds", "plumber from Gdańsk"."""
    role = _BARE_ROLE.match(segment)
    tail = None if role else _FROM_TAIL.match(segment)
    if tail is not None:
        role = _BARE_ROLE.match(tail.group("head"))
    found = _role(role, "Is", employer=_group(role, "org")) if role is not None else []
    return found + (_towns(f"from {tail.group('place')}") if tail else [])


_STUDENTS = frozenset(
    {"student", "students", "pupil", "undergrad", "undergraduate", "postgrad", "fresher", "postgraduate"}
)


def _said_of_oneself(found: list[Candidate], name: str) -> bool:
    """A verbless role is the speaker's with their name, age or town beside it, or "now" (``name`` is "now" then):
    "head chef." alone is not."""
    return bool(name) or any(
        c.slot in {"age", "location", "hometown"} or c.content.startswith("Works in") for c in found
    )


# "a 31 year old midwife", "a 45-year-old taxi driver": one's age said before one's role — the age, and the role
_AGED_ROLE = re.compile(r"^(?P<age>\d{2,3})[\s-]*(?:years?|yrs?)[\s-]*old\s+(?P<role>\S.*)$", re.IGNORECASE)


# "a London-based graphic designer": where one is based, and the role
_BASED_ROLE = re.compile(r"^(?P<town>[A-Z][\w'-]*)-(?i:based)\s+(?P<role>\S.*)$")  # not "a plant-based chef"


def _role(match: re.Match[str], verb: str, *, employer: str, role: str = "") -> list[Candidate]:
    role = role or " ".join(match.group("role").split())
    if verb == "Is" and (based := _BASED_ROLE.match(role)) is not None and is_a_town(based.group("town")):
        return [_lives_in(based.group("town")), *_role(match, verb, employer=employer, role=based.group("role"))]
    if re.match(r"[A-Z][a-z]", role):  # "Data analyst at Klarna" opened its sentence; "QA engineer" stays as typed
        role = role[0].lower() + role[1:]
    if role.lower() in _NOT_ROLES or role.lower().startswith(("bit ", "lot ")):
        return []
    if verb == "Is" and (aged := _AGED_ROLE.match(role)) is not None and int(aged.group("age")) in BARE_AGES:
        years, role = aged.group("age"), aged.group("role")
        age = Candidate(FACT, f"Is {years} years old", slot="age", value=(facet("age", years),))
        return [age, *_role(match, verb, employer=employer, role=role)]
    where = _places(match)
    if verb == "Was":
        return [Candidate(FACT, f"Was {article(role)} {role}", entities=tuple(where))]
    found = []
    if employer and role.lower().split()[-1] in _STUDENTS:  # "a student at Leeds University": a school
        school = place("school", _without_the(employer))
        content = f"Is {article(role)} {role} at {school.display_name}"
        found.append(Candidate(FACT, content, slot="school", value=(school.ref,), entities=(school,)))
    elif employer:
        workplace = place("workplace", _without_the(employer))
        value = (workplace.ref, facet("role", role))
        content = f"Is {article(role)} {role} at {workplace.display_name}"
        found.append(Candidate(FACT, content, slot="workplace", value=value, entities=(workplace,)))
    else:
        found.append(Candidate(FACT, f"Is {article(role)} {role}", slot="occupation", value=(facet("role", role),)))
    if where:
        found.append(Candidate(FACT, f"Works in {where[-1].display_name}", entities=tuple(where)))
    return found


def _places(match: re.Match[str]) -> list[EntityMention]:
    names = [_group(match, "place"), _group(match, "city")]
    return [place("location", _without_the(name)) for name in names if name]


def _group(match: re.Match[str], name: str) -> str:
    return (match.groupdict().get(name) or "").strip()


def _without_the(name: str) -> str:
    return re.sub(r"^(?:the|The)\s+", "", title(name.strip()))


RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    role_facts, study_facts, business_facts, work_for_facts, trade_facts,
)  # fmt: skip


_NOT_ALONE = frozenset({
    "head", "lead", "server", "model", "player", "owner", "worker", "agent", "guard", "rep", "admin", "executive",
    "representative", "specialist", "volunteer", "cook", "trader", "broker", "builder", "planner", "officer", "coach",
    "trainer", "assistant", "student", "intern", "judge", "driver", "pilot", "artist", "writer", "author", "founder",
    "rn", "emt", "cpa", "gp", "ceo", "cto", "cfo", "coo", "cop", "cleaner", "miner", "farmer", "vet", "dentist",
})  # fmt: skip
# "I am nurse", "my husband is doctor", "he is engineer": a job said without its article, as many Englishes say it (the
# words no other sense of which follows "is" often: not "head", "lead", "model", "server", "owner", "guard"…)
# The job typed in lowercase (not "I'm Baker, 34": a surname) and ending its clause or said with where ("I am nurse in
# the city hospital"), not an appointment or a word of something else ("I'm dentist at 3", "I'm vet tomorrow", "doctor
# who fan", "cleaner now after the shower"); a subject that is a person ("I", "he", "she", "my husband", a name).
_ARTICLE_LEFT_OUT = re.compile(
    r"(?i:\b(?P<be>(?:(?:i|he|she)\s+)?(?:am|is|was)|i['’]m|im|he['’]s|she['’]s))\s+"
    r"(?=(?-i:(?:(?:senior|junior|staff|chief|assistant|trainee|qualified|registered|retired|school|primary\s+school"
    r"|high\s+school|civil|software|mechanical|electrical|head)\s+)?"
    rf"(?P<job>{alternation(sorted(JOB_TITLES - _NOT_ALONE))}))(?![\w'’-])"
    r"(?=\s*(?:$|[.,;!…]|\s+(?i:in|at|for|with|by|from|and)\s+(?![\d])"
    # not a role of a moment or a game: "singer in the shower", "waiter at my sister's wedding", "dancer at heart"
    r"(?!(?i:minecraft|fifa|stardew|roblox|the\s+game|the\s+shower|heart|my\s|his\s|her\s|a\s+party)\b)"
    r"(?![^.,;!?]*(?i:roleplay|role\s+play|anatomy|\bgame\b)))))"
)
_A_PERSON_BEFORE = re.compile(r"(?i)(?:\b(?:i|he|she|my\s+[\w-]+)|(?-i:\b[A-Z][a-z]+))\s*$")


def article_said(sentence: str) -> str:
    """``sentence`` with the article of a job put back: "he is engineer" → "he is an engineer"."""
    if TAKEN_BACK.search(sentence) or _LAUGHING.search(sentence):
        return sentence  # "I'm singer in the shower lol"
    return _ARTICLE_LEFT_OUT.sub(_with_article, sentence)


_LAUGHING = re.compile(r"(?i)\b(?:lol|lmao|haha\w*|rofl)\b|😂|🤣")


def _with_article(match: re.Match[str]) -> str:
    be = match.group("be")
    said_alone = " " not in be and be.lower() in {"am", "is", "was"}
    if said_alone and not _A_PERSON_BEFORE.search(match.string[: match.start()]):
        return match.group(0)  # "the doctor is nurse-led", "this is manager material"
    return f"{be} {article(_next_word(match))} "


def _next_word(match: re.Match[str]) -> str:
    return match.string[match.end() :].split(maxsplit=1)[0]
