"""Relative time in a contact's own words, anchored to when they said it.

"I broke my wrist yesterday", read back three weeks later, is not about yesterday: a model given the words alone gets
the day wrong, and a question such as "when did I break my wrist?" has no answer in them. So a memory's words are
shown with the date each relative expression stood for when it was said — "yesterday [7 May 2023]", "last Friday
[Friday 5 May 2023]", "last week [the week before 8 May 2023]" — and an episode's line carries the day it was told.
The words themselves are never changed in storage; this is how they are read back (``context_text.memory_line``).
Only the past and near future people speak of in chat are read; anything else is left as said.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2}
_WEEKDAY = "|".join(WEEKDAYS)
_COUNT = r"\d{1,2}|a couple of|couple of|an?|one|two|three|four|five|six"
_EXPRESSION = re.compile(
    rf"\b(?:(?P<day_before>(?:the )?day before yesterday)|(?P<yesterday>yesterday|last night)"
    rf"|(?P<day_after>(?:the )?day after tomorrow)|(?P<tomorrow>tomorrow)"
    rf"|(?:last|this past) (?P<last_weekday>{_WEEKDAY})|next (?P<next_weekday>{_WEEKDAY})"
    rf"|(?:last|this past) (?P<last_span>week|weekend|month|year)|next (?P<next_span>week|weekend|month|year)"
    rf"|(?P<count>{_COUNT}) (?P<unit>day|week|month|year)s? ago)\b(?!-)",
    re.IGNORECASE,
)


def day(when: date) -> str:
    """'7 May 2023'."""
    return f"{when.day} {when:%B %Y}"


def anchored(text: str, said_at: datetime) -> str:
    """``text`` with each relative time expression followed by what it meant on ``said_at``'s day."""
    said = said_at.date()
    return _EXPRESSION.sub(lambda match: f"{match.group(0)} [{_meaning(match, said)}]", text)


def _meaning(match: re.Match[str], said: date) -> str:
    found = {name: value.lower() for name, value in match.groupdict().items() if value}
    if "day_before" in found:
        return day(said - timedelta(days=2))
    if "day_after" in found:
        return day(said + timedelta(days=2))
    if "yesterday" in found:
        return day(said - timedelta(days=1))
    if "tomorrow" in found:
        return day(said + timedelta(days=1))
    if "last_weekday" in found:
        return _weekday(said, found["last_weekday"], before=True)
    if "next_weekday" in found:
        return _weekday(said, found["next_weekday"], before=False)
    if "last_span" in found:
        return _span(said, found["last_span"], before=True)
    if "next_span" in found:
        return _span(said, found["next_span"], before=False)
    return _ago(said, _COUNTS.get(found["count"].removeprefix("a ")) or int(found["count"]), found["unit"])


def _weekday(said: date, name: str, *, before: bool) -> str:
    """The nearest such weekday strictly before (or after) the day it was said."""
    target = WEEKDAYS.index(name)
    step = -1 if before else 1
    when = said + timedelta(days=step)
    while when.weekday() != target:
        when += timedelta(days=step)
    return f"{WEEKDAYS[target].capitalize()} {day(when)}"


def _span(said: date, span: str, *, before: bool) -> str:
    if span in ("week", "weekend"):
        return f"the {span} {'before' if before else 'after'} {day(said)}"
    if span == "month":
        first = said.replace(day=1)
        when = first - timedelta(days=1) if before else (first + timedelta(days=32)).replace(day=1)
        return f"{when:%B %Y}"
    return str(said.year - 1 if before else said.year + 1)


def _ago(said: date, count: int, unit: str) -> str:
    if unit == "day":
        return day(said - timedelta(days=count))
    if unit == "week":
        return f"the week of {day(said - timedelta(weeks=count))}"
    if unit == "month":
        month = said.month - count
        year = said.year + (month - 1) // 12
        return f"{date(year, (month - 1) % 12 + 1, 1):%B %Y}"
    return str(said.year - count)
