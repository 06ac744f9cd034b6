"""Offline mood classifier fallback: cue phrases plus VADER valence (contact-intelligence §4.1).

VADER (vaderSentiment, MIT) supplies what a hand list would get wrong: valence, its negation rules, booster words and
an emoji lexicon (valence.py, which first takes out words that name no feeling of the writer's: a stated allergy,
"till I die", "please"). VADER only knows positive/negative, so small cue lists (cues.py, found by scan.py) map
words to the eleven moods; emoji reach those lists through their descriptions ("😂" -> "face with tears of joy").
Ways of saying a feeling that no cue word carries live in constructions.py (sarcasm, "what if…", "for the FOURTH time.
Four.") and events.py (what happened: "my dad died", "results come back Friday", "got into the programme!!").

This module weighs them. News said with "!" is glad; crying beside good news is joy; praise closing a complaint is the
complaint; a laugh closing a denial softens it; sadness wins its ties with joy; questions, hypotheticals and plain
acknowledgements lend no valence.
"""

from __future__ import annotations

import re

from vaderSentiment.vaderSentiment import NEGATE

from contacts.models import Energy, Mood, Style
from moods.classification.constructions import SARCASM_NAMES, closing_praise, constructions, normalise
from moods.classification.cues import (
    ACKNOWLEDGEMENT_OPENERS,
    ACKNOWLEDGEMENT_WORDS,
    AMBIGUOUS,
    CRYING,
    CRYING_OVERWHELMED,
    FIRST_PERSON,
    HYPOTHETICAL_OPENERS,
    LAUGHTER,
    POLITE_THANKS,
    QUESTION_OPENERS,
    RHETORICAL_OPENERS,
)
from moods.classification.events import events
from moods.classification.reading import MoodReading
from moods.classification.scan import VOCAB, Hit, scan, words_of
from moods.classification.valence import (
    ANALYZER,
    HAPPY_VALENCE,
    INTENSE_VALENCE,
    NEUTRAL_BAND,
    SAD_VALENCE,
    compound_of,
    facts_plain,
    segments_of,
)
from moods.models import MoodSource

EXCLAMATIONS_FOR_EMPHASIS = 2  # one "!" is ordinary chat punctuation
DEEP_MIN_WORDS = 40  # a long message with no strong feeling reads as reflective
# VADER's scoring is quadratic in words (it re-lowercases the whole text per word): bound the work per call.
# 500 characters is a long chat message and costs ~2 ms at worst.
MAX_CHARS = 500
EXCLAIMED_NEWS_MIN_WORDS = 3  # "Seed round closed!!!" is news about someone; "Four months!!" is not

# Confidence: the default is a guess; valence alone is weaker evidence than a named feeling; cues gain from support
# (more hits, VADER agreeing) and lose to rival moods. Any cue (>= 0.5) outranks the default (0.3).
DEFAULT_CONFIDENCE = 0.3
VALENCE_CONFIDENCE_SLOPE = 0.3  # valence-only: 0.3 + 0.3 * |compound|, so 0.45..0.6
CUE_CONFIDENCE, CUE_CONFIDENCE_STEP, CUE_CONFIDENCE_MIN, CUE_CONFIDENCE_MAX = 0.6, 0.1, 0.5, 0.9

# fmt: off
# Ties between moods with equal hits: rarer moods that need a careful reply first; laughter sprinkles everything.
_PRIORITY = (Mood.ANGRY, Mood.ANXIOUS, Mood.SAD, Mood.FRUSTRATED, Mood.CONFUSED, Mood.FLIRTY, Mood.GRATEFUL,
             Mood.EXCITED, Mood.BORED, Mood.HAPPY)
_POSITIVE = (Mood.HAPPY, Mood.EXCITED, Mood.GRATEFUL, Mood.FLIRTY)
_GLAD = (Mood.HAPPY, Mood.EXCITED, Mood.GRATEFUL)
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

_LETTERS = re.compile(r"[A-Za-z]+")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
# A closing laugh after a denial softens a plain statement ("I don't even like coffee lol", "don't ask lol"); it is no
# joke being enjoyed.
_SOFTENED_LAUGH = re.compile(
    r"\b(?:dont|do not|didnt|not|never|idk|nobody|no one|cant|isnt|wasnt|aint)\b[^.!?\n]*"
    r"\b(?:l+o+l+|a?(?:h+a+){2,}h*|(?:h+e+){2,}h*|lmao)[\s.]*$"
)
_OPENS_WITH_ANOTHER = re.compile(r"(?:^|[.!?\n]\s*)another\b")  # "Another pension reform. …" is a complaint
_SARCASM_MARKERS = SARCASM_NAMES | {"rolling eyes", "upside down face"}  # 🙄 and 🙃 say the praise is not meant
_NEGATORS = frozenset(w.replace("'", "") for w in NEGATE)
_SECOND_PERSON = frozenset({"you", "u", "ya", "your", "youre", "ur", "yours", "yall"})
_CRYING_WORDS = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, CRYING), key=len, reverse=True)) + r")\b")
_EMPHASIS_VOCAB = VOCAB | ANALYZER.lexicon.keys()


