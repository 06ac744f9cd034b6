"""Episodes: is a message worth remembering as something that happened, and how to summarise it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from memories.extraction.casing import LEXICON
from memories.extraction.injection import looks_like_injection
from memories.extraction.text import STOPWORDS, alternation, content_words, has_letters_or_digits, sentences
from memories.extraction.types import Candidate
from memories.extraction.vocabulary import FILLER_WORDS, FOREIGN_GREETINGS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
MIN_CONTENT_WORDS = 2
SUMMARY_MAX_WORDS = 60


def is_meaningful(message: str) -> bool:
    """False for 'lol', 'ok', 'hmm', 'bom dia ☀️', emoji-only and other low-content messages."""
    message = _without_greetings(message)
    if not has_letters_or_digits(message):
        return False
    words = [w.lower() for w in _WORD.findall(message)]
    if all(w in FILLER_WORDS or _is_laughter(w) for w in words):
        return False
    content = [w for w in words if w not in STOPWORDS and w not in FILLER_WORDS and not _is_laughter(w)]
    return len(content) >= MIN_CONTENT_WORDS


def says_more_than(message: str, candidates: Iterable[Candidate]) -> bool:
    """False when the facts and preferences drawn from the message already hold what it says beyond filler
    ("Hi! My name is Arjun" → "Name is Arjun"; "you know I love sushi btw" → "Loves sushi"): an episode would only
    repeat them. A sentence a fact was drawn from says more only when the rest of it tells what happened ("My dog Bruno
    ate my shoes yesterday", "My dog Bruno is sick"), not when it describes what the fact holds ("I have asthma, cold
    mornings are the worst for it", "i live in lisbon, near alfama", "i have a cat named pimenta, she's the boss of the
    house"); a sentence no fact came from says more with any word of its own."""
    # a plan's fact lasts until its day: the episode keeps the plan once it has passed ("I'm due in March")
    candidates = [candidate for candidate in candidates if not candidate.happens]
    naming = {_stem(word) for candidate in candidates for word in _identifying_words(candidate)}
    worded = [word for candidate in candidates for word in content_words(f"{candidate.content} {candidate.said}")]
    covered = {_stem(word) for word in worded} - naming - _NAMING
    for sentence in sentences(_without_greetings(message)):
        if _placed_in_time(sentence, covered):  # "laid off this morning" → "Was laid off" and when
            return True
        # Someone introduced by name ("I have a cat named Pimenta, she's the boss") is described by the rest; someone
        # named as the sentence's subject ("my wife Sarah left me") is news. The happening test reads English only.
        introduces = _INTRODUCES.search(sentence) is not None
        names = naming | _NAMING if introduces else naming  # "called" names in "a dog called Rex", not in "Mum called"
        said = [word for word in content_words(sentence) if not _frames(word)]
        new = [word for word in said if _stem(word) not in covered]
        if not any(_stem(word) not in names for word in new):
            continue  # nothing, or only who it is about ("My sister is Priya")
        described = introduces and _reads_as_english(sentence) and any(_stem(word) in names for word in said)
        untouched = not described and not any(_stem(word) in covered for word in said)
        if untouched or _tells_a_happening(sentence, covered | names):
            return True
    return False


def _identifying_words(candidate: Candidate) -> list[str]:
    """The words that say who or what a fact is about: the names of the people, pets and places it links, and what
    the message called them ("my dog", "my sister")."""
    said = [text for entity in candidate.entities for text in (entity.display_name, *entity.aliases)]
    kinds = [str(value) for entity in candidate.entities for value in entity.metadata.values()]
    return [word for text in [*said, *kinds] for word in content_words(text)]


def _reads_as_english(sentence: str) -> bool:
    """Most of its words of three letters or more are English ones (the vendored lexicon)."""
    words = [word for word in _WORD.findall(sentence.lower()) if len(word) >= 3]
    return sum(word in LEXICON for word in words) * 2 >= len(words)


def _placed_in_time(sentence: str, covered: set[str]) -> bool:
    """A time the facts do not hold: "yesterday", "last week", "right now", "in two weeks", "ayer" — not a duration
    ("vegan since last year") or a date the fact holds ("Birthday is 14 March")."""
    for match in _TIME.finditer(sentence):
        said = _WORD.findall(match.group(0).lower())
        before = sentence[max(0, match.start() - _SINCE_REACH) : match.start()]  # a window: linear in the sentence
        if not _SINCE.search(before) and any(_stem(word) not in covered for word in said):
            return True
    return False


def _tells_a_happening(sentence: str, covered: set[str]) -> bool:
    """A word of the sentence the facts do not hold is a verb's past form ("we had it for lunch", "ate", "adopted";
    not one that is also an adjective, like "tired" or "based"), a passing state ("sick", "in hospital", "on
    strike"), or says what is going on ("the rent is killing me", "she's being bullied", "keeps eating my food")."""
    words = [word for word in _WORD.findall(sentence.lower()) if _stem(word) not in covered]
    if any(_past_form(word) or word in _PASSING_STATES for word in words):
        return True
    going_on = [match.group(1).lower() for match in _GOING_ON.finditer(sentence)]
    # a verb's -ing form, or a word the lexicon lacks ("micromanaging")
    return any(_stem(word) not in covered and "v" in LEXICON.get(word, "v") for word in going_on)


def _past_form(word: str) -> bool:
    if word in _PAST_AUXILIARIES or word in _PAST_AS_BASE:
        return True
    parts = LEXICON.get(word, "")
    return "v" in parts and "A" not in parts and "X" not in parts and not word.endswith(("s", "ing"))


def _frames(word: str) -> bool:
    """A word that frames what is said and says nothing itself: filler, a greeting however drawn out ("hiii",
    "heyyy"), laughter."""
    return (
        word in FILLER_WORDS
        or word in _EDGE_FILLER
        or _GREETING_SOUND.fullmatch(word) is not None
        or _is_laughter(word)
    )


def summarise(message: str) -> str:
    """Extractive: the message's leading sentences, up to SUMMARY_MAX_WORDS words; "…" marks a cut. What happened,
    not the chat around it: sentences of greetings, laughter or filler alone ("omg hiii!", "lol") are left out, and
    so are such words opening or closing a sentence ("so we got a puppy lol" → "we got a puppy")."""
    kept = [trimmed for sentence in sentences(message) if (trimmed := _without_filler_edges(sentence))]
    return first_words(" ".join(kept or sentences(message)), SUMMARY_MAX_WORDS)


def episode_summary(message: str) -> str:
    """``summarise`` of the sentences that tell of the contact (``tells_of_the_contact``); "" when none does: the
    message was all chat around what happened — questions and reactions to the listener — and is no episode. A message
    that reads like instructions to a model ("Ignore previous instructions…") is kept as said, whole: it is stored as
    an episode, flagged, for staff to see (see ``injection``)."""
    if looks_like_injection(message):
        return summarise(message)
    parts = sentences(message)
    told = [part for i, part in enumerate(parts) if tells_of_the_contact(part, opens=i == 0 and len(parts) > 1)]
    kept = [trimmed for sentence in told if (trimmed := _without_filler_edges(sentence))]
    return first_words(" ".join(kept), SUMMARY_MAX_WORDS)


def first_words(text: str, count: int) -> str:
    """``text``'s first ``count`` words, whitespace made single; "…" marks a cut."""
    words = text.split()
    return " ".join(words[:count]) + ("…" if len(words) > count else "")


_EDGE_WORD = re.compile(r"^[^\W_]+(?:'[^\W_]+)?[,!.…]*$")


def tells_of_the_contact(sentence: str, *, opens: bool = False) -> bool:
    """False for the sentences of a message that are only about the listener: a question that does not speak of the
    speaker ("What made you decide?", "Any more paintings coming up?"), a reaction, maybe to a name ("Thanks,
    Melanie!", "Wow, that's amazing!", "Hey Gina!"), and words to the listener alone ("Your kind words mean a lot").
    Whatever speaks of the speaker stays, asked or not ("Why does my back hurt so much?", "¿Debería dejar mi
    trabajo?", "Your advice helped, got the job"). ``opens``: the sentence opens a longer message, where a name on its
    own greets the listener ("Caroline! Missed you."); anywhere else it answers ("Bruno!", "My dog? Max.")."""
    words = [word.lower() for word in _WORD.findall(sentence)]
    first_person = any(word in _FIRST_PERSON for word in words)
    if sentence.rstrip(" )\"'*_~").endswith("?") and not first_person:
        return False
    names = {name.lower() for name in (_VOCATIVE_OR_OPENING if opens else _VOCATIVE).findall(sentence)}
    told = [
        clause
        for clause in _clauses(sentence)
        if any(w not in _REACTION and w not in names for w in clause) and not _asks_the_listener(clause)
    ]
    # Every clause with something in it speaks to the listener ("Your kind words mean a lot"): about them, not the
    # speaker; a clause of its own keeps the sentence ("Your advice helped, got the job").
    return bool(told) and (first_person or not all(any(w in _SECOND_PERSON for w in clause) for clause in told))


# A request to the listener: a verb of asking said to them with "me"/"us" ("tell me something fun", "gimme a recipe",
# "give us a joke"), or after "can you", "please" ("can you recommend a book", "please help" alone); not a statement
# without its "I" ("Read an amazing book last night", "Tell you what, work was mental"). "help me …" asks for help with
# their own life ("help me pick a name for the new puppy"): it stays.
_ASKING_VERBS = r"(?:tell|give|show|recommend|suggest|teach|explain|send|write|find|list|describe|share|sing|read)"
_ASKS_THE_LISTENER = re.compile(
    r"^(?:(?:ok|okay|hey|so|now|just|haha|go|on|pls|plz|please)\s+)*"
    rf"(?:{_ASKING_VERBS}\s+(?:me|us)\b|gimme\b|(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?{_ASKING_VERBS}\b"
    rf"|(?:please|pls|plz)\s+(?:{_ASKING_VERBS}|help)$)"
)


def _clauses(sentence: str) -> list[list[str]]:
    return [[w.lower() for w in _WORD.findall(part)] for part in _CLAUSE_BREAK.split(sentence)]


def _asks_the_listener(clause: list[str]) -> bool:
    """A clause that only asks the listener for something ("tell me something fun", "can you give me a recipe for
    dal", "please help"): not of the speaker's life, unless it speaks of it ("help me plan my wedding"). The rest of its
    sentence still tells ("Give me a hug, grandad passed away this morning")."""
    said = " ".join(clause)
    return _ASKS_THE_LISTENER.match(said) is not None and not any(
        word in _FIRST_PERSON for word in clause if word not in {"me", "us"}
    )


# The speaker, in the languages extraction reads (en, es, pt, fr, de, it, nl, romanised Hindi).
_FIRST_PERSON = frozenset(
    {"i", "i'm", "i've", "i'll", "i'd", "im", "ive", "me", "my", "mine", "myself", "we", "we're", "we've", "we'll",
     "we'd", "us", "our", "ours", "ourselves",
     "mi", "mis", "nosotros", "nosotras", "nuestro", "nuestra", "nuestros", "nuestras",  # es
     "eu", "meu", "minha", "meus", "minhas", "nós", "nosso", "nossa",  # pt
     "je", "j'ai", "moi", "mon", "mes", "nous", "notre",  # fr
     "ich", "mich", "mir", "mein", "meine", "meinen", "meinem", "meiner", "wir", "uns", "unser", "unsere",  # de
     "io", "mio", "miei", "mie", "noi", "nostro", "nostra",  # it
     "ik", "mij", "mijn", "m'n", "wij", "ons", "onze",  # nl
     "mera", "meri", "mere", "mujhe", "mujhko", "hamara", "hamari"}  # romanised Hindi
)  # fmt: skip
# Left out: the words that are English too ("yo", "ma", "main", "hum", "nos", "mia"): an English question with one
# would count as the speaker's.
_SECOND_PERSON = frozenset({"you", "you're", "you've", "you'll", "you'd", "your", "yours", "yourself", "ya", "u", "ur"})
_CLAUSE_BREAK = re.compile(r"[,;:—–]|\s-\s|\b(?:and|but|so)\b")
# Words a reaction is made of: acknowledgements, praise, greetings and sign-offs, with the small words around them.
_REACTION = (
    FILLER_WORDS
    | STOPWORDS
    | {"wow", "awesome", "amazing", "great", "cool", "nice", "lovely", "sweet", "wonderful", "fantastic", "incredible",
       "beautiful", "gorgeous", "stunning", "cute", "fun", "exciting", "glad", "happy", "congrats", "congratulations",
       "aww", "aw", "yay", "woah", "whoa", "dang", "damn", "gosh", "totally", "absolutely", "definitely", "agreed",
       "exactly", "indeed", "sounds", "looks", "seems", "news", "hear", "talk", "soon", "take", "care", "cheers",
       "welcome", "love", "like", "much", "lot", "appreciate", "appreciated", "means", "mean", "thats", "that's",
       "it's", "what's", "how's", "so", "such", "very", "too", "pretty", "super", "kind", "sure", "true"}
)  # fmt: skip
# A name said to the listener: capitalised, after a comma or a greeting, before punctuation ("Thanks, Melanie!", "Hey
# Gina!"); opening a message of several sentences too ("Caroline! Missed you.").
_GREETING = r"\b(?:[Hh]ey|[Hh]i|[Hh]ello|[Tt]hanks|[Yy]o|[Ww]ow)\s+"
_NAME_BEFORE_PUNCTUATION = r"([A-Z][a-z]+)(?=\s*[,!.?…]|\s*$)"
_VOCATIVE = re.compile(rf"(?:,\s*|{_GREETING}){_NAME_BEFORE_PUNCTUATION}")
_VOCATIVE_OR_OPENING = re.compile(rf"(?:^|,\s*|{_GREETING}){_NAME_BEFORE_PUNCTUATION}")


def _without_filler_edges(sentence: str) -> str:
    words = sentence.split()
    while words and _is_filler(words[0]):
        words.pop(0)
    while words and _is_filler(words[-1]):
        words.pop()
    return " ".join(words)


def _is_filler(token: str) -> bool:
    if not _EDGE_WORD.match(token):
        return False  # an emoji, a number, a word run into punctuation: keep it
    word = token.rstrip(",!.…").lower()
    return word in _EDGE_FILLER or _is_laughter(word)


# Greetings, acknowledgements and asides that frame a sentence ("really", "just" change it, and "oh no", "ugh", "yay"
# say how it felt: they stay).
_EDGE_FILLER = frozenset(
    {"lol", "lmao", "rofl", "ok", "okay", "k", "kk", "hmm", "hm", "hmmm", "hi", "hello", "hey", "heya", "hiya", "hii",
     "hiii", "heyy", "omg", "so", "anyway", "anyways", "btw", "fyi", "tbh", "imo", "um", "welp", "xd", "ngl", "yo"}
)  # fmt: skip


_GREETING_SOUND = re.compile(r"h+i+|h+e+y+|y+o+|hell+o+|hiy+a+")
# Greetings in the other languages the rules read (English ones are FILLER_WORDS): "bom dia", "buenas noches",
# "guten Morgen", "namaste" — opening a sentence, as phrases: "tarde", "morgen", "dia" alone mean more, and "I need a
# salve" greets nobody.
_GREETINGS = re.compile(
    rf"(?i)(?:^|(?<=[.!?,]\s))[^\w\s]*(?:{alternation(FOREIGN_GREETINGS, any_space=True)})(?![^\W_])"
)
_PAST_AUXILIARIES = frozenset({"was", "were", "had", "did"})
# Past forms the same as the base form, or also adjectives ("my car broke down", "my manager cut my hours").
_PAST_AS_BASE = frozenset({"broke", "cut", "put", "hit", "shut", "quit", "hurt", "split", "spread", "burst", "fell"})
# States that pass, and are news when told: "Luna is pregnant", "in the ER with chest pains", "trains are on strike".
_PASSING_STATES = frozenset({
    "sick", "ill", "unwell", "poorly", "pregnant", "hospital", "hospitalised", "hospitalized", "er", "icu", "a&e",
    "strike", "stuck", "missing", "flare", "outbreak", "flooded", "fever", "flu", "covid", "injured", "quarantine",
    "isolating", "grounded", "suspended", "evicted", "labor", "labour", "surgery", "chemo", "rehab", "funeral", "vet",
    "fleas", "lice", "enfermo", "enferma", "embarazada", "doente", "grávida", "malade", "enceinte", "krank",
    "schwanger", "krankenhaus", "malato", "malata", "incinta", "ospedale", "hôpital", "ziek", "zwanger",
    "ziekenhuis",
})  # fmt: skip
# Introducing someone by name: "a cat named Pimenta", "a greyhound called Zeus", "her name is Mochi", "I have a …",
# "we got a …" (not "called me", "called my dad").
_INTRODUCES = re.compile(
    r"(?i)\b(?:named|called)\s+(?!(?:me|him|her|us|them|you|it|my|his|our|their|the|a|an|back|in|out|off|up)\b)\w"
    r"|\bname\s+is\b|\b(?:i|we)\s+(?:have|['’]ve\s+got|got|adopted)\s+(?:a|an|two|three)\b"
)
# A verb in its -ing form after a form of "be", or "keep": "is killing me", "'m hosting", "keeps eating".
_GOING_ON = re.compile(
    r"(?i)(?:\b(?:is|are|am|was|were|been|being|keeps?|kept)|['’](?:s|re|m))\s+(?:\w+\s+)??(\w+ing)\b"
)
# What places a sentence in time, in the languages the rules read.
_TIME = re.compile(
    r"(?i)(?<![^\W_])(?:yesterday|today|tonight|tomorrow|ago|earlier|finally|recently|lately|again|now|currently"
    r"|this\s+(?:morning|afternoon|evening)|(?:last|next|this)\s+(?:night|week|weekend|month|year|summer|winter|spring"
    r"|autumn|fall|time|[mtwfs]\w+day)|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+(?:jan|febr)uary"
    r"|in\s+(?:march|april|may|june|july|august|september|october|november|december)"
    r"|in\s+(?:\d+|an?|two|three|four|five|six|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|months?)"
    r"|ayer|hoy|anoche|mañana|ontem|hoje|amanhã|aujourd'hui|demain|gestern|heute|morgen|ieri|oggi|domani|aaj"
    r"|esta\s+semana|cette\s+semaine|diese\s+woche|questa\s+settimana|semana\s+pas[as]ada|la\s+semaine\s+derni[eè]re"
    r"|letzte\s+woche|la\s+settimana\s+scorsa|el\s+mes\s+pasado|o\s+m[eê]s\s+passado|le\s+mois\s+dernier"
    r"|letzten\s+monat|il\s+mese\s+scorso|gisteren|vandaag|vanavond|vannacht|vanochtend|vanmorgen"
    r"|(?:vorige|deze|volgende)\s+week|vorige\s+maand|vorig\s+jaar)(?![^\W_])"
)
# A time that dates a lasting fact, not a happening: "vegan since last year", "a fan since I was a kid".
_SINCE = re.compile(r"(?i)\b(?:since|for(?:\s+the)?)\s+$")
_SINCE_REACH = len("for the  ")


def _without_greetings(message: str) -> str:
    return _GREETINGS.sub(" ", message)


def _stem(word: str) -> str:
    """One form for a word's possessive, plural and verb forms ("sister's" and "sister", "lives" and "live", "loved"
    and "love"): a fact words what the message said its own way ("My sister Priya…" → "Sister's name is Priya")."""
    word = re.sub(r"['’]s$", "", word)
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _is_laughter(word: str) -> bool:
    return bool(re.fullmatch(r"(?:ha|he|hi|lo|ja|xa)+h?|l+o+l+|lmf?a+o+|a*ha+h*", word))


# How a name is given ("my husband is called Dave"): words that name, not tell (stemmed, as they are compared).
_NAMING = frozenset(
    _stem(word)
    for word in ("named", "called", "namens", "llama", "llamado", "llamada", "chama", "chamado", "chamada", "appelle",
                 "heißt", "heisst", "chiama", "chiamato", "chiamata", "heet", "genaamd")
)  # fmt: skip
