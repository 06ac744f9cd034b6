"""Offline mood classifier fallback: cue phrases plus VADER valence (contact-intelligence §4.1).

VADER (vaderSentiment, MIT) supplies what a hand list would get wrong: valence, its negation rules, booster words and
an emoji lexicon. VADER only knows positive/negative, so small cue lists map words to the eleven moods; emoji reach
those lists through VADER's emoji descriptions ("😂" -> "face with tears of joy"), so no emoji table lives here.
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

# fmt: off
# Written as people type them; apostrophes are dropped on both sides, so "cant wait" matches "can't wait".
_CUES: dict[str, tuple[str, ...]] = {
    Mood.HAPPY: ("haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing", "amazing", "awesome",
                 "happy", "glad", "wonderful", "fantastic", "smiling", "grinning", "beaming", "stoked", "relief",
                 "relieved", "loveliest", "proudest", "so proud", "best day", "over the moon", "breathe again",
                 # enthusiasm for a thing: more than liking it ("I love X" alone is a preference, read by valence)
                 "obsessed with", "really into", "so into", "absolute favourite", "absolute favorite",
                 "favourite thing", "favorite thing", "all time favourite", "all time favorite",
                 # good news said plainly: the event is the feeling ("got the job", "we're engaged")
                 "got the job", "got a job", "got a new job", "got the offer", "got an offer", "got promoted",
                 "got a promotion", "promotion came through", "got engaged", "im engaged", "just engaged",
                 "got married", "proposed", "said yes", "got accepted", "got approved", "passed my", "passed the exam",
                 "passed the test", "aced", "we adopted", "i adopted", "got a puppy", "got a kitten", "first baby",
                 "had a baby",
                 "had the baby", "found an apartment", "found a flat", "found a house", "got the keys",
                 "pediu em casamento", "me pidió matrimonio",
                 # other languages people chat in (es, pt, fr, de, hi)
                 "feliz", "contento", "contenta", "lindo", "adoro", "me encanta", "me encantan", "trop bien",
                 "heureux", "heureuse", "glücklich", "khush", "bahut pasand"),
    Mood.SAD: ("sad", "crying", "loudly crying face", "cry", "cried", "sobbing", "in tears", "miss", "lonely",
               "so alone", "all alone", "feel alone", "feeling alone", "heartbroken",
               "broken heart", "depressed", "upset", "unhappy", "devastated", "disappointed", "hurts",
               "heart hurts", "heartache", "pensive", "downcast", "frowning",
               # loss and grief
               "passed away", "funeral", "grief", "grieving", "mourning", "lost my", "lost our",
               "empty", "numb", "hopeless", "miserable",
               # exhaustion, said as giving out rather than as being busy
               "exhausted", "exhausting", "tired", "drained", "burnt out", "burned out", "worn out",
               "cant do this anymore", "cant take this anymore", "cant take it anymore", "so done", "running on empty",
               "havent slept", "barely slept", "cant get out of bed", "couldnt get out of bed",
               "barely get out of bed", "no point", "whats the point", "wish i was", "wish i were", "tired of",
               # bad news said plainly, good news that did not come
               "didnt get the job", "didnt get the offer", "didnt get in", "didnt get promoted", "didnt get accepted",
               "didnt pass", "failed my", "got rejected", "got fired", "got dumped", "got laid off", "been laid off",
               "miscarriage",
               # being alone, left, unseen
               "broke up", "broken up", "nobody likes me", "nobody cares", "nobody notices", "no one cares",
               "drowning", "disconnected", "feeling low", "rather low", "so low", "wish she was", "wish he was",
               "wish you were",
               # other languages
               "triste", "cansada", "cansado", "saudade", "saudades", "épuisé", "épuisée", "épuisee", "épuise",
               "müde", "kann nicht mehr", "udaas", "dukhi", "thak gaya", "thak gayi", "thak gaye"),
    Mood.ANXIOUS: ("worried", "worrying", "worry", "nervous", "anxious", "anxiety", "scared", "afraid", "terrified",
                   "stressed",
                   "stressing", "panic", "panicking", "freaking out", "freaked out", "overthinking", "fearful",
                   "in fear", "dread", "dreading", "cant breathe", "couldnt breathe", "heart pounding",
                   "heart racing", "cant sleep", "couldnt sleep", "frightened", "on edge",
                   "grimacing", "shaking", "in knots", "knot in my stomach", "cant focus", "cant concentrate",
                   "cant think straight", "cant stop thinking", "keep replaying", "cant stop replaying",
                   # other languages
                   "nervioso", "nerviosa", "miedo", "medo", "tension", "pareshan", "angst", "peur", "inquiet",
                   "inquiète", "ansiosa", "ansioso", "ansiedad", "ansiedade", "anxieux", "anxieuse",
                   "não consigo dormir", "no puedo dormir"),
    Mood.EXCITED: ("excited", "can't wait", "cannot wait", "yay", "woohoo", "hyped", "pumped", "thrilled", "let's go",
                   "party popper", "partying", "confetti", "star-struck"),
    Mood.ANGRY: ("angry", "furious", "pissed", "hate", "rage", "livid", "mad", "enraged", "fuming", "outraged",
                 "infuriated", "infuriating", "yelled at", "screamed at", "want to scream", "disgraceful", "robbed",
                 "jealous", "pouting", "symbols on mouth", "swear to god", "about to lose it", "going to lose it",
                 "gonna lose it",
                 # other languages
                 "odio", "enojado", "enojada", "en colère", "colère", "wütend", "gussa"),
    Mood.FRUSTRATED: ("ugh", "argh", "annoyed", "annoying", "frustrated", "frustrating", "irritated", "irritating",
                      "fed up", "sick of", "sick and tired", "had enough", "so done with", "ffs", "ridiculous",
                      "unacceptable", "absurd", "unbelievable", "how am i supposed to", "rolling eyes",
                      "steam from nose", "facepalming", "upside-down face"),
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
# Cues that read either way: 😭 is as often overwhelmed joy as grief, shaking is nerves, cold or exhaustion. They count
# half, and once however often repeated, so any plainer sign in the message decides.
_AMBIGUOUS = frozenset({"loudly crying face", "shaking"})
AMBIGUOUS_WEIGHT = 0.5
# Words that name a feeling only as an emoji's description: "his heart" in a sentence is an organ, not a ❤️.
_EMOJI_ONLY = frozenset({"heart", "hearts"})
# Formulas that hold a feeling word without the feeling: "happy birthday" wishes it to someone else. Matched like cues
# (so "happy" inside them is not), they name no mood.
_FORMULAS = ("happy birthday", "happy bday", "happy new year", "happy holidays", "happy anniversary", "happy hour",
             "happy to help", "merry christmas")
# Cues that are praise as often as complaint ("unbelievable view", "my inbox is finally empty!", "tired but worth it,
# best weekend ever", "so done! finished my thesis"): they count only when VADER's valence is not positive.
_NEEDS_NEGATIVE = frozenset({"unbelievable", "empty", "tired", "so done", "lost my"})
# A reply made only of acknowledgement ("ok thx", "sure, sounds good", "ok that makes sense, thanks") is politeness,
# not a feeling: its thanks are not gratitude and its valence ("good") is not joy. It opens with one of the first words.
_ACKNOWLEDGEMENT_OPENERS = frozenset({"ok", "okay", "k", "kk", "okk", "sure", "alright", "cool", "noted", "right",
                                      "yep", "yup", "got", "sounds", "makes", "fair"})
_ACKNOWLEDGEMENT_WORDS = _ACKNOWLEDGEMENT_OPENERS | {"it", "good", "sense", "that", "enough", "then", "fine", "thing",
                                                    "so", "yes", "yeah", "thanks", "thank", "you", "u", "thx", "ty",
                                                    "cheers"}
_POLITE_THANKS = frozenset({"thanks", "thank you", "thx", "thank u", "ty", "cheers"})
# "I hate X": anger when aimed at someone or something happening ("I hate this", "I hate when people…", "I hate my
# job", "…so much"); a dislike of a thing ("I hate running", "I hate Vegemite") is a preference, not a mood.
_HATE_TARGETS = frozenset({"this", "that", "it", "him", "her", "them", "you", "u", "ya", "everyone", "everybody",
                           "everything", "people", "when", "how", "my", "his", "their", "our", "your", "myself",
                           "being", "these", "those", "what", "the way", "so much", "with a passion"})
# First-person words: an exclaimed sentence about oneself is news ("we got a puppy!!"); "SEE YOU SOON!!!" is not.
_FIRST_PERSON = frozenset({"i", "im", "ive", "ill", "id", "me", "my", "mine", "myself", "we", "our", "ours", "us",
                           "yo", "mi", "mis", "eu", "meu", "minha", "nós", "nos", "je", "jai", "moi", "mon", "mes",
                           "nous", "ich", "mein", "meine", "mir", "mich", "wir", "mera", "meri", "mere"})
# Sentences whose valence is about a topic or an imagined world, not the writer's feeling now: questions and
# hypotheticals. A "why…?" or "how come…?" is a complaint in question form and keeps its valence.
_HYPOTHETICAL_OPENERS = ("if ", "imagine ", "what if ", "would you rather ", "suppose ")
_RHETORICAL_OPENERS = ("why ", "how come ")
# "tired of waiting" is frustration; "tired of everything" is the exhaustion of sadness.
_EVERYTHING = frozenset({"everything", "it", "life", "all", "living", "myself", "being"})
# "what's the point" and "no point" are hopelessness said alone or of everything ("there's no point anymore", "what's
# the point of trying"); of a thing they are a question or advice ("what's the point of this button?").
_POINTLESS = frozenset({"no point", "whats the point"})
_POINTLESS_TAILS = frozenset({"anymore", "any more", "of anything", "of trying", "in trying", "of it", "in anything",
                              "of living", "in living", "of life", "to anything", "to life", "to it"})
# "shaking" said of oneself is a symptom; with an object ("shaking things up", "shaking hands") it is not.
_SHAKING_OBJECTS = frozenset({"up", "things", "hands", "hand", "off", "it", "my", "his", "her", "their", "your",
                              "out", "head", "heads", "down"})
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


_CUE_MOOD = {" ".join(_words(cue)): mood for mood, cues in _CUES.items() for cue in cues}
_CUE_MOOD.update({formula: Mood.NEUTRAL for formula in _FORMULAS})
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
        return AMBIGUOUS_WEIGHT if self.cue in _AMBIGUOUS else 1.0


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
    if any(w in _UNSTOPPABLE for w in words[max(0, i - 3) : i]):
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
        or rest[0] in _HATE_TARGETS
        or " ".join(rest[:2]) in _HATE_TARGETS
        or any(f" {t} " in f" {following} " for t in ("so much", "with a passion"))
    )


def _cue_mood(cue: str, rest: list[str], *, from_emoji: bool, compound: float) -> str | None:
    """The mood a matched cue means here, given the words after it in its clause; None if it means none."""
    mood = _CUE_MOOD[cue]
    if mood == Mood.NEUTRAL or (cue in _EMOJI_ONLY and not from_emoji):
        return None
    if cue in _NEEDS_NEGATIVE and compound > NEUTRAL_BAND:
        return None
    if cue == "hate":
        return mood if _hate_is_aimed(rest) else None
    if cue == "proposed":  # "Tom proposed!", "he proposed to me" — not "they proposed a new schedule"
        return mood if not rest or rest[0] == "to" else None
    if cue in _POINTLESS:
        return mood if not rest or rest[0] in _POINTLESS_TAILS or " ".join(rest[:2]) in _POINTLESS_TAILS else None
    if cue == "shaking":
        return mood if not rest or rest[0] not in _SHAKING_OBJECTS else None
    if cue == "tired of":
        return Mood.SAD if rest and rest[0] in _EVERYTHING else Mood.FRUSTRATED
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
                            negated = cue not in _UNNEGATABLE and _negated(words, i)
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
        hits = [h for h in hits if h.cue not in _POLITE_THANKS]
    return hits, dislike or acknowledgement


def _acknowledgement(clipped: str) -> bool:
    """A reply made only of acknowledgement and thanks, said without "!"."""
    words = _words(clipped)
    return (
        bool(words)
        and "!" not in clipped
        and words[0] in _ACKNOWLEDGEMENT_OPENERS
        and all(w in _ACKNOWLEDGEMENT_WORDS for w in words)
    )


def _exclaimed_news(expanded: str) -> bool:
    """A sentence about oneself said with "!" and no negative word in it: "we got a puppy!!", "I'll be 69!"."""
    for sentence in _SENTENCE.findall(expanded):
        exclaimed = sentence.rstrip().endswith("!") and _FIRST_PERSON.intersection(_words(sentence))
        if exclaimed and _ANALYZER.polarity_scores(sentence)["compound"] > -NEUTRAL_BAND:
            return True
    return False


def _says_no_feeling(sentence: str) -> bool:
    if sentence.endswith("?"):
        return not sentence.startswith(_RHETORICAL_OPENERS)
    return sentence.startswith(_HYPOTHETICAL_OPENERS)


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
        if hit.cue in _AMBIGUOUS:
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
    segments = _segments(clipped)
    expanded = "\n".join(segment for segment, _ in segments)
    compound = float(_ANALYZER.polarity_scores(expanded)["compound"])
    hits, no_feeling = _gather(clipped, segments, compound)
    live = [h for h in hits if not h.negated]
    if all(h.cue in _AMBIGUOUS for h in live) and _exclaimed_news(expanded):
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
