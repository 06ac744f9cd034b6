"""Preference rules with polarity: likes, dislikes, comparisons, topics to avoid or to discuss.

A preference's ``slot`` is its object (``pref:coffee``), so "I hate coffee" supersedes an earlier
"I love coffee"; avoidance and interest in a topic share ``topic:<key>`` the same way. Its ``value`` is
the polarity, and the strength when said strongly: "I really like coffee" restates "Loves coffee", while
"I love coffee" after "Likes coffee" says more (a durable preference) and supersedes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.durability import STRONG
from memories.extraction.text import (
    STOPWORDS,
    alternation,
    clean_phrase,
    cued,
    entity_key,
    normalise,
    phrase,
    title,
    to_third_person,
)
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import FILLER_WORDS, PRONOUN_OBJECTS

PREFERENCE = "preference"
_NEG = r"(?:don't|dont|do\s+not|don’t|never|no\s+longer)"
_ADVERB = (
    r"(?:really\s+|absolutely\s+|totally\s+|honestly\s+|just\s+|kinda\s+|kind\s+of\s+|so\s+|also\s+|even\s+"
    r"|do\s+(?!not\b)|genuinely\s+|truly\s+|still\s+|actually\s+)?"
)
# The subject of a taste: "I", or nothing at the start of a sentence ("can't stand cilantro", "hate Mondays").
_I = r"(?:\bi\s+|^(?:(?:honestly|tbh|ngl|lol|ugh|god|man)\W+)?)"

_AVOID = re.compile(
    rf"(?i)\b(?:(?:please\s+)?(?:{_NEG}|can\s+you\s+not|could\s+you\s+not|(?:can|could)\s+we\s+not(?=\s+\w+\s+\w+\s+my\b))\s+"
    rf"(?:ever\s+)?"
    # talking and asking are about something ("talk to me like that" is no topic); one mentions a topic itself
    rf"(?:(?:talk|ask|chat|give\s+me\s+(?:advice|tips|lectures?)|lecture)(?:\s+(?:to\s+)?me)?\s+(?:about|on)"
    rf"|bring\s+up|mention|discuss|comment\s+on(?=\s+my\s)|go\s+(?:on\s+)?(?:telling|talking\s+to)\s+me\s+about)"
    # "please, no discussions about money" ("no onions please" is an order: not read); "no talk of weight loss"
    # asked, opening the sentence or after "please" (not "there was no talk of a raise")
    rf"|\bno\s+(?:more\s+)?(?:discussions?|talk|talking|chat|questions?)\s+(?:about|on)"
    rf"|(?:^|\b(?:please|pls|plz)\W+)no\s+(?:more\s+)?(?:talk|talking|chat)\s+of"
    rf"|let's\s+not\s+talk\s+about|(?:i'm|i\s+am|im)\s+not\s+(?:really\s+|very\s+)?comfortable\s+(?:talking\s+about|discussing)"
    rf"|i\s+{_NEG}\s+{_ADVERB}(?:like|want|enjoy)\s+(?:talking|to\s+talk|hearing|to\s+hear)\s+about"
    rf"|i\s+(?:hate|can't\s+stand|avoid)\s+(?:talking|discussing)\s+about"
    rf"|i'd\s+rather\s+not\s+(?:talk\s+about|discuss)|i\s+{_NEG}\s+(?:wanna|want\s+to)\s+talk\s+about"
    # a second verb under the same "don't": "please don't use my deadname or talk about my family"
    rf"|{_NEG}\s+[a-z]+(?:\s+[\w']+){{0,4}}?\s+or\s+(?:talk|ask)(?:\s+(?:to\s+)?me)?\s+about)"
    rf"\s+{phrase('x')}"
    # "don't give me productivity tips", "no diet advice please": the topic is what the advice is about
    rf"|(?i:\b(?:{_NEG}|can\s+you\s+not|could\s+you\s+not)\s+(?:ever\s+)?give\s+me(?:\s+any)?)\s+"
    rf"(?P<y>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+(?:tips|advice|lectures?|suggestions))\b"
)
_INTEREST = re.compile(
    rf"(?i)\b(?:can\s+we|could\s+we|let's|lets|i\s+(?:just\s+|really\s+)?want\s+to|i'd\s+love\s+to|i\s+would\s+love\s+to)"
    rf"\s+(?:talk|chat|learn)\s+(?:about|more\s+about)\s+{phrase('x')}"
    # "I could talk about bees all day": a topic one loves (not "… all day but I won't")
    rf"|(?i:\bi\s+could\s+talk\s+about)\s+(?P<z>[\w\s'-]{{2,40}}?)\s+(?:all\s+day|for\s+hours|forever)\b"
    rf"(?![^.!?]*\b(?:but|disaster|won't|wont)\b)"
)
_DISLIKE = re.compile(
    # the "I" left out only before "really": "Don't really like beer" (not "Don't like my post", "Never love a man…")
    rf"(?i)(?:(?:\bi\s+{_ADVERB}|^\W*(?=(?:don't|dont|don’t|do\s+not)\s+really\b))(?P<neg>{_NEG})\s+{_ADVERB}"
    rf"(?:like|love|enjoy|care\s+for)"
    rf"|{_I}{_ADVERB}(?P<verb>hate|dislike|detest|despise|can't\s+stand|cannot\s+stand|can’t\s+stand))\s+{phrase('x')}"
)
_LIKE = re.compile(rf"(?i)\bi\s+{_ADVERB}(?P<verb>love|like|enjoy|adore)\s+{phrase('x')}")
# "I don't eat pork", "I never drink coffee": a diet is a standing dislike.
_DONT_EAT = re.compile(rf"(?i)\bi\s+{_ADVERB}{_NEG}\s+(?P<verb>eat|drink)\s+{phrase('x')}")
# "I'm not really a cat person", "I'm a dog person"
# The things one is "a … person" about ("a good person", "a private person" are not tastes): countable ones take
# their plural ("cats"), the rest stay as said ("coffee").
_PERSON_OF_COUNTABLE = {"cat", "dog", "beach", "mountain", "book", "movie", "film", "plant", "city", "people", "party"}
_PERSON_OF_MASS = {"coffee", "tea", "wine", "beer", "winter", "summer", "sports", "outdoors", "nature", "sun", "snow",
                   "rain", "music", "chocolate", "pizza", "spicy food", "sweets", "breakfast", "gym"}  # fmt: skip
# "not a morning person": the time of day, said as a kind of person (plural in the preference: "Doesn't like mornings")
_PERSON_OF_TIMES = {"morning", "night", "evening"}
_PERSON_OF = re.compile(
    r"(?i)\b(?:i'm|i\s+am|im)\s+(?P<neg>not\s+(?:really\s+|much\s+of\s+|exactly\s+)?)?(?:a|an)\s+"
    rf"(?P<x>{'|'.join(sorted(_PERSON_OF_COUNTABLE | _PERSON_OF_MASS | _PERSON_OF_TIMES, key=len, reverse=True))})"
    r"\s+(?:person|guy|girl|gal)\b(?!\s+(?:today|tonight|this\s+(?:week|month)|now|apparently|for\s+once)\b)"
)
# "I support Arsenal": a team is a name.
_SUPPORT = re.compile(r"(?i:\bi\s+(?:support|root\s+for|follow))\s+(?P<x>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})")
_FAN = re.compile(
    rf"(?i)\b(?:i'm|i\s+am|im)\s+(?:(?:a|such\s+a)\s+(?:(?:big|huge|massive|die-?hard|lifelong)\s+)?fan\s+of|really\s+into"
    rf"|into|obsessed\s+with)\s+{phrase('x')}"
)
# "I'm a huge Arsenal fan", "big Liverpool fan here", "massive Taylor Swift fan 💅": a name before "fan" (a team, an
# artist, a show); "I'm a big fan" alone names nothing, "my husband is a huge Chelsea fan" is his, a "ceiling fan" is
# a thing.
_INTENSE_WORDS = (
    "big", "huge", "massive", "die-hard", "diehard", "lifelong", "life-long", "proper", "total", "absolute", "crazy",
    "mega", "avid", "loyal", "true", "proud",
)  # fmt: skip
_INTENSE = alternation(_INTENSE_WORDS)
_NAME_FAN = re.compile(
    rf"(?:(?i:\b(?:i'm|i\s+am|im|i['’]ve\s+been|i\s+have\s+been)\s+(?:a|an)\s+)|^\W*(?:(?i:been\s+)?(?i:a|an)\s+)?)"
    rf"(?:(?P<strong>(?i:{_INTENSE}))\s+)?"
    r"(?P<x>[A-Z][\w'.&-]*(?:\s+[A-Z][\w'.&-]*){0,2})\s+(?i:fan(?:\s*(?:boy|girl))?)(?![\w-])"
    # what follows says it is the speaker's own: the clause ends, or "here", "since …", "for life" ("Typical United fan
    # behaviour", "Another Arsenal fan bites the dust" are about others)
    r"(?=\s*(?:$|[.!,;💅🫶❤️⚽🔴🔵]|\s+(?i:here|since|for\s+life|through\s+and\s+through|so|and|but|too|myself|lol|tbh|btw"
    r"|all\s+my\s+life|my\s+whole\s+life|born\s+and\s+bred)\b))"
    r"(?!\s*,\s*(?:not\s+me|my\s+[\w-]+)|\s+and\s+(?:a|an)\s)"
)
# Words before "fan" at a sentence's start that name no team: "Big fan!", "Huge fan of your work", "Ceiling fan broke".
_NOT_FANS_OF = frozenset(_INTENSE_WORDS) | {
    "diehard", "ceiling", "desk", "box", "pedestal", "tower", "exhaust", "extractor", "electric", "table", "floor",
    "standing", "cooling", "bathroom", "kitchen", "laptop", "cpu", "fellow", "number", "one", "no", "not", "such",
    "typical", "classic", "another", "every", "any", "some", "that", "this", "your", "his", "her", "their", "dyson",
    "honeywell", "vornado", "lasko", "bionaire", "meaco", "usb", "handheld", "portable",
}  # fmt: skip
_NOT_ONE_S_OWN = re.compile(r"(?i)\b(?:right\s+now|apparently|according\s+to|so\s+they\s+say|said\s+no\s+one)\b")
# What one cannot live without as a need, not a taste: "insulin", "my inhaler", "oxygen", "my glasses"
_NEEDED = re.compile(
    r"(?i)(?:their\s+)?(?:insulin|inhalers?|oxygen|meds|medication|pills|glasses|contacts|wheelchair|cpap|epipen)\b"
)
# "I can't live without coffee", "pizza is life" (below): said strongly ("I can't live without you" is about the
# listener)
_CANT_LIVE_WITHOUT = re.compile(
    rf"(?i)\bi\s+(?:honestly\s+|literally\s+)?can(?:['’]?t|not)\s+live\s+without\s+{phrase('x')}"
)
# "I've never liked football", "i have never enjoyed parties": a dislike said over a life
_NEVER_LIKED = re.compile(
    rf"(?i)\bi(?:['’]ve|\s+have)\s+never\s+(?:really\s+)?(?:liked|enjoyed|been\s+into)\s+{phrase('x')}"
)
# "I'm a coffee addict", "total dog lover", "history buff here": what one is a lover of ("a recovering addict", "a drug
# addict" are not tastes).
_LOVER = re.compile(
    r"(?i)(?:\b(?:i'm|i\s+am|im)\s+(?:a|an)\s+|(?P<bare>^\W*(?:(?:a|an)\s+)?))(?:(?:huge|big|massive|total|complete|real|true|"
    r"serious|proper|hopeless|self-confessed)\s+)?"
    r"(?P<x>(?!(?:drug|sex|porn|gambling|recovering|former|ex|crack|heroin|meth|love)\b)[a-z][\w-]*)\s+"
    r"(?P<kind>lover|addict|fanatic|junkie|nerd|geek|buff|enthusiast|aficionado|snob)\b(?:\s+here)?"
    r"(?!\s+(?:today|tonight|rn|right\s+now|this\s+(?:week|morning|month)|lately|at\s+the\s+moment)\b)"
    # said without "I'm", it is the speaker's only where the clause ends on it ("Tech nerd friend says…" is a friend's)
    r"(?(bare)(?=\s*(?:$|[.!,;]|\s+(?:here|lol|tbh|and\s+proud)\b)))"
)
_LOVER_WORDS = ("lover", "addict", "fanatic", "junkie", "nerd", "geek", "buff", "enthusiast", "aficionado", "snob")
# "I'm not really into sports", "not that into horror tbh": a dislike, said gently.
_NOT_INTO = re.compile(
    rf"(?i)(?:\b(?:i'm|i\s+am|im)\s+|^\W*)not\s+(?:really\s+|that\s+|very\s+|too\s+|much\s+|super\s+|so\s+)?into\s+"
    rf"{phrase('x')}"
)
_SOMEONES = re.compile(r"(?i)\s*(?:his|her|their|your|how|the\s+way|what|when|whoever|whatever)\b")
_ANYMORE = re.compile(r"(?i)\b(?:any\s*more|yet)\b")
# "I'm not a fan of mornings", "not a big fan of spicy food tbh", "I'm no fan of horror": a dislike, said gently.
_NOT_A_FAN = re.compile(
    rf"(?i)(?:\b(?:i'm|i\s+am|im)\s+|^\W*)(?:not\s+(?:really\s+|exactly\s+)?(?:a|the)|no)\s+(?:(?:big|huge|massive)\s+)?"
    rf"fan\s+of\s+{phrase('x')}"
)
# "Thai food is my absolute favourite", "sushi is my favourite food": said strongly.
_FAVOURITE = re.compile(
    r"(?i)(?:^|[,;]\s*|\b(?:and|but|because|cause|cuz|since|though|although)\s+)(?P<x>[a-z][\w\s'-]{1,40}?)"
    r"\s+(?:is|are)\s+(?:honestly\s+|really\s+|definitely\s+|still\s+|easily\s+|absolutely\s+)?my\s+"
    r"(?:absolute\s+|all[-\s]time\s+|total\s+|number\s+one\s+|top\s+)?favou?rite\b"
)
# "my favourite colour is green": one favourite per kind (a new one supersedes), a taste said strongly.
# "coffee is my fuel", "the gym is my happy place", "K-pop is my jam": what one turns to for good is what one loves.
# Only words that say it is good: "my life", "my weakness", "my addiction", "my thing" may say the opposite, and "my
# therapy" may be a treatment ("Humira is my therapy").
# The thing is a few words none of which is a small word of the sentence around it ("for me coffee", "when I'm
# stressed chocolate" are not things): only "the" may open it. A feeling one runs on is no liking ("spite is my fuel").
_THING_WORD = rf"(?!(?:{alternation(STOPWORDS - {'the'})})\b)[a-z][\w'&-]*"
_NOT_LOVED = frozenset(
    {
        "spite",
        "anger",
        "rage",
        "hate",
        "hatred",
        "revenge",
        "fear",
        "anxiety",
        "stress",
        "pain",
        "trauma",
        "grief",
        "guilt",
        "shame",
        "jealousy",
        "pettiness",
        "sarcasm",
        "panic",
        "dread",
    }
)
# Said the older way: "I am not one for these mobile telephones", "I have always been partial to a Welsh cake" (not
# the disclaimer "I'm not one for complaining, but…", nor "partial to blame")
_ONE_FOR = re.compile(
    rf"(?i)(?:\bi(?:['’]m|\s+am)\s+(?P<neg>not|never\s+been)\s+(?:really\s+|much\s+|really\s+much\s+)?one\s+for"
    rf"|\bi(?:['’]ve|\s+have)\s+(?:always\s+)?been\s+(?:rather\s+|quite\s+|very\s+)?partial\s+to"
    rf"|\bi(?:['’]m|\s+am)\s+(?:rather\s+|quite\s+|very\s+|a\s+bit\s+)?partial\s+to)\s+{phrase('x')}"
)
# A verdict on a thing, said as the best or the worst there is: "Salty liquorice is the best thing in the world",
# "phone calls are my personal hell", "pineapple on pizza is a crime against humanity" ("the best thing that happened
# to me" is an event, "this week is the worst" a time: the thing is one of the sentence's words, not a small one).
_VERDICT = re.compile(
    rf"(?i)(?:^|[,;]\s*|\b(?:and|but|because|cause|cuz|since|though|although)\s+)"
    rf"(?P<x>(?!(?:the|this|that|these|those|love|life|today|tonight|tomorrow|yesterday|[\w-]+['’]s)\b)"
    rf"(?:{_THING_WORD}\s+){{0,3}}{_THING_WORD})"
    r"\s+(?:is|are)\s+(?:honestly\s+|really\s+|literally\s+|basically\s+|just\s+|simply\s+)?"
    r"(?:(?P<good>the\s+best\s+thing\s+(?:in\s+the\s+(?:world|universe)|on\s+(?:earth|the\s+planet))"
    r"|heaven\s+on\s+earth|a\s+religious\s+experience)"
    r"|(?P<bad>my\s+(?:personal\s+)?(?:hell|nemesis)|a\s+crime\s+against\s+humanity))(?![\w-])"
    # said of the moment or as a saying: "Tomorrow's exam is my personal hell", "… as the song goes"
    r"(?![^.!?]*\b(?:as\s+the\s+(?:song|saying)\s+goes|said\s+no\s+one|they\s+say)\b)"
)
_MY_COMFORT = re.compile(
    rf"(?i)(?:^|[,;]\s*|\b(?:and|but|because|cause|cuz|since|though|although)\s+)"
    rf"(?P<x>(?:the\s+)?(?:{_THING_WORD}\s+){{0,2}}{_THING_WORD})"
    r"\s+(?:is|are)\s+(?:honestly\s+|really\s+|literally\s+|basically\s+|definitely\s+|still\s+|just\s+|lowkey\s+"
    r"|totally\s+|kind\s+of\s+|kinda\s+)?my\s+"
    r"(?:jam|fuel|go-to|guilty\s+pleasure|happy\s+place|love\s+language"
    r"|comfort\s+(?:food|show|artist|song|movie|film|book|band|series|album|game|watch|read|meal))(?![\w-])"
)
# Topics one keeps out of a conversation, named without "my" ("Religion is off limits"; "Sugar is off limits" is a diet)
_TALKED_OF = (
    r"(?:religion|politics|money|finances|sex|dating|marriage|divorce|death|grief|weight|body|family|work|kids|children"
    r"|exes|ex|health|therapy|my\s+past|the\s+past|covid|the\s+war|brexit|trump)"
)
# "Religion is off limits for me", "my weight is off-limits", "Let's leave my marriage out of this": a topic to avoid
_OFF_LIMITS = re.compile(
    rf"(?i)(?:^\W*|[,;]\s*|\b(?:and|but|so)\s+)(?P<x>my\s+(?:{_THING_WORD}\s+){{0,2}}{_THING_WORD}|{_TALKED_OF})\s+(?:is|are)\s+"
    r"(?:a\s+no[\s-]go(?:\s+(?:zone|area|topic))?|off[\s-]limits|off\s+the\s+table)\b"
    r"(?=\s*(?:$|[.,!;]|\s+(?:for|to|with)\s+me\b|\s+(?:please|pls|ok|okay|just|btw|now|tbh)\b))"
    r"|\blet['’]?s\s+leave\s+(?P<y>my\s+[\w'-]+(?:\s+[\w'-]+)?)\s+out\s+of\s+(?:this|it)\b"
)
# "pizza is life", "football = life"
_IS_LIFE = re.compile(
    rf"(?i)(?:^\W*|[,;]\s*)(?P<x>(?:{_THING_WORD}\s+){{0,2}}{_THING_WORD})\s+(?:is|=)\s+(?:literally\s+)?life\b"
    r"(?!\s+(?:changing|saving|long|threatening))"
)
_SOMEONE = re.compile(r"(?i)^(?:my|our|his|her|their|your|he|she|they|you|it|this|that|who|what)\b")
_MY_FAVOURITE = re.compile(
    # "fav food is…" without the "my": a kind of thing one has a favourite of (not "Favourite part is when he dies")
    rf"(?i)(?:\bmy\s+|^\W*(?=(?:favou?rite|fav|fave)\s+(?:food|colou?r|movie|film|band|song|book|show|drink|sport|team"
    rf"|game|singer|artist|season|dish|meal|snack|animal|flower|author|series|album|place|city|holiday)\s+is\b))"
    rf"(?:absolute\s+|all[-\s]time\s+|current\s+)?(?:favou?rite|fav|fave)\s+(?P<kind>[a-z][\w\s'-]{{1,30}}?)"
    rf"\s+(?:is|are|has\s+to\s+be|would\s+be)\s+{phrase('x')}"
)
_NOT_A_FAVOURITE = re.compile(
    r"(?i)\b(?:what|which|who|whatever|not|nothing|no|never|guess|remember|know|tell|do|does|did|can|could)\b"
)
_PREFER = re.compile(rf"(?i)\bi\s+{_ADVERB}prefer\s+{phrase('x')}")
_RATHER = re.compile(rf"(?i)\bi(?:'d|’d|\s+would)\s+rather\s+(?!not\s+(?:talk|discuss)){phrase('x')}")

# "I love that you…", "I love how…", "I love it when…": reactions, not tastes.
_NOT_AN_OBJECT_START = {"that", "it", "this", "these", "those", "how", "what", "when", "where", "why", "who", "is",
                        "was", "are", "you", "your", "the way", "seeing", "hearing", "reading", "he", "she", "they",
                        "him", "her", "them", "everything", "everyone", "everybody"}  # fmt: skip
# "I love the team", "I like the idea": the things of the moment one reacts to, not a standing taste.
_REACTION_OBJECTS = {"team", "idea", "plan", "suggestion", "answer", "advice", "update", "feature", "design",
                     "result", "results", "vibe", "vibes", "energy", "atmosphere", "people", "way", "name",
                     "sound", "look", "new"}  # fmt: skip
_LIKE_WORDS = {"love": "Loves", "like": "Likes", "enjoy": "Enjoys", "adore": "Adores"}
_DISLIKE_WORDS = {"hate": "Hates", "dislike": "Dislikes", "detest": "Hates", "despise": "Hates"}
_STRONG_VERBS = frozenset(
    {"love", "adore", "hate", "detest", "despise", "can't stand", "cannot stand"}
)  # said strongly: a durable preference


_TONIGHT = re.compile(r"(?i)\b(?:tonight|today|this\s+(?:morning|afternoon|evening|weekend)|tomorrow)\b")
# A request for now, not a boundary: "… work rn", "… it right now", "… that today"
_FOR_NOW_ONLY = re.compile(r"(?i)\b(?:rn|right\s+now|today|tonight|at\s+the\s+moment|atm|for\s+now|this\s+week)\W*$")
_TOPIC_TIME = re.compile(
    r"(?i)\s+(?:sometime|some\s+time|sometimes|today|tonight|right\s+now|now|anymore|any\s+more|again|later|ever"
    r"|for\s+now|for\s+a\s+while|for\s+a\s+bit|this\s+week|instead|more|with\s+you|more\s+with\s+you)[\s\W]*$"
)


_WHY = re.compile(r"(?i)\s+(?:before|after|because|since|when|while|so\s+that|so\s+i|as\s+i)\b")
_NO_TOPIC = re.compile(r"(?i)(?:something|anything|nothing|everything|whatever|other\s+things?)(?:\s+else)?$")
_LISTENER = re.compile(r"(?i)\s+(?:with|around|in\s+front\s+of|to)\s+me\b")


def topic_preferences(sentence: str) -> list[Candidate]:
    found = []
    for pattern, template, polarity in (
        (_AVOID, "Doesn't want to talk about {}", "avoid"),
        (_INTEREST, "Wants to talk about {}", "interest"),
    ):
        for match in pattern.finditer(sentence):
            advice = match.groupdict().get("y")  # "dating advice": the topic is dating
            said = match.groupdict().get("x") or match.groupdict().get("z") or advice or ""
            if polarity == "avoid" and _FOR_NOW_ONLY.search(said):
                continue  # "i dont wanna talk about work rn": not now, which is not never
            said = _LISTENER.split(said)[0]  # "money with me outside of work": the topic is money
            said = _WHY.split(said)[0]  # "crypto before I lose more money": the topic is crypto
            # "my weight or food": two topics; "design systems sometime": the topic, not when
            for part in re.split(r"\s+(?:or|and|nor)\s+(?=\w)", _TOPIC_TIME.sub("", said)):
                topic = _object(part, max_words=6, named_new=True)
                if _NO_TOPIC.match(topic):
                    continue  # "can we talk about something else": away from this one, toward none in particular
                if topic and advice:
                    about = _ADVICE.sub("", topic) or topic
                    found.append(_topic("Doesn't want {}", topic, polarity=polarity, about=about))
                elif topic:
                    found.append(_topic(template, topic, polarity=polarity))
    for match in cued(sentence, _OFF_LIMITS, "off", "no-go", "no go", "leave"):
        topic = _object(match.group("x") or match.group("y"), max_words=6)
        if topic and not sentence.rstrip().endswith("?"):
            found.append(_topic("Doesn't want to talk about {}", topic, polarity="avoid"))
    return found


def like_preferences(sentence: str) -> list[Candidate]:
    if _AVOID.search(sentence):
        return []  # "I don't like talking about X" is avoidance, handled above
    found = []
    for match in _DISLIKE.finditer(sentence):
        what = _object(match.group("x"))
        if what:
            said = " ".join((match.group("verb") or "").lower().replace("’", "'").split())
            verb = "Doesn't like" if match.group("neg") else _DISLIKE_WORDS.get(said, "Hates")
            strong = said in _STRONG_VERBS
            found.append(_preference(f"{verb} {what}", what, polarity="negative", strong=strong))
    for match in _LIKE.finditer(sentence):
        what = _object(match.group("x"))
        if what and not _is_request(what):
            said = match.group("verb").lower()
            found.append(
                _preference(f"{_LIKE_WORDS[said]} {what}", what, polarity="positive", strong=said in _STRONG_VERBS)
            )
    for match in _FAVOURITE.finditer(sentence):
        if sentence.rstrip().endswith("?") or _NOT_A_FAVOURITE.search(match.group("x")):
            continue  # "Do you remember what is my favourite?", "Not sure pizza is my favourite anymore"
        what = _object(_without_leading_filler(match.group("x")))
        if what:
            found.append(_preference(f"Loves {what}", what, polarity="positive", strong=True))
    for match in _MY_COMFORT.finditer(sentence):
        said = match.group("x")
        unloved = _SOMEONE.match(said) or _NOT_A_FAVOURITE.search(said) or said.lower() in _NOT_LOVED
        what = "" if unloved else _object(_without_leading_filler(said))
        if what and not sentence.rstrip().endswith("?"):
            found.append(_preference(f"Loves {what}", what, polarity="positive", strong=True))
    for match in _MY_FAVOURITE.finditer(sentence):
        kind, what = " ".join(match.group("kind").lower().split()), _object(match.group("x"))
        if set(kind.split()) & {"and", "but", "or", "is", "are"}:
            continue  # "my all-time favourite and pizza is my second": not a kind of thing
        if _NOT_ONE_S_OWN.search(sentence):
            continue  # "Favourite food is sushi apparently": someone else's, reported
        if what and not sentence.rstrip().endswith("?") and not _NOT_A_FAVOURITE.match(what):
            found.append(_favourite(kind, what))
    for match in _DONT_EAT.finditer(sentence):
        what = _object(match.group("x"), max_words=4)
        if what and what.lower() not in {"anymore", "any more", "now", "much", "a lot", "either", "often"}:
            found.append(_preference(f"Doesn't {match.group('verb').lower()} {what}", what, polarity="negative"))
    for match in _PERSON_OF.finditer(sentence):
        kind = match.group("x").lower()
        plural = _plural(kind) if kind in _PERSON_OF_COUNTABLE | _PERSON_OF_TIMES else kind
        if match.group("neg"):
            found.append(_preference(f"Doesn't like {plural} (not a {kind} person)", plural, polarity="negative"))
        else:
            found.append(_preference(f"Likes {plural} (a {kind} person)", plural, polarity="positive"))
    for match in _SUPPORT.finditer(sentence):
        found.append(_preference(f"Supports {match.group('x')}", match.group("x"), polarity="positive"))
    for match in [*cued(sentence, _NOT_A_FAN, "fan"), *cued(sentence, _NOT_INTO, "into")]:
        if _SOMEONES.match(match.group("x")):
            continue  # "not a fan of his new haircut", "… of how he spoke to me": an opinion of someone, not a taste
        what = _object(match.group("x"))
        if _ANYMORE.search(sentence, match.start()):
            continue  # "not into gaming anymore", "not into the second book yet": a taste that changed, or not yet
        if what and not sentence.rstrip().endswith("?"):
            found.append(_preference(f"Doesn't like {what}", what, polarity="negative"))
    strongly = [*cued(sentence, _CANT_LIVE_WITHOUT, "without"), *cued(sentence, _IS_LIFE, "life")]
    for match in strongly:
        what = _object(match.group("x"))
        words = match.group("x").lower().split()
        if _NOT_ONE_S_OWN.search(sentence, match.end("x")) or _NOT_ONE_S_OWN.search(match.group("x")):
            continue  # "… right now", "… apparently", "according to my boss": not a taste of their own
        if (
            what
            and words[0] not in {"you", "u", "him", "her", "them", "this", "that", "it", "ya"}
            and not _NEEDED.match(what)
        ):
            found.append(_preference(f"Loves {what}", what, polarity="positive", strong=True))
    for match in cued(sentence, _NEVER_LIKED, "never"):
        what = _object(match.group("x"))
        if what:
            found.append(_preference(f"Doesn't like {what}", what, polarity="negative"))
    for match in cued(sentence, _LOVER, *_LOVER_WORDS):
        what = match.group("x").lower()
        if what not in STOPWORDS and what not in _NOT_FANS_OF and not sentence.rstrip().endswith("?"):
            liked = _plural(what) if what in _PERSON_OF_COUNTABLE else what  # "a dog lover" loves dogs
            found.append(
                _preference(f"Loves {liked} (a {what} {match.group('kind').lower()})", liked, polarity="positive")
            )
    for match in cued(sentence, _NAME_FAN, "fan"):
        what = match.group("x")
        first = what.split()[0].lower()
        if first not in _NOT_FANS_OF and first not in STOPWORDS and not sentence.rstrip().endswith("?"):
            strong = match.group("strong") is not None
            found.append(_preference(f"Is a fan of {what}", what, polarity="positive", strong=strong))
    for match in _FAN.finditer(sentence):
        what = _object(match.group("x"))
        if what:
            found.append(_preference(f"Likes {what}", what, polarity="positive"))
    for match in cued(sentence, _ONE_FOR, "one for", "partial"):
        what = _object(match.group("x"))
        disclaimer = re.match(r"[^.!?]*?,?\s+but\b", sentence[match.start("x") :])
        if what and not sentence.rstrip().endswith("?") and not disclaimer and not what.lower().startswith("blame"):
            if match.group("neg"):
                found.append(_preference(f"Doesn't like {what}", what, polarity="negative"))
            else:
                found.append(_preference(f"Likes {what}", what, polarity="positive"))
    for match in cued(sentence, _VERDICT, "best thing", "hell", "nemesis", "crime against", "heaven on", "religious"):
        said = match.group("x")
        what = "" if _SOMEONE.match(said) else _object(_without_leading_filler(said))
        if what and not sentence.rstrip().endswith("?"):
            loved = match.group("good") is not None
            verb, polarity = ("Loves", "positive") if loved else ("Hates", "negative")
            found.append(_preference(f"{verb} {what}", what, polarity=polarity, strong=True))
    return found


def comparative_preferences(sentence: str) -> list[Candidate]:
    found = []
    for match in _PREFER.finditer(sentence):
        what = _object(match.group("x"), max_words=10)
        if what:
            found.append(_preference(f"Prefers {what}", what, polarity="comparative"))
    for match in _RATHER.finditer(sentence):
        what = _object(match.group("x"), max_words=10)
        if what and not _FOR_NOW_ONLY.search(what) and not _TONIGHT.search(what):  # "…than go out tonight": a choice
            # of the evening, not a taste
            found.append(_preference(f"Would rather {what}", what, polarity="comparative"))
    return found


RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    topic_preferences,
    like_preferences,
    comparative_preferences,
)


def _object(text: str, *, max_words: int = 8, named_new: bool = False) -> str:
    text = _SYMBOLS_AFTER.sub("", text)  # "cats 😅": the emoji is how it was said
    text = _ASIDE.sub("", text.strip()) if len(text.split()) > 4 else text
    if re.match(r"(?i)(?:when|how)\s", text):
        max_words = max(max_words, 12)  # a situation takes a few more words than a thing
    what = to_third_person(clean_phrase(text, max_words=max_words))
    words = what.lower().split()
    if len(words) > 1 and words[0] in {"when", "how"} and not _QUESTION_WORD.match(words[1]):
        return what  # "I hate when people are late", "I hate how traffic eats my day": what they dislike
    if words[:1] == ["reading"] and not _READ_TO_ME.search(" ".join(words[1:])):
        return what  # "I love reading", "I love reading fantasy": a pastime; "reading your messages" a reaction
    if not words or what.lower() in PRONOUN_OBJECTS or words[0] in _NOT_AN_OBJECT_START:
        return ""
    # a topic may be "the new Taylor album" (a thing named); "the new design", "I love the new flat" are of the moment
    new_named = named_new and words[1:2] == ["new"] and len(words) > 3 and words[-1] not in _REACTION_OBJECTS
    if words[0] in {"the", "this", "that", "your", "their"} and len(words) > 1 and words[1] in _REACTION_OBJECTS:
        return what if new_named else ""
    return "" if len(words) == 1 and words[0] in STOPWORDS else what


# What one reads that is the listener's or the moment's: "reading your messages", "reading this", "reading about it".
_READ_TO_ME = re.compile(
    r"\b(?:you|your|yours|this|that|these|it|about|what|how|the\s+(?:reply|replies|message|news))\b"
)
# "a good crossword in the morning with my tea": the thing is "a good crossword"; when and with whom it is had is not.
_ASIDE = re.compile(r"(?i)\s+(?:in\s+the\s+(?:morning|evening|afternoon)|on\s+(?:weekends|sundays|the\s+weekend)"
                    r"|with\s+(?:my|a|some)|every\s+\w+|at\s+night|at\s+the\s+weekend)\b.*$")  # fmt: skip
_SYMBOLS_AFTER = re.compile(r"(?:\s*[^\w\s'’\"”)\].+&%-])+\s*$")
_QUESTION_WORD = re.compile(r"(?i)(?:you|do|does|did|is|are|can|could|would|should)\b")


def _without_leading_filler(text: str) -> str:
    """'honestly sushi' → 'sushi': the discourse words a clause may start with."""
    words = text.split()
    while words and words[0].lower() in FILLER_WORDS | {"so", "well", "also"}:
        words = words[1:]
    return " ".join(words)


def _is_request(what: str) -> bool:
    # "I'd like to book…" is a request, not a taste; "I like to cook" is kept.
    return what.lower().startswith(("to know", "to ask", "to book", "to order", "to cancel", "to change"))


def preference_subject(what: str) -> str:
    """What a preference's slot is keyed on (``pref:<subject>``): "playing cricket" and "cricket" are one taste."""
    return normalise(re.sub(r"(?i)^(?:to\s+|playing\s+|eating\s+|watching\s+)", "", what))