def _gather(clipped: str, segments: list[tuple[str, bool]], compound: float) -> tuple[list[Hit], bool]:
    """Every cue and construction in the message, and whether it is built to say no feeling (a dislike of a thing, a
    reply of acknowledgement, a statement softened with a laugh), so its valence must not name one either."""
    hits, dislike = scan(segments, compound)
    normalised = normalise(clipped)
    before_praise = closing_praise(normalised)
    # the closing "Lovely." of a complaint does not make the complaint glad
    valence = compound if before_praise is None else compound_of(before_praise)
    glad, sour = valence >= HAPPY_VALENCE, valence < -NEUTRAL_BAND
    found = constructions(clipped, normalised, glad=glad) + events(normalised, glad=glad, sour=sour)
    hits += [Hit(mood, name, False, False) for mood, name in found]
    if _praised_after_complaint(before_praise, segments, hits):
        hits.append(Hit(Mood.FRUSTRATED, "praise after a complaint", False, False))
    if any(h.cue in _SARCASM_MARKERS for h in hits):
        hits = [h for h in hits if _POLARITY.get(h.mood, 0) <= 0]  # the praise in a sarcastic line is the complaint
    acknowledgement = _acknowledgement(clipped)
    if acknowledgement:
        hits = [h for h in hits if h.cue not in POLITE_THANKS]
    softened = _softened_laugh(normalised, hits)
    if softened:
        hits = [h for h in hits if h.cue not in LAUGHTER]
    return hits, dislike or acknowledgement or softened


def _praised_after_complaint(before: str | None, segments: list[tuple[str, bool]], hits: list[Hit]) -> bool:
    """Praise or thanks closing a complaint ("… ran off without paying. 2 hours cleaning. Wonderful.", "trip fee's
    gone up £30. cheers for that"), or a 🙂 after one. The complaint is a negative cue or event, negative valence, or
    a sentence opening with "another"."""
    complained = any(_POLARITY.get(h.mood, 0) < 0 and not h.negated for h in hits)
    if before is not None:
        return complained or compound_of(before) < -NEUTRAL_BAND or _OPENS_WITH_ANOTHER.search(before) is not None
    if segments and segments[-1] == ("slightly smiling face", True):
        before_smile = "\n".join(segment for segment, _ in segments[:-1])
        return not any(h.mood in (Mood.SAD, Mood.ANXIOUS) for h in hits) and (
            complained or compound_of(before_smile) < -NEUTRAL_BAND
        )
    return False


def _softened_laugh(normalised: str, hits: list[Hit]) -> bool:
    positive = [h for h in hits if _POLARITY.get(h.mood, 0) > 0 and not h.negated]
    return len(positive) == 1 and positive[0].cue in LAUGHTER and _SOFTENED_LAUGH.search(normalised) is not None


def _read_tears(live: list[Hit], expanded: str) -> list[Hit]:
    """Crying beside good news is joy ("visa approved ✅ crying in the uber 😭", "I could cry. Thank God 🙏"): the
    crying hits become one happy hit. Any other negative cue or event keeps them sad ("I miss him, crying all day")."""
    crying = [h for h in live if h.cue in CRYING]
    others = [h for h in live if h.cue not in CRYING]
    if not crying or any(_POLARITY.get(h.mood, 0) < 0 for h in others):
        return live
    # laughter is no joy here: "crying in the shower again lol" is a bitter laugh
    joy = any(h.mood in (Mood.HAPPY, Mood.EXCITED) and h.cue not in LAUGHTER for h in others)
    joy = joy or _exclaimed_news(expanded)
    if not joy and all(h.cue in CRYING_OVERWHELMED for h in crying):
        warmth = any(_POLARITY.get(h.mood, 0) > 0 for h in others)
        joy = warmth or compound_of(_CRYING_WORDS.sub("", normalise(expanded))) > NEUTRAL_BAND
    return [*others, Hit(Mood.HAPPY, "happy tears", False, False)] if joy else live


