"""Offline mood classifier fallback: cue phrases plus VADER valence (contact-intelligence §4.1).

VADER (vaderSentiment, MIT) supplies what a hand list would get wrong: valence, its negation rules, booster words and
an emoji lexicon. VADER only knows positive/negative, so small cue lists (cues.py) map words to the eleven moods; emoji
reach those lists through VADER's emoji descriptions ("😂" -> "face with tears of joy"), so no emoji table lives here.
Some cues mean their mood only with what follows ("I hate running" is a preference, "I hate when…" anger); ways of
saying a feeling that no cue word carries (sarcasm, "what if…", "nobody … cares") live in constructions.py; news said
about oneself with "!" is glad; questions, hypotheticals and plain acknowledgements lend no valence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vaderSentiment.vaderSentiment import BOOSTER_DICT, NEGATE, SentimentIntensityAnalyzer

from contacts.models import Energy, Mood, Style
from moods.classification.constructions import SARCASM_NAMES, constructions, normalise
from moods.classification.cues import (
    ACKNOWLEDGEMENT_OPENERS,
    ACKNOWLEDGEMENT_WORDS,
    AMBIGUOUS,
    CUES,
    EMOJI_ONLY,
    EVERYTHING,
    FIRST_PERSON,
    FORMULAS,
    HATE_TARGETS,
    HYPOTHETICAL_OPENERS,
    LAUGHTER,
    NEEDS_NEGATIVE,
    POINTLESS,
    POINTLESS_TAILS,
    POLITE_THANKS,
    RHETORICAL_OPENERS,
    SHAKING_OBJECTS,
    UNNEGATABLE,
    UNSTOPPABLE,
)
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
# Each emoji becomes its description, several words: 500 emoji were ~2,500 words and ~200 ms. Past this many, the rest
# are dropped (a wall of emoji says nothing the first ones did not).
MAX_EMOJI = 20

# Confidence: the default is a guess; valence alone is weaker evidence than a named feeling; cues gain from support
# (more hits, VADER agreeing) and lose to rival moods. Any cue (>= 0.5) outranks the default (0.3).
DEFAULT_CONFIDENCE = 0.3
VALENCE_CONFIDENCE_SLOPE = 0.3  # valence-only: 0.3 + 0.3 * |compound|, so 0.45..0.6
CUE_CONFIDENCE, CUE_CONFIDENCE_STEP, CUE_CONFIDENCE_MIN, CUE_CONFIDENCE_MAX = 0.6, 0.1, 0.5, 0.9

AMBIGUOUS_WEIGHT = 0.5  # what a cue of cues.AMBIGUOUS counts for

# fmt: off
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
# laughter as other languages type it: "jajaja" (es), "kkkkk" (pt), "mdr"/"ptdr" (fr)
_FOREIGN_LAUGH = re.compile(r"a?(?:j+a+){2,}j*|(?:j+e+){2,}j*|k{4,}|p?tdr|mdr")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
# VADER looks emoji up one character at a time, so a trailing variation selector ("❤️") or joiner would stay glued to
# the description ("heart\ufe0f") and lose its valence; skin tones only add noise words ("medium skin tone").
_EMOJI_NOISE = frozenset({"\ufe0f", "\u200d", *map(chr, range(0x1F3FB, 0x1F400))})


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))


_CUE_MOOD = {" ".join(_words(cue)): mood for mood, cues in CUES.items() for cue in cues}
_CUE_MOOD.update({formula: Mood.NEUTRAL for formula in FORMULAS})
_MAX_CUE_WORDS = max(len(key.split()) for key in _CUE_MOOD)
_VOCAB = frozenset(w for key in _CUE_MOOD for w in key.split()) | BOOSTER_DICT.keys() | set(NEGATE)
_EMPHASIS_VOCAB = _VOCAB | _ANALYZER.lexicon.keys()


@dataclass(frozen=True)
class _Hit:
    mood: str
    cue: str
    negated: bool
    boosted: bool

    @property
    def weight(self) -> float:
        return AMBIGUOUS_WEIGHT if self.cue in AMBIGUOUS else 1.0


def _canonical(word: str) -> str:
    """Undo chat spelling: any laugh is "haha"/"hehe"/"lol"; stretched letters shrink to a known word."""
    for pattern, laugh in ((_HAHA, "haha"), (_HEHE, "hehe"), (_LOL, "lol"), (_FOREIGN_LAUGH, "haha")):
        if pattern.fullmatch(word):
            return laugh
    doubled = _RUN.sub(r"\1\1", word)  # "misss" -> "miss", but "yaaay" -> "yaay"...
    return doubled if doubled in _VOCAB else _RUN.sub(r"\1", word)  # ... -> "yay"


def _segments(text: str) -> list[tuple[str, bool]]:
    """The text cut at each emoji, the emoji swapped for VADER's description: (segment, is an emoji)."""
    segments: list[tuple[str, bool]] = []
    plain: list[str] = []
    emoji = 0
    for char in text:
        if char in _EMOJI_NOISE:
            continue
        description = _ANALYZER.emojis.get(char)
        if description is None:
            plain.append(char)
            continue
        emoji += 1
        if emoji > MAX_EMOJI:
            continue
        segments.append(("".join(plain), False))
        segments.append((description, True))
        plain = []
    segments.append(("".join(plain), False))
    return [(segment, emoji) for segment, emoji in segments if segment]