# What is said about a subject, not the subject: "cricket scores", "money stuff", "doping cases", "diet talk" are
# cricket, money, doping and diet ("small talk" is its own).
_ASPECTS = re.compile(
    r"(?i)(?<=\w)(?<!small)\s+(?:stuff|things|scores|results|cases|strategy|strategies|updates|drama|details|stats"
    r"|matters|plans|talk)$"
)


def topic_mention(topic: str) -> EntityMention:
    """The topic is "ex", not "their ex": one entity whoever's it is said to be ("my ex", "the ex", "her ex"), and
    what is said of it is not part of it ("cricket scores" is cricket, "the new Taylor album" a Taylor album)."""
    bare = re.sub(r"(?i)^(?:(?:their|the|my|his|her)\s+)?(?:(?:new|latest|whole)\s+(?=\w+\s+\w))?", "", topic)
    bare = _ASPECTS.sub("", bare or topic) or topic
    return EntityMention(
        "topic", entity_key(bare), title(bare), aliases=tuple(dict.fromkeys((bare.lower(), topic.lower())))
    )


def _preference(content: str, what: str, *, polarity: str, strong: bool = False) -> Candidate:
    metadata = {"polarity": polarity} | ({"strength": STRONG} if strong else {})
    value = (f"polarity:{polarity}", *((f"strength:{STRONG}",) if strong else ()))
    return Candidate(PREFERENCE, content, slot=f"pref:{preference_subject(what)}", value=value, metadata=metadata)


def _plural(noun: str) -> str:
    """'cat' → 'cats', 'beach' → 'beaches', 'party' → 'parties', 'people' → 'people'."""
    if noun in {"people", "sheep", "fish"}:
        return noun
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _favourite(kind: str, what: str) -> Candidate:
    metadata = {"polarity": "positive", "strength": STRONG}
    value = ("polarity:positive", f"strength:{STRONG}", f"is:{normalise(what)}")
    return Candidate(PREFERENCE, f"Favourite {kind} is {what}", slot=f"pref:favourite {kind}", value=value,
                     metadata=metadata)  # fmt: skip


_ADVICE = re.compile(r"(?i)\s+(?:tips|advice|lectures?|suggestions)$")


def _topic(template: str, topic: str, *, polarity: str, about: str = "") -> Candidate:
    mention = topic_mention(about or topic)
    return Candidate(
        PREFERENCE,
        template.format(topic),
        slot=f"topic:{mention.key}",
        value=(f"polarity:{polarity}",),
        entities=(mention,),
        metadata={"polarity": polarity},
    )
