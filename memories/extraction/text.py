"""Small text helpers shared by the extraction rules: clauses, phrase clean-up, keys."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

from django.utils.text import slugify

# A captured phrase ends at punctuation or at a conjunction that starts a new clause.
CLAUSE_END = (
    r"(?=\s*(?i:[.!?,;:\n()]|\s(?:but|because|cause|since|and then|so that|though|although|when|while|lol|haha"
    r"|please|pls|plz)\b"
    # a second clause of one's own or of someone else: "I love coffee and I hate tea", "my mum lives in Leeds and she
    # loves it", "my daughter Elsa is a dentist and my son Oskar works…" (not "my weight and my divorce": a list)
    r"|\s(?:and|but)\s+(?:i|i'm|i’m|im|i've|i’ve|ive|he|she|they|we)\s|\s(?:and|but)\s+(?:my|our)\s+\w+\s+(?-i:[A-Z])"
    # or of the same subject, said again without it: "my sister is a nurse and loves it", "I work nights and hate it"
    # (only a verb's third-person form, as typed in lowercase: "I love music and live gigs", "Wants and Needs by Drake")
    r"|\s(?:and|but)\s+(?-i:(?:(?:still|also|never|always|just|really|now)\s+)?(?:loves|hates|likes|enjoys|is|was|has"
    r"|lives|wants|needs|thinks|says|goes|keeps))\s"  # (not "works": "old films and works of art")
    r"|$))"
)
PHRASE = r"(?P<{name}>[^.!?,;:\n()]{{1,80}}?)" + CLAUSE_END

# Letters of Latin scripts, as regex class contents: names are written "Zoë", "José", "Søren" and typed "inès".
LATIN_UPPER = "A-ZÀ-ÖØ-Þ"
LATIN_LOWER = "a-zß-öø-ÿ"
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?\n])\s+|\n+")
_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:so much|very much|that much|a lot|a ton|too|as well|though|anyway|lol|haha|really|honestly|tbh"
    r"|by the way|btw|ok|okay|pls|plz|please|thanks|thx|lmao|at all|/s|(?-i:actually)"  # not "Love Actually"
    # the listener, not part of the value: "don't bring up politics with me"
    r"|with me|around me|in front of me))+$",
    re.IGNORECASE,
)
_FIRST_TO_THIRD = {
    "my": "their",
    "me": "them",
    "i": "they",
    "i'm": "they're",
    "im": "they're",
    "myself": "themselves",
    "mine": "theirs",
    "we": "they",
    "our": "their",
    "us": "them",
}
_WORD = re.compile(r"[\w']+")
_NON_TEXT = re.compile(r"[\W_]+", re.UNICODE)


def alternation(words: Iterable[str], *, any_space: bool = False) -> str:
    """A regex alternation of ``words``, longest first ("golden retriever" before "retriever"); ``any_space``: a
    space in a word matches any run of whitespace."""
    escaped = [re.escape(word) for word in words]
    if any_space:
        escaped = [word.replace(r"\ ", r"\s+") for word in escaped]
    return "|".join(sorted(escaped, key=len, reverse=True))


def phrase(name: str) -> str:
    return PHRASE.format(name=name)


_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”')
_SPEECH_VERB = re.compile(
    r"(?i)\b(?:said|says|say|told|tells|asked|asks|goes|went|was\s+like|is\s+like|wrote|texted)\W*$"
)


def without_quotations(text: str) -> str:
    """Quoted speech replaced by an ellipsis: what someone else said is not what the speaker says of themselves. A
    quote is three words or more, or anything after a verb of saying ('she said "I'm vegan"'); a scare-quoted word
    or two ('my "new" job') stays."""

    def unquoted(match: re.Match[str]) -> str:
        speech = len(match.group(0).split()) >= 3 or _SPEECH_VERB.search(text[: match.start()]) is not None
        return "…" if speech else match.group(0)

    return _QUOTED.sub(unquoted, text)


# What makes the rest of a sentence not a statement of fact: "if I had a dog…", "I wish I had…", "imagine being…".
_HYPOTHETICAL = re.compile(
    r"(?i)\b(?:if|wish|wished|imagine|imagining|suppose|supposing|pretend(?:ing|ed)?|hypothetically|unless|in\s+case"
    r"|not\s+sure|(?:don't|dont|do\s+not|didn't)\s+think|doubt|wonder(?:ing)?\s+(?:if|whether)"
    r"|dream(?:ing|t|ed)?\s+(?:of|about)|would\s+(?:love|like)\s+to|someday|one\s+day)\b"
)
_QUESTION_START = re.compile(
    r"(?i)^\W*(?:do|does|did|are|is|was|were|can|could|would|should|will|have|has|what|why|how|where|when|who"
    r"|which|am)\b"
)


# What others believe of the speaker is theirs: "my whole family thinks i'm adopted", "people assume I'm rich" (what a
# doctor *says* is a finding; what the speaker thinks is their own hedge).
_BELIEVED = re.compile(
    r"(?i)\b(?!i\b)[\w'’]+\s+(?:thinks|think|believes?|assumes?|reckons?|jokes?|pretends?|suspects?)\s+(?:that\s+)?"
    r"(?=(?:i|i['’]m|im|me)\b)"
)
UNREAL = re.compile(
    r"(?i)\bin\s+my\s+(?:dreams|head|imagination|fantasies)\b|\bsaid\s+(?:no\s+one|nobody|noone)(?:\s+ever)?\b"
)
# Said in jest, in a dream, in a game or as a fear: "my sister died last night. of laughter lol", "I dreamt my dad
# passed away", "we got married in Minecraft", "I'm scared my mom pass away", "getting married in June. Not."
NOT_EARNEST = re.compile(
    r"(?i)\b(?:lol|lmao|lmfao|jk|kidding|joking|dream|dreams|dreamt|dreamed|nightmare|minecraft|sims|animal\s+crossing"
    r"|roblox|fortnite|game|scared|afraid|terrified|worried|fear|imagine|pretend|laughter)\b|😂|🤣|/s\b|\bnot\s*[.!]*$"
)
# Taken back or not of this world, which even a plan one is scared of is not: "getting married in June. Not.", "jk",
# "in Minecraft", "I dreamt…" (a plan said with "lol" or 😂, or with fear, is still a plan)
TAKEN_BACK = re.compile(
    r"(?i)\b(?:jk|kidding|joking|dream|dreams|dreamt|dreamed|minecraft|sims|animal\s+crossing|roblox|fortnite)\b"
    r"|/s\b|\bnot\s*[.!]*$|,\s*[^,]*\bi\s+mean\W*$"  # "…, the new sofa I mean"
)
_CLAUSE_BOUNDARY = re.compile(r"[,;]|\b(?:and|but|so|because)\b")
# How a question typed without "?" opens: asking the listener's view or whether something is so of oneself.
_ASKED_WITHOUT_MARK = re.compile(
    r"(?i)^\W*+(?:(?:so|ok|okay|honestly|hmm|hey)\W++)*+(?:do|would|did)\s+(?:you|u|ya)\s+(?:think|reckon|say)\b"
    r"|^\W*+(?:(?:so|ok|okay|honestly|hmm|hey)\W++)*+(?:is\s+it\s+(?:normal|ok|okay|weird|bad|wrong)|should\s+i|am\s+i|do\s+i"
    r"|(?:can|could|may)\s+i\s+(?:take|have|eat|drink|use))\b"
)
# A question that asks for a topic or sets a boundary: "can we talk about football?", "could you not mention work?"
_REQUEST = re.compile(
    r"(?i)^\W*(?:(?:hey|so|ok|also|pls|please)\W+)*(?:can|could|would|will)\s+(?:we|you|u)\s+(?:please\s+|pls\s+)?"
    r"(?:talk|chat|not|stop|avoid|never|quit)\b"
)


def stated(sentence: str) -> str:
    """The part of a sentence that states something as so: a question asks, a hypothetical or a wish supposes
    (a request for a topic, or to leave one alone, is said as a question and kept).

    "I'm Arjun, what's yours?" → "I'm Arjun"; "do you think I'm a good teacher?" → ""; "I love dogs but if I had
    one…" → "I love dogs but "; a statement taken back ("… in my dreams", "…, said no one ever") → ""; what others
    believe of the speaker is cut at its clause ("I'm vegan and my mum thinks I'm mad" → "I'm vegan ")."""
    if _ASKED_WITHOUT_MARK.match(sentence) and not sentence.rstrip().endswith("?"):
        return ""  # "do u think i have adhd or am i just lazy lol": a question typed without its mark
    if sentence.rstrip().endswith("?") and not _REQUEST.match(sentence):
        head, comma, _ = sentence.rpartition(",")
        sentence = head if comma and not _QUESTION_START.match(head) else ""
    if UNREAL.search(sentence):
        return ""  # "I got a job at Google in my dreams", "i love my job, said no one ever"
    supposed = _HYPOTHETICAL.search(sentence)
    if supposed:
        return sentence[: supposed.start()]
    believed = _BELIEVED.search(sentence)
    if believed is None:
        return sentence
    # the believer's clause goes: "I'm vegan and my mum thinks I'm mad" keeps "I'm vegan "; "I love how my dad jokes
    # I'm adopted" keeps nothing (it is about the joke)
    boundaries = [m.start() for m in _CLAUSE_BOUNDARY.finditer(sentence, 0, believed.start())]
    return sentence[: boundaries[-1]] if boundaries else ""


# Contractions typed without their apostrophe ("i dont eat meat", "cant stand cilantro", "ive got two kids"),
# given it back so the rules read them as they read "don't". Only words that are nothing else in English, and only in
# a sentence that speaks English in the first person ("dont" is French for "whose", "cant" Catalan for "singing").
_BARE_CONTRACTIONS = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "couldnt": "couldn't",
    "wouldnt": "wouldn't", "shouldnt": "shouldn't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't",
    "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't", "ive": "I've",
    "youre": "you're", "theyre": "they're", "thats": "that's", "whats": "what's", "shes": "she's",
}  # fmt: skip
# As typed in lowercase, or capitalised opening the sentence, or in capitals: "Ive" inside a sentence is a name
# ("Jony Ive's designs").
_BARE_CONTRACTION = re.compile(
    rf"\b(?:{'|'.join(_BARE_CONTRACTIONS)})\b|^(?:{'|'.join(w.capitalize() for w in _BARE_CONTRACTIONS)})\b"
    rf"|\b(?:{'|'.join(w.upper() for w in _BARE_CONTRACTIONS)})\b"
)
_ENGLISH_FIRST_PERSON = re.compile(r"(?i)(?<![\w'’-])(?:i|my|me|im|ive)(?![\w'’-])")


def with_apostrophes(sentence: str) -> str:
    """``sentence`` with the apostrophe of its bare contractions back ("i dont drink anymore" → "i don't drink
    anymore"); unchanged unless it speaks English in the first person."""
    if not _ENGLISH_FIRST_PERSON.search(sentence):
        return sentence
    return _BARE_CONTRACTION.sub(lambda m: _as_typed(m.group(0), _BARE_CONTRACTIONS[m.group(0).lower()]), sentence)


# "I also live in Leeds", "I am actually allergic to nuts", "my sister also lives in York": a word that only stresses
# what is said, between two words of a sentence. The rules read the statement without it (they were written for "I live
# in Leeds", and each allowed some of these words in some places). Not "really", "just", "still", "now", "never",
# "basically", "totally": those change what is said, or the rules read them ("I'm really into jazz", "I just moved",
# "I never eat meat", "I'm basically a nurse", "I'm totally married to my job").
_STRESS_ONLY = re.compile(
    r"(?i)(?<=[\w'’])\s+(?:also|actually|honestly|definitely|literally|obviously|technically|genuinely|personally|truly)"
    r"(?=\s+[\w'’])"
)
# (not where the sentence jokes: "I honestly live in Leeds lol jk" keeps what made the rules pass it by)
# (an eye-roll is no joke about the fact: "I also work at Tesco 🙃" still works there)
_JOKING = re.compile(r"(?i)\b(?:lol|lmao|jk|haha\w*|trust\s+me)\b|[😂🤣💀]")


def without_stress_words(sentence: str) -> str:
    """``sentence`` without the words that only stress it: "I also have asthma" → "I have asthma"."""
    return sentence if _JOKING.search(sentence) else _STRESS_ONLY.sub("", sentence)


# Emoji end what was said as a full stop would ("I live in Leeds 😊", "my mum passed away 💔 she was 90"); the ones that
# laugh or roll their eyes say so as the words do ("lol", "/s"), which the rules read as not meant.
EMOJI = "[\u2600-\u27bf\U0001f000-\U0001faff]"  # one emoji (a skin tone is one of its own)
_EMOJI_RUN = re.compile(rf"\s*{EMOJI}(?:{EMOJI}|[\ufe0f\u200d])*")  # and the joiners of one drawn as several
_LAUGHING_EMOJI = frozenset("😂🤣💀😆😹")
_WORD_GOES_ON = re.compile(r"(?i)\b(?:is|are|am|was|my|our|a|an|the|in|at|to|from|named|called|of|with|and|i['’]m)\s*$")
_WRY_EMOJI = frozenset("🙄🙃😒😏")


def emoji_as_words(message: str) -> str:
    """``message`` with each run of emoji read as "lol", "/s" or the end of a sentence."""

    def said(match: re.Match[str]) -> str:
        if _WORD_GOES_ON.search(message, 0, match.start()):
            return ""  # "my name is 😂 Bob", "I live in 🏠 Leeds": the sentence goes on past it
        run = set(match.group(0))
        if run & _LAUGHING_EMOJI:
            return " lol."
        if run & _WRY_EMOJI:
            return " /s."
        return "."

    return _EMOJI_RUN.sub(said, message) if _EMOJI_RUN.search(message) else message


def _as_typed(typed: str, word: str) -> str:
    return word.upper() if typed.isupper() and len(typed) > 1 else word


def sentences(message: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_SPLIT.split(message) if part.strip()]


def clean_phrase(text: str, *, max_words: int = 8) -> str:
    """Trim filler and stray punctuation; give up (return "") on phrases too long to be a value."""
    text = _TRAILING_FILLER.sub("", text.strip().strip("\"'`*_~ "))
    words = text.split()
    if not words or len(words) > max_words:
        return ""
    return " ".join(words)


def to_third_person(text: str) -> str:
    """'my dog' → 'their dog': memories are about the contact, written in the third person."""
    return _WORD.sub(lambda m: _swap_person(m.group(0)), text)


def _swap_person(word: str) -> str:
    swapped = _FIRST_TO_THIRD.get(word.lower())
    return swapped if swapped is not None else word


def title(text: str) -> str:
    """'pune' → 'Pune', 'new york' → 'New York'; keeps existing capitals ('IIT Bombay')."""
    return " ".join(w if any(c.isupper() for c in w) else w[:1].upper() + w[1:] for w in text.split())


def entity_key(text: str) -> str:
    return slugify(text, allow_unicode=True)[:100]


def content_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS]


def has_letters_or_digits(text: str) -> bool:
    return any(unicodedata.category(c)[0] in {"L", "N"} for c in text)


def normalise(text: str) -> str:
    return _NON_TEXT.sub(" ", text.lower()).strip()


STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren't",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "can't",
        "cannot",
        "could",
        "couldn't",
        "did",
        "didn't",
        "do",
        "does",
        "doesn't",
        "doing",
        "don't",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "hadn't",
        "has",
        "hasn't",
        "have",
        "haven't",
        "having",
        "he",
        "he'd",
        "he'll",
        "he's",
        "her",
        "here",
        "here's",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "how's",
        "i",
        "i'd",
        "i'll",
        "i'm",
        "i've",
        "if",
        "in",
        "into",
        "is",
        "isn't",
        "it",
        "it's",
        "its",
        "itself",
        "let's",
        "me",
        "more",
        "most",
        "mustn't",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "shan't",
        "she",
        "she'd",
        "she'll",
        "she's",
        "should",
        "shouldn't",
        "so",
        "some",
        "such",
        "than",
        "that",
        "that's",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "there's",
        "these",
        "they",
        "they'd",
        "they'll",
        "they're",
        "they've",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "wasn't",
        "we",
        "we'd",
        "we'll",
        "we're",
        "we've",
        "were",
        "weren't",
        "what",
        "what's",
        "when",
        "when's",
        "where",
        "where's",
        "which",
        "while",
        "who",
        "who's",
        "whom",
        "why",
        "why's",
        "with",
        "won't",
        "would",
        "wouldn't",
        "you",
        "you'd",
        "you'll",
        "you're",
        "you've",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "im",
        "ive",
        "dont",
        "cant",
        "wont",
        "didnt",
        "doesnt",
        "isnt",
        "thats",
        "just",
        "really",
        "also",
        "got",
        "get",
        "gonna",
        "wanna",
        "yeah",
        "yes",
        "ok",
        "okay",
        "oh",
        "well",
        "like",
    ]
)


_NAME_TAIL = re.compile(
    r"\s+(?:last|this|next|every|today|tonight|yesterday|tomorrow|now|recently|originally|since|for|as|on|"
    r"with|w/?|and|or|where|who|which|from|in|at|near|after|before|during|because|but|so|till|until|these|"
    r"nowadays|lately|again|already|too|though|anymore|any\s+more|now|these\s+days)\b.*$",
    re.IGNORECASE,
)


def trim_tail(text: str) -> str:
    """'Pune last week' → 'Pune', 'Infosys as a dev' → 'Infosys': names end before time/role words."""
    return _NAME_TAIL.sub("", text)


def cued(sentence: str, pattern: re.Pattern[str], *cues: str) -> Iterator[re.Match[str]]:
    """The pattern's matches, read only when the sentence holds a word it cannot match without: most sentences
    hold none, and a substring test costs far less than a scan."""
    lowered = sentence.lower()
    return pattern.finditer(sentence) if any(cue in lowered for cue in cues) else iter(())
