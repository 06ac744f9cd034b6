"""Episodes that earn their place (issue 18), on the labelled review set bench/data/episodes_review.tsv: news stays an
episode beside its facts, a description of what the facts hold does not repeat them. Today's figures as floors
(`python -m bench.episodes`: 0.972 and 0.706)."""

from __future__ import annotations

from bench.episodes import load, score


def test_the_review_set_is_labelled() -> None:
    items = load()
    assert len(items) == 330
    assert {label for label, _ in items} == {"KEEP", "SKIP", "AMBIG"}
    assert all(message.strip() for _, message in items)


def test_news_stays_an_episode_and_a_description_does_not_repeat_its_fact() -> None:
    figures = score(load())
    assert figures["news_kept"] >= 0.95
    assert figures["descriptions_not_repeated"] >= 0.65
