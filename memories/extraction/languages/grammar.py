"""Each language's grammar for stating who one is: the constructions ``facts`` compiles, one table per language.

A construction is a regular expression read case-insensitively; its value is in group ``x`` (a place, a role, a
status), ``name`` or ``age``.
"""

from __future__ import annotations

from typing import NamedTuple

from memories.extraction.text import alternation
from memories.extraction.vocabulary import FOREIGN_RELATIONSHIP_STATUSES

_APOS = "['’]"
# The rest of a clause: a value is cut from it by place_name / role_name (articles, trailing time and company words).
REST = r"(?P<x>[^\W\d_][^.!?,;:\n()]{0,60})"
WORD = r"[^\W\d_][\w'’-]*"
_NAME = rf"(?P<name>{WORD}(?:\s+{WORD})?)"

# A capitalised word, whatever the flags around it: a name beside a relation ("mi hermana Lucía", not "mi hermana no").
CAPITALISED = r"(?-i:[A-ZÀ-ÖØ-Þ])[\w'’-]*"
# A place named before its verb (Hindi, German "nach München gezogen"): capitalised, as lowercase words there are most
# often not places ("main ghar mein hoon", "main kal se bimar hoon").
CAPITALISED_PLACE = rf"(?P<x>{CAPITALISED}(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)"
_PROPOSER = rf"(?<![\w'’-])(?P<name>{CAPITALISED})"
_INTRODUCED = rf"(?P<name>{CAPITALISED}(?:\s+{CAPITALISED})?)"
# Who one lives with, said before where: "vivo con mi novio en Madrid", "ich wohne mit meiner Frau in Graz".
_WITH = r"(?:(?:con|com|avec|mit|insieme\s+a|(?:samen\s+)?met)\s+(?:[^\W\d_][\w'’-]*\s+){1,3}?)?"
_STATUSES = alternation(FOREIGN_RELATIONSHIP_STATUSES, any_space=True)
# Dutch "en" ends a clause before the next one's subject or verb ("Ik ben Femke en ik woon…"): alone it is Spanish
# and French "in" ("soy licenciada en…").
DUTCH_AND = r"en\s+(?:ik|we|wij|mijn|m['’]n|mn|woon|werk|kom|heb|ben|ook|al|nu|sinds)(?!\w)"
CLAUSE_END = rf"(?=\s*(?:[.!?,;:()]|$|\s+(?:y|e|et|und|ed|aur|and|hoon|hun|hu)\b|\s+{DUTCH_AND}))"
# Words a Dutch statement may put between its verb and what it says ("ik woon sinds 2019 in…", "we zijn vorig jaar
# naar Utrecht verhuisd", "ik ben al tien jaar getrouwd"): when and for how long — never a negation ("ik woon niet meer
# in…"), a plan or a wish ("binnenkort", "liever").
_NL_WHEN = (
    r"(?:(?:nu|nog|steeds|hier|daar|inmiddels|tegenwoordig|alweer|weer|gewoon|zelf|ook|al|sinds|vanaf|ruim"
    # "bijna" (almost) only before a length of time: "ik woon bijna 10 jaar in…", not "ik ben bijna getrouwd"
    r"|bijna(?=\s+(?:\d|een|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|twintig|dertig|half|jaar|jaren))"
    r"|ongeveer|pas|net|onlangs|kort|lang|jaren|jaar|maanden|maand|weken|week|een|paar|twee|drie|vier|vijf|zes|zeven"
    r"|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|twintig|dertig|veertig|vijftig|half|vorig|vorige|afgelopen|zomer|winter|eindelijk"
    r"|gelukkig|uiteindelijk|toen|daarna|samen|geleden|\d{1,4}|in\s+\d{4})\s+){0,4}?"
)
# A lowercase article only: a capital one is the name's own ("De Bilt"); one before a lowercase word is left for
# place_name to refuse ("in het buitenland")
_NL_ARTICLE = r"(?:(?-i:de|het)\s+(?=(?-i:[A-Z])))?"
# One word between "me" and "ten huwelijk" ("gisteren", "eindelijk"), never a negation ("niet", "nooit")
_NL_NOT_NOT = r"(?:(?!niet\b|nooit\b|geen\b)\w+\s+)?"


