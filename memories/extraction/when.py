"""When a plan is over: the date a message gives a coming event ("getting married in June", "surgery on 14 March",
"moving to Leeds next month"), read against when the message was sent.

A fact about a plan is true until the plan has happened; after that it is history (the message's episode keeps it).
``PLAN_DATE`` matches the ways people say the date; ``over_after`` turns what it matched into the moment the plan is
over: the day after a day, the first day after a month or a year, two weeks after "next week". A date it cannot place
gives no end: the fact stays until something supersedes it, as any other.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import NamedTuple

from memories.extraction.facts.base import MONTH_NAMES

_MONTH_WORDS = {name.lower(): number for number, name in enumerate(MONTH_NAMES, start=1)}
_MONTH_WORDS |= {name[:3].lower(): number for name, number in list(_MONTH_WORDS.items())} | {"sept": 9}
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a couple of": 2,
            "a few": 3}  # fmt: skip
_UNITS = {"day": 1, "week": 7, "month": 30, "year": 365}

# The date of a plan, after its verb: "in June", "on 14th August", "14 August next year", "5 December 2027", "end of
# March", "next month", "in two weeks", "this Saturday", "tomorrow". May ("in May") is only read after "in" or a day:
# "may" is a verb. A count of days is a date only after "in" and not before "after"/"before" ("a few days after my
# birthday").
_YEAR = r"(?:,?\s+(?P<{name}>20\d\d)(?!\d))"
PLAN_DATE = (
    r"(?P<date>(?i:"
    rf"(?:on\s+|for\s+)?(?:the\s+)?(?P<day>{_DAY})\s+(?:of\s+)?(?P<day_month>{_MONTH})(?![a-z])"
    rf"(?:\s+(?P<day_next>next\s+year)|{_YEAR.format(name='day_year')})?"
    rf"|(?:on\s+|for\s+)?(?P<month_first>{_MONTH})(?![a-z])\s+(?P<month_day>{_DAY})(?![\d:]){_YEAR.format(name='md_year')}?"
    rf"|(?:in|at\s+the\s+(?:end|start|beginning)\s+of|(?:end|start|beginning)\s+of|by|this|next)\s+"
    rf"(?P<month>{_MONTH})(?![a-z])(?:\s+(?P<month_next>next\s+year)|{_YEAR.format(name='month_year')})?"
    r"|in\s+(?P<count>\d{1,2}|a|an|one|two|three|four|five|six|a\s+couple\s+of|a\s+few)\s+"
    r"(?P<unit>day|week|month|year)s?(?:['’]?\s+time)?(?=\W|$)(?!\s+(?:after|before|from|later|earlier|ago)\b)"
    r"|(?P<next>next|this)\s+(?P<next_unit>week|weekend|month|year|" + "|".join(_WEEKDAYS) + r")"
    r"|(?:on\s+)?(?P<weekday>" + "|".join(_WEEKDAYS) + r")(?!\w)"
    r"|(?P<tomorrow>tomorrow)"
    r"))"
)
_PLAN_DATE = re.compile(PLAN_DATE)
# A few words may come between a plan and its date ("getting married at her church in June", "moving to Munich with my
# girlfriend in January"), not a clause of their own ("… when my sister has her baby in June", "… but not in June").
BEFORE_THE_DATE = (
    r"(?:\s+(?!(?i:but|and|if|so|because|when|after|before|once|until|unless|or|then|since|though|not|never)\b)"
    r"[\w'’-]+){0,5}?"
)


class PlanDate(NamedTuple):
    over: datetime  # when the plan is over: its fact expires then
    said: str  # the date in words that stay true: "in June 2027", "on 14 August 2027", "around 13 December 2026"


def plan_date(date: str, said_at: datetime) -> PlanDate | None:
    """When a plan dated ``date`` (as ``PLAN_DATE`` matched it) is over, for a message sent at ``said_at``, and the
    date said so that it stays true ("next month" → "in January 2027")."""
    match = _PLAN_DATE.fullmatch(date.strip())
    if match is None:
        return None
    start = said_at.replace(hour=0, minute=0, second=0, microsecond=0)
    words = {key: (value or "").lower() for key, value in match.groupdict().items()}
    if words["day"] or words["month_day"]:
        month = _MONTH_WORDS[_month_word(words["day_month"] or words["month_first"])]
        day = int(re.sub(r"\D", "", words["day"] or words["month_day"]))
        year = int(words["day_year"] or words["md_year"] or 0) or None
        over = _day_after(start, month, day, next_year=bool(words["day_next"]), year=year)
        return PlanDate(over, f"on {_day(over - timedelta(days=1))}") if over and over > start else None
    if words["month"]:
        month = _MONTH_WORDS[_month_word(words["month"])]
        year = int(words["month_year"] or 0) or None
        over = _month_after(start, month, next_year=bool(words["month_next"]), year=year)
        return PlanDate(over, f"in {_month(over - timedelta(days=1))}") if over > start else None
    if words["unit"]:
        count = int(words["count"]) if words["count"].isdigit() else _NUMBERS[" ".join(words["count"].split())]
        over = start + timedelta(days=count * _UNITS[words["unit"]] + 1)
        return PlanDate(over, f"around {_day(over - timedelta(days=1))}")
    if words["next_unit"] in {"month", "year"}:
        over = _relative(start, words["next"], words["next_unit"])
        last = over - timedelta(days=1)
        return PlanDate(over, f"in {_month(last)}" if words["next_unit"] == "month" else f"in {last.year}")
    if words["next_unit"] or words["weekday"]:
        over = _relative(start, words["next"], words["next_unit"] or words["weekday"])
        unit = words["next_unit"] or words["weekday"]
        if unit in _WEEKDAYS:
            return PlanDate(over, f"on {_day(over - timedelta(days=1), weekday=True)}")
        return PlanDate(over, f"{words['next']} {unit} (said on {_day(start)})")
    if words["tomorrow"]:
        return PlanDate(start + timedelta(days=2), f"on {_day(start + timedelta(days=1))}")
    return None


def _day(when: datetime, *, weekday: bool = False) -> str:
    said = f"{when.day} {MONTH_NAMES[when.month - 1]} {when.year}"
    return f"{_WEEKDAYS[when.weekday()].capitalize()} {said}" if weekday else said


def _month(when: datetime) -> str:
    return f"{MONTH_NAMES[when.month - 1]} {when.year}"


def _month_word(word: str) -> str:
    return word if word in _MONTH_WORDS else word[:3]


def _day_after(start: datetime, month: int, day: int, *, next_year: bool, year: int | None = None) -> datetime | None:
    """The day after ``day`` ``month``: of ``year`` if said, else this year's, or next year's once this year's has
    passed (or if said so)."""
    said_year = year
    year = year or start.year + (1 if next_year else 0)
    try:
        when = start.replace(year=year, month=month, day=day)
        if when < start and not next_year and said_year is None:
            when = when.replace(year=year + 1)
    except ValueError:
        return None  # "31 February"
    return when + timedelta(days=1)


def _month_after(start: datetime, month: int, *, next_year: bool, year: int | None = None) -> datetime:
    """The first day after ``month``: of ``year`` if said, else this year's, or next year's once this year's has ended
    (or if said so)."""
    year = year or start.year + (1 if next_year or month < start.month else 0)
    return start.replace(year=year + (month == 12), month=month % 12 + 1, day=1)


def _relative(start: datetime, which: str, unit: str) -> datetime:
    """'next week', 'this weekend', 'next month', 'on Saturday'."""
    if unit in _WEEKDAYS:
        ahead = (_WEEKDAYS.index(unit) - start.weekday()) % 7 or 7
        return start + timedelta(days=ahead + (7 if which == "next" else 0) + 1)
    if unit in {"week", "weekend"}:
        return start + timedelta(days=(14 if which == "next" else 8))
    if unit == "month":
        month = start.month + (1 if which == "next" else 0)
        year = start.year + (month - 1) // 12
        return _month_after(start.replace(year=year, month=(month - 1) % 12 + 1, day=1), (month - 1) % 12 + 1,
                            next_year=False)  # fmt: skip
    return start.replace(year=start.year + (2 if which == "next" else 1), month=1, day=1)
