"""Which messages become an episode besides the facts drawn from them (issue 18: episodes that earn their place).

    .venv/bin/python -m bench.episodes [--data bench/data/episodes_review.tsv]

Each line of the data is ``LABEL<TAB>message``: ``KEEP`` — news (what happened, a passing state, what is going on)
that should be remembered as an episode whatever facts it also gives ("My dog Bruno is sick"); ``SKIP`` — a
description of what its facts already hold, which an episode would only repeat ("I have asthma, cold mornings are the
worst for it"); ``AMBIG`` — left out. 330 messages, written and labelled by a reviewer who was probing the rule
(bench/README.md): a development set, not a held-out one. Prints the pipeline's decision (``extract`` finds the
message meaningful, it says more than its facts, and an episode summary is left) against the labels: the share of
news kept, the share of descriptions not repeated, and the messages decided otherwise.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import django

DATA = Path(__file__).parent / "data" / "episodes_review.tsv"


def load(path: Path = DATA) -> list[tuple[str, str]]:
    """(label, message) for each labelled line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(label, message) for label, _, message in (line.partition("\t") for line in lines if line.strip())]


def becomes_an_episode(message: str) -> bool:
    """The pipeline's decision (ingest.services.pipeline._remember) for a user message."""
    from memories.extraction import extract
    from memories.extraction.episodes import episode_summary, says_more_than

    extraction = extract(message, role="user")
    return bool(extraction.meaningful and says_more_than(message, extraction.candidates) and episode_summary(message))


def score(items: list[tuple[str, str]]) -> dict[str, Any]:
    decided = [(label, message, becomes_an_episode(message)) for label, message in items if label != "AMBIG"]
    news = [episode for label, _, episode in decided if label == "KEEP"]
    descriptions = [episode for label, _, episode in decided if label == "SKIP"]
    return {
        "news": len(news),
        "news_kept": sum(news) / len(news),
        "descriptions": len(descriptions),
        "descriptions_not_repeated": 1 - sum(descriptions) / len(descriptions),
        "wrong": [(label, message) for label, message, episode in decided if episode != (label == "KEEP")],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    figures = score(load(args.data))
    print(f"news kept: {figures['news_kept']:.3f} of {figures['news']}")
    print(f"descriptions not repeated: {figures['descriptions_not_repeated']:.3f} of {figures['descriptions']}")
    for label, message in figures["wrong"]:
        print(f"  {'dropped' if label == 'KEEP' else 'repeated'}: {message}")


if __name__ == "__main__":
    main()
