"""Fact rules: who the contact is, what they have, where they live and work.

Each rule reads one sentence of a *user* message and proposes candidates; ``slot`` marks
single-valued facts (a new home supersedes the old one) and ``value`` what the fact asserts in that slot,
whatever the wording ("I moved to Pune" and "I live in Pune now" both assert ``location:pune``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.entities import MY, RELATION_END, is_named, person_mentions, pet_mentions, place
from memories.extraction.text import (
    STOPWORDS,
    alternation,
    clean_phrase,
    content_words,
    cued,
    entity_key,
    phrase,
    title,
    to_third_person,
    trim_tail,
)
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    CONDITIONS,
    FAITHS,
    HAVE_NOT_FACTS,
    HAVE_NOT_WHOLE,
    IDENTITY_ADJECTIVES,
    IDENTITY_NOUNS,
    JOB_TITLES,
    LANGUAGES,
    PARTNER_RELATIONS,
    PEOPLES,
    PET_SPECIES,
    RELATION_WORDS,
    RELATIONS,
    RELATIONSHIP_STATUSES,
    SINGULAR_RELATIONS,
)

FACT = "fact"
I_AM = r"(?:i\s+am|i'm|im|i’m)"
_STATUSES = alternation(RELATIONSHIP_STATUSES)
_ADJECTIVES = alternation(IDENTITY_ADJECTIVES)

_MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
)  # fmt: skip
_MONTHS = rf"(?:{'|'.join(_MONTH_NAMES)})"
_WE = r"(?:i|we|(?:[A-Z][a-z]+|my\s+\w+)\s+and\s+i)"  # the contact, alone or with their household
_LIVE = re.compile(
    rf"(?i)\b(?:{_WE}\s+(?:now\s+|still\s+|currently\s+)?(?:live|stay|reside)|(?:{I_AM}|we're|we\s+are)\s+"
    rf"(?:now\s+|currently\s+)?(?:living|based|settled)"
    # "… but live in Galway now": the "I" said once for two clauses
    rf"|(?:\bbut|,\s*and|\band)\s+(?:now\s+)?live"
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
    rf"\s+(?:in|(?:just\s+)?(?P<near>outside(?:\s+of)?|near|close\s+to))\s+{phrase('x')}"
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
# "I grew up in Cork", "I was born in Lagos": a capitalised place ("grew up in poverty", "born in March" are not)
# Said without the "I" where the sentence starts too: "born and raised in Glasgow", "born in Kerala, living in Dubai
# now"; and "Glasgow born and bred".
_GREW_UP = re.compile(
    r"(?i:(?:\bi\s+|^\W*)(?:grew\s+up|(?<=i\s)was\s+born(?:\s+and\s+(?:raised|bred))?"
    r"|(?<!\w)born(?:\s+and\s+(?:raised|bred))?)\s+in)\s+"
    rf"(?!{_MONTHS}\b)"
    r"(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
    r"|^\W*(?P<y>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?i:born\s+and\s+(?:bred|raised))\b"
)
# "I came from Punjab 6 years ago": a capitalised place ("I came from work" is no hometown)
_CAME_FROM = re.compile(r"(?i:\bi\s+(?:come|came)\s+(?:here\s+)?from)\s+(?P<x>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})")
_NOW = r"(?:currently\s+|now\s+|just\s+|recently\s+)?"
_WORK_AT = re.compile(
    rf"(?i)\b(?:i\s+{_NOW}(?:work|intern|teach|lecture)(?:\s+(?:part[\s-]time|full[\s-]time))?"
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
_WORK_AS = re.compile(rf"(?i)\bi\s+(?:currently\s+|now\s+)?work\s+as\s+(?:a|an)\s+{phrase('x')}")
_JOB_AT = re.compile(rf"(?i)\b{I_AM}\s+(?:a|an)\s+(?P<role>[\w\s-]{{2,40}}?)\s+at\s+{phrase('x')}")
_STUDY = re.compile(
    rf"(?i)\bi\s+(?:study|{I_AM}\s+studying|go\s+to\s+school|{I_AM}\s+(?:a\s+)?student)\s+(?:at|in)\s+{phrase('x')}"
)
_AGE = re.compile(rf"(?i)\b{I_AM}\s+(?P<age>\d{{1,3}})\s*(?:years?\s+old|yrs?\s+old|y/?o)\b")
_TURNED = re.compile(r"(?i)\bi\s+(?:just\s+)?turned\s+(?P<age>\d{1,3})\b")
# "I'm turning 30 on Friday", "i turn 40 next month", "I'll be 50 in May": the age one is about to be — said with when
# ("I'll be 20 minutes", "I'll be 30 in a sec" are not), or ending the clause ("turning 18 tomorrow!!", "turning 40.").
# "I'll be 20" turns an age only with a day, a month or a year after it ("I'll be 15 tomorrow, the train is delayed",
# "I'll be 20 soon" are minutes); "turning" says so itself.
_WHEN_TURNED = (
    r"(?:on\s+(?:the\s+)?\d+(?:st|nd|rd|th)?|on\s+(?:my\s+)?(?:birthday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|next\s+(?:week|month|year)"
    rf"|this\s+(?:year|month|week)|in\s+(?:{_MONTHS}|a\s+(?:few\s+)?(?:weeks|months)|\d+\s+(?:weeks|months|days)|two\s+weeks))\b"
)
_TURNING = re.compile(
    rf"(?i)(?:(?:\b{I_AM}\s+(?:about\s+to\s+turn|turning)|\bi\s+turn)\s+(?P<age>\d{{2,3}})"
    r"(?=(?!\s+on\s+(?:the\s+)?(?:motorway|road|highway|corner|left|right|bend|m\d+|a\d+)\b)"
    r"\s+(?:on|in|next(?!\s+time)|this|tomorrow|today|soon)\b(?!\s+(?:a|an|\d+|few)\s+(?:sec|min|hour|moment))"
    r"|\s*(?:$|[.!,;]))"
    rf"|(?:\b{I_AM}\s+(?:gonna|going\s+to)\s+be|\bi(?:['’]ll|\s+will)\s+be(?:\s+turning)?|^\W*gonna\s+be)\s+"
    rf"(?P<age2>\d{{2,3}})(?=\s+{_WHEN_TURNED}|(?P<bare>\s*(?:$|[.!,;]))))"
)
# A bare "I'll be 69!" is an age beside a birthday ("My birthday is on the 9th of November, I'll be 69!"), not alone
# ("I'll be 20." after "running late" is minutes).
_BIRTHDAY_SAID = re.compile(r"(?i)\b(?:birthday|bday|b-day|years?\s+old|my\s+age)\b")
# "my birthday's on the 3rd of March", "birthday is march 3rd", "I was born on 12 June 1990": the day, as "3 March"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_MONTH = (
    r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = rf"(?:{_DAY}(?:\s+of)?\s+{_MONTH}|{_MONTH.replace('month', 'month2')}\s+{_DAY.replace('day', 'day2')})\b"
_BIRTHDAY = re.compile(
    rf"(?i)(?:(?:\bmy\s+|^\W*)(?:birthday|bday|b-day)(?:['’]s|\s+is)\s+(?:on\s+)?(?:the\s+)?"
    rf"|\bi\s+was\s+born\s+on\s+(?:the\s+)?"
    rf"|(?:\b{I_AM}\s+turning|\bi\s+turn|\bi(?:['’]ll|\s+will)\s+be(?:\s+turning)?)\s+\d{{2,3}}\s+on\s+(?:the\s+)?)"
    rf"{_DATE}(?:,?\s+(?P<year>(?:19|20)\d\d))?"
)
# "I'm in my thirties", "in my late 40s": an age said by its decade
# Said by the speaker of now ("I'm in my 30s", "I'm a late-20s guy"), or as a clause of its own opening a sentence
# ("Early thirties, single, …"); not an era ("Late 90s hip hop", "early 90s kids") or the past ("In my 20s I thought…").
_DECADE = re.compile(
    rf"(?i)(?:\b{I_AM}\s+(?:a\s+(?:woman|man|guy|girl|mum|mom|dad|lady|bloke)\s+)?in\s+my\s+"
    rf"|\b{I_AM}\s+(?:a|an)\s+(?=(?:early|mid|late))"
    r"|^\W*(?=(?:early|mid|late)[\s-]+\w+\s*,\s*(?:single|married|divorced|engaged|widowed|mum|mom|dad|male|female|living"
    r"|working|from|based|two|three|one|a\s+mum|a\s+dad)\b)"
    # "in my early twenties and clueless" (not "In my 20s I thought…", "In my 20s, I partied": the past)
    r"|^\W*in\s+my\s+(?=(?:(?:early|mid|late)[\s-]*)?\w+(?:\s*(?:$|[.!;])|\s+(?:now|still|lol)\b)))"
    r"(?:(?P<part>early|mid|late)[\s-]*)?"
    r"(?P<decade>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|[2-9]0['’]?s)\b"
    r"(?!\s+(?:kid|kids|baby|babies|child|born|music|vibes|mentally|at\s+heart|in\s+spirit|fashion|style|r&b|era|phase"
    r"|playlist|and\s+(?:\d0s|twenties|thirties|forties|fifties|sixties))\b)"
)
# "I feel like I'm in my eighties", "as if I'm in my 90s": a figure of speech
_FIGURATIVE = re.compile(r"(?i)\b(?:feel|feels|felt|feeling)\s+like\b|\bas\s+if\b|\blike\s+(?:i'?m|i\s+am)\b")
# "I'm almost 30", "nearly 40 and still renting": the age one is close to
_ALMOST = re.compile(
    rf"(?i)\b{I_AM}\s+(?:almost|nearly|pushing|approaching|coming\s+up\s+to)\s+(?P<age>\d{{2}})\b"
    r"(?=\s*(?:$|[.!,;]|\s+(?:years?(?:\s+old)?|yo|and|but|so|now|already|myself|lol|haha|next|fast|soon|this\s+year)\b))"
)
_DECADES = {"2": "twenties", "3": "thirties", "4": "forties", "5": "fifties", "6": "sixties", "7": "seventies",
            "8": "eighties", "9": "nineties"}  # fmt: skip
# "I'm 31 by the way": a bare number is an age only where the clause ends after it (not "I'm 5 minutes away",
# "I'm 100% sure"), and only an adult's-range one (BARE_AGES).
_AGE_BARE = re.compile(
    rf"(?i)\b{I_AM}\s+(?P<age>\d{{2,3}})"
    r"(?=\s*(?:$|[.,](?!\d)|[!;?)]|\s(?:by\s+the\s+way|btw|now|this\s+year|already|actually|and|lol|haha)\b))"
)
BARE_AGES = range(13, 111)
# "I can't eat nuts, I'm allergic", "can't have dairy because I'm allergic": the allergen said before
_ALLERGIC_AFTER = re.compile(
    r"(?i)\b(?:i\s+)?can(?:['’]?t|not)\s+(?:eat|have|drink|touch)\s+"
    r"(?P<x>[a-z][\w'-]*(?:\s+(?!(?:because|cause|coz|cos|as|since|so|and|but|i|im)\b)[a-z][\w'-]*)?)"
    rf"\s*(?:[,;.!-]+\s*|\s+)(?:(?:because|cause|coz|cos|as|since)\s+)?{I_AM}\s+(?:very\s+|severely\s+|so\s+)?allergic"
    r"(?!\s+to\s+(?!(?:it|them|that|those|this)\b))"
)
_ALLERGIC = re.compile(
    rf"(?i)\b{I_AM}\s+(?:very\s+|severely\s+|deathly\s+|super\s+|really\s+|so\s+)?allergic\s+to\s+{phrase('x')}"
)
# "hey! so I'm Maya, …", "Hello, I'm Kwame, chartered accountant…", "whats up, Jamal here": introductions — at the start
# of a message, after greetings, a capitalised name where the clause ends. The name part is case-sensitive (phones
# capitalise a message's first word, not "lol"); greetings are matched atomically, so a long run of them is linear.
_GREETING = (
    r"(?i:(?:hi+|hey+|hello|heya|hiya|yo|what'?s\s+up)(?:\s+there)?|so|ok|okay|well|g'day"
    r"|good\s+(?:morning|evening|afternoon)(?:\s+dear)?)"
)
_GREETINGS = rf"(?>\W*)(?:(?>{_GREETING})(?>\W+))*+"
GREETING_ONLY = re.compile(rf"^(?>\W*)(?:(?>{_GREETING})(?>\W*))++$")
INTRO = re.compile(
    rf"^{_GREETINGS}(?i:{I_AM}|i\s+am)\s+(?P<x>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)(?=\s*(?:[,.!(]|$|\s+(?:and|but)\b))"
    rf"|^(?>\W*)(?:(?>{_GREETING})(?>\W+))++(?P<y>[A-Z][a-z]+)\s+here(?=\s*(?:[,.!]|$))"
)
# "Tom, 31, keeps asking me out", "Anna, 28, is my new flatmate": someone else described, not an introduction.
_SOMEONE_ELSES_CLAUSE = (
    r"(?i:(?:is|was|has|had|keeps|kept|wants|says|said|just|lives|works|loves|hates|asked|asks|told|tells|won|got"
    r"|gets|did|does|will|can|and\s+(?:is|was|has))\b)"
)
# An age as people put it after their name: "31", "just turned 31", "42 ans", "47 yrs old".
AGE_SAID = (
    r"(?i:(?:just\s+turned\s+|aged?\s+)?(?P<age>\d{2,3})"
    r"(?:\s*(?:years?\s+old|yrs?(?:\s+old)?|y/?o|ans|años|anos|jahre|saal))?)"
)
# "lee, 34, single dad from wythenshawe", "Natalie, 45, CPA, Toronto", "my name's Ana, 29": a name, then an age, at
# the start of a message (after greetings). The name may be lowercase: people typing in lowercase type their own name
# so too. Which words are not names is checked where it is read (``intro_name``).
INTRO_BY_AGE = re.compile(
    rf"^{_GREETINGS}(?:(?i:my\s+name\s+is|name'?s)\s+)?(?P<x>[A-Za-z][a-z]+(?:\s[A-Z][a-z]+)?)\s*,\s*"
    rf"(?={AGE_SAID}\s*(?:[,.!;]|$)(?!\s*{_SOMEONE_ELSES_CLAUSE}))"
)
# A capitalised word after "I'm" that is a state, not a name ("I'm Single.", "Hi, I'm Canadian").
_NOT_NAMES = frozenset(
    {"fine", "good", "ok", "okay", "sorry", "back", "here", "home", "done", "ready", "sure", "not", "so", "just",
     "stuck", "exhausted", "lost", "free", "new", "tired", "bored", "busy", "late", "sick", "same", "still", "over",
     "right", "glad", "happy", "sad", "confused", "excited", "nervous", "scared", "hungry", "alive", "in", "out",
     "american", "canadian", "mexican", "brazilian", "indian", "pakistani", "nigerian", "ghanaian", "kenyan",
     "australian", "italian", "german", "french", "dutch", "russian", "ukrainian", "polish", "korean", "thai",
     "filipino", "vietnamese", "african", "asian", "european", "latino", "latina", "muslim", "christian", "jewish",
     "hindu", "catholic", *RELATIONSHIP_STATUSES, *IDENTITY_ADJECTIVES}
)  # fmt: skip
_NOT_A_NAME = re.compile(r"(?i)(?:ish|ese)$")
# Words that open a message before a number without naming anyone ("Update, 20 done", "Day 3, 45 minutes").
INTERJECTIONS = frozenset(
    {"ok", "okay", "yes", "yeah", "yep", "no", "nope", "sorry", "lol", "lmao", "haha", "update", "well", "um", "uh",
     "oh", "wow", "hmm", "thanks", "thx", "age", "day", "week", "month", "year", "guess", "btw", "fyi", "alright",
     "anyway", "score", "final", "round", "level", "page", "room", "flight", "gate", "mile", "km", "total", "chapter",
     "step", "part", "lesson", "episode", "season", "task", "item", "question", "number"}
)  # fmt: skip
# "call me Sam" takes a capitalised name only ("call me when you can", "call me crazy")
_NAME = re.compile(
    r"(?i:\bmy\s+name\s+is|\bname's|^names)\s+(?P<x>[A-Za-z][\w'-]*(?:\s[A-Z][\w'-]*)?)"
    r"|(?i:\bi\s+(?:usually\s+|mostly\s+)?go\s+by)\s+(?P<z>[A-Z][\w'-]*)"
    r"(?=\s*(?:$|[.!,;)]|\s+(?i:now|these\s+days|here|online|at\s+work|instead|though|to\s+(?:most|my|friends|everyone))\b))"
    r"|(?i:\b(?:just\s+|please\s+)?call\s+me)\s+(?!(?:When|Whenever|If|Later|Back|Tomorrow|Tonight|Now|Crazy|Maybe)\b)"
    r"(?P<y>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)"
)
# "engaged in talks", "engaged with the customer": busy, not betrothed
_NOT_BUSY = r"(?!(?<=engaged)\s+(?:in|with)\s+(?-i:[a-z]))"  # "engaged in Lisbon" is still betrothed
_STATUS = re.compile(
    rf"(?i)\b(?:{I_AM}|i\s+got|i\s+just\s+got|we(?:'re|\s+are|\s+got)|(?:i|we)(?:['’]ve|\s+have)\s+been)\s+"
    rf"(?:now\s+|happily\s+|officially\s+|finally\s+|newly\s+|legally\s+)?(?P<x>{_STATUSES})\b{_NOT_BUSY}"
    r"(?!\s+(?:before|twice|once|three\s+times|in\s+a\s+past\s+life)\b)"
)
# "I'm going through a divorce", "in the middle of a divorce so things are rough", "we're getting divorced", "i filed
# for divorce", "my soon-to-be ex-husband": a marriage ending, said by the one in it ("my parents are getting
# divorced" is theirs). "I'm divorced" is _STATUS's.
_DIVORCING = re.compile(
    rf"(?i)(?:\b(?:{I_AM}|we(?:['’]re|\s+are)|my\s+\w+\s+and\s+i\s+are)\s+(?:currently\s+|now\s+|finally\s+|officially\s+)?"
    r"|^\W*|\bi\s+(?:just\s+)?(?=filed|started))"
    r"(?:going\s+(?:through|thru)\s+(?:a|my)\s+(?:\w+\s+)?divorce|in\s+the\s+(?:middle|process)\s+of\s+(?:a\s+|my\s+)?"
    r"divorc(?:e|ing)|filed\s+for\s+(?:a\s+)?divorce|started\s+divorce\s+proceedings"
    r"|getting\s+(?:a\s+)?divorced?)\b(?!\s+(?:is|was|can|could|must|would|will|isn['’]?t|sucks)\b)"
    r"(?!-|\s*(?:\.{2,}|…)|\s+(?:lawyer|attorney|solicitor|papers|paperwork|documents|jokes?|memes?|scene|episode|storyline|show|in\s+my"
    r"|on\s+behalf|for\s+(?:a|my)\s+client|from\s+(?-i:[A-Z])|in\s+(?:the\s+)?sims)\b)"
    r"|\bmy\s+soon[\s-]to[\s-]be[\s-]ex[\s-]?(?:husband|wife|partner)\b"
)
# "we're expecting a baby girl in June", "I'm expecting my first baby", "we're expecting twins!": a child on the way
# ("I'm expecting a parcel", "I was expecting more" are not).
_EXPECTING = re.compile(
    rf"(?i)\b(?:{I_AM}|we(?:['’]re|\s+are)|(?:my|the)\s+\w+\s+and\s+i\s+are|me\s+and\s+(?:my|the)\s+\w+\s+are)\s+"
    r"(?:now\s+|finally\s+|officially\s+)?expecting"
    r"(?:\s+(?:(?:a|our|my)\s+)?(?P<nth>first|second|third|fourth|1st|2nd|3rd|4th)?\s*(?:(?:little|new|rainbow)\s+)?"
    r"(?P<x>baby(?:\s+(?:girl|boy))?|twins|triplets|girl|boy|child|kid|(?<=little\s)one)(?![\w-])"
    r"(?!['’]s|\s+(?:support|care|benefit|shower|party|seat|payment|goat|lamb|delivery|allowance|tax|protection|gift|present)\b)"
    r"(?!\s*(?:(?:band|to|who|from|that|i)\b|[.…]{2,}))"
    r"|\s+(?:our|my)\s+(?P<alone>second|third|fourth|2nd|3rd|4th)\b(?=\s*(?:$|[.!,;]|\s+(?:in|due|next|this|soon|any)\b))"
    r"|(?=\s*(?:[.!]|$)|\s*,\s*(?:due|found\s+out|just\s+found)|\s+due\b))"
)
# "I'm Muslim", "I'm half Japanese", "proudly Nigerian": a faith or a people one belongs to, said as what one is
# (the clause ends there: "I'm English teacher" is a job, "I'm Spanish-speaking" a language).
_BELONGS = re.compile(
    rf"(?i)\b{I_AM}\s+(?:also\s+|proudly\s+|a\s+proud\s+)?(?P<said>(?:practising\s+|practicing\s+|devout\s+|half\s+"
    rf"|part\s+)?(?:{alternation([*FAITHS, *PEOPLES])})(?:-(?:{alternation(PEOPLES)}))?"
    rf"(?:\s*+(?:,|and|&|/|half)\s*+(?:half\s+)?(?:{alternation(PEOPLES)})\b)*+)"
    r"(?!\s+and\s+(?:blue|white)\b|\s+and\s+\w+\s+(?:tutor|teacher|lecturer|student|major|degree)\b"
    r"|[^.!?]*\b(?:according\s+to|\d+\s*%|dna|ancestry)\b)"
    r"(?=\s*(?:$|[.!,;)]|\s+(?:and|but|btw|by\s+the\s+way|too|lol|myself|originally|born|by\s+birth|so|which|because"
    r"|cause|on\s+my|from|here|through\s+and\s+through)\b))"
    # "As a practising Catholic, …", "as a Muslim woman"
    rf"|\bas\s+an?\s+(?P<as>(?:practising\s+|practicing\s+|devout\s+|proud\s+)?(?:{alternation(FAITHS)}))\b"
    r"(?=\s*(?:$|[.!,;]|\s+(?:woman|man|mum|mom|dad|mother|father|person|parent|myself)\b))"
)
# "I speak Spanish and French", "my first language is Tagalog", "English isn't my first language", "Auslan is my first
# language": the languages one has.
_SPEAKS = re.compile(
    rf"(?i)\bi\s+(?:also\s+|can\s+)?speak\s+(?:fluent\s+)?(?P<x>(?:{alternation(LANGUAGES)})"
    rf"(?:\s*(?:,|and|&)\s*(?:fluent\s+|some\s+|a\s+bit\s+of\s+)?(?:{alternation(LANGUAGES)}))*)(?![\w-])"
    r"(?!\s*(?:\.{2,}|…)|\s+in\s+my\s+dreams)"
)
_SPEAKS_HOW_MANY = re.compile(r"(?i)\bi\s+(?:can\s+)?speak\s+(?P<n>two|three|four|five|six|seven|[2-9])\s+languages\b")
_FIRST_LANGUAGE = re.compile(
    rf"(?i)\bmy\s+(?:first|native|home|mother)\s+(?:language|tongue)\s+is\s+(?P<x>{alternation(LANGUAGES)})\b"
    rf"|(?:^\W*|\b)(?P<y>{alternation(LANGUAGES)})\s+(?P<neg>is(?:n['’]t|\s+not)|is)\s+my\s+(?:first|native|mother)\s+"
    r"(?:language|tongue)\b"
)
# "I'm the oldest of four", "I'm the middle child", "the youngest of 5 kids"
_BIRTH_ORDER = re.compile(
    rf"(?i)\b{I_AM}\s+the\s+(?P<x>(?:oldest|eldest|youngest|middle)\s+(?:child|kid|sibling)(?!\s+(?:of|in|at)\s+the\b)"
    r"|(?:oldest|eldest|youngest)(?:\s+(?:child|kid|sibling))?\s+of\s+(?:\d|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?:\s+(?:kids|children|siblings|sisters|brothers|girls|boys))?)\b"
    r"(?=\s*(?:$|[.!,;]|\s+(?:and|but|so|in\s+my\s+family|lol|haha)\b))"
)
# "I'm terrified of spiders", "I'm scared of dogs", "really afraid of heights": a fear one has (not "scared of what
# he'll say", "scared of losing my job": a worry of the moment)
_AFRAID = re.compile(
    rf"(?i)\b{I_AM}\s+(?:so\s+|really\s+|very\s+|deathly\s+|super\s+|absolutely\s+|genuinely\s+|low-?key\s+)?"
    r"(?:terrified|scared|afraid|frightened|petrified)\s+of\s+"
    r"(?P<x>the\s+(?:dark|water|sea|ocean)|(?!(?:what|how|that|this|it|him|her|them|my|his|their|your|the|a|an|losing|being"
    r"|getting|failing|making|telling|doing|going|having|him|you|u|nothing|anything|everything|no\s+one|nobody|anyone"
    r"|tomorrow|today|tonight|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday|results?|exams?|messing"
    r"|screwing|being)\b)"
    r"(?-i:[a-z])[\w'-]*(?:\s+(?!(?:lol|haha|lmao|tbh|honestly|rn|ngl|day|night|week)\b)(?-i:[a-z])[\w'-]*)?)"
    r"(?=\s*(?:$|[.!,;]|\s+(?:and|but|so|since|lol|tbh|too|honestly)\b))"
)
# "I'm on the spectrum", "I'm neurodivergent": said of oneself
_ON_THE_SPECTRUM = re.compile(rf"(?i)\b{I_AM}\s+(?:also\s+)?on\s+the\s+(?:autism\s+|autistic\s+)?spectrum\b(?!\s+of\b)")
# Said of a while, not of who one is: "gluten-free today", "teetotal this month", "an early riser this week"
_FOR_A_WHILE = (
    r"\s+(?:today|tonight|this\s+(?:week|month|year|morning)|for\s+(?:now|lent|january|dry\s+january|a\s+(?:bit|while|week|month"
    r"|day))|until|till|during|at\s+the\s+moment|rn|right\s+now|apparently)\b"
)
# "I'm vegan", and without the "I'm" where a sentence opens with how long: "been vegan for 2 years", "vegetarian since
# I was 15".
_IDENTITY_ADJ = re.compile(
    rf"(?i)\b{I_AM}\s+(?P<x>{_ADJECTIVES})\b(?!{_FOR_A_WHILE})"
    rf"|(?:^\W*|\bi(?:['’]ve|\s+have)\s+)(?:been\s+)?(?P<y>{_ADJECTIVES})\s+(?=since\s|for\s+\S+\s+(?:years?|yrs?)\b)"
)
# "I'm a vegetarian", "I'm a single mum": who one is, from a list (a job is roles.py's; "I'm a zombie" is a figure).
_IDENTITY_WORDS = alternation(IDENTITY_NOUNS)
_IDENTITY = re.compile(
    rf"(?i)\b{I_AM}\s+(?:also\s+)?(?P<article>a|an)\s+(?:(?:huge|big|massive|keen|avid|total|proper|proud)\s+)?"
    rf"(?P<x>{_IDENTITY_WORDS})(?![\w-])(?!\s+(?:school|church|guilt|priest|upbringing|girl|boy|household|family|missionary)\b"
    rf"|\s+(?-i:[A-Z])[a-z]|{_FOR_A_WHILE})"
)
_HAVE = re.compile(rf"(?i)\bi(?:\s+(?:have\s+got|have|own)|['’]ve\s+got)\s+{phrase('x')}")
_MY_X_IS = re.compile(rf"(?i)\bmy\s+(?P<attr>[a-z][\w\s'-]{{1,30}}?)\s+(?P<verb>is|are)\s+{phrase('x')}")
_PLAY = re.compile(rf"(?i)\bi\s+(?:play|love\s+playing|enjoy\s+playing)\s+{phrase('x')}")
_HOBBY = re.compile(rf"(?i)\bmy\s+(?:hobby|hobbies|favou?rite\s+hobby)\s+(?:is|are)\s+{phrase('x')}")

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
    rf"(?P<verb>(?i:lives\s+in|is\s+(?:still\s+|back\s+)?in(?=\s+(?-i:[A-Z][a-z]))|(?:just\s+|recently\s+)?moved\s+to"
    rf"|is\s+(?:originally\s+)?from(?=\s+(?-i:[A-Z][a-z]))|works\s+(?:at|for|as)|studies(?:\s+at)?"
    rf"|is\s+studying|is\s+(?:a|an)|(?:has|owns|runs)\s+(?:a|an)"
    # "my son has asthma", "my mum has type 2 diabetes": a condition, said without an article
    rf"|has(?=\s+(?!no\b)(?:type\s+[12]\s+|(?-i:[A-Z])[\w'-]*\s+)?(?:{alternation(CONDITIONS)})(?![\w-]))"
    # what happened to them that lasts: "got into UNILAG", "got the ward manager job", "moved back to Poland",
    # "moves in with me next month"
    rf"|(?:just\s+)?got\s+(?:accepted\s+)?into(?=\s+{_ADMITTED_TO})|(?:just\s+)?got\s+accepted\s+(?:to|at)(?=\s+{_ADMITTED_TO})"
    rf"|(?:just\s+)?got(?=\s+(?:the|a|an|her|his|their)\s+(?:[\w'-]+\s+){{0,3}}?"
    rf"(?:job|promotion|position|scholarship|offer)(?=\s*(?:$|[.,;!?]|\s+(?:at|as|in|with)\b)))"
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
_DIED_WHEN = (
    r"(?P<when>\s+(?i:last\s+(?:year|month|week|spring|summer|autumn|fall|winter)|in\s+\d{4}|this\s+(?:year|month)"
    r"|(?:a|one|two|three|four|five|six|\d+)\s+(?:years?|months?|weeks?)\s+ago"
    r"|on\s+(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:this|yesterday)\s+(?:morning|evening)"
    r"|yesterday|today))?"
)
_PASSED_AWAY = re.compile(
    rf"{_RELATIVE}\s+(?i:has\s+)?"
    rf"(?i:passed\s+away|passed\s+on|died)(?![\w-]){_DIED_WHEN}"
    # said of a life, not of a game, a joke or a typo: "died in Elden Ring", "died laughing", "died her hair"
    rf"(?=\s*(?:$|[.,;!…]|\s+(?:of|from|after|and|but|so|when|while|peacefully|suddenly|back\s+home)\b))"
)
# "I lost my dad last year", "we lost our son in 2019", "I lost my husband to cancer": a death in the family. Kin and
# partners only: one loses a job, a friend (a friendship) or a dog (it ran off) in other ways.
_KIN = alternation(
    [word for word, relation in RELATIONS.items()
     if relation not in {"friend", "best friend", "boss", "manager", "colleague", "supervisor", "coach", "teacher",
                         "doctor", "therapist", "landlord", "classmate", "neighbour", "roommate", "cofounder", "ex"}]
)  # fmt: skip
_LOST_KIN = re.compile(
    rf"(?i:(?:\b(?:i|we)\s+|^\W*)(?:just\s+|recently\s+|sadly\s+|tragically\s+)?lost\s+)"
    rf"(?P<who>(?i:{MY}(?P<kind>{_KIN}){RELATION_END})(?:\s+[A-Z][\w'-]*)?)(?!['’])(?![^.!?]*\b(?i:found|find)\b)"
    rf"{_DIED_WHEN}(?=\s*(?:$|[.,;!…]|\s+(?:of|after|and|but|so|when|while|suddenly)\b"
    rf"|\s+(?i:to\s+(?:(?:a|an)\s+)?(?:{alternation(CONDITIONS)}|suicide|(?:heart\s+attack|stroke|overdose|illness|accident)))\b"
    r"|\s+(?i:in\s+(?:a|an|the)\s+(?:\w+\s+)?(?:accident|crash|fire|war|attack|flood|earthquake))))"
)
# "we had to put our dog Bruno down", "I had to put my cat down yesterday"
_PUT_DOWN = re.compile(
    rf"(?i:\b(?:we|i)\s+(?:had\s+to\s+|just\s+)?put\s+)(?P<who>(?i:{MY}(?:{alternation(PET_SPECIES)})(?![\w-]))"
    rf"(?:\s+[A-Z][\w'-]*)?)\s+(?i:down|to\s+sleep)\b"
)
# "I have asked twice" (a perfect tense), "I have a flight tomorrow" (an appointment): not something they have.
_NOT_A_POSSESSION = re.compile(
    r"(?i)^(?:\w+ed|written|given|taken|done|gone|made|seen|been|told|said|sent|spoken|known|thought|brought|bought|"
    r"kept|left|lost|met|paid|read|run|tried|put|got|gotten|felt|heard|found|become|begun|eaten|forgotten)\b"
    r"|\b(?:today|tonight|tomorrow|later|this\s+(?:morning|afternoon|evening|week(?:end)?)|next\s+\w+|at\s+\d)\b"
)
# "Sam (they/them)", "my pronouns are she/her", "he/him pls"
_PRONOUNS = re.compile(
    r"(?i)\b(?P<a>she|he|they|ze|xe|it)\s*/\s*(?P<b>her|hers|him|his|them|theirs|they|she|he|hir|zir|xem|it)\b"
)
_A_CONDITION = re.compile(rf"(?i)(?:^|\s)(?:{alternation(CONDITIONS)})(?![\w-])")
_TWO_CLAUSES = re.compile(r"\b(?:and|but|or|is|are|was)\b")
_ATTRIBUTE_SLOTS = (
    "birthday", "bday", "b-day", "date of birth", "dob", "job", "name", "email", "phone", "major", "hometown",
    "nickname", "pronouns", "blood type",
    "star sign", "zodiac sign", "middle name", "surname", "last name", "degree", "native language", "first language",
    "mother tongue", "address", "job title", "role", "occupation", "profession",
)  # fmt: skip
_SAME_ATTRIBUTE = {"bday": "birthday", "b-day": "birthday", "date of birth": "birthday", "dob": "birthday"}
_FAVOURITES = ("favorite", "favourite", "fav ", "fave ")
# A relative's age ("my mother is 85"); their role ("my sister is a doctor") is relation_facts'.
_RELATIVE_RECORD = re.compile(r"\d{1,3}\b")


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
        found.append(_fact(f"Lives with {said}", "lives_with", *people, value=(facet("with", said.lower()),)))
    return found


def _capitalised_peoples(said: str) -> str:
    """'half japanese' → 'half Japanese', 'spanish and french' → 'Spanish and French' (names of peoples, faiths and
    languages are capitalised; the words between them are not)."""
    names = {word for name in (*FAITHS, *PEOPLES, *LANGUAGES) for word in name.split()}
    return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize() if m.group(0).lower() in names else m.group(0), said)


def _month_name(said: str) -> str:
    """'mar' → 'March', 'sept' → 'September'."""
    return next(month for month in _MONTH_NAMES if month.lower().startswith(said.lower()[:3]))


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
            found += _home(said, _name(_HOW_LONG_TAIL.sub("", match.group("x")), max_words=4))
    for match in [*_BASED.finditer(sentence), *_HOME_IS.finditer(sentence)]:
        found += _home("Lives in {}", match.group("x"))
    for match in _MOVED_FROM.finditer(sentence):
        found.append(_entity_fact(f"Moved from {match.group('x')}", "", place("location", match.group("x"))))
    for match in _HOME_IN.finditer(sentence):
        found.append(_entity_fact(f"Has a home in {match.group('x')}", "", place("location", match.group("x"))))
    for match in _NEW_HOME.finditer(sentence):
        where = _name(match.group("x"), max_words=4)
        if where[:1].isupper() and not _A_STAY.search(sentence, match.start("x")):  # not "… in Cornwall for a week"
            home = match.group("home").lower()
            found.append(_entity_fact(f"Found {article(home)} {home} in {where}", "", place("location", where)))
    for match in _MOVING.finditer(sentence):
        where = _name(match.group("x"), max_words=4)
        if where and not _A_KIND_OF_PLACE.match(where) and where.split()[0].lower() not in _NOT_HOMES:
            found.append(_entity_fact(f"Is moving to {title(where)}", "", place("location", where)))
    for match in [*_FROM.finditer(sentence), *_CAME_FROM.finditer(sentence), *_GREW_UP.finditer(sentence)]:
        where = _name(match.group("x") or match.groupdict().get("y") or "", max_words=4)
        subjectless = match.re is _GREW_UP and not _SAID_BY_I.match(match.group(0))
        if (subjectless and _SOMEONE_ELSES_BIRTH.match(sentence, match.end())) or where.lower() in PEOPLES:
            continue  # "Born in Lagos, my mum was", "Texas born and raised beef"; "Scottish born and bred" is a people
        if where and not _A_KIND_OF_PLACE.match(where):
            found.append(_entity_fact(f"Is from {title(where)}", "hometown", place("location", where)))
    return found


# "a small town", "the bathroom", "my parents' place": a kind of place or a room, not a named one.
_A_KIND_OF_PLACE = re.compile(r"(?:a|an|the|my|our|this|that|their|his|her)\s+[a-z]")


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
     "customer"}
)  # fmt: skip


def _home(template: str, where: str) -> list[Candidate]:
    if not where or where.split()[0].lower() in _NOT_HOMES:
        return []
    if where.split()[0].lower() in {"a", "an"}:
        return [_fact(template.format(where), "location", value=(facet("in", where),))]  # "Lives in a small town"
    if _A_KIND_OF_PLACE.match(where):
        return []  # "I live in the bathroom these days"
    return [_entity_fact(template.format(title(where)), "location", place("location", where))]


_FIELD_AT = re.compile(
    r"(?P<field>(?:[a-z][\w&-]*|[A-Z]{2,4})(?:\s+[a-z][\w&-]*)?)\s+(?:at|for)\s+(?:the\s+)?(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
)
# "I've accepted an offer from Shopify", "I accepted the job at Monzo": where one works next.
_ACCEPTED = re.compile(
    r"(?i:\bi(?:['’]ve|\s+have|\s+just)?\s+(?:just\s+|finally\s+)?accepted\s+(?:an|the|a)\s+(?:job\s+)?(?:offer|job|position)"
    r"\s+(?:from|at|with))\s+(?P<x>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
)


def work_and_study_facts(sentence: str) -> list[Candidate]:
    found = []
    if not _JOB_AT.search(sentence):  # "I'm a nurse at Apollo" is the role rules' (roles.py)
        for match in [*_WORK_AT.finditer(sentence), *_JOINED.finditer(sentence)]:
            where = re.sub(r"^(?i:the)\s+(?=[A-Z])", "", _name(match.group("x"), max_words=5))  # "the NHS"
            if where.lower() in {"myself", "my self", "me"}:
                found.append(_fact("Is self-employed"))  # "I work for myself"
            elif where and match.groupdict().get("prep", "").lower() == "in":
                found += _works_in(where, said=match.group("x"))  # "in London" (a town), "in marketing" (a field)
            elif where and where.split()[0].lower() in {"a", "an"}:  # "a small farmácia": a kind of place, no name
                found.append(_fact(f"Works at {where}", "workplace", value=(facet("at", where),)))
            elif where:
                found.append(_entity_fact(f"Works at {title(where)}", "workplace", place("workplace", where)))
    for match in cued(sentence, _WORKED_A_WHILE, "worked", "working"):
        where = re.sub(r"^(?i:the)\s+", "", match.group("x"))
        if _ENDED_SINCE.search(sentence, match.end()) or where.lower() in {"peanuts", "free", "nothing", "myself"}:
            continue  # "…for 6 years in total, left in 2019": over
        if not re.fullmatch(rf"(?i:{_CALENDAR_WORDS}|{alternation(RELATIONS)}|home|night|nights|man|woman)\b.*", where):
            found.append(_entity_fact(f"Works at {title(where)}", "workplace", place("workplace", where)))
    found += _work_ended(sentence)
    for match in _ACCEPTED.finditer(sentence):
        employer = place("workplace", match.group("x"))
        found.append(_entity_fact(f"Accepted a job at {employer.display_name}", "workplace", employer))
    for match in _WORK_AS.finditer(sentence):
        role = _value(match.group("x"), max_words=5)
        if role:
            found.append(_fact(f"Works as {article(role)} {role}", "occupation", value=(facet("role", role),)))
    for match in _STUDY.finditer(sentence):
        where = _name(match.group("x"), max_words=6)
        if where:
            found.append(_entity_fact(f"Studies at {title(where)}", "school", place("school", where)))
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
        if employer and not re.fullmatch(rf"(?i:{_CALENDAR_WORDS})\b.*", employer):
            workplace = place("workplace", employer)
            content = f"Left {workplace.display_name}"
            found.append(_fact(content, "workplace", workplace, value=(f"left:{workplace.key}",)))
        elif match.group("verb"):
            found.append(_fact("Quit their job", "workplace", value=("status:left",)))
    for match in cued(sentence, _LAID_OFF, "laid", "redundant", "fired", "sacked", "let go", "lost my job"):
        said = "Lost their job" if match.group("lost") else f"Was {' '.join(match.group('how').lower().split())}"
        employer = match.group("x")
        if employer and not re.fullmatch(rf"(?i:{_CALENDAR_WORDS})\b.*", employer):
            workplace = place("workplace", employer)
            content = f"{said} {'at' if match.group('lost') else 'from'} {workplace.display_name}"
            found.append(_fact(content, "workplace", workplace, value=(f"left:{workplace.key}",)))
        else:
            found.append(_fact(said, "workplace", value=("status:left",)))
    for match in cued(sentence, _JOB_ENDING, "let me go", "resigned", "notice") if at_work else ():
        said = "Handed in their notice" if match.group("notice") else ("Quit their job" if match.group("resigned")
                                                                        else "Was let go")  # fmt: skip
        found.append(_fact(said, "workplace", value=("status:left",)))
    if next(cued(sentence, _BETWEEN_JOBS, "between jobs", "out of work", "job hunting"), None):
        found.append(_fact("Is between jobs", "workplace", value=("status:left",)))
    return found


def _works_in(where: str, *, said: str) -> list[Candidate]:
    if where[:1].isupper() and not _A_KIND_OF_PLACE.match(where) and is_a_town(where):  # "in IT", "in HR": a field
        return [_fact(f"Works in {where}", "", place("location", where))]
    field_at = _FIELD_AT.match(clean_phrase(said, max_words=8))
    if field_at is not None and not re.fullmatch(rf"{_CALENDAR_WORDS}\b.*|.*['’]s", field_at.group("org")):
        # "in audit at Grant Thornton": the field and the employer, one workplace fact (not "at Christmas", "for
        # Dad's company")
        employer = place("workplace", field_at.group("org"))
        content = f"Works in {field_at.group('field')} at {employer.display_name}"
        return [_fact(content, "workplace", employer, value=(employer.ref, facet("role", field_at.group("field"))))]
    kind_of_place = _A_KIND_OF_PLACE.match(where) and where.split()[0].lower() not in {"a", "an"}
    return [] if kind_of_place else [_fact(f"Works in {where}")]  # "in marketing", "in a hospital"


def personal_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in _PRONOUNS.finditer(sentence):
        pronouns = f"{match.group('a').lower()}/{match.group('b').lower()}"
        found.append(_fact(f"Pronouns are {pronouns}", "my:pronouns", value=(facet("is", pronouns),)))
    for match in [*_AGE.finditer(sentence), *_TURNED.finditer(sentence)]:
        age = int(match.group("age"))
        if 1 <= age <= 120:
            found.append(_fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
    for match in _AGE_BARE.finditer(sentence):
        age = int(match.group("age"))
        if age in BARE_AGES and not _AGE.search(sentence):
            found.append(_fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
    for match in _NAME.finditer(sentence):
        name = title(match.group("x") or match.group("y") or match.group("z"))
        found.append(_fact(f"Name is {name}", "name", value=(facet("name", name),)))
    for match in [*INTRO.finditer(sentence), *INTRO_BY_AGE.finditer(sentence)]:
        name = intro_name(match)
        if name:
            found.append(_fact(f"Name is {name}", "name", value=(facet("name", name),)))
    for match in _STATUS.finditer(sentence):
        status = RELATIONSHIP_STATUSES[match.group("x").lower()]
        found.append(_fact(f"Is {status}", "relationship_status", value=(facet("status", status),)))
    for match in _IDENTITY_ADJ.finditer(sentence):
        found.append(_fact(f"Is {(match.group('x') or match.group('y')).lower()}"))
    for match in _IDENTITY.finditer(sentence):
        said = _capitalised_peoples(match.group("x").lower())
        found.append(_fact(f"Is {article(said)} {said}"))
    return found


def age_and_birthday_facts(sentence: str) -> list[Candidate]:
    """An age about to be turned, close to or said by its decade; a birthday however it is written."""
    found = []
    for match in cued(sentence, _TURNING, "turn", " be "):
        if match.group("bare") is not None and not _BIRTHDAY_SAID.search(sentence):
            continue
        age = int(match.group("age") or match.group("age2"))
        if age in BARE_AGES:
            found.append(_fact(f"Is turning {age}", "age", value=(facet("age", str(age)),)))
    for match in cued(sentence, _ALMOST, "almost", "nearly", "pushing", "approaching", "coming up"):
        if int(match.group("age")) in BARE_AGES:
            found.append(_fact(f"Is almost {match.group('age')}", "age", value=(facet("age", match.group("age")),)))
    for match in cued(sentence, _DECADE, "0s", "0's", "0’s", "ties"):
        if _FIGURATIVE.search(sentence, 0, match.start()):
            continue
        decade = match.group("decade").lower()
        decade = _DECADES.get(decade[0], decade)
        said = f"{match.group('part').lower()} {decade}" if match.group("part") else decade
        found.append(_fact(f"Is in their {said}", "age", value=(facet("age", said),)))
    for match in cued(sentence, _BIRTHDAY, "birth", "bday", "b-day", "born", "turn", " be "):
        day = match.group("day") or match.group("day2")
        month = _month_name(match.group("month") or match.group("month2"))
        if 1 <= int(day) <= 31:
            year = f" {match.group('year')}" if match.group("year") else ""
            said = f"{int(day)} {month}"
            found.append(_fact(f"Birthday is {said}{year}", "my:birthday", value=(facet("is", said),)))
    return found


def who_they_are_facts(sentence: str) -> list[Candidate]:
    """A baby on the way, a divorce in progress, a fear, a faith or people, languages, birth order."""
    found = []
    for match in cued(sentence, _EXPECTING, "expecting"):
        what = " ".join((match.group("x") or "baby").lower().split())
        what = {"kid": "child", "one": "baby"}.get(what, what)
        said = what if what in {"twins", "triplets"} else f"a {what}"
        if match.group("alone"):  # "our second": a child
            said = f"their {match.group('alone').lower()} child"
        elif match.group("nth"):
            said = f"their {match.group('nth').lower()} {what}"
        found.append(_fact(f"Is expecting {said}", "expecting", value=(facet("expecting", what),)))
    if next(cued(sentence, _DIVORCING, "divorc", "soon"), None):
        found.append(_fact("Is going through a divorce", "relationship_status", value=(facet("status", "divorcing"),)))
    for match in cued(sentence, _AFRAID, "afraid", "scared", "terrified", "frightened", "petrified"):
        what = " ".join(match.group("x").lower().split())
        found.append(_fact(f"Is afraid of {what}", f"fear:{entity_key(what)}"))
    if next(cued(sentence, _ON_THE_SPECTRUM, "spectrum"), None):
        found.append(_fact("Is autistic"))
    for match in _BELONGS.finditer(sentence) if not sentence.rstrip().endswith("?") else ():
        said = " ".join((match.group("said") or match.group("as")).split())
        said = re.sub(r"(?i)^proud\s+", "", said)
        found.append(_fact(f"Is {_capitalised_peoples(said)}"))
    for match in cued(sentence, _SPEAKS, "speak"):
        found.append(_fact(f"Speaks {_capitalised_peoples(match.group('x'))}"))
    for match in cued(sentence, _SPEAKS_HOW_MANY, "speak"):
        found.append(_fact(f"Speaks {match.group('n').lower()} languages"))
    for match in cued(sentence, _FIRST_LANGUAGE, "language", "tongue"):
        language = _capitalised_peoples(match.group("x") or match.group("y"))
        negated = match.group("neg") and match.group("neg").lower() != "is"
        content = f"{language} isn't their first language" if negated else f"First language is {language}"
        found.append(
            _fact(content, "" if negated else "first_language", value=() if negated else (facet("is", language),))
        )
    for match in cued(sentence, _BIRTH_ORDER, "oldest", "eldest", "youngest", "middle"):
        found.append(_fact(f"Is the {' '.join(match.group('x').lower().split())}"))
    return found


# Capitalised words after "from"/"in" that are a team, a place of work, an app or a time, not a town.
_NOT_TOWNS = _TEAMS | frozenset(
    {"work", "school", "home", "uni", "college", "church", "accounting", "legal", "year", "class", "reception",
     "spanish", "french", "english", "german", "maths", "math", "science", "history", "the", "a", "an", "my", "our"}
)  # fmt: skip


def is_a_town(name: str) -> bool:
    words = name.split()
    return bool(words) and words[0].lower() not in _NOT_TOWNS


def introduction(sentence: str) -> re.Match[str] | None:
    """Where an introduction's name ends ("hey! I'm Maya", "lee, 34"), so its clauses after can be read."""
    by_age = INTRO_BY_AGE.match(sentence)
    return INTRO.match(sentence) or (by_age if by_age and intro_name(by_age) else None)


