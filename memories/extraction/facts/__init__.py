"""Fact rules: who the contact is, what they have, where they live and work.

Each rule reads one sentence of a *user* message and proposes candidates; ``slot`` marks
single-valued facts (a new home supersedes the old one) and ``value`` what the fact asserts in that slot,
whatever the wording ("I moved to Pune" and "I live in Pune now" both assert ``location:pune``).

The rules live by subject: ``identity`` (name, age, birthday, status, faith, languages), ``places`` (home, moves,
hometown), ``work`` (job, employer, study, work that ended), ``people`` (relatives and pets: their homes, jobs and
states, losses), ``things`` (health, possessions, attributes, hobbies); ``base`` builds their candidates.
"""

from __future__ import annotations

from collections.abc import Callable

from memories.extraction.facts.identity import age_and_birthday_facts, personal_facts, who_they_are_facts
from memories.extraction.facts.people import (
    household_facts,
    kin_group_facts,
    named_entity_facts,
    relation_facts,
    relative_detail_facts,
)
from memories.extraction.facts.places import location_facts
from memories.extraction.facts.plans import plan_facts
from memories.extraction.facts.things import attribute_facts, health_facts, hobby_facts, possession_facts
from memories.extraction.facts.work import work_and_study_facts
from memories.extraction.types import Candidate

RULES: tuple[Callable[[str], list[Candidate]], ...] = (
    household_facts,
    age_and_birthday_facts,
    who_they_are_facts,
    named_entity_facts,
    relative_detail_facts,
    relation_facts,
    kin_group_facts,
    location_facts,
    plan_facts,
    work_and_study_facts,
    personal_facts,
    health_facts,
    possession_facts,
    attribute_facts,
    hobby_facts,
)
