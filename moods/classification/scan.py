"""The cue words of a message (contact-intelligence §4.1 fallback): every cue phrase of cues.py found in it, each with
the mood it means where it stands, whether it is negated, and whether a booster comes before it.

Matching is greedy, longest first, clause by clause (negation does not reach across one), on words as people type them:
"sooo" is "so", any laugh is "haha"; what follows a cue can change what it means ("I hate running" is a preference,
"I hate when…" anger), and what precedes it can too ("used to love it", "or I'd miss it").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vaderSentiment.vaderSentiment import BOOSTER_DICT, NEGATE

from contacts.models import Mood
from moods.classification.cues import (
    AMBIGUOUS,
    CUES,
    DISLIKES,
    EMOJI_ONLY,
    EVERYTHING,
    FORMULAS,
    HATE_TARGETS,
    NEEDS_NEGATIVE,
    NEEDS_NOT_NEGATIVE,
    POINTLESS,
    POINTLESS_TAILS,
    SHAKING_OBJECTS,
    UNNEGATABLE,
    UNSTOPPABLE,
)
from moods.classification.valence import ANALYZER, NEUTRAL_BAND

AMBIGUOUS_WEIGHT = 0.5  # what a cue of cues.AMBIGUOUS counts for

_WORD = re.compile(r"[^\W_]+")  # letters of any script: "épuisée" is one word, not "puis" + "e"
_CLAUSE_BREAK = re.compile(r"[.!?;,:\n]+")  # negation does not reach across a clause
_RUN = re.compile(r"(.)\1{2,}")  # "sooo", "yaaay", "ugggh"
_HAHA, _HEHE, _LOL = re.compile(r"a?(?:h+a+){2,}h*"), re.compile(r"(?:h+e+){2,}h*"), re.compile(r"l+(?:o+l+)+")
# laughter as other languages type it: "jajaja" (es), "kkkkk" (pt), "mdr"/"ptdr" (fr)
_FOREIGN_LAUGH = re.compile(r"a?(?:j+a+){2,}j*|(?:j+e+){2,}j*|k{4,}|p?tdr|mdr")
_CONDITIONAL = frozenset({"id", "would", "might", "could", "may"})


def words_of(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))


_CUE_MOOD = {" ".join(words_of(cue)): mood for mood, cues in CUES.items() for cue in cues}
_CUE_MOOD.update({formula: Mood.NEUTRAL for formula in FORMULAS})
_CUE_MOOD.update({dislike: Mood.NEUTRAL for dislike in DISLIKES if dislike not in _CUE_MOOD})
_MAX_CUE_WORDS = max(len(key.split()) for key in _CUE_MOOD)
VOCAB = frozenset(w for key in _CUE_MOOD for w in key.split()) | BOOSTER_DICT.keys() | set(NEGATE)


@dataclass(frozen=True)
class Hit:
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
    return doubled if doubled in VOCAB else _RUN.sub(r"\1", word)  # ... -> "yay"


def _negated(words: list[str], i: int) -> bool:
    """VADER's rule: a negator up to three words before ("not so happy"), minus its exceptions ("never so happy") —
    and minus a negated "stop" or "help" before the cue: "I can't stop crying" is crying without end."""
    if any(w in UNSTOPPABLE for w in words[max(0, i - 3) : i]):
        return False
    if "no" in words[max(0, i - 3) : i]:  # VADER treats "no" apart from NEGATE, with the same reach
        return True
    valence = 1.0
    for start in range(min(i, 3)):
        valence = ANALYZER._negation_check(valence, words, start, i)
    return valence < 0


_HEDGES = frozenset({("not", "sure"), ("dont", "know"), ("no", "idea"), ("unsure",), ("wonder",), ("wondering",)})
_WHETHER = frozenset({"if", "whether"})


def _hedged(words: list[str], i: int) -> bool:
    """ "not sure if the visa got approved", "I wonder whether he's happy": the feeling is in doubt, as a negated one
    is."""
    for k, w in enumerate(words[:i]):
        if w in _WHETHER and k > 0 and ((words[k - 1],) in _HEDGES or tuple(words[max(0, k - 2) : k]) in _HEDGES):
            return True
    return False


def _in_the_past(words: list[str], i: int) -> bool:
    """ "used to be obsessed with it", "I used to love it": a feeling that no longer holds is no mood now."""
    before = words[max(0, i - 4) : i]
    return any(w == "used" and k + 1 < len(before) and before[k + 1] == "to" for k, w in enumerate(before))


def _hate_is_aimed(rest: list[str]) -> bool:
    following = " ".join(rest)
    return (
        not rest
        or rest[0] in HATE_TARGETS
        or " ".join(rest[:2]) in HATE_TARGETS
        or any(f" {t} " in f" {following} " for t in ("so much", "with a passion"))
    )


def _cue_mood(cue: str, before: list[str], rest: list[str], *, from_emoji: bool, compound: float) -> str | None:
    """The mood a matched cue means here, given the words after it in its clause; None if it means none."""
    mood = _CUE_MOOD[cue]
    if mood == Mood.NEUTRAL or (cue in EMOJI_ONLY and not from_emoji):
        return None
    if cue in NEEDS_NEGATIVE and compound > NEUTRAL_BAND:
        return None
    if cue in NEEDS_NOT_NEGATIVE and compound < -NEUTRAL_BAND:
        return None
    if cue in DISLIKES:
        return mood if _hate_is_aimed(rest) else None
    if cue == "mad" and rest[:1] in (["for"], ["about"]):  # "mad for it" is enthusiasm
        return None
    if cue == "miss" and before[-1:] and before[-1] in _CONDITIONAL:  # "or I'd miss it": not noticing, not longing
        return None
    if cue == "proposed":  # "Tom proposed!", "he proposed to me" — not "they proposed a new schedule"
        return mood if not rest or rest[0] == "to" else None
    if cue in POINTLESS:
        return mood if not rest or rest[0] in POINTLESS_TAILS or " ".join(rest[:2]) in POINTLESS_TAILS else None
    if cue == "shaking":
        return mood if not rest or rest[0] not in SHAKING_OBJECTS else None
    if cue == "tired of":
        return Mood.SAD if rest and rest[0] in EVERYTHING else Mood.FRUSTRATED
    return mood


def scan(segments: list[tuple[str, bool]], compound: float) -> tuple[list[Hit], bool]:
    """Greedy longest match per clause, so "tears of joy" is not also "tears" and "broken heart" not "heart". Also
    says whether a "hate" or "don't like" was a dislike of a thing (a preference, whose valence is no mood)."""
    hits, dislike = [], False
    for segment, from_emoji in segments:
        for clause in _CLAUSE_BREAK.split(segment):
            words = [_canonical(w) for w in words_of(clause)]
            i = 0
            while i < len(words):
                for n in range(min(_MAX_CUE_WORDS, len(words) - i), 0, -1):
                    cue = " ".join(words[i : i + n])
                    if cue in _CUE_MOOD:
                        mood = _cue_mood(cue, words[:i], words[i + n :], from_emoji=from_emoji, compound=compound)
                        if mood is not None and not _in_the_past(words, i):
                            negated = cue not in UNNEGATABLE and (_negated(words, i) or _hedged(words, i))
                            boosted = any(BOOSTER_DICT.get(w, 0) > 0 for w in words[max(0, i - 3) : i])
                            hits.append(Hit(mood, cue, negated, boosted))
                        elif cue in DISLIKES and not _hate_is_aimed(words[i + n :]):
                            dislike = True
                        i += n
                        break
                else:
                    i += 1
    return hits, dislike
