"""What the contact does: job, role and employer, work held a while or ended, study."""

from __future__ import annotations

import re

from memories.extraction.entities import place
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
from memories.extraction.facts.places import A_KIND_OF_PLACE, is_a_town, town_at_end
from memories.extraction.roles import ROLE
from memories.extraction.text import alternation, clean_phrase, cued, phrase, title
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import RELATIONS

_NOW = r"(?:currently\s+|now\s+|just\s+|recently\s+)?"
# When one works, said between the verb and the place: "I work nights at the Amazon depot", "weekends at a chippy"
SHIFTS = (
    r"(?:part[\s-]time|full[\s-]time|nights|days|weekends|evenings|mornings|saturdays|sundays|shifts|night\s+shifts?"
    r"|graveyard|lates|earlies)"
)
_WORK_AT = re.compile(
    rf"(?i)\b(?:i\s+{_NOW}(?:work|intern|teach|lecture)(?:\s+{SHIFTS})?"
    rf"|{I_AM}\s+{_NOW}(?:working|interning|teaching)(?:\s+(?:part[\s-]time|full[\s-]time))?"
    rf"|i\s+{_NOW}(?:started|began)\s+(?:working|a\s+(?:new\s+)?job)|{I_AM}\s+{_NOW}employed)"
    rf"\s+(?P<prep>at|for|in|by)\s+{phrase('x')}"
)
# "I joined Google", "I started at Google": only before a capitalised name, since one also joins a gym or the choir
# and starts at the bottom.
_JOINED = re.compile(
    rf"(?i:\bi\s+{_NOW}(?:joined|started\s+at|began\s+at))\s+(?P<x>(?>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){{0,3}}))"
    r"(?!\s+as\s)"  # "I joined Swiggy as a backend engineer" is the role rules' (roles.py)
)
# "I've worked at Tesco for six years", "I've been working for Aldi since 2019": where one has worked a while, and
# works still (the present perfect, with how long: "I worked at Tesco for six years" is over).
_WORKED_A_WHILE = re.compile(
    r"(?i:\bi(?:['’]ve|\s+have)\s+(?:been\s+working|worked)\s+(?:at|for)\s+)"
    r"(?P<x>(?:the\s+)?[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
    r"(?=\s+(?i:for\s+(?:\w+\s+)?(?:\w+\s+)?(?:years?|yrs?|months?|decades?)|since)\b)"
)
# Work that ended: "I quit my job at Amazon", "I resigned from Deloitte", "I got laid off", "I lost my job", "I'm
# between jobs". Each fills the workplace slot, so "Works at Amazon" is no longer held as current. ("I quit
# Facebook", "I left London" are an app and a town: only "my job" or "resigned from" name an employer.)
_EMPLOYER = r"(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3}"
# When a job ends for good, the clause says so plainly: not "left my job early today" (went home), "sacked in FIFA
# career mode", "fired from my fantasy league", "let go at 4", "notice on the flat", "resigned from the PTA".
_NOT_THE_JOB = (
    r"(?!\s+(?:early|for\s+the\s+day|at\s+\d|on\s+time|at\s+(?:the\s+)?(?:door|office|home)|behind|in\s+(?:fifa|the\s+game|career"
    r"\s+mode|my\s+head)|from\s+(?:my|the)\s+(?:fantasy|book|reading|football|five-a-side)|to\s+the\s+landlord"
    r"|on\s+(?:the|my|our|a)\s+(?:flat|house|apartment|place|lease|gym|membership|contract|phone|subscription)"
    r"|after\s+\d+\s+(?:hours?|minutes?|mins?)|at\s+(?!work\b)(?-i:[a-z])\w*|in\s+(?-i:[A-Z])\w*|back\s+in|by\s+(?:the\s+)?"
    r"(?:police|bouncers?|security|border|cops|guards?)|from\s+(?:a|an)\s|from\s+my\s+(?:first|old|last|previous|summer)"
    r"|when\s+i\s+was|at\s+\d+\s+(?:for|because)|by\s+(?-i:[A-Z])\w*|from\s+(?:the|my)\s+(?!job|work)(?-i:[a-z])\w*)\b)"
)
_NOT_EMPLOYERS = (
    r"(?!(?-i:PTA|PTO|HOA)\b|(?:the\s+)?(?i:committee|board|council|club|society|union|band|team|group|league|twitter|x"
    r"|whatsapp|netflix|facebook|instagram|tiktok|reddit|discord|snapchat|linkedin|spotify|youtube|book\s+club)\b)"
)
_LEFT_JOB = re.compile(
    r"(?i:\bi\s+(?:just\s+|finally\s+|officially\s+)?(?P<verb>quit|left|resigned\s+from)\s+my\s+(?:job|role|position)"
    r"(?![\w-]|\s+(?:application|description|lanyard|interview|title|search|hunt|offer|spec|advert|posting|board|site)\b)"
    rf"{_NOT_THE_JOB}"
    r"(?![^.!?]*?\b(?:in\s+(?:19|20)\d\d|back\s+in|years\s+ago|when\s+i\s+was)\b))"  # long over: not news of now
    rf"(?:\s+(?i:at|with)\s+(?P<x>{_EMPLOYER}))?"
    rf"|(?i:\bi\s+(?:just\s+|finally\s+|officially\s+)?resigned\s+from\s+(?:the\s+)?){_NOT_EMPLOYERS}(?P<y>{_EMPLOYER})"
)
_LAID_OFF = re.compile(
    r"(?i:(?:\bi\s+(?:just\s+)?(?:got|was|have\s+been|['’]ve\s+been)|^\W*(?:just\s+)?got)\s+(?:just\s+)?"
    rf"(?P<how>laid\s+off|made\s+redundant|fired|sacked|let\s+go)(?!\s+(?:up|of)\b){_NOT_THE_JOB}"
    r"|\bi\s+(?:just\s+)?(?P<lost>lost)\s+my\s+job(?![\w-]|\s+(?:lanyard|badge|application|description|pass|keys?|id|card)\b))"
    rf"(?:\s+(?i:from|at)\s+(?:the\s+)?{_NOT_EMPLOYERS}(?P<x>{_EMPLOYER}))?"
)
# "they let me go on monday", "After 12 years at Infosys I resigned", "I handed in my notice": a job ending, unnamed
_JOB_ENDING = re.compile(
    rf"(?i)\bthey\s+(?:just\s+)?let\s+me\s+go(?=\s*(?:$|[.!;]|\s+(?:last\s+\w+|on\s+\w+day|yesterday|after\s+\d+\s+years)\b))"
    r"|\bi\s+(?:just\s+|finally\s+|officially\s+)?(?P<resigned>resigned)"
    r"(?=\s*(?:$|[.!;]|\s+(?:last\s+(?:week|month)|yesterday|today|this\s+(?:week|month)|on\s+\w+day)\s*(?:$|[.!;,])))"
    rf"|\bi\s+(?:just\s+|finally\s+|officially\s+)?(?P<notice>handed\s+in|gave|put\s+in)\s+my\s+notice\b{_NOT_THE_JOB}"
)
_BETWEEN_JOBS = re.compile(
    rf"(?i)\b{I_AM}\s+(?:currently\s+|now\s+)?(?:between\s+jobs|(?:out\s+of\s+work|job\s+hunting)(?=\s+(?:right\s+now|rn|at\s+the"
    r"\s+moment|since|for\s+(?:\w+\s+)?(?:weeks|months|a\s+while)|again)\b))\b"
)
_WORK_AS = re.compile(
    rf"(?i)\bi\s+(?:currently\s+|now\s+)?work\s+(?:(?:nights|days|weekends|shifts|part[\s-]time|full[\s-]time)\s+)?"
    rf"as\s+(?:a|an)\s+{phrase('x')}"
)
# "picker at the amazon warehouse in morley": the role, and where (the town after it is the place, not the employer)
_ROLE_AT = re.compile(r"(?i)^(?P<role>.+?)\s+(?:at|for|with)\s+(?P<org>.+?)(?:\s+in\s+.*)?$")
_JOB_AT = re.compile(rf"(?i)\b{I_AM}\s+(?:a|an)\s+(?P<role>[\w\s-]{{2,40}}?)\s+at\s+{phrase('x')}")
_STUDY = re.compile(
    rf"(?i)\bi\s+(?:study|{I_AM}\s+studying|go\s+to\s+school|{I_AM}\s+(?:a\s+)?student)\s+(?P<prep>at|in)\s+{phrase('x')}"
)
# A school's name says it is one ("in Boston" is a town: "I study in Boston" names where, not which school)
_SCHOOL_WORDS = re.compile(
    r"(?i)\b(?:uni|university|college|school|academy|institute|polytechnic|poly|conservatoire|lycée|gymnasium|ucl|lse"
    r"|mit|nyu|ucla|iit|kcl|tech)\b"
)


