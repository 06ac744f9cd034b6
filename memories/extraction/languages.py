"""Facts and entities said in Spanish, Portuguese, French, German, Italian and romanised Hindi.

Each language states name, age, home (lives in, moved to, from), work (at, as), family, partner and pets with its own
grammar ("moro em Lisboa", "j'ai 38 ans", "ich arbeite als Lehrerin bei Siemens", "main Delhi mein rehti hoon"); the
constructions below are that grammar, one table per language. What they propose is exactly what the English rules
propose for the same statement: the same slots, values and entity conventions, and the memory written in the English
templates ("Lives in Lisboa", "Is 38 years old"), so a later "I moved to Porto" supersedes "moro em Lisboa".

No fact from a question, a negation or a hypothetical ("¿vives en Lyon?", "no tengo perro", "si me mudo a Madrid"):
the patterns read first-person present or past statements only, and a clause that starts with a negation or a
condition is skipped. English text is turned away by one search for words these languages use and English does not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from memories.extraction.entities import is_named
from memories.extraction.facts import _entity_fact, _fact, facet
from memories.extraction.preferences import _preference, _topic
from memories.extraction.text import entity_key, title, trim_tail
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import (
    FOREIGN_GREETINGS,
    FOREIGN_NOT_NAMES,
    FOREIGN_PET_SPECIES,
    FOREIGN_RELATIONS,
    FOREIGN_RELATIONSHIP_STATUSES,
    HINDI_BARE_KIN,
    NOT_NAMES,
    PARTNER_RELATIONS,
    SINGULAR_RELATIONS,
)

_APOS = "['’]"
# The rest of a clause: a value is cut from it by _place / _role (articles, trailing time and company words).
_REST = r"(?P<x>[^\W\d_][^.!?,;:\n()]{0,60})"
_WORD = r"[^\W\d_][\w'’-]*"
_NAME = rf"(?P<name>{_WORD}(?:\s+{_WORD})?)"
_CAPITALISED_PLACE = r"(?P<x>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
# A capitalised word, whatever the flags around it: a name beside a relation ("mi hermana Lucía", not "mi hermana no").
_CAPITALISED = r"(?-i:[A-ZÀ-ÖØ-Þ])[\w'’-]*"
_INTRODUCED = rf"(?P<name>{_CAPITALISED}(?:\s+{_CAPITALISED})?)"
# Who one lives with, said before where: "vivo con mi novio en Madrid", "ich wohne mit meiner Frau in Graz".
_WITH = r"(?:(?:con|com|avec|mit|insieme\s+a)\s+(?:[^\W\d_][\w'’-]*\s+){1,3}?)?"
_STATUSES = "|".join(
    sorted((re.escape(w).replace(r"\ ", r"\s+") for w in FOREIGN_RELATIONSHIP_STATUSES), key=len, reverse=True)
)
_CLAUSE_END = r"(?=\s*(?:[.!?,;:()]|$|\s+(?:y|e|et|und|ed|aur|and|hoon|hun|hu)\b))"


class _Language(NamedTuple):
    """How one language states each fact. Each pattern has a group ``x`` (or ``name``/``age``) holding the value."""

    names: tuple[str, ...]  # "me llamo X": a naming verb, any case
    intros: tuple[str, ...]  # "soy X" at the start of a message: a capitalised name
    ages: tuple[str, ...]
    lives: tuple[str, ...]
    moved: tuple[str, ...]
    hometown: tuple[str, ...]
    works_at: tuple[str, ...]
    works_as: tuple[str, ...]  # the rest of the clause holds the role, then maybe a workplace preposition
    workplace_prepositions: str  # what separates a role from its workplace ("como enfermera en el Hospital X")
    possessive: str  # "my" before a relation or a pet
    naming: str  # "is called": "mi perro se llama Toby"
    have_a: str  # "I have a": "tengo un perro"
    their_home: str  # "(mi hermana) vive en": a relative's home, theirs, never the contact's
    their_work: str
    statuses: tuple[str, ...]  # "estoy casada": group ``x`` holds a FOREIGN_RELATIONSHIP_STATUSES word
    # Romanised Hindi puts a relative's place before the verb ("meri behen Pune mein rehti hai"): a capitalised word
    # after the relation is a place there, not a name, when a postposition follows it.
    place_first: bool = False


_LANGUAGES = {
    "es": _Language(
        names=(rf"\bme\s+llamo\s+{_NAME}", rf"\bmi\s+nombre\s+es\s+{_NAME}"),
        intros=(rf"(?:yo\s+)?soy\s+(?:el\s+|la\s+)?{_INTRODUCED}",),
        ages=(
            r"\btengo\s+(?P<age>\d{1,3})\s+años\b",
            r"\b(?:cumplí|acabo\s+de\s+cumplir)\s+(?P<age>\d{1,3})(?:\s+años)?\b",
        ),
        lives=(rf"\b(?:vivo|resido|estoy\s+viviendo)\s+(?:ahora\s+)?{_WITH}en\s+{_REST}",),
        moved=(rf"\b(?:me\s+mudé|me\s+he\s+mudado|nos\s+mudamos|me\s+fui\s+a\s+vivir)\s+a\s+{_REST}",),
        hometown=(rf"\bsoy\s+(?:originaria?\s+|originario\s+)?de\s+{_REST}",),
        works_at=(rf"\b(?:trabajo|estoy\s+trabajando)\s+(?:ahora\s+)?(?:en|para)\s+{_REST}",),
        works_as=(rf"\btrabajo\s+(?:de|como)\s+{_REST}",),
        workplace_prepositions=r"en|para",
        possessive=r"mi",
        naming=r"se\s+llama|llamad[oa]",
        have_a=r"tengo\s+(?:un|una)",
        their_home=r"vive\s+en",
        their_work=r"trabaja\s+(?:en|para)",
        statuses=(rf"\b(?:estoy|soy)\s+(?:felizmente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "pt": _Language(
        names=(rf"\b(?:me\s+chamo|chamo-me)\s+{_NAME}", rf"\bmeu\s+nome\s+(?:é|e)\s+{_NAME}"),
        intros=(rf"(?:eu\s+)?sou\s+(?:o\s+|a\s+)?{_INTRODUCED}",),
        ages=(
            r"\btenho\s+(?P<age>\d{1,3})\s+anos\b",
            r"\b(?:fiz|completei|acabei\s+de\s+fazer)\s+(?P<age>\d{1,3})\s+anos\b",
        ),
        lives=(rf"\b(?:moro|vivo|resido|estou\s+morando)\s+(?:agora\s+)?{_WITH}(?:em|no|na|nos|nas)\s+{_REST}",),
        moved=(rf"\b(?:me\s+mudei|mudei-me|mudei|nos\s+mudamos|mudamos)\s+(?:para|pra|pro)\s+{_REST}",),
        hometown=(rf"\bsou\s+(?:natural\s+|originári[oa]\s+)?(?:de|do|da|dos|das)\s+{_REST}",),
        works_at=(rf"\b(?:trabalho|estou\s+trabalhando)\s+(?:agora\s+)?(?:na|no|em|para|pra|pela|pelo)\s+{_REST}",),
        works_as=(rf"\btrabalho\s+(?:como|de)\s+{_REST}",),
        workplace_prepositions=r"na|no|em|para|pra|pela|pelo",
        possessive=r"(?:o\s+|a\s+)?(?:meu|minha)",
        naming=r"se\s+chama|chama-se|chamad[oa]",
        have_a=r"tenho\s+(?:um|uma)",
        their_home=r"(?:mora|vive)\s+(?:em|no|na|nos|nas)",
        their_work=r"trabalha\s+(?:na|no|em|para|pela|pelo)",
        statuses=(rf"\b(?:estou|sou)\s+(?:felizmente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "fr": _Language(
        names=(rf"\bje\s+m{_APOS}appelle\s+{_NAME}", rf"\bmon\s+(?:pré)?nom\s+(?:est|c{_APOS}est)\s+{_NAME}"),
        intros=(rf"(?:moi,?\s+)?je\s+suis\s+{_INTRODUCED}", rf"moi,?\s+c{_APOS}est\s+{_INTRODUCED}"),
        ages=(
            r"\bj['’]ai\s+(?P<age>\d{1,3})\s+ans\b",
            r"\b(?:j['’]ai\s+eu|je\s+viens\s+d['’]avoir)\s+(?P<age>\d{1,3})\s+ans\b",
        ),
        lives=(
            rf"\b(?:j{_APOS}habite|je\s+vis|je\s+réside)\s+(?:maintenant\s+)?{_WITH}(?:à|a|au|aux|en|dans)\s+{_REST}",
        ),
        moved=(
            rf"\b(?:j{_APOS}ai|on\s+a|nous\s+avons)\s+déménagé\s+(?:à|a|au|aux|en|dans)\s+{_REST}",
            rf"\b(?:je\s+me\s+suis|on\s+s{_APOS}est|nous\s+nous\s+sommes)\s+installée?s?\s+(?:à|a|au|aux|en)\s+{_REST}",
        ),
        hometown=(rf"\bje\s+suis\s+originaire\s+(?:de|d{_APOS}|du|des)\s*{_REST}",),
        works_at=(rf"\bje\s+travaille\s+(?:maintenant\s+)?(?:chez|pour)\s+{_REST}",),
        works_as=(rf"\bje\s+travaille\s+comme\s+{_REST}",),
        workplace_prepositions=r"chez|pour|à|au",
        possessive=r"(?:mon|ma)",
        naming=rf"s{_APOS}appelle|nommée?|appelée?",
        have_a=rf"j{_APOS}ai\s+(?:un|une)",
        their_home=r"(?:habite|vit)\s+(?:à|a|au|aux|en|dans)",
        their_work=r"travaille\s+(?:chez|pour)",
        statuses=(rf"\bje\s+suis\s+(?:heureusement\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "de": _Language(
        names=(rf"\bich\s+hei(?:ß|ss)e\s+{_NAME}", rf"\bmein\s+name\s+ist\s+{_NAME}"),
        intros=(rf"ich\s+bin\s+(?:der\s+|die\s+)?{_INTRODUCED}",),
        ages=(
            r"\bich\s+bin\s+(?P<age>\d{1,3})\s+(?:jahre\s+alt|jahre|geworden)\b",
            r"\bich\s+bin\s+(?P<age>\d{2,3})(?=\s*(?:$|[.,!;)]))",
        ),
        lives=(rf"\b(?:ich\s+)?(?:wohne|lebe)\s+(?:jetzt\s+|seit\s+(?:\w+\s+){{1,3}}?)?{_WITH}(?:in|im)\s+{_REST}",),
        moved=(
            rf"\b(?:ich\s+bin|wir\s+sind)\s+(?:\w+\s+){{0,3}}?nach\s+{_CAPITALISED_PLACE}\s+(?:umgezogen|gezogen)\b",
        ),
        hometown=(rf"\bich\s+(?:komme|stamme)\s+(?:ursprünglich\s+)?aus\s+{_REST}", rf"\bich\s+bin\s+aus\s+{_REST}"),
        works_at=(rf"\b(?:ich\s+)?arbeite\s+(?:jetzt\s+)?(?:bei|für)\s+{_REST}",),
        works_as=(rf"\bich\s+arbeite\s+(?:jetzt\s+)?als\s+{_REST}",),
        workplace_prepositions=r"bei|für",
        possessive=r"(?:mein|meine|meinen|meinem|meiner)",
        naming=r"hei(?:ß|ss)t|namens",
        have_a=r"ich\s+(?:habe|hab)\s+(?:einen|eine|ein)",
        their_home=r"(?:wohnt|lebt)\s+(?:in|im)",
        their_work=r"arbeitet\s+(?:bei|für)",
        statuses=(rf"\bich\s+bin\s+(?:seit\s+(?:\w+\s+){{1,3}}?)?(?:glücklich\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "it": _Language(
        names=(rf"\bmi\s+chiamo\s+{_NAME}", rf"\bil\s+mio\s+nome\s+è\s+{_NAME}"),
        intros=(rf"(?:io\s+)?sono\s+{_INTRODUCED}",),
        ages=(r"\bho\s+(?:compiuto\s+)?(?P<age>\d{1,3})\s+anni\b",),
        lives=(rf"\b(?:vivo|abito)\s+(?:ora\s+|adesso\s+)?{_WITH}(?:a|ad|in|nel|nella)\s+{_REST}",),
        moved=(rf"\b(?:mi\s+sono|ci\s+siamo)\s+trasferit[oaie]\s+(?:a|ad|in|nel|nella)\s+{_REST}",),
        hometown=(rf"\bsono\s+(?:originari[oa]\s+)?di\s+{_REST}",),
        works_at=(rf"\blavoro\s+(?:ora\s+|adesso\s+)?(?:per|presso|alla|al)\s+{_REST}",),
        works_as=(rf"\blavoro\s+come\s+{_REST}",),
        workplace_prepositions=r"per|presso|alla|al|da",
        possessive=r"(?:(?:il|la)\s+)?(?:mio|mia)",
        naming=r"si\s+chiama|chiamat[oa]|di\s+nome",
        have_a=r"ho\s+(?:un|una|uno)",
        their_home=r"(?:vive|abita)\s+(?:a|ad|in|nel|nella)",
        their_work=r"lavora\s+(?:per|presso|alla|al)",
        statuses=(rf"\bsono\s+(?:felicemente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    # Romanised Hindi puts the place before the verb ("main Delhi mein rehti hoon"): a capitalised place, since
    # lowercase words there are most often not one ("main ghar mein hoon", "main kal se bimar hoon").
    "hi": _Language(
        names=(rf"\bmera\s+(?:naam|nam)\s+{_NAME}\s+(?:hai|he|h)\b",),
        intros=(rf"(?:main|mai)\s+{_INTRODUCED}\s+(?:hoon|hun|hu|hoo)\b",),
        ages=(
            r"\b(?:main|mai)\s+(?P<age>\d{1,3})\s+(?:saal|sal|years?)\s+(?:ka|ki|ke)\s+(?:hoon|hun|hu)\b",
            r"\bmeri\s+(?:umar|umr|umra|age)\s+(?P<age>\d{1,3})\s+(?:saal\s+|sal\s+|years?\s+)?(?:hai|he)\b",
        ),
        lives=(
            rf"\b(?:main|mai|hum)\s+{_CAPITALISED_PLACE}\s+(?:mein|me|mai)\s+(?:reh|rah)(?:ta|ti|te)\s+"
            r"(?:hoon|hun|hu|hain)\b",
        ),
        moved=(
            rf"\b(?:main|mai|hum)\s+{_CAPITALISED_PLACE}\s+(?:shift|move)\s+(?:ho\s+gaya|ho\s+gayi|ho\s+gaye|kiya"
            r"|kar\s+liya|hua|hui|hue)\b",
        ),
        hometown=(
            rf"\b(?:main|mai)\s+{_CAPITALISED_PLACE}\s+(?:se|ka|ki)\s+(?:hoon|hun|hu)\b",
            # "main Nadia hoon, Delhi se": an introduction's elided "from"
            rf"\b(?:hoon|hun|hu)\s*,\s*{_CAPITALISED_PLACE}\s+se\s*(?:$|[.!,])",
        ),
        works_at=(
            rf"\b(?:main|mai)\s+{_CAPITALISED_PLACE}\s+(?:mein|me|mai)\s+(?:kaam|job|naukri)\s+kar(?:ta|ti|te)\s+"
            r"(?:hoon|hun|hu)\b",
        ),
        works_as=(),
        workplace_prepositions=r"mein",
        possessive=r"(?:mera|meri|mere)",
        naming=r"(?:ka|ki|ke)\s+(?:naam|nam)",
        have_a=r"mere\s+(?:paas|pass)\s+(?:ek\s+)?",
        their_home=r"(?:mein|me|mai)\s+(?:reh|rah)(?:ta|ti|te)\s+(?:hai|hain|he)",
        their_work=r"(?:mein|me|mai)\s+(?:kaam|job|naukri)\s+kar(?:ta|ti|te)\s+(?:hai|hain|he)",
        place_first=True,
        statuses=(
            rf"\b(?:main|mai)\s+(?P<x>{_STATUSES})\s+(?:hoon|hun|hu)\b",
            r"\bmeri\s+(?P<x>shaadi|sagai)\s+ho\s+(?:gayi|gai|chuki)\s+(?:hai|he)\b",
        ),
    ),
}

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
    "mudado", "fui", "soporto", "suporto", "fala", "fale", "hables", "parle", "baat",
}) | HINDI_BARE_KIN  # fmt: skip
_CUE_WORD = re.compile(r"[^\W\d_][\w'-]*")


@lru_cache(maxsize=256)
def _may_say(sentence: str) -> bool:
    """Whether a sentence holds any word these rules start from: English text stops here (each rule asks; the
    answer is cached, so it costs one scan of the sentence)."""
    return not _CUES.isdisjoint(_CUE_WORD.findall(sentence.lower().replace("’", "'")))


_GREETINGS = "|".join(sorted((re.escape(g).replace(r"\ ", r"\s+") for g in FOREIGN_GREETINGS), key=len, reverse=True))
_AT_START = rf"^(?>[\W_]*)(?:(?>(?:{_GREETINGS}))(?>[\W_]+))*+"
# A clause whose start negates, supposes or asks ("no tengo perro", "si me mudo a Madrid", "quizás vivo en…").
_NOT_PLAINLY = re.compile(
    r"(?i)(?<!\w)(?:no|não|nao|ne|n['’]|non|nicht|kein\w*|nunca|jamás|jamais|nie|niemals|nahi|nahin|nhi|si|se|wenn|"
    r"falls|agar|cuando|quando|quand|ob|if|quizás|quizá|talvez|peut-être|vielleicht|forse|shayad|kya)(?!\w)"
)
_CLAUSE_BREAK = re.compile(
    r"(?i)[,;:]|(?<!\w)(?:pero|mas|mais|aber|ma|but|lekin|par|y|e|et|und|ed|aur|and|porque|parce|weil|perché)(?!\w)"
)
# A place's trailing words (time, company, reasons), in any of these languages: "Lisboa há dois anos", "Lyon depuis".
_PLACE_TAIL = re.compile(
    r"(?i)\s+(?:con|com|avec|mit|desde|depuis|seit|há|hace|ya|já|déjà|schon|già|agora|ahora|maintenant|jetzt|adesso|"
    r"ora|hoy|hoje|aujourd['’]hui|heute|oggi|y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|"
    r"también|também|aussi|auch|anche|bhi|hai|por|para|pour|für|per|durante|pendant|während|hasta|até|jusqu|bis|"
    r"fino|cerca|perto|près|en|em|no|na|à|au|chez|bei|als|como|comme|come|de\s+(?:novo|nuevo)|todos|tous|alle|"
    r"cuando|quando|quand|wenn|desde)\b.*$"
)
_LEADING_ARTICLE = re.compile(r"^(?:(?:el|la|los|las|o|a|os|as|le|les|der|die|das|dem|den|il|lo|gli|i)\s+|l['’]\s*)")
# "my" said in these languages, written "their" as facts are ("no quiero hablar de mi ex" → "… about their ex").
_MY = re.compile(
    r"(?i)^(?:mi|mis|meu|minha|meus|minhas|mon|ma|mes|mein|meine|meinen|meinem|meiner|mio|mia|miei|mie|mera|meri|mere)"
    r"\s+"
)
# Not a place or an employer: an indefinite article, a home or a street ("vivo en casa de mis padres").
_NOT_A_PLACE = frozenset(
    {"un", "una", "uno", "um", "uma", "une", "ein", "eine", "einer", "einem", "einen", "ek", "casa", "maison", "haus",
     "hause", "ghar", "piso", "apartamento", "appartement", "wohnung", "appartamento", "centro", "campo", "calle",
     "rua", "rue", "strasse", "straße", "via", "mi", "mis", "meu", "minha", "mon", "ma", "mes", "mein", "meine",
     "meiner", "meinem", "mio", "mia", "su", "sua", "son", "sa", "sein", "seine", "ihr", "ihre", "este", "esta",
     "ce", "cette", "dieser", "diese", "questo", "questa", "aquí", "aqui", "ici", "hier", "qui", "lá", "là"}
)  # fmt: skip


def _compile(patterns: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(f"(?i){pattern}") for pattern in patterns)


class _Rules(NamedTuple):
    names: tuple[re.Pattern[str], ...]
    intros: tuple[re.Pattern[str], ...]
    ages: tuple[re.Pattern[str], ...]
    statuses: tuple[re.Pattern[str], ...]
    lives: tuple[re.Pattern[str], ...]
    moved: tuple[re.Pattern[str], ...]
    hometown: tuple[re.Pattern[str], ...]
    works_at: tuple[re.Pattern[str], ...]
    works_as: tuple[re.Pattern[str], ...]
    workplace: re.Pattern[str]  # splits "enfermera en el Hospital X" into the role and the workplace
    person: re.Pattern[str]  # "mi hermana Lucía", "mi hermana se llama Lucía", "mi hermana"
    pet: re.Pattern[str]
    have_pet: re.Pattern[str]  # "tengo un perro (que se llama Toby)"
    relatives: tuple[tuple[re.Pattern[str], str, str], ...]
    relations: dict[str, str]
    species: dict[str, str]


def _alternatives(words: dict[str, str]) -> str:
    return "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in words), key=len, reverse=True))


def _kin(language: _Language, kinds: str) -> str:
    """'mi hermana', then a capitalised name beside it or any name after 'se llama'."""
    not_a_place = r"(?!\s+(?:mein|me|mai|se|ko|ka|ki|ke|par|tak)(?!\w))" if language.place_first else ""
    return (
        rf"(?<!\w){language.possessive}\s+(?P<kind>{kinds})(?!\w)"
        rf"(?:\s+(?:{language.naming})\s+(?P<named>{_WORD})|\s*,?\s+(?P<name>{_CAPITALISED}(?:\s+{_CAPITALISED})?)"
        rf"(?![\w'’-]){not_a_place})?"
    )


def _relatives(language: _Language, kin: str) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """'mi hermana vive en Madrid' → (pattern, the English verb, the kind of place)."""
    if language.place_first:
        return tuple(
            (re.compile(rf"(?i){kin}\s+{_CAPITALISED_PLACE}\s+{verb}(?!\w)"), said, kind)
            for verb, said, kind in ((language.their_home, "lives in", "location"),
                                     (language.their_work, "works at", "workplace"))
        )  # fmt: skip
    return tuple(
        (re.compile(rf"(?i){kin}\s+(?:{verb})\s+{_REST}"), said, kind)
        for verb, said, kind in ((language.their_home, "lives in", "location"),
                                 (language.their_work, "works at", "workplace"))
    )  # fmt: skip


def _rules(code: str, language: _Language) -> _Rules:
    relations, species = FOREIGN_RELATIONS[code], FOREIGN_PET_SPECIES[code]
    pets = _alternatives(species)
    return _Rules(
        names=_compile(language.names),
        intros=_compile(tuple(f"{_AT_START}{intro}{_CLAUSE_END}" for intro in language.intros)),
        ages=_compile(language.ages),
        statuses=_compile(language.statuses),
        lives=_compile(language.lives),
        moved=_compile(language.moved),
        hometown=_compile(language.hometown),
        works_at=_compile(language.works_at),
        works_as=_compile(language.works_as),
        workplace=re.compile(rf"(?i)\s+(?:{language.workplace_prepositions})\s+"),
        person=re.compile(f"(?i){_kin(language, _alternatives(relations))}"),
        pet=re.compile(f"(?i){_kin(language, pets)}"),
        have_pet=re.compile(
            rf"(?i)(?<!\w){language.have_a}\s*(?P<kind>{pets})(?!\w)(?!\s+(?:nahi|nahin|nhi))"
            rf"(?:\s*,?\s+(?:que\s+|qui\s+|che\s+|der\s+|die\s+|jiska\s+|jiski\s+)?(?:{language.naming})\s+"
            rf"(?P<named>{_WORD}))?"
        ),
        relatives=_relatives(language, _kin(language, _alternatives(relations))),
        relations=relations,
        species=species,
    )


_ALL = tuple(_rules(code, language) for code, language in _LANGUAGES.items())
_HINDI_BARE_KIN = re.compile(
    rf"(?i)(?<!\w)(?P<kind>{'|'.join(sorted(HINDI_BARE_KIN))})\s+(?:ki|ka|ke|ko|ne|se|mein|jaisi|jaisa)(?!\w)"
)


def personal_facts(sentence: str) -> list[Candidate]:
    """'sou a Sofia', 'je m'appelle Claire' → 'Name is …'; 'tengo 20 años' → 'Is 20 years old'."""
    if not _may_say(sentence) or _is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for match in _plain(sentence, rules.ages):
            age = int(match.group("age"))
            if 1 <= age <= 120:
                found.append(_fact(f"Is {age} years old", "age", value=(facet("age", str(age)),)))
        for match in _plain(sentence, rules.statuses):
            status = FOREIGN_RELATIONSHIP_STATUSES[_said(match.group("x"))]
            found.append(_fact(f"Is {status}", "relationship_status", value=(facet("status", status),)))
        for match in [*_plain(sentence, rules.names), *_plain(sentence, rules.intros)]:
            name = _person_name(match.group("name"), capitalised=match.re in rules.intros)
            if name:
                found.append(_fact(f"Name is {name}", "name", value=(facet("name", name),)))
    return found


