"""Offline mood classifier fallback: cue phrases plus VADER valence (contact-intelligence §4.1).

VADER (vaderSentiment, MIT) supplies what a hand list would get wrong: valence, its negation rules, booster words and
an emoji lexicon. VADER only knows positive/negative, so small cue lists map words to the eleven moods; emoji reach
those lists through VADER's emoji descriptions ("😂" -> "face with tears of joy"), so no emoji table lives here.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from vaderSentiment.vaderSentiment import BOOSTER_DICT, NEGATE, SentimentIntensityAnalyzer

from contacts.models import Energy, Mood, Style
from moods.classification.reading import MoodReading
from moods.models import MoodSource

# VADER's compound score, -1..1. Where no cue fires, this much valence still names a mood: 0.45 is about one clearly
# emotional word (|valence| >= 2 of VADER's 4, "terrible", ":)"), while mild ones ("good morning", 0.44) stay neutral.
HAPPY_VALENCE = 0.45
SAD_VALENCE = -0.45
# |compound| this strong raises energy one level, like caps, "!!" and boosters do.
INTENSE_VALENCE = 0.8
# VADER's own convention: |compound| below this is neutral, so it neither agrees nor disagrees with a cue.
NEUTRAL_BAND = 0.05
EXCLAMATIONS_FOR_EMPHASIS = 2  # one "!" is ordinary chat punctuation
DEEP_MIN_WORDS = 40  # a long message with no strong feeling reads as reflective
# VADER's scoring is quadratic in words (it re-lowercases the whole text per word): bound the work per call.
# 500 characters is a long chat message and costs ~2 ms at worst.
MAX_CHARS = 500

# Confidence: the default is a guess; valence alone is weaker evidence than a named feeling; cues gain from support
# (more hits, VADER agreeing) and lose to rival moods. Any cue (>= 0.5) outranks the default (0.3).
DEFAULT_CONFIDENCE = 0.3
VALENCE_CONFIDENCE_SLOPE = 0.3  # valence-only: 0.3 + 0.3 * |compound|, so 0.45..0.6
CUE_CONFIDENCE, CUE_CONFIDENCE_STEP, CUE_CONFIDENCE_MIN, CUE_CONFIDENCE_MAX = 0.6, 0.1, 0.5, 0.9

# fmt: off
# Written as people type them; apostrophes are dropped on both sides, so "cant wait" matches "can't wait".
_CUES: dict[str, tuple[str, ...]] = {
    Mood.HAPPY: ("haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing", "amazing", "awesome",
                 "happy", "glad", "wonderful", "fantastic", "smiling", "grinning", "beaming", "stoked", "relief",
                 "relieved", "loveliest", "proudest", "so proud", "best day", "over the moon",
                 # other languages people chat in (es, pt, fr, de, hi)
                 "feliz", "contento", "contenta", "lindo", "adoro", "me encanta", "me encantan", "trop bien",
                 "heureux", "heureuse", "glücklich", "khush", "bahut pasand"),
    Mood.SAD: ("sad", "crying", "cry", "cried", "sobbing", "in tears", "miss", "lonely", "so alone", "all alone",
               "feel alone", "feeling alone", "heartbroken",
               "broken heart", "depressed", "upset", "unhappy", "devastated", "disappointed", "hurts",
               "heart hurts", "heartache", "pensive", "downcast", "frowning",
               # loss and grief
               "passed away", "funeral", "grief", "grieving", "mourning", "lost my", "lost our",
               "empty", "numb", "hopeless", "miserable",
               # exhaustion, said as giving out rather than as being busy
               "exhausted", "drained", "burnt out", "burned out", "worn out", "cant do this anymore",
               "cant take this anymore", "cant take it anymore", "so done", "running on empty",
               # being alone, left, unseen
               "broke up", "broken up", "nobody likes me", "nobody cares", "nobody notices", "no one cares",
               "drowning", "disconnected", "feeling low", "rather low", "so low", "wish she was", "wish he was",
               "wish you were",
               # other languages
               "triste", "cansada", "cansado", "saudade", "saudades", "épuisé", "épuisée", "épuisee", "épuise",
               "müde", "kann nicht mehr", "udaas", "dukhi"),
    Mood.ANXIOUS: ("worried", "worrying", "worry", "nervous", "anxious", "anxiety", "scared", "afraid", "terrified",
                   "stressed",
                   "stressing", "panic", "panicking", "freaking out", "freaked out", "overthinking", "fearful",
                   "in fear", "dread", "dreading", "cant breathe", "couldnt breathe", "heart pounding",
                   "heart racing", "cant sleep", "couldnt sleep", "frightened", "on edge",
                   "grimacing",
                   # other languages
                   "nervioso", "nerviosa", "miedo", "medo", "tension", "pareshan", "angst", "peur", "inquiet",
                   "inquiète"),
    Mood.EXCITED: ("excited", "can't wait", "cannot wait", "yay", "woohoo", "hyped", "pumped", "thrilled", "let's go",
                   "party popper", "partying", "confetti", "star-struck"),
    Mood.ANGRY: ("angry", "furious", "pissed", "hate", "rage", "livid", "mad", "enraged", "fuming", "outraged",
                 "infuriated", "infuriating", "yelled at", "screamed at", "want to scream", "disgraceful", "robbed",
                 "jealous", "pouting", "symbols on mouth",
                 # other languages
                 "odio", "enojado", "enojada", "en colère", "colère", "wütend", "gussa"),
    Mood.FRUSTRATED: ("ugh", "argh", "annoyed", "annoying", "frustrated", "frustrating", "irritated", "irritating",
                      "fed up", "sick of", "ffs", "rolling eyes", "steam from nose", "facepalming"),
    Mood.BORED: ("bored", "boring", "meh", "whatever", "nothing to do", "yawn", "unamused", "expressionless"),
    Mood.GRATEFUL: ("thank you", "thank u", "thanks", "thanks so much", "thx", "grateful", "thankful", "appreciate",
                    "appreciated", "means a lot", "folded hands"),
    Mood.FLIRTY: ("cutie", "you're cute", "ur cute", "you're so cute", "you're hot", "sexy", "love you", "babe",
                  "kiss", "kissing", "xoxo", "wink", "winking", "smirking", "heart", "hearts"),
    Mood.CONFUSED: ("confused", "confusing", "don't understand", "don't get it", "what do you mean",
                    "what does that mean", "wdym", "huh", "makes no sense", "make no sense", "i'm lost",
                    "thinking face", "raised eyebrow"),
}
# Interjections are never negated: in "I can't stop laughing lol" the "can't" is not about the "lol".
_UNNEGATABLE = frozenset({"haha", "hehe", "lol", "lmao", "lmfao", "rofl", "ugh", "argh", "meh", "yay", "woohoo", "huh",
                          "whatever", "yawn", "wdym", "ffs", "thx", "xoxo"})
# "can't stop crying", "couldn't help crying", "trying not to worry": the feeling, not its absence
_UNSTOPPABLE = frozenset({"stop", "stopped", "help", "trying", "try", "tried"})
_LAUGHTER = frozenset({"haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing"})
# Ties between moods with equal hits: rarer moods that need a careful reply first; laughter sprinkles everything.
_PRIORITY = (Mood.ANGRY, Mood.ANXIOUS, Mood.SAD, Mood.FRUSTRATED, Mood.CONFUSED, Mood.FLIRTY, Mood.GRATEFUL,
             Mood.EXCITED, Mood.BORED, Mood.HAPPY)
_POSITIVE = (Mood.HAPPY, Mood.EXCITED, Mood.GRATEFUL, Mood.FLIRTY)
_NEGATIVE = (Mood.SAD, Mood.ANXIOUS, Mood.ANGRY, Mood.FRUSTRATED, Mood.BORED)
_POLARITY: dict[str, int] = {**dict.fromkeys(_POSITIVE, 1), **dict.fromkeys(_NEGATIVE, -1)}  # confused/neutral: 0
# The spec's energies; moods it does not name take the energy their words usually carry.
_BASE_ENERGY: dict[str, str] = {
    **dict.fromkeys((Mood.HAPPY, Mood.EXCITED, Mood.ANGRY), Energy.HIGH),
    **dict.fromkeys((Mood.SAD, Mood.ANXIOUS, Mood.BORED), Energy.LOW),
    **dict.fromkeys((Mood.FRUSTRATED, Mood.GRATEFUL, Mood.FLIRTY, Mood.CONFUSED, Mood.NEUTRAL), Energy.MEDIUM),
}
_RAISED: dict[str, str] = {Energy.LOW: Energy.MEDIUM, Energy.MEDIUM: Energy.HIGH, Energy.HIGH: Energy.HIGH}
# fmt: on

_ANALYZER = SentimentIntensityAnalyzer()  # reads its two lexicon files once, at import
_WORD = re.compile(r"[^\W_]+")  # letters of any script: "épuisée" is one word, not "puis" + "e"
_LETTERS = re.compile(r"[A-Za-z]+")
_CLAUSE_BREAK = re.compile(r"[.!?;,:\n]+")  # negation does not reach across a clause
_RUN = re.compile(r"(.)\1{2,}")  # "sooo", "yaaay", "ugggh"
_HAHA, _HEHE, _LOL = re.compile(r"a?(?:h+a+){2,}h*"), re.compile(r"(?:h+e+){2,}h*"), re.compile(r"l+(?:o+l+)+")
# VADER looks emoji up one character at a time, so a trailing variation selector ("❤️") or joiner would stay glued to
# the description ("heart\ufe0f") and lose its valence; skin tones only add noise words ("medium skin tone").
_EMOJI_NOISE = frozenset({"\ufe0f", "\u200d", *map(chr, range(0x1F3FB, 0x1F400))})


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))


_CUE_MOOD = {" ".join(_words(cue)): mood for mood, cues in _CUES.items() for cue in cues}
_MAX_CUE_WORDS = max(len(key.split()) for key in _CUE_MOOD)
_VOCAB = frozenset(w for key in _CUE_MOOD for w in key.split()) | BOOSTER_DICT.keys() | set(NEGATE)
_EMPHASIS_VOCAB = _VOCAB | _ANALYZER.lexicon.keys()


@dataclass(frozen=True)
class _Hit:
    mood: str
    cue: str
    negated: bool
    boosted: bool


def _canonical(word: str) -> str:
    """Undo chat spelling: any laugh is "haha"/"hehe"/"lol"; stretched letters shrink to a known word."""
    for pattern, laugh in ((_HAHA, "haha"), (_HEHE, "hehe"), (_LOL, "lol")):
        if pattern.fullmatch(word):
            return laugh
    doubled = _RUN.sub(r"\1\1", word)  # "misss" -> "miss", but "yaaay" -> "yaay"...
    return doubled if doubled in _VOCAB else _RUN.sub(r"\1", word)  # ... -> "yay"


def _expand_emoji(text: str) -> str:
    """Swap each emoji for VADER's description as its own line, so it is a clause of its own."""
    parts = []
    for char in text:
        if char in _EMOJI_NOISE:
            continue
        description = _ANALYZER.emojis.get(char)
        parts.append(f"\n{description}\n" if description else char)
    return "".join(parts)