def _negated(words: list[str], i: int) -> bool:
    """VADER's rule: a negator up to three words before ("not so happy"), minus its exceptions ("never so happy") —
    and minus a negated "stop" or "help" before the cue: "I can't stop crying" is crying without end."""
    if any(w in UNSTOPPABLE for w in words[max(0, i - 3) : i]):
        return False
    if "no" in words[max(0, i - 3) : i]:  # VADER treats "no" apart from NEGATE, with the same reach
        return True
    valence = 1.0
    for start in range(min(i, 3)):
        valence = _ANALYZER._negation_check(valence, words, start, i)
    return valence < 0


def _hate_is_aimed(rest: list[str]) -> bool:
    following = " ".join(rest)
    return (
        not rest
        or rest[0] in HATE_TARGETS
        or " ".join(rest[:2]) in HATE_TARGETS
        or any(f" {t} " in f" {following} " for t in ("so much", "with a passion"))
    )


def _cue_mood(cue: str, rest: list[str], *, from_emoji: bool, compound: float) -> str | None:
    """The mood a matched cue means here, given the words after it in its clause; None if it means none."""
    mood = _CUE_MOOD[cue]
    if mood == Mood.NEUTRAL or (cue in EMOJI_ONLY and not from_emoji):
        return None
    if cue in NEEDS_NEGATIVE and compound > NEUTRAL_BAND:
        return None
    if cue == "hate":
        return mood if _hate_is_aimed(rest) else None
    if cue == "proposed":  # "Tom proposed!", "he proposed to me" — not "they proposed a new schedule"
        return mood if not rest or rest[0] == "to" else None
    if cue in POINTLESS:
        return mood if not rest or rest[0] in POINTLESS_TAILS or " ".join(rest[:2]) in POINTLESS_TAILS else None
    if cue == "shaking":
        return mood if not rest or rest[0] not in SHAKING_OBJECTS else None
    if cue == "tired of":
        return Mood.SAD if rest and rest[0] in EVERYTHING else Mood.FRUSTRATED
    return mood


def _scan(segments: list[tuple[str, bool]], compound: float) -> tuple[list[_Hit], bool]:
    """Greedy longest match per clause, so "tears of joy" is not also "tears" and "broken heart" not "heart". Also
    says whether a "hate" was a dislike of a thing (a preference, whose valence is no mood)."""
    hits, dislike = [], False
    for segment, from_emoji in segments:
        for clause in _CLAUSE_BREAK.split(segment):
            words = [_canonical(w) for w in _words(clause)]
            i = 0
            while i < len(words):
                for n in range(min(_MAX_CUE_WORDS, len(words) - i), 0, -1):
                    cue = " ".join(words[i : i + n])
                    if cue in _CUE_MOOD:
                        mood = _cue_mood(cue, words[i + n :], from_emoji=from_emoji, compound=compound)
                        if mood is not None:
                            negated = cue not in UNNEGATABLE and _negated(words, i)
                            boosted = any(BOOSTER_DICT.get(w, 0) > 0 for w in words[max(0, i - 3) : i])
                            hits.append(_Hit(mood, cue, negated, boosted))
                        elif cue == "hate":
                            dislike = True
                        i += n
                        break
                else:
                    i += 1
    return hits, dislike