def home_facts(sentence: str) -> list[Candidate]:
    """'moro em Lisboa' → 'Lives in Lisboa', 'me mudé a Monterrey' → '… (moved there)', 'ich komme aus Köln'."""
    if not _may_say(sentence) or _is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for patterns, template, slot in (
            (rules.lives, "Lives in {}", "location"),
            (rules.moved, "Lives in {} (moved there)", "location"),
            (rules.hometown, "Is from {}", "hometown"),
        ):
            for match in _plain(sentence, patterns):
                where = _place(match.group("x"))
                if where:
                    found.append(_entity_fact(template.format(where), slot, _named_place("location", where)))
    return found


def work_facts(sentence: str) -> list[Candidate]:
    """'trabalho como desenvolvedora na Nubank' → 'Is a desenvolvedora at Nubank'; 'ich arbeite bei Siemens'."""
    if not _may_say(sentence) or _is_question(sentence):
        return []
    found = []
    for rules in _ALL:
        for match in _plain(sentence, rules.works_as):
            role, *at = rules.workplace.split(match.group("x"), maxsplit=1)
            found.extend(_job(_role(role), _place(at[0], named=True) if at else ""))
        for match in _plain(sentence, rules.works_at):
            employer = _place(match.group("x"), named=True)
            if employer:
                found.append(_entity_fact(f"Works at {employer}", "workplace", _named_place("workplace", employer)))
    return found


