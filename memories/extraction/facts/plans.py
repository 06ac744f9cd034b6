"""Plans with a date: what is coming in the contact's life ("we're getting married in June", "surgery on 14 March",
"I'm due in May", "my sister is getting married in December", "I'm moving to Leeds next month").

Each is a fact while it is ahead: the candidate carries its date as said (``Candidate.happens``), and the store
writes the date so it stays true ("in June 2027") and lets the fact expire once the day has passed (``when``). One
slot per kind of plan, so a new date supersedes the old one ("the wedding's moved to September"). A plan without a
date, or with one that is no date ("getting married someday"), is not read here.
"""

from __future__ import annotations

import re

from memories.extraction.entities import MY, RELATION_END, is_named, person_mentions
from memories.extraction.facts.base import I_AM
from memories.extraction.text import TAKEN_BACK, alternation
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import NOT_KIN, RELATIONS
from memories.extraction.when import BEFORE_THE_DATE, PLAN_DATE

FACT = "fact"
_MONTHS_SAID = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
_IF = re.compile(r"(?i)\bif\b|\bunless\b|\bcancel+ed\b|\bcalled\s+(?:it\s+)?off\b|\bpostponed\b|\bnot\s+anymore\b")
_WE_ARE = rf"(?:{I_AM}|we['’]re|we\s+are|we\s+r)"  # not "were": "we were getting married in June but…"
_SOON = r"(?:(?:finally|officially|actually|now|also|hopefully|still)\s+)?"
# After the date the clause ends, or goes on with where or with whom; not with what one thinks of it ("getting married
# in June sounds like a nightmare")
_DATE = rf"\s*,?\s+{PLAN_DATE}(?=\W|$)(?!\s+(?:sounds|seems|is|was|would|will|could|feels|looks|makes)\b)"
_MARRY = r"(?:getting|gettin)\s+(?:married|maried|hitched)|tying\s+the\s+knot"
# One's own: "we're getting married", "I'm marrying Tom", "our wedding is" (not "the wedding is", "Wedding is 14
# Feb!!": whose, the sentence does not say — often a child's or a friend's)
_MARRYING = re.compile(
    rf"(?i:\b{_WE_ARE}\s+{_SOON}(?:{_MARRY})|^\W*(?:{_MARRY})|\b{I_AM}\s+{_SOON}marrying\s+(?-i:[A-Z])[\w'-]+)"
    rf"{BEFORE_THE_DATE}{_DATE}"
)
_WEDDING = re.compile(
    r"(?i:\b(?:our|my)\s+wedding(?:\s+date)?(?:['’]s|\s+is|\s+will\s+be)(?:\s+(?:booked|set|planned|fixed))?"
    rf"(?:\s+for)?){_DATE}"
)
_OPERATION = (
    r"(?P<{name}>(?:(?:hip|knee|eye|back|heart|cataract|gallbladder|shoulder|foot|wrist|[\w-]+\s+replacement)\s+)?"
    r"(?:surgery|operation|op|c-section|biopsy|transplant))"
)
_SURGERY = re.compile(
    rf"(?i:(?:\bi(?:['’]ve|\s+have)?\s+(?:got\s+)?|\b{I_AM}\s+(?:having|booked\s+in\s+for|scheduled\s+for)\s+|\bi\s+have\s+)"
    rf"(?:(?:a|an|my)\s+)?{_OPERATION.format(name='what')}"
    # "my surgery is on Friday" (not "Surgery tomorrow.": the dog's, maybe)
    rf"|\bmy\s+{_OPERATION.format(name='alone')}(?:\s+is)?(?:\s+(?:booked|scheduled|set))?(?:\s+for)?"
    rf"){_DATE}"
)
# A baby one is expecting: "I'm due in March", "our baby is due", "pregnant, due in June", "we're expecting in May"
# (not "my sister's baby is due", "Kim's baby's due": theirs)
_DUE = re.compile(
    rf"(?i:(?:\b{_WE_ARE}|(?:^\W*|\b(?:our|my|the)\s+)baby(?:['’]s|\s+is)"
    rf"|\b{_WE_ARE}\s+(?:(?:so|finally|\d+\s+weeks)\s+)?pregnant\W+(?:and\s+)?)\s*due"
    rf"|\b(?:my|our)\s+due\s+date\s+is|\b{_WE_ARE}\s+expecting(?:\s+(?:a\s+baby|our\s+first|a\s+boy|a\s+girl|twins))?)"
    rf"{_DATE}"
)
_GRADUATE = re.compile(
    rf"(?i:\bi(?:\s+graduate|['’]ll\s+graduate|\s+will\s+graduate|['’]m\s+graduating|\s+am\s+graduating)"
    rf"(?:\s+from\s+(?:uni|university|college|school|(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){{0,3}}))?"
    rf"|\bi\s+finish\s+(?:uni|university|college|my\s+degree)){_DATE}"
)
# A date that can be a birth's or a graduation's: a month or a day of one, not "a week" ("I'm due a week off") or
# "tomorrow" ("I finish uni tomorrow": for the day)
_LONG_DATE = re.compile(rf"(?i)\b(?:{_MONTHS_SAID}|month|year)\b")
# Not one's own operation: those who operate or nurse, and the GP's surgery ("I have surgery on Monday all day")
_AT_WORK = re.compile(r"(?i)\b(?:surgeon|nurse|doctor|theatre|scrub|gp|rota|shift|all\s+day)\b")
# Family only (a friend's wedding is news, not a fact of the contact's life): "my sister is getting married in June",
# "Taiwo is getting married in December" (a known name reads as "my sister Taiwo": ``known``)
_FAMILY = alternation([word for word, relation in RELATIONS.items() if relation not in NOT_KIN])
_RELATIVE_WEDDING = re.compile(
    rf"(?P<who>(?i:{MY}(?P<kind>{_FAMILY}){RELATION_END})(?:\s+[A-Z][\w'-]*)?)\s+"
    rf"(?i:is\s+{_SOON}getting\s+married|['’]s\s+{_SOON}getting\s+married){_DATE}"
)