def intro_name(match: re.Match[str]) -> str:
    """The name an introduction gives ("Maya" of "hey! I'm Maya, 31"), or "" for a word that is not one ("Sorry, 20
    minutes late" has no name; "I'm Single." no more)."""
    name = title(next(group for group in match.groups() if group))
    first = name.split()[0].lower()
    if _NOT_A_NAME.search(first) or first in _NOT_NAMES or first in STOPWORDS or first in INTERJECTIONS:
        return ""
    if first in RELATIONS or first in PET_SPECIES:  # "Mum, 67, still works full time": a relative, not a name
        return ""
    if first in FAITHS or first in PEOPLES or name.lower() in PEOPLES:  # "I'm Black and queer", "I'm Sri Lankan"
        return ""
    return name


def health_facts(sentence: str) -> list[Candidate]:
    """'I'm allergic to shellfish 🦐 so no seafood pls' → 'Is allergic to shellfish' (one slot per allergen)."""
    found = []
    for match in [*_ALLERGIC.finditer(sentence), *_ALLERGIC_AFTER.finditer(sentence)]:
        allergen = _value(_leading_words(match.group("x")), max_words=4)
        if allergen and allergen.lower() not in _NOT_ALLERGENS:
            found.append(_fact(f"Is allergic to {allergen}", f"allergy:{entity_key(allergen)}"))
    return found