_FIELD_AT = re.compile(
    r"(?P<field>(?:[a-z][\w&-]*|[A-Z]{2,4})(?:\s+[a-z][\w&-]*)?)\s+(?:at|for)\s+(?:the\s+)?(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
)
# "I got a job at Tesco", "got a job at whataburger lol", "just landed a position with Deloitte": where one works now
# (a place's kind without a name, "a job at the mall", is not an employer; "my sister got a job at…" is hers).
_GENERIC_WORKPLACES = frozenset(
    {"the", "a", "an", "my", "our", "home", "work", "mall", "store", "shop", "restaurant", "bank", "hospital", "school",
     "factory", "cafe", "café", "warehouse", "office", "gym", "bar", "hotel", "pub", "supermarket", "startup",
     "company", "firm", "agency", "clinic", "university", "college", "last", "last minute", "least"}
)  # fmt: skip
_GOT_A_JOB = re.compile(
    r"(?i:(?:\bi\s+|^\W*)(?:just\s+|finally\s+|officially\s+)?(?:got|landed)\s+(?:a|the|a\s+new)\s+"
    r"(?:new\s+|full[\s-]time\s+|part[\s-]time\s+|proper\s+)?(?:job|position|role)\s+(?:at|with)\s+)"
    r"(?P<x>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3}|[a-z][\w&'-]{2,}(?=\s*(?:$|[.,!;]|\s+(?:lol|haha|and|but|as|so)\b)))"
    # not a job of the past, or one turned down or left ("… in 2012", "when I was 16", "but turned it down")
    r"(?![^.!?]*\b(?i:in\s+(?:19|20)\d\d|when\s+i\s+was|years\s+ago|back\s+then|turned\s+it\s+down|declined|quit|left"
    r"|but\s+(?:didn't|did\s+not)\s+take)\b)"
)
# "I was a signalman on the railways for forty-one years, before I retired": a past job, said with how long it lasted
_WAS_A_ROLE = re.compile(
    rf"(?i:\bi\s+was\s+(?:a|an)\s+){ROLE}(?=[^.!?]*?\b(?:for\s+(?:\d+|[a-z]+(?:-[a-z]+)?)\s+(?:years|yrs)|until\s+i"
    r"|till\s+i|before\s+i\s+retired|all\s+my\s+(?:life|career)|for\s+(?:most|all)\s+of\s+my\s+(?:life|career)))"
    r"(?![^.!?]*(?:\b(?:haha\w*|lol|lmao|jk)\b|😂|\bon\s+(?:minecraft|roblox|fortnite|discord|reddit)\b))"
)
# "I retired in 1998", "before I retired last year", "I retired from the police at 60": retired now
_RETIRED = re.compile(
    r"(?i)\bi\s+(?:just\s+|finally\s+|officially\s+|recently\s+)?retired(?=\s+(?:in\s+(?:19|20)\d\d|last\s+(?:year|month)"
    r"|from\s+(?:the\s+|my\s+)?(?:job|work|police|army|navy|force|nhs|council|railways?|post\s+office|teaching|nursing"
    r"|company|bank|school|hospital|civil\s+service|fire\s+service|(?-i:[A-Z]))|at\s+\d|after\s+\d|this\s+year"
    r"|\d+\s+years\s+ago)\b|\s*(?:[.,!;]|$))"
)
# "I've accepted an offer from Shopify", "I accepted the job at Monzo": where one works next.
_ACCEPTED = re.compile(
    r"(?i:\bi(?:['’]ve|\s+have|\s+just)?\s+(?:just\s+|finally\s+)?accepted\s+(?:an|the|a)\s+(?:job\s+)?(?:offer|job|position)"
    r"\s+(?:from|at|with))\s+(?P<x>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
)


