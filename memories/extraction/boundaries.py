"""Boundaries said as requests, beside "don't talk about …" (preferences.py): "please don't suggest cochlear
implants", "please never suggest drinking stuff to me", "please don't ask me when I'm finishing the thesis", "I'm not
interested in discussing religion", "please do not refer to me as a 'senior'", "please no motivational quotes".

A request is a lasting boundary only when it names what it is about: "please don't go", "don't ask me that", "don't
suggest anything yet" name nothing and are about this conversation. It is the speaker's own request, said bare or
after "please", "so", "and" (never a report: "they never suggest anything", "she doesn't ask me how I am"). Each
names its topic, as every avoided topic does.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.preferences import _LISTENER, _NEG, _TOPIC_TIME, _object, _topic
from memories.extraction.text import CLAUSE_END, STOPWORDS, cued, phrase, to_third_person
from memories.extraction.types import Candidate

# A request starts its clause: at the start, after a comma, or after a word that joins it to the one before.
_BARE = r"(?:^\W*|[,;:]\s*|\b(?:so|and|but|also|just|please|pls|plz|honestly|seriously|ok|okay)\s+)"
_PLEASE = r"(?:(?:please|pls|plz|kindly)\s*,?\s+)?"
_DONT = rf"(?:{_NEG}|can\s+you\s+not|could\s+you\s+not)\s+(?:ever\s+)?"
_CAN_YOU = r"(?:(?:can|could|will|would)\s+(?:you|u)\s+(?:please\s+|pls\s+)?)?"
# "call me" names a boundary only with what one is called: "don't call me a senior", not "don't call me tomorrow"
_CALLED = (
    r"(?=\s+(?:an?\s|['‘\"“]|(?:sweetie|sweetheart|babe|baby|honey|hun|hon|love|darling|dear|mate|buddy|bro|dude|sir"
    r"|ma['’]?am|madam|miss|kiddo|kid|sport|champ|chief|boss|girl|lady|young\s+lady|young\s+man)\b))"
)
_REQUESTS = {
    "suggest": "Doesn't want {} suggested", "recommend": "Doesn't want {} suggested", "push": "Doesn't want {} pushed",
    "offer me": "Doesn't want to be offered {}", "send me": "Doesn't want to be sent {}",
    "refer to me as": "Doesn't want to be called {}", "address me as": "Doesn't want to be called {}",
    "call me": "Doesn't want to be called {}", "asking me about": "Doesn't want to talk about {}",
    "asking about": "Doesn't want to talk about {}",
    "bringing up": "Doesn't want to talk about {}", "mentioning": "Doesn't want to talk about {}",
}  # fmt: skip
_REQUEST = re.compile(
    rf"(?i){_BARE}{_PLEASE}(?:{_DONT}(?P<verb>suggest|recommend|push|offer\s+me|send\s+me|refer\s+to\s+me\s+as"
    rf"|address\s+me\s+as|call\s+me{_CALLED})"
    rf"|{_CAN_YOU}(?:stop|quit)\s+(?P<ing>suggesting|recommending|pushing|sending\s+me|referring\s+to\s+me\s+as"
    rf"|calling\s+me{_CALLED}|asking(?:\s+me)?\s+about|bringing\s+up|mentioning))\s+{phrase('x')}"
)
_REQUEST_CUES = ("suggest", "recommend", "push", "offer", "send", "refer", "address", "call", "asking", "bringing",
                 "mentioning")  # fmt: skip
_ING = {"suggesting": "suggest", "recommending": "recommend", "pushing": "push", "sending me": "send me",
        "referring to me as": "refer to me as", "calling me": "call me"}  # fmt: skip
# "please don't ask me when I'm finishing the thesis": asked about what the clause names
_ASK_WH = re.compile(
    rf"(?i){_BARE}{_PLEASE}(?:{_DONT}ask\s+me|{_CAN_YOU}(?:stop|quit)\s+asking\s+me)\s+"
    rf"(?P<wh>when|how|why|whether|what|where|who)\s+(?P<x>[^.!?,;:\n()]{{1,80}}?){CLAUSE_END}"
)
_DETERMINED = re.compile(r"(?i)\b(?:the|my|a|an|our|his|her|their)\s+(?P<noun>[\w'-]+(?:\s+[\w'-]+)?)")
_NOT_A_NOUN = STOPWORDS | {"yet", "already", "now", "today", "soon", "again", "anymore", "lately", "going", "doing",
                           "happening", "coming", "done", "finished", "over", "ok", "okay", "fine"}  # fmt: skip
# "I'm not interested in discussing religion". Not "I'm not interested in dating": as often a passing state as a taste
_NOT_INTERESTED = re.compile(
    r"(?i)\bi(?:['’]m|\s+am|m)\s+(?:just\s+|really\s+|honestly\s+|simply\s+|genuinely\s+)?not\s+"
    r"(?:really\s+|very\s+|at\s+all\s+|remotely\s+|even\s+|that\s+|too\s+|particularly\s+|in\s+the\s+least\s+)?"
    r"interested\s+in\s+(?:discussing|talking\s+about|hearing\s+about|debating|chatting\s+about|getting\s+into)\s+"
    rf"{phrase('x')}"
)
_DEBATING_SOMEONE = re.compile(r"(?i)\bdebat(?:e|ing)\s+(?-i:[A-Z][a-z'’-]+)(?:\s+(?-i:[A-Z][a-z'’-]+))?\s*$")
_NO_WISH = re.compile(
    r"(?i)\bi\s+have\s+(?:no|zero)\s+(?:interest|desire|wish)\s+(?:in|to)\s+"
    rf"(?:discussing|discuss|talking\s+about|talk\s+about|hearing\s+about|hear\s+about|debating|debate)\s+{phrase('x')}"
)
_PASSING = re.compile(r"(?i)\b(?:right\s+now|rn|now|today|tonight|at\s+the\s+moment|for\s+now|this\s+(?:week|time))\b")
# "please no 'hustle culture' motivational quotes", "no politics please": a boundary when it names something said
# or sent in a conversation ("no onions please" is an order, "no worries please" a phrase)
_PLEASE_NO = re.compile(
    rf"(?i)(?:^\W*|[,;:]\s*|\b(?:so|and|but|also|just|ok|okay|oh)\s+)(?:(?:please|pls|plz)\s*,?\s+no\s+(?:more\s+)?"
    rf"{phrase('x')}|no\s+(?:more\s+)?(?P<y>[^.!?,;:\n()]{{1,40}}?)\s*,?\s*(?:please|pls|plz)\b)"
)
_SAID_THINGS = frozenset({
    "politics", "religion", "spoilers", "spoiler", "emojis", "emoji", "emoticons", "memes", "gifs", "jokes", "puns",
    "quotes", "lectures", "lecture", "advice", "tips", "sermons", "sermon", "preaching", "pep talks", "small talk",
    "talk", "news", "gossip", "drama", "questions", "comments", "remarks", "compliments", "sympathy", "pity",
    "platitudes", "clichés", "cliches", "affirmations", "speeches", "jargon", "suggestions", "recommendations",
    "reminders", "nicknames", "pet names", "therapy speak", "positivity", "motivation", "hashtags", "sarcasm",
})  # fmt: skip
# What a conversation is made of, named alone: a request about this one ("please, no questions"), not a topic
_THIS_CONVERSATION = frozenset({"questions", "talk", "chat", "comments", "remarks", "suggestions", "recommendations",
                                "reminders", "more questions", "advice", "tips"})  # fmt: skip
# "don't suggest anything yet": nothing named
_NOTHING_NAMED = frozenset({"anything", "something", "everything", "nothing", "anyone", "someone", "anybody",
                            "somebody", "stuff", "things", "more", "another", "any", "some"})  # fmt: skip
_ABOUT = re.compile(r"(?i)\s(?:about|on|of)\s")
# "Pushed" is a boundary only of what is pushed on one ("don't push religion on me"), not of any thing pushed ("don't
# push the red button")
_ON_ME = re.compile(r"(?i)\s+on(?:to)?\s+me\b")
# A request with a time limit is for now, not a lasting boundary: "don't send me the invoice until Friday"
_TIME_LIMIT = re.compile(r"(?i)\b(?:until|till|til|untill|before|after)\s+\w|\byet\b")
# What is sent or offered with "the", "that", "this": a thing of this exchange ("stop sending me the link, I got it"),
# not a kind of thing one never wants ("don't send me memes")
_THIS_EXCHANGE = re.compile(r"(?i)^(?:the|that|this|those|these)\s")
_SENT = frozenset({"send me", "offer me"})
# Where a topic is raised is not the topic: "stop bringing up the budget in standups" is about the budget
_CONTEXT = re.compile(r"\s+(?:during|(?i:in|at|on)(?=\s+(?:(?i:the|our|my|every|each|a|an)\s+)?[a-z]))\s+.*$")


# What one is asked about of a day, not a topic: "stop asking about my day lol, it was fine"
_A_DAYS_NEWS = re.compile(r"(?i)(?:their|the|this)\s+(?:day|night|morning|evening|weekend|week|shift)")


def requests(sentence: str) -> list[Candidate]:
    """'please don't suggest cochlear implants', 'please do not refer to me as a senior', 'stop bringing up Greg'."""
    found = []
    for match in cued(sentence, _REQUEST, *_REQUEST_CUES):
        said = " ".join((match.group("verb") or match.group("ing")).lower().split())
        verb = _ING.get(said, said)
        template, said_x = _REQUESTS[verb], match.group("x")
        if verb == "push":
            if not _ON_ME.search(said_x):
                continue
            said_x = _ON_ME.split(said_x)[0]
        if _TIME_LIMIT.search(said_x) or (verb in _SENT and _THIS_EXCHANGE.match(said_x)):
            continue
        said_x = _CONTEXT.sub("", _LISTENER.split(said_x)[0])
        for part in re.split(r"\s+(?:or|nor)\s+(?=\w)", _TOPIC_TIME.sub("", said_x)):
            what = _object(_unquoted(part), max_words=6)
            if what and what.split()[0].lower() not in _NOTHING_NAMED and not _A_DAYS_NEWS.fullmatch(what):
                found.append(_topic(template, what, polarity="avoid", about=_said_thing(part)))
    for match in cued(sentence, _ASK_WH, "ask"):
        if _one_off(match.group("wh").lower(), match.group("x")):
            continue
        determined = _DETERMINED.search(match.group("x"))
        noun = _noun(determined.group("noun")) if determined else ""
        if noun:
            asked = to_third_person(f"{match.group('wh').lower()} {' '.join(match.group('x').split())}")
            found.append(_topic("Doesn't want to be asked {}", asked, polarity="avoid", about=noun))
    return found