# What one "can't have" in jest: "I can't have fun, I'm allergic", "allergic to Mondays"
_NOT_ALLERGENS = frozenset(
    {"it", "them", "that", "this", "those", "everything", "something", "fun", "people", "work", "mondays", "monday",
     "mornings", "stress", "drama", "effort", "exercise", "responsibility", "commitment", "running", "cardio",
     "adulting", "nonsense", "bs", "math", "maths", "homework", "chores", "small talk", "you", "feelings", "kids",
     "nice things", "happiness", "sleep", "money"}
)  # fmt: skip


def _leading_words(text: str) -> str:
    """The words a value starts with, up to the first emoji, symbol or clause word ("shellfish 🦐 so no…")."""
    words = []
    for word in text.split():
        if not re.fullmatch(r"[^\W\d_][\w'-]*", word) or word.lower() in {"so", "and", "which", "pls", "please"}:
            break
        words.append(word)
    return " ".join(words)


def possession_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in _HAVE.finditer(sentence):
        what = _value(match.group("x"), max_words=8)
        if _A_CONDITION.search(what):
            continue  # "I have back pain from driving": a health condition (lifestyle.py)
        said = what.lower()
        if (
            what
            and not said.startswith(HAVE_NOT_FACTS)
            and said not in HAVE_NOT_WHOLE
            and not _NOT_A_POSSESSION.search(what)
        ):
            mentions = tuple(pet_mentions(match.group(0)) + person_mentions("my " + what))
            found.append(_fact(f"Has {what}", "", *_named_only(mentions)))
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
            for m in (*_PASSED_AWAY.finditer(sentence), *_PUT_DOWN.finditer(sentence))
        ):
            continue  # "my dog Bruno died yesterday": relation_facts says he passed away, in his slot
        kind = pet.metadata.get("breed", pet.metadata["species"])
        # "my dog Bruno" restates "a golden retriever named Bruno": the species is in both, the breed adds to it
        kinds = tuple(facet(aspect, pet.metadata[aspect]) for aspect in ("species", "breed") if aspect in pet.metadata)
        content = f"Has {article(kind)} {kind} named {pet.display_name}"
        found.append(_fact(content, f"pet:{pet.key}", pet, value=(pet.ref, *kinds)))
    for person in filter(is_named, person_mentions(sentence)):
        relation = person.metadata["relation"]
        content = f"{relation.capitalize()}'s name is {person.display_name}"
        if relation in PARTNER_RELATIONS:
            # One partner slot: boyfriend → fiancé → husband supersedes, even for the same person (the relation is
            # part of the value); a new partner's name does too.
            found.append(_fact(content, "relation:partner", person, value=(person.ref, facet("relation", relation))))
            continue
        slot = f"relation:{relation}" if relation in SINGULAR_RELATIONS else ""
        found.append(_entity_fact(content, slot, person))
    return found