def family_and_pet_facts(sentence: str) -> list[Candidate]:
    """'mi esposa Ana' → "Wife's name is Ana" (the partner slot); 'mon chat s'appelle Félix' → 'Has a cat named
    Félix'; 'tengo un perro' → 'Has a dog'. The same candidates as the English rules for 'my wife Ana', 'my cat…'."""
    if not _may_say(sentence) or _is_question(sentence):
        return []
    found = []
    for mention in _mentions(sentence):
        if is_named(mention):
            found.append(_named_fact(mention))
    for rules in _ALL:
        found.extend(_relative_facts(sentence, rules))
        for match in _plain(sentence, (rules.have_pet,)):
            if not match.group("named"):
                kind = rules.species[_said(match.group("kind"))]
                found.append(_fact(f"Has {_article(kind)} {kind}"))
    return found


def _relative_facts(sentence: str, rules: _Rules) -> list[Candidate]:
    """'minha irmã Júlia mora no Rio' → 'Júlia lives in Rio', as facts.relation_facts writes 'My mom lives in…'."""
    found = []
    for pattern, verb, kind in rules.relatives:
        for match in _plain(sentence, (pattern,)):
            where = _place(match.group("x"), named=kind == "workplace")
            if not where:
                continue
            word = _said(match.group("kind"))
            who = _person(word, rules.relations[word], _name_beside(match))
            label = who.display_name if is_named(who) else rules.relations[word].capitalize()
            found.append(_fact(f"{label} {verb} {where}", "", who, _named_place(kind, where)))
    return found


