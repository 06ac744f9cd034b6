"""Ways of saying a feeling that no single cue word carries (contact-intelligence §4.1 fallback).

The cue lists in keywords.py read words; these read how a sentence is built: praise followed by a complaint
("great, another Monday") is sarcasm, "what if they…" is worry about what may happen, "nobody … cares" is loneliness,
"would it be weird to…" asks to be reassured, a shouted or stand-alone "again" is exasperation. Each pattern runs on
the message lowercased with apostrophes dropped (as the cue lists are), punctuation kept. Exasperation is also said by
repeating ("for the FOURTH time. Four.", "Three. Months.") and sarcasm by closing a complaint with praise ("The invoice
came. $14,200. Wonderful."); events.py holds the feelings carried by what happened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from contacts.models import Mood


@dataclass(frozen=True)
class Construction:
    mood: str
    name: str
    pattern: re.Pattern[str]
    unless: re.Pattern[str] | None = None  # found anywhere in the message, the pattern means something else
    # Emphasis that is joy as often as complaint ("for the third time", "Yes. YES."): it counts only when the message
    # is not glad (the caller's valence threshold for happiness), as "Three. Months. Pray for me" is not.
    needs_not_glad: bool = False
    # A frame that is glad only around glad news ("it's official", "X is my life", "not complaining"): it counts only
    # when the message's valence is not negative, as "it's official, we're bankrupt" is.
    needs_not_sour: bool = False

    def used_in(self, normalised: str, *, glad: bool, sour: bool = False) -> bool:
        if (self.needs_not_glad and glad) or (self.needs_not_sour and sour):
            return False
        return self.pattern.search(normalised) is not None and (
            self.unless is None or self.unless.search(normalised) is None
        )


_PRAISE = r"(?:great|perfect|wonderful|fantastic|brilliant|lovely|awesome|nice|amazing|terrific|marvell?ous|super)"

# fmt: off
# the rest of the sentence has no "!": "nice, more cake!" and "living the dream!" are glad
_UNEXCLAIMED = r"(?![^.?\n]*!)"
_CLAUSE_START = r"(?:^|[.!?,;:\n]\s*)"

# Sarcasm: a positive word used to complain. Its praise is not joy, so the classifier drops positive cues beside it.
SARCASM: tuple[Construction, ...] = (
    # "oh great, …", "Just perfect." — praise opened with a sigh; "oh great!" and "it's just great" stay sincere
    Construction(Mood.FRUSTRATED, "sighed praise",
                 re.compile(rf"{_CLAUSE_START}(?:oh|just|well|yeah) {_PRAISE}\b(?!\s*!)")),
    # "great, another all-nighter", "nice, more rain", "perfect. again."
    Construction(Mood.FRUSTRATED, "praise of a repeat",
                 re.compile(rf"\b{_PRAISE}\W+(?:another|more|again)\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "just what I needed",
                 re.compile(rf"\bjust what i (?:needed|need|wanted)\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "living the dream", re.compile(rf"\bliving the dream\b{_UNEXCLAIMED}")),
    Construction(Mood.FRUSTRATED, "thanks for nothing", re.compile(r"\bthanks for nothing\b")),
    # "i love my job, said no one ever": the praise taken back
    Construction(Mood.FRUSTRATED, "said no one ever", re.compile(r"\bsaid (?:no one|noone|nobody)(?: ever)?\b")),
    # "the train is late again. of course it is." — resignation, said as a closing sentence
    Construction(Mood.FRUSTRATED, "of course it is",
                 re.compile(r"\bof course (?:it|he|she|they) (?:is|was|did|does|would)\s*\.")),
)

OTHERS: tuple[Construction, ...] = (
    # "what if they fire me", "what if I can't keep up"; "what if we got pizza" is a suggestion, not a fear
    Construction(Mood.ANXIOUS, "what if", re.compile(r"\bwhat if (?!we\b|you\b|u\b)")),
    # asking to be reassured: "would it be weird to quit", "would that be so bad", "is it wrong that I…"
    Construction(Mood.ANXIOUS, "reassurance", re.compile(
        r"\bwould (?:it|that|this) be (?:so |too |really |that |very )?"
        r"(?:weird|bad|wrong|crazy|stupid|selfish|terrible|awful|a mistake)\b"
        r"|\bis it (?:weird|bad|wrong|crazy|stupid|selfish) (?:that|if) i\b")),
    # "im not fine", "i am not okay", "not doing great tbh": saying one is not all right ("not bad" is; "it's not ok
    # that they…" is about something else)
    Construction(Mood.SAD, "not all right", re.compile(
        r"\b(?:im|i am|i feel|feeling)\s+(?:really |honestly |just |so |definitely |clearly )?not "
        r"(?:ok|okay|fine|alright|all right|good|great|doing (?:well|ok|okay|good|great|fine))"
        r"(?=\s*(?:$|[.!?…]|,? (?:lol|tbh|honestly|rn|today|at all|really|and|but|can|i)\b))"
        # said alone: "not doing great tbh", "honestly not ok lol" (not "Not fine dining", "not okay, the wifi is down")
        r"|^\W*(?:honestly |tbh |really )?not (?:doing )?(?:ok|okay|fine|great|good|well)"
        r"(?=(?:\s(?:lol|tbh|honestly|rn|today|at all))*\s*(?:$|[.!?…]))"),
        unless=re.compile(r"\b(?:amazing|fabulous|fantastic|brilliant|awesome|incredible|we won|better than)\b")),
    # "nobody actually likes me", "no one in this city cares", "nobody texted me"
    Construction(Mood.SAD, "nobody cares", re.compile(
        r"\b(?:nobody|no one|noone)(?: \w+){0,4}? (?:likes|liked|loves|cares|cared|texted|called|remembered|remembers|"
        r"notices|noticed|understands|listens|listened|checks on|visits|visited|came|showed up|talks to|invited|"
        r"messaged|wants me|misses me)\b")),
    # Missing someone gone: "the house feels so quiet without her", "everything reminds me of him", "I keep
    # expecting him to walk in"; "the office is quiet without the boss" has no feeling word to go on and stays out.
    Construction(Mood.SAD, "the absence of someone", re.compile(
        r"\b(?:feels?|is|so|too) (?:so |too |really )?(?:quiet|empty|lonely|strange|wrong|different) without "
        r"(?:her|him|them|you|my \w+)\b"
        r"|\beverything (?:still )?reminds me of (?:her|him|them|my \w+)\b"
        r"|\bi keep (?:expecting|waiting for) (?:her|him|them|my \w+) to\b")),
)

_NTH = (r"(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|umpteenth|nth|hundredth|thousandth|millionth|"
        r"(?:[3-9]|\d\d+)(?:rd|th))")
# Exasperation said by counting and repeating; what one keeps redoing oneself is worry, not exasperation.
EXASPERATION: tuple[Construction, ...] = (
    # "I've rewritten the statement 9 times", "doing the math for the 10th time tonight"
    Construction(Mood.ANXIOUS, "redoing it", re.compile(
        r"\b(?:rewritten|rewrote|rewriting|redone|redid|redoing|rechecked|rechecking|checked|checking|re-?read|"
        r"re-?reading|gone over|went over|going over|practi[sc]ed|rehearsed|rehearsing|recalculated|(?:doing|done|did) "
        r"the (?:math|maths|numbers|sums))\b[^.!?\n]{0,40}?\b(?:(?:\d+|several|five|six|seven|eight|nine|ten|twenty|a "
        r"hundred|so many) times|for the (?:\w+) time)\b")),
    # "cancelled for the FOURTH time", "the 5th time this month", "for the third week running"; "second" is too
    # ordinary to say anything, and "the third time I've visited Rome" is counting, not complaining
    Construction(Mood.FRUSTRATED, "the nth time", re.compile(
        rf"\b(?:for the {_NTH} time|{_NTH} (?:time|day|week|month|year) (?:this|today|running|in a row))\b"
        rf"{_UNEXCLAIMED}"), needs_not_glad=True),
    Construction(Mood.FRUSTRATED, "every single time", re.compile(
        r"\bevery\W+single\W+(?:time|day|week|morning|night|year)\b"), needs_not_glad=True),
)
# fmt: on
SARCASM_NAMES = frozenset(c.name for c in SARCASM) | {"praise after a complaint"}

_EXASPERATED_AGAIN = re.compile(r"\bAGAIN\b")  # shouted: case matters, so this one reads the raw text
_AGAIN_ALONE = re.compile(r"(?:^|[.!?]\s+)again\s*[.!?]")  # "he forgot our anniversary. again."


def normalise(text: str) -> str:
    return text.lower().replace("'", "").replace("\u2019", "")


def constructions(raw: str, normalised: str, *, glad: bool) -> list[tuple[str, str]]:
    """(mood, name) of every construction the message uses, sarcasm included; `glad` says its valence is happy."""
    found = [(c.mood, c.name) for c in (*SARCASM, *OTHERS, *EXASPERATION) if c.used_in(normalised, glad=glad)]
    shouted = _EXASPERATED_AGAIN.search(raw) is not None and raw != raw.upper()  # not a message all in capitals
    if shouted or _AGAIN_ALONE.search(normalised):
        found.append((Mood.FRUSTRATED, "again"))
    if not glad and _echoed(normalised):
        found.append((Mood.FRUSTRATED, "said twice"))
    return found


# fmt: off
_SENTENCES = re.compile(r"[^.!?\n]+")
_TOKEN = re.compile(r"[^\W_]+")
# Words too common to be emphasis when repeated ("no. no.", "ok. ok.", "haha. haha").
_FILLER = frozenset({"a", "an", "the", "i", "im", "me", "my", "it", "its", "is", "so", "and", "or", "but", "to", "of",
                     "in", "on", "at", "for", "oh", "ok", "okay", "no", "yes", "yeah", "yep", "nope", "well", "just",
                     "really", "very", "lol", "haha", "hehe", "hmm", "hm", "um", "uh", "wow", "omg", "god", "sorry",
                     "please", "thanks", "bye", "hi", "hey", "that", "this", "what", "why", "again", "not", "am",
                     "are", "was", "be", "you", "he", "she", "we", "they", "do", "did", "dont"})
_NUMBER_WORDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
                 "9": "nine", "10": "ten", "11": "eleven", "12": "twelve", "first": "one", "third": "three",
                 "fourth": "four", "fifth": "five", "sixth": "six", "seventh": "seven", "eighth": "eight",
                 "ninth": "nine", "tenth": "ten", "twice": "two"}
# fmt: on
ECHO_MAX_WORDS = 3  # "Four.", "Three. Months.", "the TIME." — a longer sentence repeated is a quote or a list


def _echoed(normalised: str) -> bool:
    """A short sentence that only repeats words said just before it: "for the FOURTH time. Four.", "$800. 800!!",
    "over text. over TEXT." — the writer stops to say it again, which is exasperation (or joy, which the caller rules
    out by valence)."""
    said: set[str] = set()
    for sentence in _SENTENCES.findall(normalised):
        words = [_NUMBER_WORDS.get(w, w) for w in _TOKEN.findall(sentence)]
        content = [w for w in words if w not in _FILLER]
        if said and content and len(words) <= ECHO_MAX_WORDS and all(w in said for w in content):
            return True
        said.update(words)
    return False


# fmt: off
# A complaint closed with praise or thanks ("… 2 hours cleaning. Wonderful.", "Thank you, really.", "cheers for
# that"): the closing words only, with nothing else in the sentence and no "!".
_CLOSING_PRAISE = frozenset({
    "great", "perfect", "wonderful", "fantastic", "brilliant", "lovely", "awesome", "nice", "amazing", "terrific",
    "marvellous", "marvelous", "super", "splendid", "fab", "fabulous", "excellent", "delightful", "helpful", "classic",
    "thank", "thanks", "cheers", "appreciate", "appreciated",
    # the same in the languages people chat in
    "harika", "güzel", "süper", "mükemmel", "génial", "genial", "parfait", "magnifique", "toll", "wunderbar", "prima",
    "perfecto", "perfeito", "ótimo", "maravilha", "perfetto", "fantastico", "merci", "danke", "gracias", "obrigado",
    "obrigada", "grazie", "badhiya", "shandaar",
})
_CLOSING_FILLER = frozenset({"really", "so", "very", "just", "oh", "well", "wow", "çok", "for", "that", "this", "a",
                             "lot", "bunch", "much", "it", "truly", "yeah", "i", "you", "how", "what", "thats", "its",
                             "love", "me", "muy", "très", "sehr", "molto", "que", "quel", "cest", "news", "again"})
# fmt: on
CLOSING_MAX_WORDS = 5


def closing_praise(normalised: str) -> str | None:
    """The text before a closing run of bare praise or thanks, if the message ends with one after something else."""
    sentences = [m for m in re.finditer(r"[^.!?\n]+[.!?\n]*", normalised) if _TOKEN.search(m.group())]
    start = len(sentences)
    while start > 0:
        sentence = sentences[start - 1].group()
        words = _TOKEN.findall(sentence)
        if "!" in sentence or len(words) > CLOSING_MAX_WORDS or not set(words) <= _CLOSING_PRAISE | _CLOSING_FILLER:
            break
        if not _CLOSING_PRAISE.intersection(words):
            break
        start -= 1
    if start in (0, len(sentences)):
        return None
    return normalised[: sentences[start].start()]
