"""Facts, preferences and entities said in Spanish, Portuguese, French, German, Italian, Dutch and romanised Hindi.

Each language states name, age, relationship status, home (lives in, moved to, from), work (at, as), family, partner
and pets with its own grammar ("moro em Lisboa", "j'ai 38 ans", "ich arbeite als Lehrerin bei Siemens", "ik ben naar
Utrecht verhuisd", "main Delhi mein rehti hoon"): grammar.py holds those constructions, one table per language;
facts.py and preferences.py read them.
What they propose is exactly what the English rules propose for the same statement: the same slots, values and entity
conventions, and the memory written in the English templates ("Lives in Lisboa", "Is 38 years old"), so a later "I
moved to Porto" supersedes "moro em Lisboa". Dutch facts also keep the word said where their English name differs
("Has coeliac disease (coeliakie)", "Mother (moeder) lives in Kampen"), the slot and value being English's.

No fact from a question, a negation or a hypothetical ("¿vives en Lyon?", "no tengo perro", "si me mudo a Madrid"):
the patterns read first-person present or past statements only, and a clause that starts with a negation or a
condition is skipped (clauses.py). English text is turned away by one look-up of words these languages use and English
does not.
"""

from __future__ import annotations

from collections.abc import Callable

from memories.extraction.languages import facts
from memories.extraction.languages.facts import mentions
from memories.extraction.languages.preferences import preferences
from memories.extraction.types import Candidate

__all__ = ["RULES", "mentions"]

RULES: tuple[Callable[[str], list[Candidate]], ...] = (*facts.RULES, preferences)