def _acknowledgement(clipped: str) -> bool:
    """A reply made only of acknowledgement and thanks, said without "!"."""
    words = words_of(clipped)
    return (
        bool(words)
        and "!" not in clipped
        and words[0] in ACKNOWLEDGEMENT_OPENERS
        and all(w in ACKNOWLEDGEMENT_WORDS for w in words)
    )


def _exclaimed_news(expanded: str) -> bool:
    """A sentence said with "!" and no negative word in it, about oneself ("we got a puppy!!", "I'll be 69!") or,
    with "!!", about someone else ("Lucía comes home in May!!!", "Seed round closed!!"); not to the listener ("SEE YOU
    SOON!!!")."""
    for sentence in _SENTENCE.findall(expanded):
        stripped, words = sentence.rstrip(), words_of(sentence)
        about_me = stripped.endswith("!") and FIRST_PERSON.intersection(words)
        shouted = (
            stripped.endswith("!!")
            and len(words) >= EXCLAIMED_NEWS_MIN_WORDS
            and not _NEGATORS.intersection(words)
            and not _SECOND_PERSON.intersection(words)
        )
        if (about_me or shouted) and compound_of(sentence) > -NEUTRAL_BAND:
            return True
    return False


def _says_no_feeling(sentence: str) -> bool:
    if sentence.endswith("?"):
        return not sentence.startswith(RHETORICAL_OPENERS)
    asked = sentence.replace("'", "").replace("\u2019", "").startswith(QUESTION_OPENERS) and not sentence.endswith("!")
    return asked or sentence.startswith(HYPOTHETICAL_OPENERS)


def _stated_compound(expanded: str, compound: float) -> float:
    """VADER's valence without questions and hypotheticals: "what's the best way to…?" and "if I won the lottery…" say
    nothing about how the writer feels."""
    sentences = [s.strip() for s in _SENTENCE.findall(expanded)]
    stated = [s for s in sentences if not _says_no_feeling(s.lower())]
    if len(stated) == len(sentences):
        return compound
    return compound_of("\n".join(stated)) if stated else 0.0


def _agrees(mood: str, compound: float) -> bool:
    return _POLARITY.get(mood, 0) * compound > NEUTRAL_BAND


def _scores(hits: list[Hit]) -> dict[str, float]:
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


def _pick(hits: list[Hit], compound: float) -> str | None:
    """Most (weighted) hits wins; ties go to the mood VADER's valence agrees with, then to _PRIORITY. Sadness tied
    with joy or thanks wins outright: "she didn't recognise him; he kept smiling for her sake" is not a happy message,
    and reading grief as joy is the worst mistake this classifier can make. (Tied with affection it does not: "miss
    you ❤️" is love said to the listener.)"""
    scores = _scores(hits)
    if not scores:
        return None
    top = max(scores.values())
    if scores.get(Mood.SAD) == top and any(scores.get(m) == top for m in _GLAD):
        return Mood.SAD
    return max(scores, key=lambda m: (scores[m], _agrees(m, compound), -_PRIORITY.index(Mood(m))))


def _from_valence(negated: list[Hit], compound: float) -> str:
    """No live cue: strong valence still names a mood. A negated positive cue ("not happy") reads as sad on any
    negative valence; a negated negative one ("not sad") is relief, not joy, so it needs the full threshold."""
    if compound >= HAPPY_VALENCE:
        return Mood.HAPPY
    if compound <= SAD_VALENCE:
        return Mood.SAD
    if compound < -NEUTRAL_BAND and any(_POLARITY.get(h.mood, 0) > 0 for h in negated):
        return Mood.SAD
    return Mood.NEUTRAL


def _emphasised(text: str, hits: list[Hit], compound: float) -> bool:
    """Caps on a feeling word (as VADER counts them, so "TV" is no shout), "!!", a booster before the cue, or strong
    valence."""
    caps = any(len(w) > 1 and w.isupper() and w.lower() in _EMPHASIS_VOCAB for w in _LETTERS.findall(text))
    return (
        caps
        or text.count("!") >= EXCLAMATIONS_FOR_EMPHASIS
        or any(h.boosted for h in hits)
        or abs(compound) >= INTENSE_VALENCE
    )


def _style(mood: str, hits: list[Hit], word_count: int) -> str:
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


def _cue_confidence(mood: str, live: list[Hit], compound: float) -> float:
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
    segments = segments_of(facts_plain(clipped))
    expanded = "\n".join(segment for segment, _ in segments)
    compound = compound_of(expanded)
    hits, no_feeling = _gather(clipped, segments, compound)
    live = _read_tears([h for h in hits if not h.negated], expanded)
    if all(h.cue in AMBIGUOUS for h in live) and _exclaimed_news(expanded):
        live.append(Hit(Mood.HAPPY, "exclaimed news", False, False))
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
