"""Per-message rule speed: `python -m bench.extract [--messages 20000] [--seed 1] [--json OUT]`.

Times, on a reproducible mix of chat messages (short and long, with and without anything to find):
- `extract` — the immediate tier's rules (facts, preferences, entity mentions, the episode decision);
- `crisis` — crisis-language detection, also inline (it runs in the ingest request);
- `mood_keywords` — the offline mood classifier (VADER + cues), deferred tier, the default path.
Prints per-message percentiles for each. Pure CPU, no database: the inline tier's database work
(dedup, supersession, state) is measured end to end by the HTTP benchmarks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable

import django

TEMPLATES = [
    "My dog {pet} ate my shoes again", "I live in {city}", "I moved to {city} last week!",
    "I work at {company} as a developer", "I'm {age} years old", "I love {food} but I hate {food2}",
    "I don't really like talking about {topic}", "can we talk about {topic}?", "my wife {name} got a promotion",
    "lol", "ok", "hmm", "haha 😂", "What do you think about the weather today?",
    "Work was so stressful today, my boss kept asking for updates every hour and I could not focus at all",
    "I prefer tea over coffee", "My favourite colour is {colour}", "I have two kids and a cat named {pet}",
    "We went hiking near {city} and it rained the whole time, but honestly it was still one of the best days",
    "ugh this traffic is killing me", "I'm so worried about the exam tomorrow", "thank you so much 🙏",
    "honestly I can't take this anymore", "meh, whatever", "I'm SO excited!!! can't wait 🎉",
]  # fmt: skip
FILL = {
    "pet": ["Bruno", "Max", "Luna", "Coco"], "city": ["Pune", "Chennai", "new york", "Berlin"],
    "company": ["Infosys", "Google", "a startup"], "age": ["21", "29", "45"], "food": ["biryani", "sushi", "pizza"],
    "food2": ["spicy food", "olives"], "topic": ["politics", "cricket", "my ex"], "name": ["Priya", "Sam"],
    "colour": ["blue", "green"],
}  # fmt: skip


def corpus(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    messages = []
    for _ in range(count):
        text = rng.choice(TEMPLATES)
        for key, options in FILL.items():
            text = text.replace("{" + key + "2}", rng.choice(options)).replace("{" + key + "}", rng.choice(options))
        messages.append(text)
    return messages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from memories.extraction import extract
    from moods.classification.keywords import classify_keywords
    from moods.crisis import detect_crisis

    messages = corpus(args.messages, args.seed)
    stages = {
        "extract": lambda text: extract(text, role="user"),
        "crisis": detect_crisis,
        "mood_keywords": classify_keywords,
    }
    figures = {name: _timed(run, messages) for name, run in stages.items()}
    for name, stage in figures.items():
        print(name, " ".join(f"{k}={v}" for k, v in stage.items()))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2)


def _timed(run: Callable[[str], object], messages: list[str]) -> dict[str, float]:
    for text in messages[:500]:  # warm up regex and lexicon caches
        run(text)
    timings = []
    for text in messages:
        start = time.perf_counter_ns()
        run(text)
        timings.append((time.perf_counter_ns() - start) / 1e6)
    timings.sort()
    return {
        "messages": len(timings),
        "mean_ms": round(statistics.fmean(timings), 4),
        "p50_ms": round(timings[len(timings) // 2], 4),
        "p95_ms": round(timings[int(len(timings) * 0.95)], 4),
        "p99_ms": round(timings[int(len(timings) * 0.99)], 4),
        "max_ms": round(timings[-1], 4),
    }


if __name__ == "__main__":
    main()