def attribute_facts(sentence: str) -> list[Candidate]:
    """'My birthday is June 5th' → 'Birthday is June 5th' (a single-valued slot); 'my mother is 85' → 'Mother is 85'.

    Only attributes a person *has* as a record (ATTRIBUTE_SLOTS) or a relative's age or role: "my chest is tight",
    "my manager is a nightmare", "my egg tarts are the best" describe a moment or an opinion, not who they are."""
    found = []
    for match in _MY_X_IS.finditer(sentence):
        attribute = match.group("attr").strip().lower()
        value = _value(match.group("x"), max_words=8)
        if not value or attribute in PET_SPECIES or attribute.endswith(("name", "'s name")) or _names_someone(match):
            continue
        if _TWO_CLAUSES.search(attribute) or attribute.startswith(_FAVOURITES):
            continue  # "my favourite and pizza is my second": not one attribute; favourites are preferences
        if attribute == "hometown" and value[:1].isupper():  # "my hometown is Graz": where they are from
            found.append(_entity_fact(f"Is from {value}", "hometown", place("location", value)))
        elif attribute.startswith(_ATTRIBUTE_SLOTS):
            attribute = _SAME_ATTRIBUTE.get(attribute, attribute)  # "my bday is…" fills the birthday slot
            if attribute == "birthday" and _BIRTHDAY.search(sentence):
                continue  # a day and a month: personal_facts says it as "Birthday is 5 June", whichever way it came
            content = f"{attribute.capitalize()} {match.group('verb').lower()} {value}"
            found.append(_fact(content, f"my:{attribute}", value=(facet("is", value),)))
        elif attribute in RELATIONS and _RELATIVE_RECORD.match(value):
            content = f"{attribute.capitalize()} {match.group('verb').lower()} {value}"
            found.append(_fact(content, "", *person_mentions(f"my {attribute}")))
    return found


