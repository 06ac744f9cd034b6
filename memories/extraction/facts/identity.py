"""Who the contact is: name and introductions, age and birthday, relationship status, identity words, faith and
people, languages, birth order, fears.
"""

from __future__ import annotations

import re

from memories.extraction.facts.base import CALENDAR_WORDS, I_AM, MONTH_NAMES, MONTHS, article, facet, fact
from memories.extraction.text import EMOJI, LATIN_LOWER, LATIN_UPPER, STOPWORDS, alternation, cued, entity_key, title
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import (
    FAITHS,
    IDENTITY_ADJECTIVES,
    IDENTITY_NOUNS,
    LANGUAGES,
    PEOPLES,
    PET_SPECIES,
    RELATIONS,
    RELATIONSHIP_STATUSES,
)

_STATUSES = alternation(RELATIONSHIP_STATUSES)
_ADJECTIVES = alternation(IDENTITY_ADJECTIVES)
# "I'm 42 years old", "I'm a 42 year old dad of three", "im a 19-year-old student" (not "I'm a 2 year old's mum")
_AGE = re.compile(
    rf"(?i)\b{I_AM}\s+(?P<a>an?\s+)?(?P<age>\d{{1,3}})[\s-]*(?:years?[\s-]+old|years?\s+of\s+age(?=\s*(?:$|[.,!;]|\s+(?:and|but|now)\b))|yrs?[\s-]+old|y/?o)\b"
    r"(?!['’])"
)
# "I just turned 31", "I just hit 30" (a number ending the clause: not "hit 30 followers"); said without the "I" ("just
# turned 21 lol"), the message reads it as the speaker's where it spoke of no one before (``entities.turned_said``)
_TURNED = re.compile(
    r"(?i)\bi\s+(?:just\s+)?turned\s+(?P<age>\d{1,3})\b"
    r"(?!\s*(?:degrees?|°|%|percent|mph|km|miles?|points?|pages?|times|followers|subs|k|into|around|off|on|days?"
    r"|weeks?|months?|hours?|minutes?)\b)"
    r"|\bi\s+(?:just\s+|finally\s+|officially\s+)?hit\s+(?P<age2>\d{2})(?=\s*(?:$|[.!,;]|\s+(?:today|yesterday"
    r"|this\s+week|last\s+week|lol|haha|omg|and|woo+|yay)\b))"
)
# "32F, London", "m/27 here", "Rob here, 38M": an age and a sex as people post them, opening the message or after a
# name (not "it's 32F outside": a temperature is said in a sentence, not as its head)
_AGE_AND_SEX = re.compile(
    r"^\W*(?:[A-Za-z][a-z]+(?:\s+here)?\s*,\s*)?(?:(?P<age>\d{2})\s?[MFmf]|[MFmf]\s?/\s?(?P<age2>\d{2}))"
    r"(?=\s*(?:$|[,.!/]|\s+here\b|\s+from\b))"
)
# "I'm turning 30 on Friday", "i turn 40 next month", "I'll be 50 in May": the age one is about to be — said with when
# ("I'll be 20 minutes", "I'll be 30 in a sec" are not), or ending the clause ("turning 18 tomorrow!!", "turning 40.").
# "I'll be 20" turns an age only with a day, a month or a year after it ("I'll be 15 tomorrow, the train is delayed",
# "I'll be 20 soon" are minutes); "turning" says so itself.
_WHEN_TURNED = (
    r"(?:on\s+(?:the\s+)?\d+(?:st|nd|rd|th)?|on\s+(?:my\s+)?(?:birthday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|next\s+(?:week|month|year)"
    rf"|this\s+(?:year|month|week)|in\s+(?:{MONTHS}|a\s+(?:few\s+)?(?:weeks|months)|\d+\s+(?:weeks|months|days)|two\s+weeks))\b"
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
BIRTHDAY = re.compile(
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
    rf"(?i)\b{I_AM}\s+(?P<age>\d{{2,3}})(?:\s+years?)?"  # "I am 57 years.", "im 15 from hull"
    r"(?=\s*(?:$|[.,](?!\d)|[!;?)]|\s(?:(?:by\s+the\s+way|btw|now|this\s+year|already|actually|and|lol|haha)\b"
    # "im 15 from hull": a place ("I'm 50 from Monday", "im 40 from work", "from scratch" are not)
    rf"|from\s+(?!{CALENDAR_WORDS}\b|(?i:work|here|there|home|scratch|goal|now|then|today|tomorrow|school|uni|college"
    r"|the|my|a|an|me|you|him|her|them|it)\b)(?:(?-i:[A-Z])|[a-z]+(?:\s*$|[,.!]|\s+and\b)))))"
)
BARE_AGES = range(13, 111)
# "hey! so I'm Maya, …", "Hello, I'm Kwame, chartered accountant…", "whats up, Jamal here": introductions — at the start
# of a message, after greetings, a capitalised name where the clause ends. The name part is case-sensitive (phones
# capitalise a message's first word, not "lol"); greetings are matched atomically, so a long run of them is linear.
_GREETING = (
    r"(?i:(?:hiya|heya|hi+|hey+|hello|yo|what'?s\s+up|howdy|hola|hallo|hej|ciao|salut|bonjour|namaste|salaam|salam"
    r"|sup|wassup|wagwan|kia\s+ora|aloha)(?:\s+there)?|so|ok|okay|well|g'day|aye|alright|right"
    r"|good\s+(?:morning|evening|afternoon|day)(?:\s+(?:dear|sir|madam|ma['’]am|all|everyone|friend))?)"
)
_GREETINGS = rf"(?>\W*)(?:(?>{_GREETING})(?>\W+))*+"
GREETING_ONLY = re.compile(rf"^(?>\W*)(?:(?>{_GREETING})(?>\W*))++$")
_EMOJI = EMOJI  # "Hi, I'm Leila 👋": a wave ends the name as a comma would
# A name as written in Latin scripts: "Zoe", "Zoë", "José", "Søren".
_WRITTEN_NAME = rf"[{LATIN_UPPER}][{LATIN_LOWER}]+"
INTRO = re.compile(
    rf"^{_GREETINGS}(?i:{I_AM}|i\s+am)\s+(?P<x>{_WRITTEN_NAME}(?:\s{_WRITTEN_NAME})?)"
    rf"(?=\s*(?:[,.!(]|{_EMOJI}|$|\s+(?:and|but)\b|\s+(?i:{I_AM}|i\s+am)\s"  # "hi im Callum im 15"
    r"|\s+(?i:btw|by\s+the\s+way|fyi)\s*(?:[,.!]|$)))"  # "I'm Kofi btw"
    rf"|^(?>\W*)(?:(?>{_GREETING})(?>\W+))++(?P<y>{_WRITTEN_NAME})\s+here(?=\s*(?:[,.!]|{_EMOJI}|$))"
    # "Rob here.", a sentence of its own: a given name only ("Quiet here.", "Same here" are no one)
    rf"|^\W*(?P<h>{_WRITTEN_NAME})\s+here\s*[.!]*$"
    # as on the phone, after a greeting: "Hi, this is Sarah." (a given name: not "Hello, this is Microsoft Support.";
    # and not with "!": "hi, this is Max! my new puppy")
    rf"|^(?>\W*)(?:(?>{_GREETING})(?>\W+))++(?i:this\s+is)\s+(?P<z>{_WRITTEN_NAME}(?:\s{_WRITTEN_NAME})?)"
    rf"(?=\s*(?:\.|,\s*(?i:i|i['’]m|im)\b|$))"
)
# "This is Gordon Lindqvist. I am 93 years old": a full name said so opens a message whose next sentence is about
# oneself (not "This is Taylor Swift. I love her", "Look at my dog. This is Bruno Mars.")
THIS_IS_FULL_NAME = re.compile(
    rf"^\W*(?i:this\s+is)\s+(?P<name>{_WRITTEN_NAME}\s{_WRITTEN_NAME})\s*\.?$"
    # or a first name after a greeting, when the message goes on about oneself: "Hi, this is Jen. I'm 29, …"
    rf"|^(?>\W*)(?:(?>{_GREETING})(?>\W+))++(?i:this\s+is)\s+(?P<first>{_WRITTEN_NAME})\s*\.?$"
)
SELF_DESCRIBED_NEXT = re.compile(
    rf"^\W*(?i:(?:{I_AM}|i\s+am)\s+(?:\d{{2,3}}\b|from\b|a\s|an\s)|i\s+(?:live|work|was\s+born)\b|my\s+name\b)"
)
# "Tom, 31, keeps asking me out", "Anna, 28, is my new flatmate": someone else described, not an introduction.
_SOMEONE_ELSES_CLAUSE = (
    r"(?i:(?:is|was|has|had|keeps|kept|wants|says|said|just|lives|works|loves|hates|asked|asks|told|tells|won|got"
    r"|gets|did|does|will|can|and\s+(?:is|was|has))\b)"
)
# An age as people put it after their name: "31", "just turned 31", "42 ans", "47 yrs old".
AGE_SAID = (
    r"(?i:(?:just\s+turned\s+|aged?\s+)?(?P<age>\d{2,3})"
    r"(?:\s*(?:years?(?:\s+old)?|yrs?(?:\s+old)?|y/?o|ans|años|anos|jahre|saal)|(?<=\d)[MF](?![\w'’]))?)"
)
# "lee, 34, single dad from wythenshawe", "Natalie, 45, CPA, Toronto", "my name's Ana, 29", "i'm sigrún, 26", "Sione
# here, 29": a name, then an age, at the start of a message (after greetings). The name may be lowercase: people typing
# in lowercase type their own name so too. Which words are not names is checked where it is read (``intro_name``).
# Also "Myself Meenakshi Sundaram, 45 years," (Indian English) and "im keeley im 15 from hull".
INTRO_BY_AGE = re.compile(
    rf"^{_GREETINGS}(?:(?i:my\s+name\s+is|name'?s|myself|{I_AM}|i\s+am)\s+)?"
    rf"(?P<x>[A-Za-z{LATIN_UPPER}][{LATIN_LOWER}]+(?:\s{_WRITTEN_NAME})?)(?:\s+here)?\s*,\s*"
    rf"(?={AGE_SAID}\s*(?:[,.!;]|$|\s+(?i:from|and)\b)(?!\s*{_SOMEONE_ELSES_CLAUSE}))"
    # "im keeley im 15": only after "I'm" (not "Honestly I'm 40", "Hi Sophie I'm 30")
    rf"|^{_GREETINGS}(?i:{I_AM}|i\s+am)\s+(?P<v>[A-Za-z{LATIN_UPPER}][{LATIN_LOWER}]+)\s+(?i:and\s+)?(?i:{I_AM}|i\s+am)\s+"
    rf"(?={AGE_SAID.replace('(?P<age>', '(?:')}\s*(?:[,.!;]|$|\s+(?i:from|and)\b))"
)
# An introduction that ends its sentence ("Sione here.", "Name's Frank.", "I'm Hamid.") goes on in the next one when
# that opens with an age ("29, Tongan, living in Brisbane", "79."): read as one sentence.
INTRO_ENDS = re.compile(
    rf"^{_GREETINGS}(?:(?i:my\s+name\s+is|name'?s|{I_AM}|i\s+am)\s+(?P<x>{_WRITTEN_NAME})|(?P<y>{_WRITTEN_NAME})\s+here)"
    r"\s*[.!]$"
)
AGE_OPENS = re.compile(rf"^{AGE_SAID}\s*(?:[,.!;]|$)")
_TOWN_ALONE = re.compile(r"^(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})(?:,\s[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})?\.?$")
# Words that open a place's name and are English words too: "New York", "San Diego", "Fort Worth", "North Bay".
_PLACE_OPENERS = frozenset({"new", "san", "santa", "st", "saint", "port", "fort", "mount", "north", "south", "east",
                            "west", "upper", "lower", "great", "little", "lake", "palm", "el", "la", "los", "las",
                            "le", "st.", "cape", "glen", "long", "grand", "central", "old"})  # fmt: skip


# What people add after their town that is no region: a star sign, a personality type
_ZODIAC = frozenset({"aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius",
                     "capricorn", "aquarius", "pisces", "sag",
                     *(f"{a}{b}{c}{d}" for a in "ie" for b in "ns" for c in "tf" for d in "jp")})  # fmt: skip


def town_alone(sentence: str) -> bool:
    """A sentence that is only a town, maybe with its region: "Tucson, Arizona." (not words: "Thanks.", "Merry
    Christmas.", "God Bless.", "Cancer Survivor.")."""
    return bool(_TOWN_ALONE.match(sentence)) and names_a_place(sentence.rstrip("."))


def names_a_place(said: str) -> bool:
    """Whether capitalised ``said`` can be a place's name: no English word in it but those that open place names
    ("New", "San", "Fort"), no people or faith ("Vegan", "Hindu", "Single", "Baby")."""
    from memories.extraction.casing import GIVEN_NAMES, is_english_word

    words = [word.lower() for word in re.findall(r"[\w'-]+", said)]
    if not words or words[-1] in PEOPLES or words[-1] in FAITHS or any(word in _ZODIAC for word in words):
        return False
    opening = all(word in _PLACE_OPENERS or word in PEOPLES or not is_english_word(word) for word in words[:-1])
    return opening and (not is_english_word(words[-1]) or words[-1] in GIVEN_NAMES)


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
    # (not whose name another's is: "her name's Mia", "his name's Leo", "the dog's name's Rex")
    r"(?i:\bmy\s+name\s+is|(?<!\bhis\s)(?<!\bher\s)(?<!\bits\s)(?<!\btheir\s)(?<!\byour\s)(?<!['’]s\s)\bname's|^names)"
    r"\s+(?P<x>[A-Za-z][\w'-]*(?:\s[A-Z][\w'-]*)?)"
    r"|(?i:\bi\s+(?:usually\s+|mostly\s+)?go\s+by)\s+(?P<z>[A-Z][\w'-]*)"
    r"(?=\s*(?:$|[.!,;)]|\s+(?i:now|these\s+days|here|online|at\s+work|instead|though|to\s+(?:most|my|friends|everyone))\b))"
    r"|(?i:\b(?:just\s+|please\s+)?call\s+me)\s+(?!(?:When|Whenever|If|Later|Back|Tomorrow|Tonight|Now|Crazy|Maybe)\b)"
    r"(?P<y>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)"
)
# "engaged in talks", "engaged with the customer": busy, not betrothed
_NOT_BUSY = r"(?!(?<=engaged)\s+(?:in|with)\s+(?-i:[a-z]))"  # "engaged in Lisbon" is still betrothed
_STATUS = re.compile(
    rf"(?i)(?:\b(?:{I_AM}|i\s+got|i\s+just\s+got|we(?:'re|\s+are|\s+got)|(?:i|we)(?:['’]ve|\s+have)\s+been)\s+"
    # the "I" left out where the sentence opens with how long: "Divorced 2 years.", "Married since 1998"
    rf"|^\W*(?=(?:happily\s+)?(?:married|divorced|separated|widowed)\s+(?:for\s+)?(?:\d{{1,2}}|a|two|three|four|five|ten"
    rf"|twenty|thirty|forty|fifty)\s+(?:years?|yrs?|months?)\b|(?:happily\s+)?(?:married|divorced|separated|widowed)\s+since\s+\d{{4}})"
    # … and says nothing of someone else after: "Married 20 years, my parents still hold hands"
    rf"(?![^.!?]*(?:\bmy\s+\w+|\bcongrat|\b(?:he|she|they|his|her|their|nan|grandad)\b)))"
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
    rf"(?i)\b{I_AM}\s+(?P<x>{_ADJECTIVES})\b(?!-)(?!{_FOR_A_WHILE})"  # "vegan-curious" is no vegan
    # "I'm 14 weeks pregnant", "im 6 months pregnant"
    rf"|\b{I_AM}\s+(?:\d{{1,2}}|a\s+few|(?:one|two|three|four|five|six|seven|eight|nine)\s*)\s*(?:weeks?|months?)\s+"
    rf"(?P<w>pregnant)\b"
    rf"|(?:^\W*|\bi(?:['’]ve|\s+have)\s+)(?:been\s+)?(?P<y>{_ADJECTIVES})\s+(?=since\s|for\s+\S+\s+(?:years?|yrs?)\b)"
    # after the age: "I am 67, retired", "I'm 31 and pregnant with my first"
    rf"|\b{I_AM}\s+\d{{1,3}}\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?P<z>{_ADJECTIVES})\b(?!-|{_FOR_A_WHILE}|\s+from\b)"
)
# "I'm a vegetarian", "I'm a single mum": who one is, from a list (a job is roles.py's; "I'm a zombie" is a figure).
_IDENTITY_WORDS = alternation(IDENTITY_NOUNS)
_IDENTITY = re.compile(
    rf"(?i)\b{I_AM}\s+(?:also\s+)?(?P<article>a|an)\s+(?:(?:huge|big|massive|keen|avid|total|proper|proud)\s+)?"
    rf"(?P<x>{_IDENTITY_WORDS})(?![\w-])(?!\s+(?:school|church|guilt|priest|upbringing|girl|boy|household|family|missionary)\b"
    rf"|\s+(?-i:[A-Z])[a-z]|{_FOR_A_WHILE})"
)
# "Sam (they/them)", "my pronouns are she/her", "he/him pls"
_PRONOUNS = re.compile(
    r"(?i)\b(?P<a>she|he|they|ze|xe|it)\s*/\s*(?P<b>her|hers|him|his|them|theirs|they|she|he|hir|zir|xem|it)\b"
)