def mentions(sentence: str) -> list[EntityMention]:
    """People and pets named by their relation in these languages, with the English rules' conventions: a named one
    by their name (aliases: the name, 'my <relation>'), an unnamed person by the word said ('Nani'), an unnamed pet
    by its species."""
    return list(_mentions(sentence))


@lru_cache(maxsize=64)
def _mentions(sentence: str) -> tuple[EntityMention, ...]:
    """Read once per sentence: the facts about named relatives and ``extract()``'s mentions both come from here."""
    if not _may_say(sentence):
        return ()
    found: list[EntityMention] = []
    for rules in _ALL:
        for match in rules.pet.finditer(sentence):
            found.append(_pet(rules.species[_said(match.group("kind"))], _name_beside(match)))
        for match in rules.have_pet.finditer(sentence):
            if _said_plainly(sentence, match):
                found.append(_pet(rules.species[_said(match.group("kind"))], _name_beside(match)))
        for match in rules.person.finditer(sentence):
            word = _said(match.group("kind"))
            found.append(_person(word, rules.relations[word], _name_beside(match)))
    for match in _HINDI_BARE_KIN.finditer(sentence):
        word = _said(match.group("kind"))
        found.append(_person(word, FOREIGN_RELATIONS["hi"].get(word, _HINDI_KIN_ROOTS.get(word, word)), None))
    return tuple(found)