def _gather(clipped: str, segments: list[tuple[str, bool]], compound: float) -> tuple[list[_Hit], bool]:
    """Every cue and construction in the message, and whether it is built to say no feeling (a dislike of a thing, a
    reply of acknowledgement), so its valence must not name one either."""
    hits, dislike = _scan(segments, compound)
    hits += [_Hit(mood, name, False, False) for mood, name in constructions(clipped, normalise(clipped))]
    if any(h.cue in SARCASM_NAMES for h in hits):
        hits = [h for h in hits if _POLARITY.get(h.mood, 0) <= 0]  # the praise in a sarcastic line is the complaint
    acknowledgement = _acknowledgement(clipped)
    if acknowledgement:
        hits = [h for h in hits if h.cue not in POLITE_THANKS]
    return hits, dislike or acknowledgement


def _acknowledgement(clipped: str) -> bool:
    """A reply made only of acknowledgement and thanks, said without "!"."""
    words = _words(clipped)
    return (
        bool(words)
        and "!" not in clipped
        and words[0] in ACKNOWLEDGEMENT_OPENERS
        and all(w in ACKNOWLEDGEMENT_WORDS for w in words)
    )


def _exclaimed_news(expanded: str) -> bool:
    """A sentence about oneself said with "!" and no negative word in it: "we got a puppy!!", "I'll be 69!"."""
    for sentence in _SENTENCE.findall(expanded):
        exclaimed = sentence.rstrip().endswith("!") and FIRST_PERSON.intersection(_words(sentence))
        if exclaimed and _ANALYZER.polarity_scores(sentence)["compound"] > -NEUTRAL_BAND:
            return True
    return False


def _says_no_feeling(sentence: str) -> bool:
    if sentence.endswith("?"):
        return not sentence.startswith(RHETORICAL_OPENERS)
    return sentence.startswith(HYPOTHETICAL_OPENERS)


def _stated_compound(expanded: str, compound: float) -> float:
    """VADER's valence without questions and hypotheticals: "what's the best way to…?" and "if I won the lottery…" say
    nothing about how the writer feels."""
    sentences = [s.strip() for s in _SENTENCE.findall(expanded)]
    stated = [s for s in sentences if not _says_no_feeling(s.lower())]
    if len(stated) == len(sentences):
        return compound
    return float(_ANALYZER.polarity_scores("\n".join(stated))["compound"]) if stated else 0.0


def _agrees(mood: str, compound: float) -> bool:
    return _POLARITY.get(mood, 0) * compound > NEUTRAL_BAND


def _scores(hits: list[_Hit]) -> dict[str, float]:
    """Weighted hits per mood; an ambiguous cue counts once however often repeated ("😭😭😭")."""
    scores: dict[str, float] = {}
    seen_ambiguous = set()
    for hit in hits:
        if hit.cue in AMBIGUOUS:
            if hit.cue in seen_ambiguous:
                continue
            seen_ambiguous.add(hit.cue)
        scores[hit.mood] = scores.get(hit.mood, 0.0) + hit.weight
    return scores


def _pick(hits: list[_Hit], compound: float) -> str | None:
    """Most (weighted) hits wins; ties go to the mood VADER's valence agrees with, then to _PRIORITY."""
    scores = _scores(hits)
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
    if mood in (Mood.HAPPY, Mood.EXCITED) and any(h.cue in LAUGHTER for h in hits):
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
    segments = _segments(clipped)
    expanded = "\n".join(segment for segment, _ in segments)
    compound = float(_ANALYZER.polarity_scores(expanded)["compound"])
    hits, no_feeling = _gather(clipped, segments, compound)
    live = [h for h in hits if not h.negated]
    if all(h.cue in AMBIGUOUS for h in live) and _exclaimed_news(expanded):
        live.append(_Hit(Mood.HAPPY, "exclaimed news", False, False))
    picked = _pick(live, compound)
    if picked is None:
        stated = 0.0 if no_feeling else _stated_compound(expanded, compound)
        mood, support = _from_valence([h for h in hits if h.negated], stated), []
        confidence = _valence_confidence(mood, stated)
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
