"""Tastes said without a verb of liking: "nothing beats ugali", "Beşiktaş till I die", "golf isn't my thing", "tea over
coffee, every time", "me who hates cats".

Most of these name the thing *before* the words that make it a taste, so the thing is read backwards from them: the
words of its own clause (after the last comma, symbol or conjunction), four at most, none of them a pronoun, a verb of
being or a possessive. A possessive is a person or one's own passing thing ("my mum is my rock"), a longer clause is a
statement about something else ("the thing is football is the GOAT"), and one's people, medicines and conditions are
not tastes ("the kids are the GOAT"). Contents are the preference rules' own ("Loves …", "Hates …", "Prefers …"), so
the same taste said both ways is one memory.

Not read: "X is my therapy / my fuel / my life / my guy". Said of a treatment, a medicine, a baby, a dog, a friend or a
way of coping as often as of a pastime, it proposed as many wrong memories as right ones on people it was not written
for (the held-out corpus).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.preferences import _object, _preference
from memories.extraction.text import STOPWORDS, clean_phrase, cued, phrase
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import CONDITIONS, JOB_TITLES, MEDICATIONS, RELATIONS

# How far back a thing may start before the words that make it a taste: a clause's few words, and a long message
# stays linear.
_LOOKBACK = 80
_BE = r"(?:\s+(?:is|are)|['’]s)"
_EMPHASIS = r"(?:\s+(?:honestly|really|literally|truly|definitely|absolutely|officially|basically|still|just))?"
# Where a clause ends: what follows the words that make it a taste, when they must close it ("Federer is the GOAT")
_END = r"(?=\s*(?:[.!?,;:)\n]|$)|\s+(?:ever|honestly|tbh|lol|lmao|fr|ngl|man|mate|bro)\b|\s+[^\w\s])"

# "Rapid Wien is the only real club", "Federer is the GOAT": an allegiance, said strongly.
_THE_ONE = re.compile(
    rf"(?i){_BE}{_EMPHASIS}\s+the\s+(?:only\s+(?:real|true|proper|decent)\s+(?:club|team|side|band|sport|music|food"
    rf"|cuisine|drink|game|league|artist|rapper|singer|show)\b|(?:goat|greatest\s+of\s+all\s+time){_END})"
)
# ("friends for life", "scarred for life" are not allegiances: only dying says it)
_TILL_I_DIE = re.compile(r"(?i)\s+(?:till|until|til|untill|['’]til+)\s+i\s+die\b")
# An activity till one dies is what one is condemned to ("working till I die, apparently"), not an allegiance: a club,
# an artist or a thing is named by a noun, never by a verb's -ing form.
_GERUND = re.compile(r"(?i)^[^\W\d_]{2,}ing$")
# A colour till one dies is a club's colour ("blue till I die"): the club is not named, and it is no favourite colour.
_COLOURS = frozenset({
    "red", "blue", "sky blue", "light blue", "green", "white", "black", "yellow", "orange", "purple", "claret",
    "maroon", "navy", "gold", "red and white", "black and white", "blue and white",
})  # fmt: skip
# "I'm a Spurs season ticket holder", "man city season ticket holder since 2008"
_SEASON_TICKET = re.compile(r"(?i)\s+season[-\s]ticket\s+holder\b")
_SEASON_TICKET_FOR = re.compile(
    r"(?i)\bi(?:['’]m|\s+am|m|\s+have|['’]ve\s+(?:got|had)|\s+got)\s+(?:a|an)\s+season[-\s]ticket\s+(?:holder\s+)?for\s+"
    r"(?P<x>[^\W\d_][\w'.&-]*(?:\s+[^\W\d_][\w'.&-]*){0,2})"
)
_SUPPORTER = re.compile(r"(?i)^(?:i['’]m|i\s+am|im|i['’]ve\s+been|i\s+have\s+been)\s+(?:a\s+|an\s+)?(?:proud\s+)?")

# "Dallas traffic is a special kind of hell", "queues are my pet peeve". Not "the worst" or "hell" alone: "the
# evenings are the worst", "night shifts are hell" say how one is doing, not what one dislikes; nor "overrated",
# said wryly as often as not ("sleep is overrated").
_DISLIKED = re.compile(
    rf"(?i){_BE}{_EMPHASIS}\s+(?:a\s+(?:special|whole\s+(?:other|new)|unique)\s+(?:kind|level|circle|brand)\s+of\s+hell"
    r"|my\s+(?:biggest\s+|number\s+one\s+|ultimate\s+)?(?:pet\s+peeve|nemesis|sworn\s+enemy)"
    r"|the\s+bane\s+of\s+my\s+(?:existence|life))(?![\w-])"
)
# "golf isn't my thing", "horror is not my cup of tea", "running just isn't for me"
_NOT_MINE = re.compile(
    r"(?i)(?:\s+(?:just|really|honestly|simply|definitely))?(?:\s+(?:is|are)\s+not|\s+isn['’]?t|\s+aren['’]?t|['’]s\s+not|\s+ain['’]?t)\s+"
    r"(?:really\s+|exactly\s+|quite\s+|just\s+|honestly\s+|totally\s+)?"
    r"(?:my\s+(?:thing|cup\s+of\s+tea|jam|scene|vibe|style)|for\s+me)(?![\w-])"
)
# "Not for me" said of whose a thing is or whose call it is, not of a taste: "the seat is not for me, it's for my mum",
# "the salary is not for me to decide"
_FOR_ANOTHER = re.compile(
    r"(?i)\s*(?:to\s+[^\W\d_]|,?\s*(?:but\s+)?(?:it['’]?s|it\s+is|they['’]?re|they\s+are|that['’]?s|but|rather)"
    r"\s+(?:\w+\s+)?for\b)"
)
# A passing state, not a taste: "golf isn't my thing right now", "Humira is my therapy now"
_NOW = re.compile(
    r"(?i)\s*(?:right\s+now|rn|now|today|tonight|this\s+(?:week|month|year|morning)|at\s+the\s+moment|lately"
    r"|these\s+days)\b"
)
# A comparison of amounts over a period or in figures is a report, not a preference: "revenue > expenses this month",
# "sales > 2023 targets"
_PERIOD_OR_FIGURE = re.compile(
    r"(?i)\d|\b(?:(?:this|last|next|per|each|every)\s+(?:day|week|month|quarter|year|season|term|time)|today|so\s+far"
    r"|ytd|yoy|qoq|q[1-4])\b"
)
# Things of one's circumstances, not tastes: "life is a special kind of hell", "work is my life"
_CIRCUMSTANCES = frozenset({
    "life", "everything", "things", "work", "school", "today", "tonight", "tomorrow", "yesterday", "the day",
    "the week", "the job", "the situation", "the world", "it all",
})  # fmt: skip

# "Hyderabadi biryani > everything else", "linocut over any other medium, every time", "cats over dogs any day"
# (not an arrow, "->", "=>", nor markup, "<p>")
_GREATER = re.compile(r"(?<=[^\W\d_])\s*(?<![-=<])>{1,3}\s*(?=[^\W\d_])")
_OVER = re.compile(
    r"(?i)\s+over\s+(?:(?P<any>(?:any|every|all)\s+(?:other\s+)?[^.!?,;:\n]{1,40}?)(?=\s*(?:[.!?,;:\n]|$))"
    r"|(?P<y>[^.!?,;:\n]{1,40}?)\s*,?\s+(?:every\s+(?:single\s+)?time|any\s*day|all\s+day(?:\s+long)?|always"
    r"|hands\s+down|any\s*time)\b)"
)
# Verbs said with "over" ("stressed over exams all day", "fell over every time"): not a thing preferred to another
_OVER_VERBS = frozenset({
    "stress", "worry", "obsess", "fight", "fought", "fall", "fell", "trip", "go", "went", "get", "got", "come", "came",
    "run", "ran", "pass", "hand", "think", "mull", "sleep", "slept", "cry", "laugh", "argue", "bicker", "fuss", "fret",
    "drool", "gush", "rave", "hang", "hung", "jump", "climb", "look", "watch", "take", "took", "turn", "win", "won",
    "lose", "lost", "roll", "flip", "knock", "tip", "spill", "boil", "drive", "drove", "walk", "fly", "flew", "lean",
    "read", "talk", "chat", "game", "start", "do", "redo", "sleepover", "hangover", "left",
})  # fmt: skip

# "Nothing beats ugali and sukuma wiki", "nothing better than a cuppa", "you can't beat a Sunday roast" (not "nothing
# like …": "nothing like a 12-hour shift to …" is as often said wryly)
_NOTHING_BEATS = re.compile(
    r"(?i)(?:^\W*|[,;:]\s*|\b(?:and|but|honestly|tbh|ngl|seriously|man|god|lol|because|cause)\s+)"
    r"(?:there['’]?s\s+|there\s+is\s+)?(?:nothing|(?:you|u)\s+can['’]?t\s+beat|(?:you|u)\s+cannot\s+beat)"
    rf"(?:(?<=beat)|\s+(?:quite\s+|really\s+)?(?:beats|tops|compares\s+to|(?:is\s+)?better\s+than))\s+{phrase('x')}"
)
# "Me who hates cats", "as someone who loves a good spreadsheet": the speaker, said in passing.
_ME_WHO = re.compile(
    r"(?i)\b(?:me|as\s+(?:someone|somebody|a\s+person|a\s+[a-z]+|an\s+[a-z]+)),?\s+who\s+"
    r"(?:really\s+|genuinely\s+|absolutely\s+|truly\s+|honestly\s+)?"
    rf"(?P<verb>hates|loves|adores|despises|detests|can['’]?t\s+stand|cannot\s+stand|likes|enjoys)\s+{phrase('x')}"
)
_ME_WHO_WORDS = {"hates": ("Hates", "negative", True), "loves": ("Loves", "positive", True),
                 "adores": ("Adores", "positive", True), "despises": ("Hates", "negative", True),
                 "detests": ("Hates", "negative", True), "likes": ("Likes", "positive", False),
                 "enjoys": ("Enjoys", "positive", False)}  # fmt: skip
# "i main valorant now": the game (or the character) one plays most
_MAIN = re.compile(rf"(?i)\bi\s+(?:still\s+|only\s+|basically\s+)?main\s+{phrase('x')}")
# "Çay, always çay": the thing said twice, the second time with "always" ("football forever" is not read: "Margaret
# forever", "friends forever" are people)
_ALWAYS = re.compile(r"(?i)^\W*(?P<x>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,2}),?\s+(?:always|only)\s+(?P=x)\b")
# ... said as often as a sigh: a nuisance one keeps meeting ("traffic, always traffic") or a word said, not a thing
# had ("sorry, always sorry", "no, always no")
_SIGHED = frozenset({
    "sorry", "thanks", "please", "yes", "no", "ok", "okay", "fine", "whatever", "same", "again", "late", "busy",
    "tired", "broke", "stuck", "waiting", "traffic", "rain", "work", "meetings", "deadlines", "bills", "problems",
    "excuses", "drama", "delays", "queues", "chores", "emails", "paperwork", "overtime", "something", "someone",
    "me", "us",
})  # fmt: skip
# "Nothing beats the feeling of getting fired lol": a laugh or an eye-roll makes it wry. "You can't beat the traffic":
# beating "the" thing is overcoming it (the traffic, the system, the heat); a taste is said of "a" thing or a bare one.
_WRY = re.compile(r"(?i)(?<![\w'])(?:lol+|lmao+|rofl|haha\w*|/s)(?![\w'])|[🙃🙄😂🤣💀😒]")
_BEAT_THE = re.compile(r"(?i)can['’]?t\s+beat\s+the\s|cannot\s+beat\s+the\s")
# "Tom Brady is the GOAT, my husband says": what someone else says, not the speaker's taste
_REPORTED = re.compile(
    r"(?i),\s*(?:according\s+to\s+\S+|(?!i\s)(?:(?:my|his|her|our|their|the|your)\s+)?[^\W\d_][\w'-]*"
    r"(?:\s+[^\W\d_][\w'-]*)?\s+(?:says|said|thinks|reckons|claims|insists|swears|keeps\s+saying|tells\s+me))\W*$"
)

# Words a thing's few words never hold: pronouns, verbs of being, possessives (STOPWORDS, except what a name may hold)
_NOT_IN_A_THING = STOPWORDS - {"and", "the", "a", "an", "of", "n", "&"}
_OPENERS = frozenset({"honestly", "tbh", "ngl", "imo", "lol", "ok", "okay", "also", "plus", "yeah", "yes", "no", "so",
                      "well", "but", "and", "unpopular", "opinion", "hot", "take", "fact", "facts"})  # fmt: skip
_BREAK = re.compile(
    r"(?i)[^\w\s'’&+.-]|(?<![\w'’-])(?:and|but|because|cause|cuz|coz|since|so|though|although|while|which|plus"
    r"|whereas|tbh|ngl|imo|honestly|lol|also|then|cos)(?![\w'’-])"
)
# One's people, medicines, conditions and feelings: "the kids are the GOAT", "the pharmacist is my nemesis", "anxiety
# is the bane of my existence"
_NOT_A_TASTE = (
    frozenset(RELATIONS)
    | MEDICATIONS
    | CONDITIONS
    | {"kids", "children", "boys", "girls", "babies", "family", "grandkids", "grandchildren", "twins"}
    | {
        "anger",
        "rage",
        "spite",
        "hate",
        "hatred",
        "fear",
        "grief",
        "guilt",
        "sadness",
        "pain",
        "stress",
        "worry",
        "loneliness",
        "revenge",
        "anxiety",
        "panic",
    }
)
_PEOPLE = frozenset(RELATIONS) | JOB_TITLES | {"kids", "children", "boys", "girls", "babies", "family", "twins"}
_PLACE = re.compile(r"\s+(?:at|near|from|in)\s+(?-i:[A-Z]).*$")


def said_as_mine(sentence: str) -> list[Candidate]:
    """'Rapid Wien is the only real club', 'Beşiktaş till I die', 'a Spurs season ticket holder', 'queues are my pet
    peeve', 'golf isn't my thing'."""
    found = []
    for pattern, cues in ((_THE_ONE, ("the only", "goat", "greatest")), (_TILL_I_DIE, ("die",))):
        for match in cued(sentence, pattern, *cues):
            thing = _thing_before(sentence, match.start())
            if thing and pattern is _TILL_I_DIE and _an_activity(thing):
                continue
            if thing and thing.lower() not in _COLOURS | _CIRCUMSTANCES:
                found.append(_preference(f"Loves {thing}", thing, polarity="positive", strong=True))
    for match in cued(sentence, _SEASON_TICKET, "season"):
        thing = _thing_before(sentence, match.start(), opener=_SUPPORTER)
        if thing:
            found.append(_preference(f"Supports {thing} (season ticket holder)", thing, polarity="positive"))
    for match in cued(sentence, _SEASON_TICKET_FOR, "season"):
        thing = _object(match.group("x"), max_words=3)
        if thing:
            found.append(_preference(f"Supports {thing} (season ticket holder)", thing, polarity="positive"))
    return found + _disliked(sentence)


def _disliked(sentence: str) -> list[Candidate]:
    found = []
    for match in cued(sentence, _DISLIKED, "hell", "peeve", "nemesis", "enemy", "bane"):
        thing = _thing_before(sentence, match.start())
        if thing and thing.lower() not in _CIRCUMSTANCES and not _NOW.match(sentence, match.end()):
            found.append(_preference(f"Hates {thing}", thing, polarity="negative", strong=True))
    for match in cued(sentence, _NOT_MINE, "for me", "my "):
        thing = _thing_before(sentence, match.start())
        if match.group(0).lower().endswith("for me") and _FOR_ANOTHER.match(sentence, match.end()):
            continue
        if thing and thing.lower() not in _CIRCUMSTANCES and not _NOW.match(sentence, match.end()):
            found.append(_preference(f"Doesn't like {thing}", thing, polarity="negative"))
    return found


def said_against_another(sentence: str) -> list[Candidate]:
    """'Hyderabadi biryani > everything else', 'linocut over any other medium, every time'."""
    found = []
    for match in cued(sentence, _GREATER, ">"):
        if "<" in sentence[max(0, match.start() - _LOOKBACK) : match.start()]:
            continue  # markup ("<p>…"), not a comparison
        thing = _thing_before(sentence, match.start())
        other = clean_phrase(_first_clause(sentence[match.end() : match.end() + _LOOKBACK]), max_words=4)
        if thing and other and not _PERIOD_OR_FIGURE.search(f"{thing} {other}"):
            found.append(_preference(f"Prefers {thing} over {other}", thing, polarity="comparative"))
    for match in cued(sentence, _OVER, "over"):
        thing = _thing_before(sentence, match.start())
        other = _object(match.group("any") or match.group("y"), max_words=5)
        if thing and other and not _said_as_a_verb(thing):
            found.append(_preference(f"Prefers {thing} over {other}", thing, polarity="comparative"))
    return found


def said_in_passing(sentence: str) -> list[Candidate]:
    """'Nothing beats ugali', 'Me who hates cats', 'i main valorant', 'Çay, always çay'."""
    found = []
    for match in cued(sentence, _NOTHING_BEATS, "beat", "nothing"):
        thing = _object(match.group("x"))
        if thing and not _WRY.search(sentence) and not _BEAT_THE.search(match.group(0)):
            found.append(_preference(f"Loves {thing}", thing, polarity="positive", strong=True))
    for match in cued(sentence, _ME_WHO, "who"):
        thing = _object(match.group("x"))
        if thing:
            verb, polarity, strong = _ME_WHO_WORDS.get(match.group("verb").lower(), ("Hates", "negative", True))
            found.append(_preference(f"{verb} {thing}", thing, polarity=polarity, strong=strong))
    for match in cued(sentence, _MAIN, "main"):
        thing = _object(_NOW.sub("", match.group("x")), max_words=3)
        if thing:
            found.append(_preference(f"Mains {thing}", thing, polarity="positive"))
    twice = _ALWAYS.match(sentence)
    said = twice.group("x") if twice else ""
    if said and not set(said.lower().split()) & (_NOT_IN_A_THING | _SIGHED):
        thing = _object(said, max_words=3)
        if thing and thing.lower() not in _CIRCUMSTANCES:
            found.append(_preference(f"Loves {thing}", thing, polarity="positive", strong=True))
    return found


def _said_by_me(rule: Callable[[str], list[Candidate]]) -> Callable[[str], list[Candidate]]:
    """The rule, read only in what the speaker says as their own: not "…, my husband says"."""

    def read(sentence: str) -> list[Candidate]:
        return [] if _REPORTED.search(sentence) else rule(sentence)

    read.__name__, read.__doc__ = rule.__name__, rule.__doc__
    return read


RULES: tuple[Callable[[str], list[Candidate]], ...] = tuple(
    _said_by_me(rule) for rule in (said_as_mine, said_against_another, said_in_passing)
)


def _thing_before(sentence: str, end: int, *, opener: re.Pattern[str] | None = None) -> str:
    """The few words of the clause that ends at ``end``: the thing a taste is said of, or "" when the clause is
    longer than a thing or is about a person. "that" after a comma is the clause before it ("Hajduk Split, that's
    the only real club")."""
    start = max(0, end - _LOOKBACK)
    head = sentence[start:end]
    cut = 0
    for cut_at in _BREAK.finditer(head):
        cut = cut_at.end()
    if cut == 0 and start > 0:
        return ""  # the clause started further back: longer than a thing
    said = head[cut:].strip()
    if said.lower() in {"that", "this", "it"} and head[:cut].rstrip().endswith(","):
        return _thing_before(sentence, start + head[:cut].rstrip().rfind(","), opener=opener)
    if opener is not None:
        said = opener.sub("", said)
    words = _PLACE.sub("", said).split()
    while words and words[0].lower() in _OPENERS:
        words = words[1:]
    lowered = [word.lower() for word in words]
    if not 0 < len(words) <= 4 or set(lowered) & _NOT_IN_A_THING or _is_people(lowered):
        return ""
    if lowered[0] in {"the", "a", "an"}:
        words[0] = lowered[0]  # "The ocean is my church": the ocean
    return _object(" ".join(words), max_words=4)


def _is_people(words: list[str]) -> bool:
    """'the baby', 'the pharmacist', 'insulin': someone, or a medicine or condition, never a taste."""
    return words[-1] in _PEOPLE or " ".join(words).removeprefix("the ") in _NOT_A_TASTE


def _an_activity(thing: str) -> bool:
    """'working', 'paying rent': a verb's -ing form with no name after it ("Reading FC" is a club)."""
    first, *rest = thing.split()
    return bool(_GERUND.match(first)) and not any(word[:1].isupper() for word in rest)


def _first_clause(text: str) -> str:
    for cut_at in _BREAK.finditer(text):
        text = text[: cut_at.start()]
        break
    return text.split(". ")[0].rstrip(".")


def _said_as_a_verb(thing: str) -> bool:
    words = thing.lower().split()
    return words[0] in _OVER_VERBS or any(word.endswith("ed") and len(word) > 4 for word in words)