_HINDI_KIN_ROOTS = {"naniji": "grandmother", "dadiji": "grandmother", "nanaji": "grandfather", "dadaji": "grandfather"}


def _plain(sentence: str, patterns: tuple[re.Pattern[str], ...]) -> Iterator[re.Match[str]]:
    for pattern in patterns:
        for match in pattern.finditer(sentence):
            if _said_plainly(sentence, match):
                yield match


def _is_question(sentence: str) -> bool:
    return "?" in sentence or "¿" in sentence


def _said_plainly(sentence: str, match: re.Match[str]) -> bool:
    """No negation or condition between the start of the match's clause and the match ("ya no vivo en…"). Only the
    words just before it are read: a clause starts near its verb, and a long message stays linear."""
    clause = _CLAUSE_BREAK.split(sentence[max(0, match.start() - 60) : match.start()])[-1]
    return not _NOT_PLAINLY.search(clause)


def _person_name(text: str, *, capitalised: bool) -> str:
    words = text.split()
    first = words[0].strip("'’-")
    if not first or first.lower() in FOREIGN_NOT_NAMES or first in NOT_NAMES or not first.isalpha():
        return ""
    if capitalised and not first[0].isupper():
        return ""
    second = words[1] if len(words) > 1 and words[1][:1].isupper() and words[1].lower() not in FOREIGN_NOT_NAMES else ""
    return title(f"{first} {second}".strip())