def _capitalised_peoples(said: str) -> str:
    """'half japanese' → 'half Japanese', 'spanish and french' → 'Spanish and French' (names of peoples, faiths and
    languages are capitalised; the words between them are not)."""
    names = {word for name in (*FAITHS, *PEOPLES, *LANGUAGES) for word in name.split()}
    return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize() if m.group(0).lower() in names else m.group(0), said)


def _month_name(said: str) -> str:
    """'mar' → 'March', 'sept' → 'September'."""
    return next(month for month in MONTH_NAMES if month.lower().startswith(said.lower()[:3]))


# "we've been married for 10 years", "married sixty-two years this June": how long, said after the status
_MARRIED_FOR = re.compile(
    r"(?i)\s+(?:for\s+)?(?:almost\s+|nearly\s+|over\s+)?(?P<n>\d{1,2}|(?:twenty|thirty|forty|fifty|sixty|seventy)"
    r"(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|fifteen|(?:thir|four|fif|six|seven"
    r"|eigh|nine)teen|two|three|four|five|six|seven|eight|nine)\s+(?:years|yrs)\b(?!\s+ago)"
)


def personal_facts(sentence: str) -> list[Candidate]:
    found = []
    for match in _PRONOUNS.finditer(sentence):
        pronouns = f"{match.group('a').lower()}/{match.group('b').lower()}"
        found.append(fact(f"Pronouns are {pronouns}", "my:pronouns", value=(facet("is", pronouns),)))
    for match in [*_AGE.finditer(sentence), *_TURNED.finditer(sentence), *_AGE_AND_SEX.finditer(sentence)]:
        age = int(match.group("age") or match.group("age2"))
        if match.re is _TURNED and match.group("age2") and age > 99:
            continue  # "I hit 100 today": steps, followers, a score, more likely than an age
        described = match.re is _AGE and match.group("a")  # "I'm a 42 year old dad": a description, of an adult
        if described and (age not in BARE_AGES or _FIGURATIVE.search(sentence, 0, match.start())):
            continue  # "I feel like I'm a 90 year old woman today", "i'm a 5 year old when it comes to money"
        if 1 <= age <= 120:
            found.append(fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
    figurative, said_with_years = _FIGURATIVE.search(sentence), _AGE.search(sentence)  # read once: a long message
    for match in _AGE_BARE.finditer(sentence):
        age = int(match.group("age"))
        if figurative is not None and figurative.end() <= match.start():
            continue  # "I feel like I'm 90"
        if age in BARE_AGES and not said_with_years:
            found.append(fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
    for match in _NAME.finditer(sentence):
        name = title(match.group("x") or match.group("y") or match.group("z"))
        found.append(fact(f"Name is {name}", "name", value=(facet("name", name),)))
    for match in [*INTRO.finditer(sentence), *INTRO_BY_AGE.finditer(sentence)]:
        name = intro_name(match)
        if name:
            found.append(fact(f"Name is {name}", "name", value=(facet("name", name),)))
    for match in _STATUS.finditer(sentence):
        status = RELATIONSHIP_STATUSES[match.group("x").lower()]
        how_long = _MARRIED_FOR.match(sentence, match.end()) if status == "married" else None
        said = f"Has been married {how_long.group('n')} years" if how_long else f"Is {status}"
        found.append(fact(said, "relationship_status", value=(facet("status", status),)))
    for match in _IDENTITY_ADJ.finditer(sentence):
        if match.group("z") and _FIGURATIVE.search(sentence, 0, match.start()):
            continue  # "every morning I feel like I'm 90 and retired"
        found.append(
            fact(f"Is {(match.group('x') or match.group('y') or match.group('z') or match.group('w')).lower()}")
        )
    for match in _IDENTITY.finditer(sentence):
        said = _capitalised_peoples(match.group("x").lower())
        found.append(fact(f"Is {article(said)} {said}"))
    return found


def age_and_birthday_facts(sentence: str) -> list[Candidate]:
    """An age about to be turned, close to or said by its decade; a birthday however it is written."""
    found = []
    for match in cued(sentence, _TURNING, "turn", " be "):
        if match.group("bare") is not None and not _BIRTHDAY_SAID.search(sentence):
            continue
        age = int(match.group("age") or match.group("age2"))
        if age in BARE_AGES:
            found.append(fact(f"Is turning {age}", "age", value=(facet("age", str(age)),)))
    for match in cued(sentence, _ALMOST, "almost", "nearly", "pushing", "approaching", "coming up"):
        if int(match.group("age")) in BARE_AGES:
            found.append(fact(f"Is almost {match.group('age')}", "age", value=(facet("age", match.group("age")),)))
    for match in cued(sentence, _DECADE, "0s", "0's", "0’s", "ties"):
        if _FIGURATIVE.search(sentence, 0, match.start()):
            continue
        decade = match.group("decade").lower()
        decade = _DECADES.get(decade[0], decade)
        said = f"{match.group('part').lower()} {decade}" if match.group("part") else decade
        found.append(fact(f"Is in their {said}", "age", value=(facet("age", said),)))
    for match in cued(sentence, BIRTHDAY, "birth", "bday", "b-day", "born", "turn", " be "):
        day = match.group("day") or match.group("day2")
        month = _month_name(match.group("month") or match.group("month2"))
        if 1 <= int(day) <= 31:
            year = f" {match.group('year')}" if match.group("year") else ""
            said = f"{int(day)} {month}"
            found.append(fact(f"Birthday is {said}{year}", "my:birthday", value=(facet("is", said),)))
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
        found.append(fact(f"Is expecting {said}", "expecting", value=(facet("expecting", what),)))
    if next(cued(sentence, _DIVORCING, "divorc", "soon"), None):
        found.append(fact("Is going through a divorce", "relationship_status", value=(facet("status", "divorcing"),)))
    for match in cued(sentence, _AFRAID, "afraid", "scared", "terrified", "frightened", "petrified"):
        what = " ".join(match.group("x").lower().split())
        found.append(fact(f"Is afraid of {what}", f"fear:{entity_key(what)}"))
    if next(cued(sentence, _ON_THE_SPECTRUM, "spectrum"), None):
        found.append(fact("Is autistic"))
    for match in _BELONGS.finditer(sentence) if not sentence.rstrip().endswith("?") else ():
        said = " ".join((match.group("said") or match.group("as")).split())
        said = re.sub(r"(?i)^proud\s+", "", said)
        found.append(fact(f"Is {_capitalised_peoples(said)}"))
    for match in cued(sentence, _SPEAKS, "speak"):
        found.append(fact(f"Speaks {_capitalised_peoples(match.group('x'))}"))
    for match in cued(sentence, _SPEAKS_HOW_MANY, "speak"):
        found.append(fact(f"Speaks {match.group('n').lower()} languages"))
    for match in cued(sentence, _FIRST_LANGUAGE, "language", "tongue"):
        language = _capitalised_peoples(match.group("x") or match.group("y"))
        negated = match.group("neg") and match.group("neg").lower() != "is"
        content = f"{language} isn't their first language" if negated else f"First language is {language}"
        found.append(
            fact(content, "" if negated else "first_language", value=() if negated else (facet("is", language),))
        )
    for match in cued(sentence, _BIRTH_ORDER, "oldest", "eldest", "youngest", "middle"):
        found.append(fact(f"Is the {' '.join(match.group('x').lower().split())}"))
    return found


_YEARS_ALONE = re.compile(r"\s*\d{2,3}\s+years?\b(?!\s+old)", re.IGNORECASE)
_I_AM_FIRST = re.compile(rf"(?i)\b(?:{I_AM}|i\s+am)\s+[^\s,]+\s*,")
_HERE = re.compile(r"(?i)\s+here\s*,")


def _an_english_word(word: str) -> bool:  # "Hot here, 35!", "I'm blessed, 30": a word one is, not a name
    from memories.extraction.casing import GIVEN_NAMES, is_english_word  # casing reads this module's words

    return is_english_word(word) and word not in GIVEN_NAMES


def introduction(sentence: str) -> re.Match[str] | None:
    """Where an introduction's name ends ("hey! I'm Maya", "lee, 34"), so its clauses after can be read."""
    by_age = INTRO_BY_AGE.match(sentence)
    return INTRO.match(sentence) or (by_age if by_age and intro_name(by_age) else None)


# Words that make a name one of a company or a service ("Royal Mail", "Sky Support"), and the assistants that greet
_ORGANISATION_WORDS = frozenset({
    "mail", "support", "service", "services", "bank", "team", "office", "store", "shop", "delivery", "centre", "center",
    "customer", "care", "group", "company", "insurance", "energy", "water", "gas", "mobile", "airlines", "airways",
    "hospital", "clinic", "pharmacy", "school", "university", "council", "stanley", "jones", "chase", "sachs",
})  # fmt: skip
_ASSISTANTS = frozenset({"alexa", "siri", "cortana", "google", "bixby"})


def _a_company_or_assistant(name: str) -> bool:
    """A greeting's name that is a company's or an assistant's: "Royal Mail", "Morgan Stanley", "Alexa"."""
    words = name.lower().split()
    return words[0] in _ASSISTANTS or (len(words) > 1 and words[-1] in _ORGANISATION_WORDS)


def _a_word(word: str) -> bool:
    from memories.extraction.casing import is_english_word  # casing reads this module's words

    return is_english_word(word)


def _given_names() -> frozenset[str]:
    from memories.extraction.casing import GIVEN_NAMES  # casing reads this module's words

    return GIVEN_NAMES


def intro_name(match: re.Match[str]) -> str:
    """The name an introduction gives ("Maya" of "hey! I'm Maya, 31"), or "" for a word that is not one ("Sorry, 20
    minutes late" has no name; "I'm Single." no more)."""
    said = next(group for group in match.groups() if group)
    name = title(said)
    first = name.split()[0].lower()
    typed_as_a_word = (
        _HERE.search(match.group(0))
        or (said.islower() and _I_AM_FIRST.search(match.group(0)))
        # "Clean, 15 years." (how long, not how old), "Honestly I'm 40": a word one is or says, not who
        or (match.re is INTRO_BY_AGE and (match.group("v") or _YEARS_ALONE.match(match.string, match.end())))
    )
    said_as_this_is = match.re is INTRO and (match.group("z") or match.group("h"))  # "hi this is Netflix."
    if said_as_this_is and (first not in _given_names() or _a_company_or_assistant(name)):
        return ""  # "Hello, this is Royal Mail."
    if match.re is INTRO and match.group("h") and _a_word(first):
        return ""  # "Summer here.", "Sunny here", "Rich here": a word as much as a name, alone it is the word
    if typed_as_a_word and _an_english_word(first):
        return ""  # "I'm blessed, 30, and thriving": a word one is, typed in lowercase, not a name
    if _NOT_A_NAME.search(first) or first in _NOT_NAMES or first in STOPWORDS or first in INTERJECTIONS:
        return ""
    if first in RELATIONS or first in PET_SPECIES:  # "Mum, 67, still works full time": a relative, not a name
        return ""
    if first in FAITHS or first in PEOPLES or name.lower() in PEOPLES:  # "I'm Black and queer", "I'm Sri Lankan"
        return ""
    return name