class Language(NamedTuple):
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
    which: str  # "tengo un perro que se llama Toby"
    # "Lucas me pidió matrimonio": a proposal, so engaged to them (group ``her`` where the words say she proposed)
    proposals: tuple[str, ...]
    their_home: str  # "(mi hermana) vive en": a relative's home, theirs, never the contact's
    their_work: str
    statuses: tuple[str, ...]  # "estoy casada": group ``x`` holds a FOREIGN_RELATIONSHIP_STATUSES word
    # Romanised Hindi puts a relative's place before the verb ("meri behen Pune mein rehti hai"): a capitalised word
    # after the relation is a place there, not a name, when a postposition follows it.
    place_first: bool = False
    # "soy alérgica a los mariscos", "tengo alergia al maní": group ``x`` holds the allergen
    allergic: tuple[str, ...] = ()
    being: str = ""  # "I am": "soy (enfermera)", a FOREIGN_JOB_TITLES word after it is what one works as
    suffering: str = ""  # "I have", "I suffer from": "tengo (asma)", a FOREIGN_CONDITIONS phrase after it
    # A pet's or a relative's name said before the naming verb, in group ``called`` ("een hond die Bram heet"), or
    # beside it after a comma, capitalised, in group ``beside`` ("ik heb een kat, Minoes")
    called: str = ""
    role_of: str = ""  # what a role is of, said after it without "of" ("ik ben docent Engels")