def not_interested(sentence: str) -> list[Candidate]:
    """'I'm not interested in discussing religion', 'I have no desire to talk about the wedding'."""
    found = []
    for pattern in (_NOT_INTERESTED, _NO_WISH):
        for match in cued(sentence, pattern, "interest", "desire", "wish"):
            what = _object(match.group("x"), max_words=6)
            if _DEBATING_SOMEONE.search(match.group(0)):
                continue  # "… in debating Tom": one debates a person as the other side, who is no topic
            if what and not _PASSING.search(match.group("x")):  # "… right now": about this conversation
                found.append(_topic("Doesn't want to talk about {}", what, polarity="avoid"))
    return found


def please_no(sentence: str) -> list[Candidate]:
    found = []
    for match in cued(sentence, _PLEASE_NO, "please", "pls", "plz"):
        said = match.group("x") or match.group("y") or ""
        what = _object(_unquoted(said), max_words=6)
        words = what.lower().split()
        named = " ".join(words[-2:]) in _SAID_THINGS or (bool(words) and words[-1] in _SAID_THINGS)
        if what and named and " ".join(words) not in _THIS_CONVERSATION and not _ABOUT.search(f" {what} "):
            found.append(_topic("Doesn't want {}", what, polarity="avoid", about=_said_thing(said)))
    return found


