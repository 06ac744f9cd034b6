"""Likes, dislikes and topics to avoid in these languages, as the English preference rules write them."""

from __future__ import annotations

import re
from functools import lru_cache

from memories.extraction.languages.clauses import LEADING_ARTICLE, NOT_A_NAME_START, is_question, may_say, said_plainly
from memories.extraction.languages.grammar import DUTCH_AND
from memories.extraction.preferences import _preference, _topic
from memories.extraction.types import Candidate

# Likes, dislikes and topics to avoid: (construction, the English rules' verb, polarity, said strongly). The object
# follows the verb, except in Hindi ("mujhe biryani bahut pasand hai") and Dutch "ik vind zwemmen leuk".
_OBJECT = r"(?P<x>[^\W\d_][^.!?,;:\n()]{0,60})"
# What Dutch finds good or bad, said before the word that judges it ("ik vind zwemmen leuk"), never with "niet"
_DUTCH_OBJECT = r"(?P<x>[^\W\d_][\w'’-]*(?:\s+(?!(?:niet|geen|echt|heel|erg|zo|best|wel|super)\b)[\w'’-]+){0,3}?)"
_DUTCH_DEGREE = r"(?:echt\s+|heel\s+|erg\s+|super\s+|zo\s+|best\s+|wel\s+|ontzettend\s+|heel\s+erg\s+)?"
_HINDI_OBJECT = r"(?P<x>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,3}?)"
_HINDI_MORE = r"(?:\s+(?:bahut|bohot|bohat|bahot|kaafi|zyada|sabse\s+zyada|bilkul))?"
_PREFERENCE_RULES = tuple(
    (re.compile(f"(?i)(?<!\\w){pattern}"), verb, polarity, strong)
    for pattern, verb, polarity, strong in (
        # es
        (rf"me\s+encanta(?:n)?\s+{_OBJECT}", "Loves", "positive", True),
        (rf"(?:amo|adoro)\s+{_OBJECT}", "Loves", "positive", True),
        (rf"me\s+gusta(?:n)?\s+(?:mucho\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"no\s+me\s+gusta(?:n)?\s+(?:nada\s+)?(?!hablar\b){_OBJECT}", "Doesn't like", "negative", False),
        (rf"(?:odio|detesto|no\s+soporto)\s+{_OBJECT}", "Hates", "negative", True),
        (rf"no\s+(?:quiero|me\s+hables)\s+(?:hablar\s+)?(?:de|sobre)\s+{_OBJECT}", "", "avoid", False),
        # "no me gusta hablar de política", "no me preguntes por mi ex", "nada de preguntas sobre el trabajo"
        (rf"no\s+me\s+gusta\s+hablar\s+(?:de|sobre)\s+{_OBJECT}", "", "avoid", False),
        (rf"no\s+me\s+preguntes\s+(?:por|sobre|de)\s+{_OBJECT}", "", "avoid", False),
        (rf"(?:nada\s+de|sin)\s+preguntas\s+(?:sobre|de)\s+{_OBJECT}", "", "avoid", False),
        # pt
        (rf"gosto\s+(?:muito\s+)?(?:de|do|da|dos|das)\s+{_OBJECT}", "Likes", "positive", False),
        (rf"não\s+gosto\s+(?:de|do|da|dos|das)\s+(?!falar\b){_OBJECT}", "Doesn't like", "negative", False),
        (rf"(?:odeio|não\s+suporto)\s+{_OBJECT}", "Hates", "negative", True),
        (rf"não\s+(?:quero|me\s+fal[ae])\s+(?:falar\s+)?(?:de|do|da|sobre)\s+{_OBJECT}", "", "avoid", False),
        (rf"não\s+gosto\s+de\s+falar\s+(?:de|do|da|sobre)\s+{_OBJECT}", "", "avoid", False),
        (rf"não\s+me\s+pergunte?s?\s+(?:sobre|de|do|da|pel[oa])\s+{_OBJECT}", "", "avoid", False),
        # fr
        (rf"j['’]adore\s+{_OBJECT}", "Loves", "positive", True),
        (rf"j['’]aime\s+(?:bien\s+|beaucoup\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"je\s+n['’]aime\s+pas\s+(?!parler\b){_OBJECT}", "Doesn't like", "negative", False),
        (rf"je\s+n['’]aime\s+pas\s+parler\s+(?:de|d['’]|du|des)\s*{_OBJECT}", "", "avoid", False),
        (rf"(?:ne\s+me\s+pose[sz]?\s+pas\s+de|pas\s+de)\s+questions?\s+sur\s+{_OBJECT}", "", "avoid", False),
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
        # "Bitte keine Fragen über Religion", "ich rede nicht gern über Geld", "lass uns nicht über Politik reden"
        (
            rf"keine\s+(?:fragen|gespräche|witze|diskussionen|kommentare)\s+(?:über|zu|zum|zur|nach)\s+{_OBJECT}",
            "",
            "avoid",
            False,
        ),
        (rf"ich\s+(?:rede|spreche)\s+nicht\s+(?:gern|gerne)\s+über\s+{_OBJECT}", "", "avoid", False),
        (rf"lass\s+uns\s+nicht\s+über\s+{_OBJECT}\s+(?:reden|sprechen)", "", "avoid", False),
        # it
        (rf"mi\s+piac(?:e|ciono)\s+(?:molto\s+|tanto\s+)?{_OBJECT}", "Likes", "positive", False),
        (rf"non\s+mi\s+piac(?:e|ciono)\s+(?!parlare\b){_OBJECT}", "Doesn't like", "negative", False),
        (rf"non\s+mi\s+piace\s+parlare\s+(?:di|del|della|dei|delle)\s+{_OBJECT}", "", "avoid", False),
        (rf"non\s+(?:chiedermi|farmi\s+domande)\s+(?:di|del|della|su|sul|sulla)\s+{_OBJECT}", "", "avoid", False),
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
        # nl: "ik hou van …" is said of what one loves and of what one likes; "ik heb een hekel aan …" is hating
        (
            rf"ik\s+(?:hou|houd)\s+(?:echt\s+|heel\s+erg\s+|erg\s+|zo(?:veel)?\s+|ontzettend\s+|enorm\s+)?van\s+"
            rf"{_OBJECT}",
            "Loves",
            "positive",
            True,
        ),
        (rf"ik\s+ben\s+{_DUTCH_DEGREE}(?:gek|dol|verzot)\s+op\s+{_OBJECT}", "Loves", "positive", True),
        (
            rf"ik\s+vind\s+{_DUTCH_OBJECT}\s+{_DUTCH_DEGREE}(?:geweldig|heerlijk|fantastisch|prachtig|top)(?!\w)",
            "Loves",
            "positive",
            True,
        ),
        (
            rf"ik\s+vind\s+{_DUTCH_OBJECT}\s+{_DUTCH_DEGREE}(?:leuk|lekker|fijn|mooi|gezellig|interessant)(?!\w)",
            "Likes",
            "positive",
            False,
        ),
        (rf"ik\s+(?:eet|drink)\s+(?:heel\s+|erg\s+)?graag\s+{_OBJECT}", "Likes", "positive", False),
        (
            rf"ik\s+(?:hou|houd)\s+niet\s+(?:zo\s+|echt\s+|erg\s+)?van\s+(?!praten\b){_OBJECT}",
            "Doesn't like",
            "negative",
            False,
        ),
        (
            rf"ik\s+vind\s+{_DUTCH_OBJECT}\s+niet\s+(?:zo\s+|echt\s+|erg\s+)?(?:leuk|lekker|fijn|mooi)(?!\w)",
            "Doesn't like",
            "negative",
            False,
        ),
        (
            rf"ik\s+vind\s+{_DUTCH_OBJECT}\s+{_DUTCH_DEGREE}(?:vreselijk|verschrikkelijk|afschuwelijk|walgelijk)(?!\w)",
            "Hates",
            "negative",
            True,
        ),
        (rf"ik\s+(?:haat|heb\s+een\s+(?:enorme\s+|bloed)?hekel\s+aan)\s+{_OBJECT}", "Hates", "negative", True),
        (
            rf"begin\s+(?:alsjeblieft\s+|alstublieft\s+|aub\s+|maar\s+)?niet\s+(?:meer\s+)?over\s+{_OBJECT}",
            "",
            "avoid",
            False,
        ),
        (
            rf"(?:ik\s+wil|laten\s+we)\s+het\s+(?:liever\s+)?niet\s+(?:meer\s+)?over\s+{_OBJECT}\s+hebben",
            "",
            "avoid",
            False,
        ),
        (rf"(?:ik\s+wil|laten\s+we)\s+(?:liever\s+)?niet\s+(?:meer\s+)?praten\s+over\s+{_OBJECT}", "", "avoid", False),
        (rf"(?:ik\s+wil|laten\s+we)\s+(?:liever\s+)?niet\s+(?:meer\s+)?over\s+{_OBJECT}\s+praten", "", "avoid", False),
        (
            rf"ik\s+(?:praat|heb\s+het)\s+(?:liever\s+niet|niet\s+(?:zo\s+)?graag)\s+over\s+{_OBJECT}",
            "",
            "avoid",
            False,
        ),
        (
            rf"(?:(?:alsjeblieft\s+)?geen\s+vragen\s+over|vraag\s+(?:me|mij)\s+(?:alsjeblieft\s+)?niet\s+"
            rf"(?:naar|over))\s+{_OBJECT}",
            "",
            "avoid",
            False,
        ),
        # pl: the object as said, in its case ("lubię kawę", "nie lubię rozmawiać o polityce")
        (rf"(?:lubię|lubie)\s+(?:bardzo\s+)?(?!rozmawiać|mówić|gadać){_OBJECT}", "Likes", "positive", False),
        (rf"(?:kocham|uwielbiam)\s+{_OBJECT}", "Loves", "positive", True),
        (rf"nie\s+(?:lubię|lubie)\s+(?!rozmawiać|mówić|gadać){_OBJECT}", "Doesn't like", "negative", False),
        (rf"nienawidzę\s+{_OBJECT}", "Hates", "negative", True),
        (
            rf"(?:nie\s+(?:lubię|lubie|chcę|chce)\s+(?:rozmawiać|mówić|gadać)|nie\s+rozmawiajmy|nie\s+pytaj\s+mnie)\s+"
            rf"o\s+{_OBJECT}",
            "",
            "avoid",
            False,
        ),
    )
)
# "o surf é minha paixão", "el ajedrez es mi pasión", "le vélo, c'est ma passion": the thing before, said strongly
# (not "… é minha vida", "… ist meine Therapie": said of a child, a partner or a treatment as often as of a pastime,
# as in English)
_MY_PASSION = re.compile(
    r"(?i)(?:\s+(?:é|es|est|ist|è)|\s*,?\s+c['’]est)\s+(?:a\s+|la\s+|il\s+)?(?:minha|mi|ma|mein|meine|mia|mio)\s+"
    r"(?:grande\s+|große\s+)?(?:paixão|pasión|passion|leidenschaft|passione)(?!\w)"
    r"|\s+is\s+(?:mijn|m['’]n)\s+(?:grote\s+)?passie(?!\w)"
)
_SUBJECT_START = re.compile(
    r"(?i)[,;:.!?()]|(?<!\w)(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce\s+que|weil|perché)(?!\w)"
)
# Words that start a taste or a boundary here and say nothing of who one is, so clauses.may_say does not know them
_PREFERENCE_CUES = frozenset({
    "lubię", "lubie", "kocham", "uwielbiam", "nienawidzę", "rozmawiać", "rozmawiajmy", "pytaj", "keine", "lass",
    "rede", "spreche", "preguntes", "preguntas", "pergunte", "perguntes", "questions", "question", "chiedermi",
    "domande", "parlare", "paixão", "pasión", "passion", "leidenschaft", "passione", "passie", "vragen", "vraag",
    "laten", "praat",
})  # fmt: skip
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# "my" said in these languages, written "their" as facts are ("no quiero hablar de mi ex" → "… about their ex").
# Loved or liked, one's own is a person or one's passing thing, never a taste ("kocham moją żonę", "amo mi perro").
_MY = re.compile(
    r"(?i)^(?:mi|mis|meu|minha|meus|minhas|mon|ma|mes|mein|meine|meinen|meinem|meiner|mio|mia|miei|mie|mera|meri|mere"
    r"|mój|moj|moja|moją|moje|mojego|mojej|moim|moich|moi|mojemu|moimi|mijn|m['’]n|mn|onze|ons)\s+"
)
_OBJECT_TAIL = re.compile(
    r"(?i)\s+(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|también|também|aussi|auch|anche|"
    r"bhi|mucho|muito|beaucoup|sehr|molto|bahut|demais|todos|todas|tous|toutes|jeden|ogni|ya|já|por\s+favor|"
    r"s['’]il\s+te\s+pla[iî]t|bitte|per\s+favore|kk+|ja(?:ja)+|ha(?:ha)+|lol|mdr|xd|"
    # who with and when: "me encanta bailar salsa con mis amigas"
    r"con|com|avec|mit|insieme|ke\s+saath|cuando|quando|quand|wenn|los\s+domingos|aos\s+domingos|"
    # nl: "ik hou van fietsen met vrienden", "begin niet over mijn ex alsjeblieft"
    rf"maar|want|omdat|ook|alsjeblieft|alstublieft|aub|hoor|met|als|wanneer|{DUTCH_AND})(?!\w).*$"
)
# Pronouns, people and the bot are not tastes ("te amo", "je t'aime", "ich liebe dich", "ela é minha paixão").
_NOT_AN_OBJECT = frozenset(
    {"ela", "ele", "elas", "eles", "él", "ella", "ellas", "ellos", "elle", "elles", "ils", "er", "sie", "lui", "lei",
     "du", "cię", "ciebie", "go", "ją", "je", "was", "ich", "tego", "tym", "ci",
     "lo", "la", "los", "las", "eso", "esto", "isso", "isto", "ça", "ca", "cela", "ceci", "das", "es", "dich", "euch",
     "questo", "quello", "te", "ti", "tu", "você", "voce", "vc", "toi", "vous", "yeh", "woh", "ye", "wo", "tum",
     "aap", "tumhe", "aapko", "que", "como", "cuando", "quando", "quand", "wie", "wenn", "come", "when", "it",
     "that", "this", "you", "it's", "to", "a", "de", "idea", "ideia", "idéia", "idée", "idee", "plan", "plano",
     # a degree with nothing after it ("me gusta mucho", "j'aime bien")
     "mucho", "muito", "bien", "beaucoup", "molto", "tanto", "sehr", "bahut", "demais", "más", "mais", "plus", "nada",
     "rien", "niente", "nichts", "todo", "tudo", "tout", "tutto", "alles", "así", "assim", "so", "cosí", "così",
     # nl
     "het", "dat", "dit", "deze", "jou", "jullie", "hem", "haar", "hen", "hun", "ze", "u", "mij", "elkaar",
     "niks", "niets", "wat", "hoe", "zo", "veel", "heel", "erg", "echt"}
)  # fmt: skip


def preferences(sentence: str) -> list[Candidate]:
    """'me encantan los tacos' → 'Loves tacos' (strong), 'mujhe biryani pasand hai' → 'Likes biryani', 'ya no quiero
    hablar de Valeria' → "Doesn't want to talk about Valeria": the English rules' contents, slots and polarities."""
    if not (may_say(sentence) or _cued(sentence)) or is_question(sentence):
        return []
    found = _said_first(sentence)
    for pattern, verb, polarity, strong in _PREFERENCE_RULES:
        for match in pattern.finditer(sentence):
            if polarity == "positive" and not said_plainly(sentence, match):
                continue  # "no me gusta…" is read by its own construction
            what = _object(match.group("x"))
            if not what or (polarity != "avoid" and what.startswith("their ")):
                continue
            if polarity == "avoid":
                found.append(_topic("Doesn't want to talk about {}", what, polarity="avoid"))
            else:
                found.append(_preference(f"{verb} {what}", what, polarity=polarity, strong=strong))
    return found


@lru_cache(maxsize=256)
def _cued(sentence: str) -> bool:
    return not _PREFERENCE_CUES.isdisjoint(_WORD.findall(sentence.lower()))


def _said_first(sentence: str) -> list[Candidate]:
    """'O surf é minha paixão' → 'Loves surf': the thing is its clause's few words before the verb."""
    found = []
    for match in _MY_PASSION.finditer(sentence):
        start = max(0, match.start() - 40)
        head = _SUBJECT_START.split(sentence[start : match.start()])
        said = head[-1].strip() if len(head) > 1 or start == 0 else ""
        first, _, rest = said.partition(" ")
        said = rest if rest and LEADING_ARTICLE.match(f"{first.lower()} ") else said  # "O surf", at the start
        what = "" if _MY.match(said) else _object(said)  # "meu filho é minha paixão": a person, not a taste
        if what and len(what.split()) <= 3 and said_plainly(sentence, match):
            found.append(_preference(f"Loves {what}", what, polarity="positive", strong=True))
    return found


def _object(text: str) -> str:
    text = _OBJECT_TAIL.sub("", text.strip()).strip(" '’\"")
    text = _MY.sub("their ", LEADING_ARTICLE.sub("", text))
    words = text.split()
    if not words or len(words) > 6 or words[0].lower() in _NOT_AN_OBJECT or words[0].lower() in NOT_A_NAME_START:
        return ""
    return text
