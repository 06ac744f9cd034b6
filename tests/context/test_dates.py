"""Relative time in a contact's words, read back with what it meant when they said it (context.dates)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from context.context_text import memory_line
from context.dates import anchored
from memories.retrieval.ranking import RankedMemory

MONDAY = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "read"),
    [("I went to a support group yesterday.", "I went to a support group yesterday [7 May 2023]."),
     ("Last night was wild", "Last night [7 May 2023] was wild"),
     ("the day before yesterday", "the day before yesterday [6 May 2023]"),
     ("day before yesterday", "day before yesterday [6 May 2023]"),
     ("the day after tomorrow", "the day after tomorrow [10 May 2023]"),
     ("last night-shift was long", "last night-shift was long"),
     ("see you tomorrow", "see you tomorrow [9 May 2023]"),
     ("We went camping last week!", "We went camping last week [the week before 8 May 2023]!"),
     ("this past weekend was great", "this past weekend [the weekend before 8 May 2023] was great"),
     ("last Friday I ran 10k", "last Friday [Friday 5 May 2023] I ran 10k"),
     ("last monday", "last monday [Monday 1 May 2023]"),  # the one before the day it was said, never that day
     ("my party is next Saturday", "my party is next Saturday [Saturday 13 May 2023]"),
     ("Next month I start", "Next month [June 2023] I start"),
     ("last month in Lisbon", "last month [April 2023] in Lisbon"),
     ("a couple of days ago", "a couple of days ago [6 May 2023]"),
     ("two weeks ago I quit", "two weeks ago [the week of 24 April 2023] I quit"),
     ("moved here 4 years ago", "moved here 4 years ago [2019]"),
     ("14 months ago", "14 months ago [March 2022]"),
     ("a few years ago, and weekly since", "a few years ago, and weekly since"),  # nothing exact to say
     ("Yesterday's news", "Yesterday [7 May 2023]'s news")],
)  # fmt: skip
def test_relative_time_is_read_with_what_it_meant_that_day(said: str, read: str) -> None:
    assert anchored(said, MONDAY) == read


def test_an_episode_line_says_the_day_it_was_told_and_anchors_its_words() -> None:
    episode = RankedMemory(
        id=1, memory_type="episode", content="Broke my wrist yesterday", importance=0.5, score=0.5, similarity=0.5,
        entity_match=False, source_message_ids=["m1"], created_at=MONDAY,
    )  # fmt: skip
    fact = RankedMemory(
        id=2, memory_type="fact", content="Lives in Porto since last year", importance=0.7, score=0.5, similarity=0.5,
        entity_match=False, source_message_ids=["m1"], created_at=MONDAY,
    )  # fmt: skip
    now = datetime(2023, 6, 1, tzinfo=UTC)

    assert memory_line(episode, now) == '- [episode] "Broke my wrist yesterday [7 May 2023]" (8 May 2023)'
    assert memory_line(fact, now) == '- [fact] "Lives in Porto since last year" (importance: 0.70)'


def test_an_episode_line_counts_days_in_the_contacts_timezone() -> None:
    # given "yesterday" said at 20:00 in Los Angeles on 7 May (03:00 on 8 May in UTC)
    said = datetime(2023, 5, 8, 3, 0, tzinfo=UTC)
    episode = RankedMemory(
        id=1, memory_type="episode", content="Broke my wrist yesterday", importance=0.5, score=0.5, similarity=0.5,
        entity_match=False, source_message_ids=["m1"], created_at=said,
    )  # fmt: skip
    now = datetime(2023, 6, 1, 18, 0, tzinfo=UTC).astimezone(ZoneInfo("America/Los_Angeles"))

    # then the line is in their days: told on 7 May, about 6 May
    assert memory_line(episode, now) == '- [episode] "Broke my wrist yesterday [6 May 2023]" (7 May 2023)'
