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
from memories.extraction.text import alternation
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import NOT_KIN, RELATIONS
from memories.extraction.when import PLAN_DATE

FACT = "fact"
_WE_ARE = rf"(?:{I_AM}|we['’]re|we\s+are|were)"
_SOON = r"(?:(?:finally|officially|actually|now|also|hopefully)\s+)?"
_DATE = rf"\s*,?\s+{PLAN_DATE}(?=\W|$)"
# One's own: "we're getting married", "our wedding is" (not "the wedding is", "Wedding is 14 Feb!!": whose, the
# sentence does not say — often a child's or a friend's)
_MARRYING = re.compile(
    rf"(?i:\b{_WE_ARE}\s+{_SOON}(?:getting|gettin)\s+married|^\W*(?:getting|gettin)\s+married){_DATE}"
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
_DUE = re.compile(
    rf"(?i:\b(?:{_WE_ARE}|baby['’]s|(?:the\s+|our\s+)?baby\s+is)\s+due|\b(?:my|our)\s+due\s+date\s+is){_DATE}"
)
_GRADUATE = re.compile(rf"(?i:\bi\s+(?:graduate|finish\s+(?:uni|university|school|college|my\s+degree))){_DATE}")
# Family only (a friend's wedding is news, not a fact of the contact's life): "my sister is getting married in June",
# "Taiwo is getting married in December" (a known name reads as "my sister Taiwo": ``known``)
_FAMILY = alternation([word for word, relation in RELATIONS.items() if relation not in NOT_KIN])
_RELATIVE_WEDDING = re.compile(
    rf"(?P<who>(?i:{MY}(?P<kind>{_FAMILY}){RELATION_END})(?:\s+[A-Z][\w'-]*)?)\s+"
    rf"(?i:is\s+{_SOON}getting\s+married|['’]s\s+{_SOON}getting\s+married){_DATE}"
)


def plan_facts(sentence: str) -> list[Candidate]:
    found = []
    for pattern, slot, said in (
        (_MARRYING, "plan:wedding", "Is getting married"),
        (_WEDDING, "plan:wedding", "Wedding is"),
        (_DUE, "plan:baby", "Baby is due"),
        (_GRADUATE, "plan:graduation", "Graduates"),
    ):
        found += [_plan(said, match, slot) for match in pattern.finditer(sentence)]
    for match in _SURGERY.finditer(sentence):
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