def plan_facts(sentence: str) -> list[Candidate]:
    if TAKEN_BACK.search(sentence) or _IF.search(sentence):
        return []  # "getting married in June. Not.", "… jk we're not even dating", "if he ever proposes"
    found = []
    for pattern, slot, said in (
        (_MARRYING, "plan:wedding", "Is getting married"),
        (_WEDDING, "plan:wedding", "Wedding is"),
        (_DUE, "plan:baby", "Baby is due"),
        (_GRADUATE, "plan:graduation", "Graduates"),
    ):
        for match in pattern.finditer(sentence):
            if pattern in (_DUE, _GRADUATE) and not _LONG_DATE.search(match.group("date")):
                continue
            found.append(_plan(said, match, slot))
    for match in _SURGERY.finditer(sentence) if not _AT_WORK.search(sentence) else ():
        what = " ".join((match.group("what") or match.group("alone")).lower().split())
        said = what if what.endswith("surgery") else f"{'an' if what[0] in 'aeiou' else 'a'} {what}"
        found.append(_plan(f"Has {said}", match, "plan:surgery"))
    for match in _RELATIVE_WEDDING.finditer(sentence):
        who = person_mentions(match.group("who"))
        if who:
            label = who[0].display_name if is_named(who[0]) else match.group("kind").lower().capitalize()
            found.append(_plan(f"{label} is getting married", match, f"plan:wedding:{who[0].key}", who[0]))
    return found


def _plan(said: str, match: re.Match[str], slot: str, *entities: EntityMention) -> Candidate:
    date = " ".join(match.group("date").split())
    return Candidate(FACT, f"{said} {date}", slot=slot, entities=entities, happens=date)


RULES = (plan_facts,)
