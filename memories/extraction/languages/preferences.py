"""Likes, dislikes and topics to avoid in these languages, as the English preference rules write them."""

from __future__ import annotations

import re

from memories.extraction.languages.clauses import LEADING_ARTICLE, NOT_A_NAME_START, is_question, may_say, said_plainly
from memories.extraction.preferences import _preference, _topic
from memories.extraction.types import Candidate

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
# "my" said in these languages, written "their" as facts are ("no quiero hablar de mi ex" → "… about their ex").
_MY = re.compile(
    r"(?i)^(?:mi|mis|meu|minha|meus|minhas|mon|ma|mes|mein|meine|meinen|meinem|meiner|mio|mia|miei|mie|mera|meri|mere)"
    r"\s+"
)
_OBJECT_TAIL = re.compile(
    r"(?i)\s+(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|porque|parce|weil|perché|también|também|aussi|auch|anche|"
    r"bhi|mucho|muito|beaucoup|sehr|molto|bahut|demais|todos|todas|tous|toutes|jeden|ogni|ya|já|por\s+favor|"
    r"s['’]il\s+te\s+pla[iî]t|bitte|per\s+favore|kk+|ja(?:ja)+|ha(?:ha)+|lol|mdr|xd|"
    # who with and when: "me encanta bailar salsa con mis amigas"
    r"con|com|avec|mit|insieme|ke\s+saath|cuando|quando|quand|wenn|los\s+domingos|aos\s+domingos)(?!\w).*$"
)
# Pronouns and the bot are not tastes ("te amo", "je t'aime", "ich liebe dich", "me encanta eso").
_NOT_AN_OBJECT = frozenset(
    {"lo", "la", "los", "las", "eso", "esto", "isso", "isto", "ça", "ca", "cela", "ceci", "das", "es", "dich", "euch",
     "questo", "quello", "te", "ti", "tu", "você", "voce", "vc", "toi", "vous", "yeh", "woh", "ye", "wo", "tum",
     "aap", "tumhe", "aapko", "que", "como", "cuando", "quando", "quand", "wie", "wenn", "come", "when", "it",
     "that", "this", "you", "it's", "to", "a", "de", "idea", "ideia", "idéia", "idée", "idee", "plan", "plano",
     # a degree with nothing after it ("me gusta mucho", "j'aime bien")
     "mucho", "muito", "bien", "beaucoup", "molto", "tanto", "sehr", "bahut", "demais", "más", "mais", "plus", "nada",
     "rien", "niente", "nichts", "todo", "tudo", "tout", "tutto", "alles", "así", "assim", "so", "cosí", "così"}
)  # fmt: skip


def preferences(sentence: str) -> list[Candidate]:
    """'me encantan los tacos' → 'Loves tacos' (strong), 'mujhe biryani pasand hai' → 'Likes biryani', 'ya no quiero
    hablar de Valeria' → "Doesn't want to talk about Valeria": the English rules' contents, slots and polarities."""
    if not may_say(sentence) or is_question(sentence):
        return []
    found = []
    for pattern, verb, polarity, strong in _PREFERENCE_RULES:
        for match in pattern.finditer(sentence):
            if polarity == "positive" and not said_plainly(sentence, match):
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
    text = _MY.sub("their ", LEADING_ARTICLE.sub("", text))
    words = text.split()
    if not words or len(words) > 6 or words[0].lower() in _NOT_AN_OBJECT or words[0].lower() in NOT_A_NAME_START:
        return ""
    return text