def _name_beside(match: re.Match[str]) -> str:
    """The name after a relation or pet: any case after 'se llama', capitalised beside it ('mi hermana Lucía')."""
    named = match.groupdict().get("named")
    if named:
        return _person_name(named, capitalised=False)
    beside = match.groupdict().get("name")
    return _person_name(beside, capitalised=True) if beside else ""


def _place(text: str, *, named: bool = False) -> str:
    """'la Ciudad de México con mis papás' → 'Ciudad de México'. An employer (``named``) must be capitalised."""
    text = _PLACE_TAIL.sub("", trim_tail(text.strip())).strip(" '’\"")
    text = _LEADING_ARTICLE.sub("", text) if text[:1].islower() else text
    words = text.split()
    if not words or len(words) > 4 or words[0].lower() in _NOT_A_PLACE or any(w[:1].isdigit() for w in words):
        return ""
    if words[0][:1].isupper():
        words = _capitalised_run(words)
    elif named:
        return ""
    text = " ".join(words)
    # Names as written keep their lowercase particles ("Ciudad de México"); a lowercase one is titled ("lisboa").
    return text if any(c.isupper() for c in text) else title(text)


# Lowercase words inside a written name: "Ciudad de México", "Rio de Janeiro", "Frankfurt am Main".
_NAME_PARTICLES = frozenset({"de", "del", "da", "do", "dos", "das", "di", "du", "des", "la", "el", "le", "los", "am",
                             "an", "der", "im", "sur", "upon", "on", "y", "e"})  # fmt: skip


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