RULES: tuple[Callable[[str], list[Candidate]], ...] = (requests, not_interested, please_no)


# A question of where a thing is, or of how a thing ("the game", not "my marriage") went, is about this day's events
_A_PAST_VERB = re.compile(r"(?i)^(?:[^\W\d_]{3,}ed|went|was|were|did|happened|began|won|lost|got|came|left|said)$")


def _one_off(wh: str, asked: str) -> bool:
    """'where the keys are', 'how the game ended': asked once about a thing, not a lasting subject of one's own."""
    words = asked.lower().split()
    if wh == "where" or not words or words[0] != "the":
        return wh == "where"
    return any(_A_PAST_VERB.match(word) for word in words[1:])


def _noun(text: str) -> str:
    """'thesis' from 'thesis yet', 'divorce' from 'divorce is going': a determined noun's own words."""
    words = []
    for word in text.split():
        if word.lower() in _NOT_A_NOUN or _A_PAST_VERB.match(word):
            break
        words.append(word)
    return " ".join(words)


_QUOTED_MODIFIER = re.compile(r"^(?:an?\s+|the\s+)?['‘\"“][^'’\"”]{1,40}['’\"”]\s+(?=\w)")
_QUOTE_MARK = re.compile(r"(?:^|(?<=\s))['‘’\"“”]|['‘’\"“”](?=\s|$)")


def _unquoted(said: str) -> str:
    """ "a 'senior'" → "a senior": quote marks, not the apostrophes inside words ("don't")."""
    return _QUOTE_MARK.sub("", said.strip())


def _said_thing(said: str) -> str:
    """What a topic is named by: "motivational quotes" for "'hustle culture' motivational quotes", "senior" for
    "a 'senior'" (a scare-quoted qualifier, an article and the quotes are how it was said, not what it is)."""
    bare = _QUOTED_MODIFIER.sub("", _LISTENER.split(said.strip())[0])
    bare = re.sub(r"(?i)^(?:an?|the)\s+", "", _unquoted(bare))
    return _object(bare, max_words=6) or _object(_unquoted(said), max_words=6)