_HOW_OFTEN = re.compile(
    r"(?i)\s+(?:(?:once|twice|\d+|one|two|three|four|five)\s+(?:times\s+)?(?:a|per|every)\s+\w+|every\s+\w+"
    r"|on\s+(?:weekends|\w+days)|daily|weekly)\b.*$"
)


def hobby_facts(sentence: str) -> list[Candidate]:
    found = []
    for pattern in (_PLAY, _HOBBY):
        for match in pattern.finditer(sentence):
            hobby = _name(_HOW_OFTEN.sub("", match.group("x")), max_words=4)  # "golf twice a week" plays golf
            if (
                hobby
                and hobby.lower() not in {"games", "it", "with it", "along"}
                and not hobby.lower().startswith(("with ", "around ", "outside", "at "))
            ):
                mention = EntityMention("hobby", entity_key(hobby), title(hobby), aliases=(hobby.lower(),))
                verb = "Plays" if pattern is _PLAY else "Hobby:"
                found.append(_fact(f"{verb} {hobby}", "", mention))
    return found


_CALENDAR_WORDS = (
    rf"(?:{_MONTHS}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|Ramadan|Diwali|Spring"
    r"|Summer|Autumn|Fall|Winter)"
)
_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    "|eighteen|nineteen|twenty"
)
# What a named relative's introduction goes on to say of them: "my son Owen is 14", "my daughter Maddie just turned
# 11", "our son Kuba, he is 7", "my granddaughter Chloe, who is nine", "my sister Jen in Halifax", "my wife, Sun-hee,
# was diagnosed with early Alzheimer's disease".
_RELATIVE_DETAIL = re.compile(
    rf"(?:,\s*(?:who|he|she)\s+is|\s+is|['’]s|,\s*(?:who|he|she)['’]s|(?:\s+just)?\s+turned|,\s*aged?)\s+"
    rf"(?P<age>\d{{1,2}}|(?i:{_NUMBER_WORDS}))(?:\s+(?i:years?\s+old|yrs?\s+old)|\s*(?i:y/?o))?(?=\s*(?:$|[.,;!]|\s+and\b))"
    rf"|\s+in\s+(?!{_CALENDAR_WORDS}\b)(?P<town>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\b(?!['’]s|\s+(?:\d|class(?:es)?|lessons?|team|department|dept|office|group)\b)"
    rf"|,?\s+(?i:(?:was|has\s+been|got)\s+diagnosed\s+with|has)\s+(?:an?\s+)?"
    rf"(?P<condition>(?:[\w'-]+\s+){{0,2}}?(?i:{alternation(CONDITIONS)}))(?![\w-]|\s+of\b)"
)