def _role(text: str) -> str:
    text = _PLACE_TAIL.sub("", text.strip())
    words = re.sub(r"(?i)^(?:un|una|um|uma|une|ein|eine|uno)\s+", "", text).split()
    return " ".join(words) if 0 < len(words) <= 4 else ""


def _job(role: str, where: str) -> list[Candidate]:
    if role and where:
        workplace = _named_place("workplace", where)
        content = f"Is {_article(role)} {role} at {where}"
        return [_fact(content, "workplace", workplace, value=(workplace.ref, facet("role", role)))]
    if role:
        return [_fact(f"Works as {_article(role)} {role}", "occupation", value=(facet("role", role),))]
    return []


def _named_place(kind: str, name: str) -> EntityMention:
    """``place()``'s convention (key, display name, the name as alias) for a name kept as written."""
    return EntityMention(kind, entity_key(name), name, aliases=(name,))


def _pet(species: str, name: str) -> EntityMention:
    if not name:
        return EntityMention(
            "pet", entity_key(species), species.capitalize(), aliases=(f"my {species}",), metadata={"species": species}
        )
    return EntityMention("pet", entity_key(name), name, aliases=(name, f"my {species}"), metadata={"species": species})


def _person(word: str, relation: str, name: str | None) -> EntityMention:
    if not name:
        return EntityMention(
            "person", entity_key(word), word.capitalize(), aliases=(f"my {relation}",), metadata={"relation": relation}
        )
    return EntityMention(
        "person", entity_key(name), name, aliases=(name, f"my {relation}"), metadata={"relation": relation}
    )


def _named_fact(mention: EntityMention) -> Candidate:
    """What facts.named_entity_facts proposes for the same mention in English."""
    if mention.entity_type == "pet":
        species = mention.metadata["species"]
        content = f"Has {_article(species)} {species} named {mention.display_name}"
        return _fact(content, f"pet:{mention.key}", mention, value=(mention.ref, facet("species", species)))
    relation = mention.metadata["relation"]
    content = f"{relation.capitalize()}'s name is {mention.display_name}"
    if relation in PARTNER_RELATIONS:
        return _fact(content, "relation:partner", mention, value=(mention.ref, facet("relation", relation)))
    return _entity_fact(content, f"relation:{relation}" if relation in SINGULAR_RELATIONS else "", mention)


def _said(word: str) -> str:
    return " ".join(word.lower().split())


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


