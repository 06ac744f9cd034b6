"""Which sentences asking the listener for something tell nothing of the contact's life (pure functions, no database).

Every sentence here is written for this test; most come from a reviewer's probes of the first version of the rule,
which dropped news said after a request."""

from __future__ import annotations

import pytest

from memories.extraction.episodes import episode_summary


@pytest.mark.parametrize(
    "message",
    ["tell me something fun", "can you give me a recipe for dal", "Please recommend me a book", "can u tell me a joke",
     "Give us a joke", "gimme a recipe for curry", "ok tell me more", "please help"],
)  # fmt: skip
def test_a_request_alone_is_no_episode(message: str) -> None:
    assert episode_summary(message) == ""


@pytest.mark.parametrize(
    "message",
    [
        "Give me a hug, grandad passed away this morning",  # news after the request
        "Sing happy birthday to me, turned 30 today!",
        "please help, mum collapsed",
        "give me a sec, the baby is crying",
        "find me a flat in Leeds, moving there in June",
        "please help son is being bullied at school",
        "help me plan my wedding, it's in June",  # help with their own life
        "help me pick a name for the new puppy",
        "Read an amazing book last night",  # a statement without its "I"
        "Teach year 6 at a primary in Leeds",
        "Help out at the food bank on Saturdays",
        "Show was amazing last night",
        "Tell you what, work was mental today",
    ],
)
def test_what_tells_of_the_contact_stays_beside_a_request(message: str) -> None:
    assert episode_summary(message) == message
