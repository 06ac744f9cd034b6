"""Reading a clause in these languages: whether to read it at all, whether it is said plainly (not negated, supposed
or asked), and cutting a place, a role or a name out of what follows a verb."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from memories.extraction.languages.grammar import DUTCH_AND
from memories.extraction.text import alternation, title, trim_tail
from memories.extraction.vocabulary import (
    FOREIGN_GREETINGS,
    FOREIGN_JOB_TITLES,
    FOREIGN_NOT_NAMES,
    HINDI_BARE_KIN,
    NOT_NAMES,
)

# Words these languages use to say who they are and what they have, and English does not: a sentence without any
# is not read further.
_CUES = frozenset({
    "soy", "sou", "sono", "tengo", "tenho", "vivo", "moro", "abito", "resido", "trabajo", "trabalho", "lavoro",
    "travaille", "habite", "suis", "j'ai", "j'habite", "appelle", "m'appelle", "llamo", "chamo", "chamo-me",
    "chiamo", "mudé", "mudei", "mudei-me", "mudamos", "déménagé", "installé", "installée", "installés", "trasferito",
    "trasferita", "trasferiti", "trasferite", "gezogen", "umgezogen", "wohne", "lebe", "arbeite", "ich", "heiße",
    "heisse", "komme", "anni", "mi", "mio", "mia", "meu", "minha", "mon", "ma", "mein", "meine", "meinen", "meinem",
    "meiner", "mera", "meri", "mere", "hoon", "hun", "hu", "estoy", "estou", "je", "vis", "nos", "nous", "wir",
    "moi", "encanta", "encantan", "amo", "adoro", "gusta", "gustan", "odio", "detesto", "gosto", "odeio", "quero",
    "quiero", "j'adore", "j'aime", "déteste", "liebe", "mag", "hasse", "über", "piace", "piacciono", "voglio",
    "mujhe", "ho", "hum", "shaadi", "sagai", "gaya", "gayi", "gaye", "fiz", "completei", "cumplí", "cumplir",
    "mudado", "fui", "soporto", "suporto", "fala", "fale", "hables", "parle", "baat", "pidió", "propuso", "pediu",
    "demandé", "demandée", "antrag", "heiratsantrag", "chiesto", "propose", "tô", "morando", "bosse",
    "alérgico", "alérgica", "alergico", "alergica", "alergia", "allergique", "allergie", "allergisch", "allergico",
    "allergica", "allergia", "un'allergia", "allergy", "padezco", "sufro", "sofro", "souffre", "leide", "soffro",
    "habe", "bin", "diagnosticaron", "diagnosticada", "diagnosticado", "diagnostiqué", "diagnosticato",
    "ik", "mijn", "m'n", "onze", "wij", "heet", "woon", "wonen", "werk", "kom", "verhuisd", "verhuisde",
    "verhuisden", "geëmigreerd", "heb", "hebben", "getrouwd", "gehuwd", "gescheiden", "verloofd", "vrijgezel",
    "lijd", "hou", "houd", "vind", "haat", "hekel", "niet", "alsjeblieft", "huwelijk", "gevraagd",
}) | HINDI_BARE_KIN  # fmt: skip
_CUE_WORD = re.compile(r"[^\W\d_][\w'-]*")


@lru_cache(maxsize=256)
def may_say(sentence: str) -> bool:
    """Whether a sentence holds any word these rules start from: English text stops here (each rule asks; the
    answer is cached, so it costs one scan of the sentence)."""
    return not _CUES.isdisjoint(_CUE_WORD.findall(sentence.lower().replace("’", "'")))


_GREETINGS = alternation(FOREIGN_GREETINGS, any_space=True)
AT_START = rf"^(?>[\W_]*)(?:(?>(?:{_GREETINGS}))(?>[\W_]+))*+"
# A clause whose start negates, supposes or asks ("no tengo perro", "si me mudo a Madrid", "quizás vivo en…").
_NOT_PLAINLY = re.compile(
    r"(?i)(?<!\w)(?:no|não|nao|ne|n['’]|non|nicht|kein\w*|nunca|jamás|jamais|nie|niemals|nahi|nahin|nhi|si|se|wenn|"
    r"falls|agar|cuando|quando|quand|ob|if|quizás|quizá|talvez|peut-être|vielleicht|forse|shayad|kya|"
    r"niet|geen|nooit|niemand|als|indien|wanneer|misschien|wellicht|mogelijk|stel|tenzij|zodra)(?!\w)"
)
_CLAUSE_BREAK = re.compile(
    r"(?i)[,;:]|(?<!\w)(?:pero|mas|mais|aber|ma|but|lekin|par|y|e|et|und|ed|aur|and|porque|parce|weil|perché|"
    rf"maar|want|omdat|dus|{DUTCH_AND})(?!\w)"
)
# A place's trailing words (time, company, reasons), in any of these languages: "Lisboa há dois anos", "Lyon depuis".
_PLACE_TAIL = re.compile(
    r"(?i)\s+(?:con|com|avec|mit|desde|depuis|seit|há|hace|ya|já|déjà|schon|già|agora|ahora|maintenant|jetzt|adesso|"
    r"ora|hoy|hoje|aujourd['’]hui|heute|oggi|y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|"
    r"también|também|aussi|auch|anche|bhi|hai|por|para|pour|für|per|durante|pendant|während|hasta|até|jusqu|bis|"
    r"fino|cerca|perto|près|en|em|no|na|à|au|chez|bei|als|como|comme|come|de\s+(?:novo|nuevo)|todos|tous|alle|faz|"
    r"cuando|quando|quand|wenn|desde|in|met|sinds|nu|nog|ook|maar|want|omdat|samen|alleen|bij|voor|vanaf|tot|dus|"
    r"toen|al|geleden|inmiddels|tegenwoordig|trouwens|eigenlijk|gewoon|vandaag|gisteren|vorig|vorige|afgelopen|hoor|"
    r"van\s+beroep)\b.*$"
)
LEADING_ARTICLE = re.compile(
    r"^(?:(?:el|la|los|las|o|a|os|as|le|les|der|die|das|dem|den|il|lo|gli|i|de|het)\s+|l['’]\s*)"
)
# Words that start no place or employer: indefinite articles, possessives, demonstratives, "here".
NOT_A_NAME_START = frozenset(
    {"un", "una", "uno", "um", "uma", "une", "ein", "eine", "einer", "einem", "einen", "ek", "mi", "mis", "meu",
     "minha", "mon", "ma", "mes", "mein", "meine", "meiner", "meinem", "mio", "mia", "su", "sua", "son", "sa", "sein",
     "seine", "ihr", "ihre", "este", "esta", "ce", "cette", "dieser", "diese", "questo", "questa", "aquí", "aqui",
     "ici", "hier", "qui", "lá", "là", "een", "mijn", "m'n", "mn", "onze", "ons", "zijn", "haar", "hun", "deze",
     "dit", "daar"}
)  # fmt: skip
# Common nouns one lives or works in, not places: a home or a street ("vivo en casa de mis padres"), a state ("vivo en
# paz", "ich lebe in Angst"), a part of anywhere ("j'habite en banlieue"). A written multi-word name may hold one
# ("Ciudad de México").
_COMMON_NOUNS = frozenset(
    {"casa", "maison", "haus", "hause", "ghar", "piso", "apartamento", "appartement", "wohnung", "appartamento",
     "centro", "campo", "calle", "rua", "rue", "strasse", "straße", "via",
     "paz", "miedo", "pánico", "ansiedad", "soledad", "angustia", "caos", "crisis", "medo", "pânico", "ansiedade",
     "solidão", "peur", "angoisse", "solitude", "crise", "angst", "frieden", "panik", "einsamkeit", "pace", "paura",
     "ansia", "solitudine", "guerra", "estrés", "estresse", "stress", "mundo", "monde", "welt", "mondo",
     "banlieue", "campagne", "centre", "centre-ville", "afueras", "periferia", "interior", "zona", "barrio", "bairro",
     "quartier", "vorort", "stadt", "land", "città", "ciudad", "cidade", "ville",
     "huis", "thuis", "flat", "woning", "kamer", "studio", "caravan", "woonboot", "straat", "centrum",
     "binnenstad", "stad", "dorp", "buurt", "wijk", "buitenwijk", "platteland", "omgeving", "regio", "rust", "vrede",
     "paniek", "eenzaamheid", "wereld"}
)  # fmt: skip


def plain(sentence: str, patterns: tuple[re.Pattern[str], ...]) -> Iterator[re.Match[str]]:
    for pattern in patterns:
        for match in pattern.finditer(sentence):
            if said_plainly(sentence, match):
                yield match


def is_question(sentence: str) -> bool:
    return "?" in sentence or "¿" in sentence


def said_plainly(sentence: str, match: re.Match[str]) -> bool:
    """No negation or condition between the start of the match's clause and the match ("ya no vivo en…"). Only the
    words just before it are read: a clause starts near its verb, and a long message stays linear."""
    clause = _CLAUSE_BREAK.split(sentence[max(0, match.start() - 60) : match.start()])[-1]
    return not _NOT_PLAINLY.search(clause)


# A profession after "soy", "ich bin" is no name ("ich bin Krankenpfleger"); said after "me llamo", "ich heiße" it is
# one ("ich heiße Thomas Koch").
_PROFESSIONS = frozenset(title for titles in FOREIGN_JOB_TITLES.values() for title in titles)


def person_name(text: str, *, capitalised: bool) -> str:
    words = text.split()
    first = words[0].strip("'’-")
    if not first or first.lower() in FOREIGN_NOT_NAMES or first in NOT_NAMES or not first.isalpha():
        return ""
    if capitalised and (not first[0].isupper() or first.lower() in _PROFESSIONS):
        return ""
    second = words[1] if len(words) > 1 and words[1][:1].isupper() and words[1].lower() not in FOREIGN_NOT_NAMES else ""
    return title(f"{first} {second}".strip())


def name_beside(match: re.Match[str]) -> str:
    """The name after a relation or pet: any case after 'se llama' or before 'heet' ('een hond die Bram heet'),
    capitalised beside it ('mi hermana Lucía', 'een kat, Minoes')."""
    groups = match.groupdict()
    named = groups.get("named") or groups.get("called")
    if named:
        return person_name(named, capitalised=False)
    beside = groups.get("name") or groups.get("beside")
    return person_name(beside, capitalised=True) if beside else ""


def clause_head(text: str) -> str:
    """What comes before the next clause's conjunction: 'enfermera y vivo en Madrid' → 'enfermera'."""
    return _NEXT_CLAUSE.split(text, maxsplit=1)[0]


