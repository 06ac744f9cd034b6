"""The query's subject: a query that names the contact ("What is Caroline's job?", asked of Caroline's memories) asks
about the person every one of their memories is about.

Two consequences for the ranking (issue 19): the name is left out of the text the memories are matched against — it
would only find the memories that address the contact by name ("Thanks, Caroline!" in a friend's reply), not the
ones about them — and every memory of the contact counts as matching the query's entity, the contact themself.
Within one contact that lifts all its memories alike (the order is unchanged); across contacts (a staff search, the
LoCoMo bench that merges two speakers) it ranks the named person's memories above those of someone who mentions them.
"""

from __future__ import annotations

import re

from memories.extraction.text import STOPWORDS


def subject_pattern(name: str, query: str) -> re.Pattern[str] | None:
    """The contact's display name as a whole word (with a possessive), or None for a name too short to tell. Written
    as the name is ("Will", not "will") unless the query is all lowercase; a name that is a stopword, always so."""
    if len(name) < 3:
        return None
    any_case = query == query.lower() and name.lower() not in STOPWORDS
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?:['’]s)?(?![\w-])", re.IGNORECASE if any_case else 0)


def without_subject(query: str, name: str) -> str | None:
    """The query without the contact's name — the whole display name, else its first word ("Mary" of "Mary Jane") —
    or None when it names neither. A query that is only the name ("Caroline?") keeps it: nothing else to match."""
    for said in dict.fromkeys([" ".join(name.split()), *name.split()[:1]]):
        pattern = subject_pattern(said, query)
        if pattern is not None and pattern.search(query):
            rest = " ".join(pattern.sub(" ", query).split())
            return rest if re.search(r"\w", rest) else query
    return None


def query_as_matched(query: str, name: str) -> tuple[str, bool]:
    """What the memories are matched against, and whether the query names the contact (the ranking's ``subject``)."""
    rest = without_subject(query, name) if query else None
    return (query, False) if rest is None else (rest, True)