def relative_detail_facts(sentence: str) -> list[Candidate]:
    """'My son Owen is 14' → 'Owen is 14'; 'my sister Jen in Halifax' → 'Jen lives in Halifax': what is said of a
    named relative right after their name — two things at most ("my sister Jen in Hobart is 33")."""
    found = []
    for person in filter(is_named, person_mentions(sentence)):
        named = re.search(rf"(?i)(?<![\w-]){re.escape(person.display_name)}(?![\w-])", sentence)
        at = named.end() if named else None
        for _ in range(2):
            detail = _RELATIVE_DETAIL.match(sentence, at) if at is not None else None
            if detail is None:
                break
            found += _relative_detail(person, detail, sentence)
            at = detail.end()
    return found


def _relative_detail(person: EntityMention, detail: re.Match[str], sentence: str) -> list[Candidate]:
    name = person.display_name
    if detail.group("age"):  # one age a person: "Owen just turned 15" replaces "Owen is 14"
        age = detail.group("age").lower()
        return [_fact(f"{name} is {age}", f"age:{person.ref}", person, value=(facet("age", age),))]
    if detail.group("town"):
        if not is_a_town(detail.group("town")) or _FOR_NOW.search(sentence, detail.end()):
            return []  # "my brother Tom in Accounts", "my cousin Ana in Madrid last week": a team, a visit
        town = place("location", detail.group("town"))
        return [_fact(f"{name} lives in {town.display_name}", "", person, town)]
    return [_fact(f"{name} has {' '.join(detail.group('condition').split())}", "", person)]