_NEXT_CLAUSE = re.compile(
    r"(?i)\s+(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|maar|want|omdat|dus)\s+"
)

# Dutch places whose name holds "en", "op", "aan", "bij" ("Berg en Dal"), said as written
_JOINED_PLACES = re.compile(
    r"(?-i:Berg en Dal|Bergen op Zoom|Wijk bij Duurstede|Alphen aan den Rijn|Capelle aan den IJssel"
    r"|Krimpen aan den IJssel|Egmond aan Zee|Wijk aan Zee|Noordwijk aan Zee|Ouderkerk aan de Amstel)(?!\w)"
)
# A lowercase word after a lowercase Dutch article is a common noun, not a town ("het buitenland", "de stad")
_DUTCH_COMMON_AFTER_ARTICLE = re.compile(r"(?-i:het|de)\s+(?-i:[a-zà-ÿ])")


def place_name(text: str, *, named: bool = False) -> str:
    """'la Ciudad de México con mis papás' → 'Ciudad de México'. An employer (``named``) must be capitalised."""
    joined = _JOINED_PLACES.match(text.strip())
    if joined:  # "Berg en Dal", "Bergen op Zoom": a name holding a word that elsewhere ends a place
        return joined.group(0)
    text = _PLACE_TAIL.sub("", trim_tail(text.strip())).strip(" '’\"")
    if _DUTCH_COMMON_AFTER_ARTICLE.match(text):  # "in het buitenland", "in het verzorgingstehuis": no place
        return ""
    text = LEADING_ARTICLE.sub("", text) if text[:1].islower() else text
    words = text.split()
    written = bool(words) and words[0][:1].isupper()
    if written:
        words = _capitalised_run(words)
    elif named:
        return ""
    if not words or len(words) > 4 or words[0].lower() in NOT_A_NAME_START or any(w[:1].isdigit() for w in words):
        return ""
    if words[0].lower() in _COMMON_NOUNS and (len(words) == 1 or not written):
        return ""
    text = " ".join(words)
    # Names as written keep their lowercase particles ("Ciudad de México"); a lowercase one is titled ("lisboa").
    return text if any(c.isupper() for c in text) else title(text)