_NO_WORKPLACE = re.compile(
    r"(?i)(?:the\s+)?(?:moment|minute|mo|weekend|weekends|free|nothing|night|nights|\d{1,2}(?::\d\d)?(?:\s*[ap]m)?)"
    r"(?![\w'’&-])"  # the whole word: not "Morrisons", "Nightingale", "3M", "7-Eleven"
)


def work_and_study_facts(sentence: str) -> list[Candidate]:
    found = []
    if not _JOB_AT.search(sentence):  # "I'm a nurse at Apollo" is the role rules' (roles.py)
        for match in [*_WORK_AT.finditer(sentence), *_JOINED.finditer(sentence)]:
            if _NO_WORKPLACE.match(match.group("x")):
                continue  # "I work nights at the moment", "weekends for free", "saturdays at 9"
            where = re.sub(r"^(?i:the)\s+(?=[A-Z])", "", proper_name(match.group("x"), max_words=5))  # "the NHS"
            if where.lower() in {"myself", "my self", "me"}:
                found.append(fact("Is self-employed"))  # "I work for myself"
            elif where and match.groupdict().get("prep", "").lower() == "in":
                found += _works_in(where, said=match.group("x"))  # "in London" (a town), "in marketing" (a field)
            elif where and where.split()[0].lower() in {"a", "an"}:  # "a small farmácia": a kind of place, no name
                found.append(fact(f"Works at {where}", "workplace", value=(facet("at", where),)))
            elif where:
                found.append(entity_fact(f"Works at {title(where)}", "workplace", place("workplace", where)))
    for match in cued(sentence, _WORKED_A_WHILE, "worked", "working"):
        where = re.sub(r"^(?i:the)\s+", "", match.group("x"))
        if _ENDED_SINCE.search(sentence, match.end()) or where.lower() in {"peanuts", "free", "nothing", "myself"}:
            continue  # "…for 6 years in total, left in 2019": over
        if not re.fullmatch(rf"(?i:{CALENDAR_WORDS}|{alternation(RELATIONS)}|home|night|nights|man|woman)\b.*", where):
            found.append(entity_fact(f"Works at {title(where)}", "workplace", place("workplace", where)))
    found += _work_ended(sentence)
    for match in cued(sentence, _GOT_A_JOB, "job", "position", "role"):
        said = match.group("x")
        if said.lower() not in _GENERIC_WORKPLACES and not re.fullmatch(
            rf"(?i:{CALENDAR_WORDS}|nights?|weekends?)", said
        ):
            employer = place("workplace", re.sub(r"^(?i:the)\s+", "", said))
            found.append(entity_fact(f"Works at {employer.display_name}", "workplace", employer))
    for match in cued(sentence, _WAS_A_ROLE, "was a"):
        role = " ".join(match.group("role").split())
        found.append(fact(f"Was {article(role)} {role}"))
    if "retired" in sentence.lower() and _RETIRED.search(sentence):
        found.append(fact("Is retired"))
    for match in _ACCEPTED.finditer(sentence):
        employer = place("workplace", match.group("x"))
        found.append(entity_fact(f"Accepted a job at {employer.display_name}", "workplace", employer))
    for match in _WORK_AS.finditer(sentence):
        said = match.group("x")
        whole = value_phrase(said, max_words=8)  # "nurse at the hospital in Leeds"
        at = _ROLE_AT.match(said)
        role = value_phrase(at.group("role") if at else said, max_words=5)
        org = proper_name(at.group("org"), max_words=4) if at else ""
        if whole and (done_in := town_at_end(whole)) is not None:  # "as a nurse in Leeds": the role, and the town
            role = done_in[0]
            found.append(fact(f"Works as {article(role)} {role}", "occupation", value=(facet("role", role),)))
            found += _works_in(done_in[1], said=done_in[1])
        elif whole and role:
            found.append(fact(f"Works as {article(whole)} {whole}", "occupation", value=(facet("role", role),)))
        elif role and org:
            found.append(fact(f"Works as {article(role)} {role} at {org}", "occupation", value=(facet("role", role),)))
        elif role:
            found.append(fact(f"Works as {article(role)} {role}", "occupation", value=(facet("role", role),)))
    for match in _STUDY.finditer(sentence):
        where = proper_name(match.group("x"), max_words=6)
        if where and match.group("prep").lower() == "in" and not _SCHOOL_WORDS.search(where):
            if where[:1].isupper() and is_a_town(where) and not re.match(r"(?i)(?:year|form|grade)\b", where):
                found.append(entity_fact(f"Studies in {title(where)}", "", place("location", where)))  # a town
            # "I study in French", "in Year 12": neither a town nor a school
        elif where:
            found.append(entity_fact(f"Studies at {title(where)}", "school", place("school", where)))
    return found