def _fact(content: str, slot: str = "", *entities: EntityMention, value: tuple[str, ...] = ()) -> Candidate:
    return Candidate(FACT, content, slot=slot, entities=tuple(entities), value=value)


def _entity_fact(content: str, slot: str, entity: EntityMention) -> Candidate:
    """A fact whose value in its slot is the entity it names (a city, an employer, a person)."""
    return _fact(content, slot, entity, value=(entity.ref,) if slot else ())


def facet(aspect: str, text: str) -> str:
    """One normalised part of a slot's value: ``facet("role", "Senior Engineer")`` → ``role:senior-engineer``.
    Stopwords are dropped, so "on 14 March" and "14 March" are one value."""
    return f"{aspect}:{'-'.join(content_words(text)) or entity_key(text)}"


def _value(text: str, *, max_words: int) -> str:
    return to_third_person(clean_phrase(text, max_words=max_words))


def _name(text: str, *, max_words: int) -> str:
    """A proper name (place, employer, school, game): cut before trailing time or role words."""
    return clean_phrase(trim_tail(text.strip()), max_words=max_words)


def _names_someone(match: re.Match[str]) -> bool:
    # "my wife Priya is amazing": the named-entity rule already covers it
    return any(word[:1].isupper() for word in match.group("attr").split()[1:])