def allergen_name(text: str) -> str:
    """'los mariscos y el polen' → 'mariscos': the first allergen, without its article, in the words it was said in."""
    text = LEADING_ARTICLE.sub("", _PLACE_TAIL.sub("", trim_tail(text.strip())).strip(" '’\""))
    words = [w for w in text.split() if re.fullmatch(r"[^\W\d_][\w'’-]*", w)]
    return " ".join(words[:3]) if words and words[0].lower() not in NOT_A_NAME_START else ""


# Lowercase words inside a written name: "Ciudad de México", "Rio de Janeiro", "Frankfurt am Main", "Bergen op Zoom".
_NAME_PARTICLES = frozenset({"de", "del", "da", "do", "dos", "das", "di", "du", "des", "la", "el", "le", "los", "am",
                             "an", "der", "im", "sur", "upon", "on", "y", "e",
                             "aan", "den", "op", "ter", "van"})  # fmt: skip


def _capitalised_run(words: list[str]) -> list[str]:
    """A written name ends where its capitalised words do: 'Monterrey el año pasado' → 'Monterrey'."""
    run: list[str] = []
    for word in words:
        if not (word[:1].isupper() or word in _NAME_PARTICLES):
            break
        run.append(word)
    while run and run[-1] in _NAME_PARTICLES:
        run.pop()
    return run


def role_name(text: str) -> str:
    text = _PLACE_TAIL.sub("", text.strip())
    words = re.sub(r"(?i)^(?:un|una|um|uma|une|ein|eine|uno)\s+", "", text).split()
    return " ".join(words) if 0 < len(words) <= 4 else ""


def word_key(word: str) -> str:
    return " ".join(word.lower().split())