def _negated(words: list[str], i: int) -> bool:
    """VADER's rule: a negator up to three words before ("not so happy"), minus its exceptions ("never so happy") —
    and minus a negated "stop" or "help" before the cue: "I can't stop crying" is crying without end."""
    if any(w in _UNSTOPPABLE for w in words[max(0, i - 3) : i]):
        return False
    if "no" in words[max(0, i - 3) : i]:  # VADER treats "no" apart from NEGATE, with the same reach
        return True
    valence = 1.0
    for start in range(min(i, 3)):
        valence = _ANALYZER._negation_check(valence, words, start, i)
    return valence < 0


def _scan(text: str) -> list[_Hit]:
    """Greedy longest match per clause, so "tears of joy" is not also "tears" and "broken heart" not "heart"."""
    hits = []
    for clause in _CLAUSE_BREAK.split(text):
        words = [_canonical(w) for w in _words(clause)]
        i = 0
        while i < len(words):
            for n in range(min(_MAX_CUE_WORDS, len(words) - i), 0, -1):
                cue = " ".join(words[i : i + n])
                if cue in _CUE_MOOD:
                    negated = cue not in _UNNEGATABLE and _negated(words, i)
                    boosted = any(BOOSTER_DICT.get(w, 0) > 0 for w in words[max(0, i - 3) : i])
                    hits.append(_Hit(_CUE_MOOD[cue], cue, negated, boosted))
                    i += n
                    break
            else:
                i += 1
    return hits