def relation_facts(sentence: str) -> list[Candidate]:
    """'My mom lives in Chennai' → 'Mom lives in Chennai', linked to person:mom and to the place it names."""
    found = []
    for match in _RELATION_FACT.finditer(sentence):
        who = person_mentions(match.group("who")) or pet_mentions(match.group("who"))
        verb = " ".join(match.group("verb").lower().split())
        # a place or employer is a name (cut before "last year"); a role or a course is a phrase
        value = (
            _value(match.group("x"), max_words=6) if _DESCRIBES.match(verb) else _name(match.group("x"), max_words=5)
        )
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
            found.append(_fact(f"{label} {verb} {value}", "", who[0], *_places_in(verb, value)))
    for match in _MOVES_IN.finditer(sentence):
        who = person_mentions(match.group("who"))
        if who:
            label = _called(who[0], match)
            verb = " ".join(match.group("verb").lower().split())
            found.append(_fact(f"{label} {verb} with them", "", who[0]))
    for match in _PASSED_AWAY.finditer(sentence):
        who = person_mentions(match.group("who")) or pet_mentions(match.group("who"))
        if who:
            label = _called(who[0], match)
            when = " ".join((match.group("when") or "").split())
            found.append(_passed_away(who[0], f"{label} passed away" + (f" {when}" if when else "")))
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
        found.append(_fact(f"{label} {verb} {state}", "", *who))
    for match in cued(sentence, _LOST_KIN, "lost"):
        who = person_mentions(match.group("who"))
        if who:
            when = " ".join((match.group("when") or "").split())
            found.append(_passed_away(who[0], f"{_called(who[0], match)} passed away" + (f" {when}" if when else "")))
    for match in _PUT_DOWN.finditer(sentence):
        pet = pet_mentions(match.group("who"))
        if pet:
            found.append(_passed_away(pet[0], f"{pet[0].display_name} passed away"))
    return found


def _called(who: EntityMention, match: re.Match[str]) -> str:
    """How a fact names the relative: by name, else by the word the message used ("Sister")."""
    return who.display_name if is_named(who) else match.group("kind").lower().capitalize()


def _passed_away(who: EntityMention, content: str) -> Candidate:
    """A person's loss is a fact of its own; a named pet's takes its place in the pet's slot ("Has a dog named
    Bruno" → "Bruno passed away"): the pet is no longer theirs to ask about."""
    if who.entity_type == "pet" and is_named(who):
        return _fact(content, f"pet:{who.key}", who, value=(who.ref, "status:passed-away"))
    return _fact(content, "", who)


# A home had for a while is a holiday: "rented a house in Cornwall for a week" (not "bought a flat … last month").
_A_STAY = re.compile(
    r"(?i)\bfor\s+(?:a|the|\d+|two|three|four|a\s+few)\s+(?:nights?|days?|weeks?|weekend|summer)\b"
    r"|\bon\s+(?:holiday|vacation)\b"
)
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
_DESCRIBES = re.compile(r"is\s+(?:a|an)\b|has\b|owns\b|runs\b|is\s+studying|studies|(?:just\s+)?got\b")
_PLACE_KIND = {"lives in": "location", "moved to": "location", "is in": "location", "is still in": "location",
               "is from": "location", "is originally from": "location", "went back to": "location",
               "moved back to": "location", "is moving back to": "location", "is going back to": "location",
               "is moving to": "location",
               "is back in": "location", "works at": "workplace", "works for": "workplace",
               "studies at": "school", "is studying": "school"}  # fmt: skip


def _passing_have(verb: str, said: str) -> bool:
    """What someone "has a …" of the moment, or of an idiom, not of who they are."""
    had = f"{verb.split()[-1]} {said.lower()}"  # "a cold again"
    return had.startswith(HAVE_NOT_FACTS) or bool(_FOR_NOW.search(said) or _NOT_A_POSSESSION.search(said))


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


def _named_only(mentions: tuple[EntityMention, ...]) -> tuple[EntityMention, ...]:
    return tuple(filter(is_named, mentions))


def article(word: str) -> str:
    """ "a" or "an" before ``word``."""
    return "an" if word[:1].lower() in "aeiou" else "a"


RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    household_facts,
    age_and_birthday_facts,
    who_they_are_facts,
    named_entity_facts,
    relative_detail_facts,
    relation_facts,
    location_facts,
    work_and_study_facts,
    personal_facts,
    health_facts,
    possession_facts,
    attribute_facts,
    hobby_facts,
)