LANGUAGES = {
    "es": Language(
        being=r"(?:yo\s+)?soy",
        suffering=r"tengo|padezco|sufro\s+de|me\s+diagnosticaron",
        allergic=(rf"\bsoy\s+al[ée]rgic[oa]\s+(?:a|al)\s+{REST}", rf"\btengo\s+alergia\s+(?:a|al)\s+{REST}"),
        names=(rf"\bme\s+llamo\s+{_NAME}", rf"\bmi\s+nombre\s+es\s+{_NAME}"),
        intros=(rf"(?:yo\s+)?soy\s+(?:el\s+|la\s+)?{_INTRODUCED}",),
        ages=(
            r"\btengo\s+(?P<age>\d{1,3})\s+años\b",
            r"\b(?:cumplí|acabo\s+de\s+cumplir)\s+(?P<age>\d{1,3})(?:\s+años)?\b",
        ),
        lives=(rf"\b(?:vivo|resido|estoy\s+viviendo)\s+(?:ahora\s+)?{_WITH}en\s+{REST}",),
        moved=(rf"\b(?:me\s+mudé|me\s+he\s+mudado|nos\s+mudamos|me\s+fui\s+a\s+vivir)\s+a\s+{REST}",),
        hometown=(rf"\bsoy\s+(?:originaria?\s+|originario\s+)?de\s+{REST}",),
        works_at=(rf"\b(?:trabajo|estoy\s+trabajando)\s+(?:ahora\s+)?(?:en|para)\s+{REST}",),
        works_as=(rf"\btrabajo\s+(?:de|como)\s+{REST}",),
        workplace_prepositions=r"en|para",
        possessive=r"mi",
        naming=r"se\s+llama|llamad[oa]",
        have_a=r"tengo\s+(?:un|una)",
        which=r"que",
        proposals=(rf"{_PROPOSER}\s+me\s+(?:pidió|propuso)\s+matrimonio",),
        their_home=r"vive\s+en",
        their_work=r"trabaja\s+(?:en|para)",
        statuses=(rf"\b(?:estoy|soy)\s+(?:felizmente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "pt": Language(
        being=r"(?:eu\s+)?sou",
        suffering=r"tenho|sofro\s+de|fui\s+diagnosticad[oa]\s+com",
        allergic=(
            rf"\bsou\s+al[ée]rgic[oa]\s+(?:a|à|ao|aos|às)\s+{REST}",
            rf"\btenho\s+alergia\s+(?:a|à|ao|aos|às|de)\s+{REST}",
        ),
        names=(rf"\b(?:me\s+chamo|chamo-me)\s+{_NAME}", rf"\bmeu\s+nome\s+(?:é|e)\s+{_NAME}"),
        intros=(rf"(?:eu\s+)?sou\s+(?:o\s+|a\s+)?{_INTRODUCED}",),
        ages=(
            r"\btenho\s+(?P<age>\d{1,3})\s+anos\b",
            r"\b(?:fiz|completei|acabei\s+de\s+fazer)\s+(?P<age>\d{1,3})\s+anos\b",
        ),
        lives=(
            rf"\b(?:moro|vivo|resido|(?:estou|t[ôo])\s+morando)\s+(?:agora\s+)?{_WITH}(?:em|no|na|nos|nas)\s+{REST}",
        ),
        moved=(rf"\b(?:me\s+mudei|mudei-me|mudei|nos\s+mudamos|mudamos)\s+(?:para|pra|pro)\s+{REST}",),
        hometown=(rf"\bsou\s+(?:natural\s+|originári[oa]\s+)?(?:de|do|da|dos|das)\s+{REST}",),
        works_at=(rf"\b(?:trabalho|estou\s+trabalhando)\s+(?:agora\s+)?(?:na|no|em|para|pra|pela|pelo)\s+{REST}",),
        works_as=(rf"\btrabalho\s+(?:como|de)\s+{REST}",),
        workplace_prepositions=r"na|no|em|para|pra|pela|pelo",
        possessive=r"(?:o\s+|a\s+)?(?:meu|minha)",
        naming=r"se\s+chama|chama-se|chamad[oa]",
        have_a=r"tenho\s+(?:um|uma)",
        which=r"que",
        proposals=(rf"(?:(?<!\w)o\s+|(?<!\w)(?P<her>a)\s+)?{_PROPOSER}\s+me\s+pediu\s+em\s+casamento",),
        their_home=r"(?:mora|vive)\s+(?:em|no|na|nos|nas)",
        their_work=r"trabalha\s+(?:na|no|em|para|pela|pelo)",
        statuses=(rf"\b(?:estou|sou)\s+(?:felizmente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "fr": Language(
        being=r"je\s+suis",
        suffering=r"j['’]ai|je\s+souffre|on\s+m['’]a\s+diagnostiqué",
        allergic=(
            rf"\bje\s+suis\s+allergique\s+(?:à|au|aux)\s+{REST}",
            rf"\bj{_APOS}ai\s+une\s+allergie\s+(?:à|au|aux)\s+{REST}",
        ),
        names=(rf"\bje\s+m{_APOS}appelle\s+{_NAME}", rf"\bmon\s+(?:pré)?nom\s+(?:est|c{_APOS}est)\s+{_NAME}"),
        intros=(rf"(?:moi,?\s+)?je\s+suis\s+{_INTRODUCED}", rf"moi,?\s+c{_APOS}est\s+{_INTRODUCED}"),
        ages=(
            r"\bj['’]ai\s+(?P<age>\d{1,3})\s+ans\b",
            r"\b(?:j['’]ai\s+eu|je\s+viens\s+d['’]avoir)\s+(?P<age>\d{1,3})\s+ans\b",
        ),
        lives=(
            rf"\b(?:j{_APOS}habite|je\s+vis|je\s+réside)\s+(?:maintenant\s+)?{_WITH}(?:à|a|au|aux|en|dans)\s+{REST}",
        ),
        moved=(
            rf"\b(?:j{_APOS}ai|on\s+a|nous\s+avons)\s+déménagé\s+(?:à|a|au|aux|en|dans)\s+{REST}",
            rf"\b(?:je\s+me\s+suis|on\s+s{_APOS}est|nous\s+nous\s+sommes)\s+installée?s?\s+(?:à|a|au|aux|en)\s+{REST}",
        ),
        hometown=(rf"\bje\s+suis\s+originaire\s+(?:de|d{_APOS}|du|des)\s*{REST}",),
        works_at=(rf"\bje\s+(?:travaille|bosse)\s+(?:maintenant\s+)?(?:chez|pour)\s+{REST}",),
        works_as=(rf"\bje\s+travaille\s+comme\s+{REST}",),
        workplace_prepositions=r"chez|pour|à|au",
        possessive=r"(?:mon|ma)",
        naming=rf"s{_APOS}appelle|nommée?|appelée?",
        have_a=rf"j{_APOS}ai\s+(?:un|une)",
        which=r"qui",
        proposals=(rf"{_PROPOSER}\s+m{_APOS}a\s+demandée?\s+en\s+mariage",),
        their_home=r"(?:habite|vit)\s+(?:à|a|au|aux|en|dans)",
        their_work=r"travaille\s+(?:chez|pour)",
        statuses=(rf"\bje\s+suis\s+(?:heureusement\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "de": Language(
        being=r"ich\s+bin",
        suffering=r"ich\s+habe|ich\s+leide\s+(?:an|unter)",
        allergic=(rf"\bich\s+bin\s+allergisch\s+gegen\s+{REST}", rf"\bich\s+habe\s+eine\s+allergie\s+gegen\s+{REST}"),
        names=(rf"\bich\s+hei(?:ß|ss)e\s+{_NAME}", rf"\bmein\s+name\s+ist\s+{_NAME}"),
        intros=(rf"ich\s+bin\s+(?:der\s+|die\s+)?{_INTRODUCED}",),
        ages=(
            r"\bich\s+bin\s+(?P<age>\d{1,3})\s+(?:jahre\s+alt|jahre|geworden)\b",
            r"\bich\s+bin\s+(?P<age>\d{2,3})(?=\s*(?:$|[.,!;)]))",
        ),
        lives=(rf"\b(?:ich\s+)?(?:wohne|lebe)\s+(?:jetzt\s+|seit\s+(?:\w+\s+){{1,3}}?)?{_WITH}(?:in|im)\s+{REST}",),
        moved=(
            rf"\b(?:ich\s+bin|wir\s+sind)\s+(?:\w+\s+){{0,3}}?nach\s+{CAPITALISED_PLACE}\s+(?:umgezogen|gezogen)\b",
        ),
        # "ich komme aus Köln", not "… aus dem Urlaub (zurück)"
        hometown=(rf"\bich\s+(?:komme|stamme)\s+(?:ursprünglich\s+)?aus\s+(?!dem\s|einem\s)(?![^,.!?]*zurück){REST}",),
        works_at=(rf"\b(?:ich\s+)?arbeite\s+(?:jetzt\s+)?(?:bei|für)\s+{REST}",),
        works_as=(rf"\bich\s+arbeite\s+(?:jetzt\s+)?als\s+{REST}",),
        workplace_prepositions=r"bei|für|im|in\s+der|am|an\s+der",
        possessive=r"(?:mein|meine|meinen|meinem|meiner)",
        naming=r"hei(?:ß|ss)t|namens",
        have_a=r"ich\s+(?:habe|hab)\s+(?:einen|eine|ein)",
        which=r"der|die|das",
        proposals=(rf"{_PROPOSER}\s+hat\s+mir\s+(?:einen\s+)?(?:Heirats)?antrag\s+gemacht",),
        their_home=r"(?:wohnt|lebt)\s+(?:in|im)",
        their_work=r"arbeitet\s+(?:bei|für)",
        statuses=(rf"\bich\s+bin\s+(?:seit\s+(?:\w+\s+){{1,3}}?)?(?:glücklich\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    "it": Language(
        being=r"(?:io\s+)?sono",
        suffering=r"(?:io\s+)?ho|soffro\s+di|mi\s+hanno\s+diagnosticato",
        allergic=(
            rf"\bsono\s+allergic[oa]\s+(?:all{_APOS}\s*|(?:alle|alla|allo|agli|ai|al|a)\s+){REST}",
            rf"\bho\s+un{_APOS}\s*allergia\s+(?:all{_APOS}\s*|(?:alle|alla|allo|agli|ai|al|a)\s+){REST}",
        ),
        names=(rf"\bmi\s+chiamo\s+{_NAME}", rf"\bil\s+mio\s+nome\s+è\s+{_NAME}"),
        intros=(rf"(?:io\s+)?sono\s+{_INTRODUCED}",),
        ages=(r"\bho\s+(?:compiuto\s+)?(?P<age>\d{1,3})\s+anni\b",),
        lives=(rf"\b(?:vivo|abito)\s+(?:ora\s+|adesso\s+)?{_WITH}(?:a|ad|in|nel|nella)\s+{REST}",),
        moved=(rf"\b(?:mi\s+sono|ci\s+siamo)\s+trasferit[oaie]\s+(?:a|ad|in|nel|nella)\s+{REST}",),
        hometown=(rf"\bsono\s+(?:originari[oa]\s+)?di\s+{REST}",),
        works_at=(rf"\blavoro\s+(?:ora\s+|adesso\s+)?(?:per|presso|alla|al)\s+{REST}",),
        works_as=(rf"\blavoro\s+come\s+{REST}",),
        workplace_prepositions=r"per|presso|alla|al|da",
        possessive=r"(?:(?:il|la)\s+)?(?:mio|mia)",
        naming=r"si\s+chiama|chiamat[oa]|di\s+nome",
        have_a=r"ho\s+(?:un|una|uno)",
        which=r"che",
        proposals=(rf"{_PROPOSER}\s+mi\s+ha\s+chiesto\s+di\s+sposarl(?:o|(?P<her>a))",),
        their_home=r"(?:vive|abita)\s+(?:a|ad|in|nel|nella)",
        their_work=r"lavora\s+(?:per|presso|alla|al)",
        statuses=(rf"\bsono\s+(?:felicemente\s+)?(?P<x>{_STATUSES})(?!\w)",),
    ),
    # Romanised Hindi puts the place before the verb ("main Delhi mein rehti hoon"): a capitalised place, since
    # lowercase words there are most often not one ("main ghar mein hoon", "main kal se bimar hoon").
    "hi": Language(
        allergic=(r"\bmujhe\s+(?P<x>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+se\s+allergy\s+(?:hai|he)\b",),
        names=(rf"\bmera\s+(?:naam|nam)\s+{_NAME}\s+(?:hai|he|h)\b",),
        intros=(rf"(?:main|mai)\s+{_INTRODUCED}\s+(?:hoon|hun|hu|hoo)\b",),
        ages=(
            r"\b(?:main|mai)\s+(?P<age>\d{1,3})\s+(?:saal\s+|sal\s+|years?\s+)?(?:ka|ki|ke)\s+(?:hoon|hun|hu)\b",
            r"\bmeri\s+(?:umar|umr|umra|age)\s+(?P<age>\d{1,3})\s+(?:saal\s+|sal\s+|years?\s+)?(?:hai|he)\b",
        ),
        lives=(
            rf"\b(?:main|mai|hum)\s+{CAPITALISED_PLACE}\s+(?:mein|me|mai)\s+(?:reh|rah)(?:ta|ti|te)\s+"
            r"(?:hoon|hun|hu|hain)\b",
        ),
        moved=(
            rf"\b(?:main|mai|hum)\s+{CAPITALISED_PLACE}\s+(?:shift|move)\s+(?:ho\s+gaya|ho\s+gayi|ho\s+gaye|kiya"
            r"|kar\s+liya|hua|hui|hue)\b",
        ),
        hometown=(
            rf"\b(?:main|mai)\s+{CAPITALISED_PLACE}\s+(?:se|ka|ki)\s+(?:hoon|hun|hu)\b",
            # "main Nadia hoon, Delhi se": an introduction's elided "from"
            rf"\b(?:hoon|hun|hu)\s*,\s*{CAPITALISED_PLACE}\s+se\s*(?:$|[.!,])",
        ),
        works_at=(
            rf"\b(?:main|mai)\s+{CAPITALISED_PLACE}\s+(?:mein|me|mai)\s+(?:kaam|job|naukri)\s+kar(?:ta|ti|te)\s+"
            r"(?:hoon|hun|hu)\b",
        ),
        works_as=(),
        workplace_prepositions=r"mein",
        possessive=r"(?:mera|meri|mere)",
        naming=r"(?:ka|ki|ke)\s+(?:naam|nam)",
        have_a=r"mere\s+(?:paas|pass)\s+(?:ek\s+)?",
        which=r"jiska|jiski|jiske",
        proposals=(rf"{_PROPOSER}\s+ne\s+(?:mujhe\s+)?propose\s+(?:kiya|kar\s+diya)",),
        their_home=r"(?:mein|me|mai)\s+(?:reh|rah)(?:ta|ti|te)\s+(?:hai|hain|he)",
        their_work=r"(?:mein|me|mai)\s+(?:kaam|job|naukri)\s+kar(?:ta|ti|te)\s+(?:hai|hain|he)",
        place_first=True,
        statuses=(
            rf"\b(?:main|mai)\s+(?P<x>{_STATUSES})\s+(?:hoon|hun|hu)\b",
            r"\bmeri\s+(?P<x>shaadi|sagai)\s+ho\s+(?:gayi|gai|chuki)\s+(?:hai|he)\b",
        ),
    ),
    # Dutch: the verb second ("Sinds 2019 woon ik in Zwolle") or last in a clause of its own ("een hond die Bram heet",
    # "ik ben naar Utrecht verhuisd"). "mijn vriend" is one's partner (FOREIGN_RELATIONS).
    "nl": Language(
        being=r"ik\s+ben|ben\s+ik",
        suffering=(
            r"ik\s+heb(?:\s+al\s+(?:jaren|lang|heel\s+lang|\w+\s+jaar))?(?:\s+last\s+van)?"
            r"|ik\s+lijd\s+(?:al\s+jaren\s+)?aan|ik\s+ben\s+gediagnosticeerd\s+met"
        ),
        allergic=(
            rf"\bik\s+ben\s+(?:erg\s+|heel\s+|zwaar\s+|licht\s+)?allergisch\s+(?:voor|aan|tegen)\s+{REST}",
            rf"\bik\s+heb\s+een\s+allergie\s+(?:voor|tegen)\s+{REST}",
            # "ik heb een notenallergie", "een pinda-allergie": the allergen is what the word starts with
            r"\bik\s+heb\s+een\s+(?!voedsel)(?P<x>[^\W\d_]{3,}?)-?allergie\b",
        ),
        names=(rf"\bik\s+heet\s+{_NAME}", rf"\b(?:mijn|m['’]n)\s+naam\s+is\s+{_NAME}"),
        # "ik ben Femke van Dijk": a surname's lowercase particles
        intros=(rf"ik\s+ben\s+{_INTRODUCED}(?:\s+(?:(?:van|de|den|der|ter|ten)\s+){{1,2}}{CAPITALISED})?",),
        ages=(
            r"\bik\s+ben\s+(?:net\s+|pas\s+|vorige\s+week\s+|gisteren\s+|vandaag\s+)?(?P<age>\d{1,3})\s+"
            # "ik ben 34 jaar (oud)", not a length of time ("ik ben 10 jaar getrouwd", "… 2 jaar clean", "… lid")
            r"(?:(?:jaar|jr)\s+oud\b|(?:jaar|jr)(?=\s*(?:$|[.,!?;)])|\s+en\b)|geworden\b)",
            rf"\bik\s+ben\s+(?P<age>\d{{2,3}})(?=\s*(?:$|[.,!;)])|\s+{DUTCH_AND})",
            # "Ik ben Femke, 41, en…", "ik ben Femke (41)": the age after the name
            rf"\bik\s+ben\s+{CAPITALISED}(?:\s+(?:(?:van|de|den|der|ter|ten)\s+){{0,2}}{CAPITALISED})?\s*(?:,\s*|\(\s*)"
            r"(?P<age>\d{2,3})(?:\s+jaar(?:\s+oud)?)?"
            rf"(?=\s*(?:$|[.,!;)])|\s+{DUTCH_AND})",
        ),
        lives=(
            # "… en woon in Zwolle": the subject of the clause before, "ik"; "mijn vriend en ik wonen in Breda"
            rf"\b(?:(?:ik|en)\s+woon|woon\s+ik|(?:we|wij|en\s+ik)\s+wonen|wonen\s+(?:we|wij))\s+{_NL_WHEN}{_WITH}"
            rf"(?:in|op(?=\s+(?-i:[A-Z])))\s+{_NL_ARTICLE}{REST}",
        ),
        moved=(
            rf"\b(?:ik\s+ben|ben\s+ik|(?:we|wij)\s+zijn|zijn\s+(?:we|wij))\s+{_NL_WHEN}naar\s+{_NL_ARTICLE}"
            rf"{CAPITALISED_PLACE}\s+(?:verhuisd|geëmigreerd|getrokken)\b",
            rf"\b(?:ik\s+ben|ben\s+ik|(?:we|wij)\s+zijn|zijn\s+(?:we|wij))\s+{_NL_WHEN}(?:verhuisd|geëmigreerd)\s+"
            rf"naar\s+{_NL_ARTICLE}{REST}",
            rf"\b(?:ik|we|wij)\s+(?:verhuisde|verhuisden|emigreerde|emigreerden)\s+{_NL_WHEN}naar\s+{_NL_ARTICLE}{REST}",
            rf"\b(?:ik\s+ben|ben\s+ik|(?:we|wij)\s+zijn|zijn\s+(?:we|wij))\s+{_NL_WHEN}in\s+{CAPITALISED_PLACE}\s+"
            r"gaan\s+wonen\b",
        ),
        # "ik kom uit Groningen", not "ik kom uit een groot gezin", "… uit de sportschool", "… uit Spanje terug"
        hometown=(
            r"\b(?:ik|en)\s+kom\s+(?:oorspronkelijk\s+|zelf\s+|eigenlijk\s+|van\s+oorsprong\s+)?uit\s+"
            rf"(?!de\s|het\s|een\s|mijn\s|m['’]n\s)(?![^,.!?]*\bterug\b){REST}",
            rf"\bik\s+ben\s+(?:geboren(?:\s+en\s+getogen)?|opgegroeid)\s+in\s+{REST}",
        ),
        works_at=(rf"\b(?:(?:ik|en)\s+werk|werk\s+ik)\s+{_NL_WHEN}(?:bij|voor)\s+{_NL_ARTICLE}{REST}",),
        # not "ik werk als een gek"
        works_as=(rf"\b(?:(?:ik|en)\s+werk|werk\s+ik)\s+{_NL_WHEN}als\s+(?!een\s){REST}",),
        # "in" and "op" before a place with its article ("op de basisschool", "in het Isala"); "in Zwolle" is a town
        workplace_prepositions=r"bij|voor|(?:in|op)(?=\s+(?:een|de|het)\s)",
        possessive=r"(?:mijn|m['’]n|mn|onze|ons)",
        naming=r"heet|genaamd|met\s+de\s+naam",
        have_a=(
            r"(?:ik\s+heb|heb\s+ik|(?:we|wij)\s+hebben|hebben\s+(?:we|wij))\s+(?:nu\s+|ook\s+|nog\s+)?"
            r"(?![^.!?,;]*\bgehad\b)een"
            # not one seen, caught, saved or needed ("een vogel gezien", "een vis gevangen", "een slang nodig"): a
            # participle or "nodig" within a few words; one adopted, bought or given is had
            r"(?!\s+[^\W\d_]+(?:\s+(?!en\b|maar\b|die\b|dat\b)[^\W\d_]+){0,3}?\s+(?:nodig|(?!(?:geadopteerd|gekocht"
            r"|gekregen|genomen|geleden|genoeg|gewoon)\b)ge[^\W\d_]+(?:d|t|en))(?!\w))"
        ),
        which=r"die|dat",
        called=(
            rf"\s*,?\s+(?:een\s+(?:[^\W\d_][\w'’-]*\s+){{1,2}}?)?(?:die|dat)\s+(?P<called>{WORD})\s+heet(?!\w)"
            rf"|\s*,\s*(?P<beside>{CAPITALISED})(?=\s*(?:[.!;,)]|$|\s+en\s))"
        ),
        proposals=(
            rf"{_PROPOSER}\s+(?:heeft\s+(?:me|mij)\s+{_NL_NOT_NOT}ten\s+huwelijk\s+gevraagd|vroeg\s+(?:me|mij)\s+"
            rf"{_NL_NOT_NOT}ten\s+huwelijk)",
            rf"{_PROPOSER}\s+heeft\s+(?:me|mij)\s+{_NL_NOT_NOT}gevraagd\s+(?:om\s+)?met\s+(?:hem|(?P<her>haar))\s+"
            r"te\s+trouwen",
        ),
        their_home=(
            r"woont(?:\s+(?:nu|nog|steeds|alleen|inmiddels|tegenwoordig|ook|al|sinds|jaren|lang|\d{1,4}|jaar))*?"
            r"\s+(?:in|op(?=\s+(?-i:[A-Z])))(?:\s+(?-i:de|het)(?=\s+(?-i:[A-Z])))?"
        ),
        their_work=(
            r"werkt(?:\s+(?:nu|inmiddels|ook|al|sinds|jaren|lang|\d{1,4}|jaar))*?\s+(?:bij|voor)(?:\s+de|\s+het)?"
        ),
        statuses=(
            rf"\bik\s+ben\s+{_NL_WHEN}(?:gelukkig\s+)?(?P<x>{_STATUSES})(?!\w)(?!\s+geweest)",
            r"\bik\s+(?:heb|zit\s+in)\s+(?:al\s+\w+\s+\w+\s+)?een\s+(?P<x>relatie)(?!\w)(?!\s+gehad)",
        ),
        role_of=(
            r"\s+(?:Engels|Frans|Duits|Nederlands|Spaans|wiskunde|geschiedenis|biologie|scheikunde|natuurkunde"
            r"|aardrijkskunde|economie|informatica|muziek|gym|lichamelijke\s+opvoeding)"
        ),
    ),
}