# Likes, dislikes and topics to avoid: (construction, the English rules' verb, polarity, said strongly). The object
# follows the verb, except in Hindi ("mujhe biryani bahut pasand hai").
_OBJECT = r"(?P<x>[^\W\d_][^.!?,;:\n()]{0,60})"
_HINDI_OBJECT = r"(?P<x>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,3}?)"
_HINDI_MORE = r"(?:\s+(?:bahut|bohot|bohat|bahot|kaafi|zyada|sabse\s+zyada|bilkul))?"
_PREFERENCE_RULES = tuple(
    (re.compile(f"(?i)(?<!\\w){pattern}"), verb, polarity, strong)
    for pattern, verb, polarity, strong in (
        # es
        (rf"me\s+encanta(?:n)?\s+{_OBJECT}", "Loves", "positive", True),
        (rf"(?:amo|adoro)\s+{_OBJECT}", "Loves", "positive", True),
        (rf"me\s+gusta(?:n)?\s+(?:mucho\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"no\s+me\s+gusta(?:n)?\s+(?:nada\s+)?{_OBJECT}", "Doesn't like", "negative", False),
        (rf"(?:odio|detesto|no\s+soporto)\s+{_OBJECT}", "Hates", "negative", True),
        (rf"no\s+(?:quiero|me\s+hables)\s+(?:hablar\s+)?(?:de|sobre)\s+{_OBJECT}", "", "avoid", False),
        # pt
        (rf"gosto\s+(?:muito\s+)?(?:de|do|da|dos|das)\s+{_OBJECT}", "Likes", "positive", False),
        (rf"não\s+gosto\s+(?:de|do|da|dos|das)\s+{_OBJECT}", "Doesn't like", "negative", False),
        (rf"(?:odeio|não\s+suporto)\s+{_OBJECT}", "Hates", "negative", True),
        (rf"não\s+(?:quero|me\s+fal[ae])\s+(?:falar\s+)?(?:de|do|da|sobre)\s+{_OBJECT}", "", "avoid", False),
        # fr
        (rf"j['’]adore\s+{_OBJECT}", "Loves", "positive", True),
        (rf"j['’]aime\s+(?:bien\s+|beaucoup\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"je\s+n['’]aime\s+pas\s+{_OBJECT}", "Doesn't like", "negative", False),
        (rf"(?:je\s+déteste|je\s+hais|je\s+ne\s+supporte\s+pas)\s+{_OBJECT}", "Hates", "negative", True),
        (
            rf"(?:je\s+ne\s+veux\s+pas|ne\s+me)\s+parler?\s+(?:pas\s+)?(?:de|d['’]|du|des)\s*{_OBJECT}",
            "",
            "avoid",
            False,
        ),
        # de
        (rf"ich\s+liebe\s+{_OBJECT}", "Loves", "positive", True),
        (rf"ich\s+mag\s+(?!kein)(?:gern\s+|sehr\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"ich\s+mag\s+kein(?:e|en)?\s+{_OBJECT}", "Doesn't like", "negative", False),
        (rf"ich\s+hasse\s+{_OBJECT}", "Hates", "negative", True),
        (rf"ich\s+(?:will|möchte)\s+nicht\s+über\s+{_OBJECT}\s+(?:reden|sprechen)", "", "avoid", False),
        # it
        (rf"mi\s+piac(?:e|ciono)\s+(?:molto\s+|tanto\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"non\s+mi\s+piac(?:e|ciono)\s+{_OBJECT}", "Doesn't like", "negative", False),
        (rf"non\s+voglio\s+parlare\s+(?:di|del|della)\s+{_OBJECT}", "", "avoid", False),
        # hi
        (rf"mujhe\s+{_HINDI_OBJECT}{_HINDI_MORE}\s+pasand\s+(?:hai|hain|he|h)(?!\w)", "Likes", "positive", False),
        (
            rf"mujhe\s+{_HINDI_OBJECT}{_HINDI_MORE}\s+(?:pasand\s+nahi|nahi\s+pasand|pasand\s+nahin)",
            "Doesn't like",
            "negative",
            False,
        ),
        (rf"mujhe\s+{_HINDI_OBJECT}\s+se\s+(?:bahut\s+)?(?:pyaar|pyar)\s+(?:hai|he)", "Loves", "positive", True),
        (rf"mujhe\s+{_HINDI_OBJECT}\s+se\s+nafrat\s+(?:hai|he)", "Hates", "negative", True),
        (rf"(?:main|mai)\s+{_HINDI_OBJECT}\s+ke\s+(?:baare|bare)\s+(?:mein|me)\s+baat\s+nahi", "", "avoid", False),
    )
)
_OBJECT_TAIL = re.compile(
    r"(?i)\s+(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|también|também|aussi|auch|anche|"
    r"bhi|mucho|muito|beaucoup|sehr|molto|bahut|demais|todos|todas|tous|toutes|jeden|ogni|ya|já|por\s+favor|"
    r"s['’]il\s+te\s+pla[iî]t|bitte|per\s+favore|kk+|ja(?:ja)+|ha(?:ha)+|lol|mdr|xd)(?!\w).*$"
)
# Pronouns and the bot are not tastes ("te amo", "je t'aime", "ich liebe dich", "me encanta eso").
_NOT_AN_OBJECT = frozenset(
    {"lo", "la", "los", "las", "eso", "esto", "isso", "isto", "ça", "ca", "cela", "ceci", "das", "es", "dich", "euch",
     "questo", "quello", "te", "ti", "tu", "você", "voce", "vc", "toi", "vous", "yeh", "woh", "ye", "wo", "tum",
     "aap", "tumhe", "aapko", "que", "como", "cuando", "quando", "quand", "wie", "wenn", "come", "when", "it",
     "that", "this", "you", "it's", "to", "a", "de", "idea", "ideia", "idéia", "idée", "idee", "plan", "plano"}
)  # fmt: skip


def preferences(sentence: str) -> list[Candidate]:
    """'me encantan los tacos' → 'Loves tacos' (strong), 'mujhe biryani pasand hai' → 'Likes biryani', 'ya no quiero
    hablar de Valeria' → "Doesn't want to talk about Valeria": the English rules' contents, slots and polarities."""
    if not _may_say(sentence) or _is_question(sentence):
        return []
    found = []
    for pattern, verb, polarity, strong in _PREFERENCE_RULES:
        for match in pattern.finditer(sentence):
            if polarity == "positive" and not _said_plainly(sentence, match):
                continue  # "no me gusta…" is read by its own construction
            what = _object(match.group("x"))
            if not what:
                continue
            if polarity == "avoid":
                found.append(_topic("Doesn't want to talk about {}", what, polarity="avoid"))
            else:
                found.append(_preference(f"{verb} {what}", what, polarity=polarity, strong=strong))
    return found


def _object(text: str) -> str:
    text = _OBJECT_TAIL.sub("", text.strip()).strip(" '’\"")
    text = _MY.sub("their ", _LEADING_ARTICLE.sub("", text))
    words = text.split()
    if not words or len(words) > 6 or words[0].lower() in _NOT_AN_OBJECT or words[0].lower() in _NOT_A_PLACE:
        return ""
    return text


RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    personal_facts,
    home_facts,
    work_facts,
    family_and_pet_facts,
    preferences,
)