def _agrees(mood: str, compound: float) -> bool:
    return _POLARITY.get(mood, 0) * compound > NEUTRAL_BAND


def _pick(hits: list[_Hit], compound: float) -> str | None:
    """Most hits wins; ties go to the mood VADER's valence agrees with, then to _PRIORITY."""
    scores = Counter(h.mood for h in hits)
    if not scores:
        return None
    return max(scores, key=lambda m: (scores[m], _agrees(m, compound), -_PRIORITY.index(Mood(m))))


def _from_valence(negated: list[_Hit], compound: float) -> str:
    """No live cue: strong valence still names a mood. A negated positive cue ("not happy") reads as sad on any
    negative valence; a negated negative one ("not sad") is relief, not joy, so it needs the full threshold."""
    if compound >= HAPPY_VALENCE:
        return Mood.HAPPY
    if compound <= SAD_VALENCE:
        return Mood.SAD
    if compound < -NEUTRAL_BAND and any(_POLARITY.get(h.mood, 0) > 0 for h in negated):
        return Mood.SAD
    return Mood.NEUTRAL


def _emphasised(text: str, hits: list[_Hit], compound: float) -> bool:
    """Caps on a feeling word (as VADER counts them, so "TV" is no shout), "!!", a booster before the cue, or strong
    valence."""
    caps = any(len(w) > 1 and w.isupper() and w.lower() in _EMPHASIS_VOCAB for w in _LETTERS.findall(text))
    return (
        caps
        or text.count("!") >= EXCLAMATIONS_FOR_EMPHASIS
        or any(h.boosted for h in hits)
        or abs(compound) >= INTENSE_VALENCE
    )