# A job said in the sentence, so "they let me go", "I resigned", "my notice" are about work (not the police, a chess
# game or a gym membership)
_AT_WORK = re.compile(
    r"(?i)\b(?:job|work|company|boss|manager|office|employer|career|hr|redundan\w*|restructur\w*|contract|shift|team"
    r"|colleagues?|years?\s+(?:at|with)|months?\s+(?:at|with))\b|\bat\s+(?-i:[A-Z])"
)
_WORK_END_CUES = re.compile(
    r"(?i)\b(?:quit|left|resigned|laid|made\s+redundant|fired|sacked|let|lost\s+my\s+job|handed|gave|put|between)\b"
)
# A doubt or a fear before the words: "whether I quit my job", "I thought I lost my job but…", "scared I'll be fired"
_DOUBTED = re.compile(
    r"(?i)\b(?:whether|thought|think|worried|scared|afraid|might|wonder(?:ing)?|deciding|considering|if)\b[^.!?]*$"
)


_ENDED_SINCE = re.compile(
    r"(?i)\b(?:left|quit|retired|until|till|before\s+(?:i|moving)|in\s+total|laid\s+off|resigned)\b"
)


def _work_ended(sentence: str) -> list[Candidate]:
    """'I quit my job at Amazon' → 'Left Amazon'; 'I got laid off' → 'Was laid off'; all in the workplace slot."""
    if _DOUBTED.search(sentence[: max(0, min((m.start() for m in _WORK_END_CUES.finditer(sentence)), default=0))]):
        return []
    found = []
    at_work = _AT_WORK.search(sentence) is not None
    for match in cued(sentence, _LEFT_JOB, "quit", "left", "resigned"):
        employer = match.group("x") or match.group("y")
        if employer and not re.fullmatch(rf"(?i:{CALENDAR_WORDS})\b.*", employer):
            workplace = place("workplace", employer)
            content = f"Left {workplace.display_name}"
            found.append(fact(content, "workplace", workplace, value=(f"left:{workplace.key}",)))
        elif match.group("verb"):
            found.append(fact("Quit their job", "workplace", value=("status:left",)))
    for match in cued(sentence, _LAID_OFF, "laid", "redundant", "fired", "sacked", "let go", "lost my job"):
        said = "Lost their job" if match.group("lost") else f"Was {' '.join(match.group('how').lower().split())}"
        employer = match.group("x")
        if employer and not re.fullmatch(rf"(?i:{CALENDAR_WORDS})\b.*", employer):
            workplace = place("workplace", employer)
            content = f"{said} {'at' if match.group('lost') else 'from'} {workplace.display_name}"
            found.append(fact(content, "workplace", workplace, value=(f"left:{workplace.key}",)))
        else:
            found.append(fact(said, "workplace", value=("status:left",)))
    for match in cued(sentence, _JOB_ENDING, "let me go", "resigned", "notice") if at_work else ():
        said = "Handed in their notice" if match.group("notice") else ("Quit their job" if match.group("resigned")
                                                                        else "Was let go")  # fmt: skip
        found.append(fact(said, "workplace", value=("status:left",)))
    if next(cued(sentence, _BETWEEN_JOBS, "between jobs", "out of work", "job hunting"), None):
        found.append(fact("Is between jobs", "workplace", value=("status:left",)))
    return found


def _works_in(where: str, *, said: str) -> list[Candidate]:
    if where[:1].isupper() and not A_KIND_OF_PLACE.match(where) and is_a_town(where):  # "in IT", "in HR": a field
        return [fact(f"Works in {where}", "", place("location", where))]
    field_at = _FIELD_AT.match(clean_phrase(said, max_words=8))
    if field_at is not None and not re.fullmatch(rf"{CALENDAR_WORDS}\b.*|.*['’]s", field_at.group("org")):
        # "in audit at Grant Thornton": the field and the employer, one workplace fact (not "at Christmas", "for
        # Dad's company")
        employer = place("workplace", field_at.group("org"))
        content = f"Works in {field_at.group('field')} at {employer.display_name}"
        return [fact(content, "workplace", employer, value=(employer.ref, facet("role", field_at.group("field"))))]
    kind_of_place = A_KIND_OF_PLACE.match(where) and where.split()[0].lower() not in {"a", "an"}
    return [] if kind_of_place else [fact(f"Works in {where}")]  # "in marketing", "in a hospital"