def _style(mood: str, hits: list[_Hit], word_count: int) -> str:
    # Style is how to answer: banter for laughter, warmth for pain or worry, room to vent for anger, depth for long
    # calm messages, casual otherwise.
    if mood == Mood.FLIRTY:
        return Style.ROMANTIC
    if mood in (Mood.ANGRY, Mood.FRUSTRATED):
        return Style.VENTING
    if mood in (Mood.SAD, Mood.ANXIOUS):
        return Style.SUPPORTIVE
    if mood in (Mood.HAPPY, Mood.EXCITED) and any(h.cue in _LAUGHTER for h in hits):
        return Style.PLAYFUL
    return Style.DEEP if word_count >= DEEP_MIN_WORDS else Style.CASUAL


def _cue_confidence(mood: str, live: list[_Hit], compound: float) -> float:
    score = sum(h.mood == mood for h in live)
    rivals = len({h.mood for h in live}) - 1
    raw = CUE_CONFIDENCE + CUE_CONFIDENCE_STEP * (score - 1 + _agrees(mood, compound) - rivals)
    return round(min(CUE_CONFIDENCE_MAX, max(CUE_CONFIDENCE_MIN, raw)), 2)


def _valence_confidence(mood: str, compound: float) -> float:
    if mood == Mood.NEUTRAL:
        return DEFAULT_CONFIDENCE
    return round(DEFAULT_CONFIDENCE + VALENCE_CONFIDENCE_SLOPE * abs(compound), 2)


def classify_keywords(text: str) -> MoodReading:
    """Classify one user message; never raises, whatever the text."""
    clipped = text[:MAX_CHARS]
    expanded = _expand_emoji(clipped)
    compound = float(_ANALYZER.polarity_scores(expanded)["compound"])
    hits = _scan(expanded)
    live = [h for h in hits if not h.negated]
    picked = _pick(live, compound)
    if picked is None:
        mood, support = _from_valence([h for h in hits if h.negated], compound), []
        confidence = _valence_confidence(mood, compound)
    else:
        mood, support = picked, [h for h in live if h.mood == picked]
        confidence = _cue_confidence(mood, live, compound)
    energy = _BASE_ENERGY[mood]
    if picked is None and energy == Energy.HIGH:
        energy = Energy.MEDIUM  # a liveliness cue ("haha") earns high; a mild ":)" alone does not
    # The default stays neutral/medium: punctuation alone ("ok!!") says nothing about feeling, as in VADER.
    if mood != Mood.NEUTRAL and _emphasised(clipped, support, compound):
        energy = _RAISED[energy]
    style = _style(mood, support, len(clipped.split()))
    return MoodReading(str(mood), str(energy), str(style), confidence, MoodSource.KEYWORDS.value)
