"""Local embedder speed: `python -m bench.embeddings [--threads 1,2] [--runs 3]`.

Each configuration runs in fresh processes (so "cold" includes imports and the model load), through the
public seam (`embed_query`, `embed_texts`): tokenising, the ONNX run, pooling, normalising and the
conversion to Python floats, which is what the app pays.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

SENTENCE_COUNT = 200
BATCH_SIZE = 32

_NAMES = ["Arjun", "Maya", "Bruno", "Priya", "Tom", "Aisha", "Kenji", "Lena"]
_FACTS = [
    "has a dog named {name}",
    "works at Infosys as a backend engineer",
    "moved to Pune last spring after the wedding",
    "prefers tea over coffee, especially masala chai in the evening",
    "is training for a half marathon in October",
    "felt anxious about the job interview on Monday",
    "loves hiking in the Western Ghats with {name}",
    "is allergic to peanuts and avoids Thai food",
    "wants to learn Japanese before the trip to Kyoto",
    "said the new manager keeps cancelling their one-to-ones",
    "plays the guitar badly but enjoys it",
    "is saving for a flat near the office",
]
_TAILS = [
    "",
    " and mentioned it twice this week",
    ", which came up again when we talked about the weekend plans and the long drive to the coast",
    " because {name} suggested it a while ago and it stuck",
]


def varied_sentences(count: int = SENTENCE_COUNT, seed: int = 7) -> list[str]:
    """Distinct conversational facts of 5 to ~40 words, the same on every run."""
    rng = random.Random(seed)  # noqa: S311 - sample text, not security
    sentences: list[str] = []
    for index in range(count):
        name = rng.choice(_NAMES)
        fact = rng.choice(_FACTS).format(name=rng.choice(_NAMES))
        tail = rng.choice(_TAILS).format(name=rng.choice(_NAMES))
        sentences.append(f"{name} {fact}{tail} (note {index}).")
    return sentences


def measure(threads: int) -> dict[str, float]:
    """One fresh process's figures: cold first query, warm reload, query latency, batch throughput."""
    started = time.perf_counter()
    from django.conf import settings

    from providers import embeddings

    settings.EMBEDDING_THREADS = threads  # read when the model loads, which happens next
    embeddings.embed_query("warm up")
    cold_seconds = time.perf_counter() - started

    reload_seconds = min(_timed(embeddings.load_local_model) for _ in range(3))
    sentences = varied_sentences()
    for sentence in sentences[:10]:
        embeddings.embed_query(sentence)
    latencies = sorted(_timed(functools.partial(embeddings.embed_query, sentence)) for sentence in sentences)

    cpu_started, wall_started = time.process_time(), time.perf_counter()
    rounds = 3
    for _ in range(rounds):
        for start in range(0, len(sentences), BATCH_SIZE):
            embeddings.embed_texts(sentences[start : start + BATCH_SIZE])
    wall, cpu = time.perf_counter() - wall_started, time.process_time() - cpu_started
    return {
        "threads": threads,
        "cold_s": cold_seconds,
        "reload_s": reload_seconds,
        "query_median_ms": statistics.median(latencies) * 1000,
        "query_p95_ms": latencies[int(0.95 * len(latencies)) - 1] * 1000,
        "batch_texts_per_s": rounds * len(sentences) / wall,
        "batch_cpu_ms_per_text": cpu / (rounds * len(sentences)) * 1000,
    }


def _timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def _measure_in_fresh_process(threads: int) -> dict[str, float]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "EMBEDDING_PROVIDER": "local"}
    env.pop("EMBEDDING_MODEL", None)
    command = [sys.executable, "-m", "bench.embeddings", "--child", str(threads)]
    output = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])


def _print_table(rows: list[dict[str, float]]) -> None:
    print(
        f"{'threads':>7} {'cold (s)':>9} {'reload (s)':>10} {'query median (ms)':>17} "
        f"{'query p95 (ms)':>14} {'batch-32 texts/s':>16} {'CPU ms/text':>11}"
    )
    for row in rows:
        print(
            f"{row['threads']:>7} {row['cold_s']:>9.2f} {row['reload_s']:>10.2f} "
            f"{row['query_median_ms']:>17.1f} {row['query_p95_ms']:>14.1f} "
            f"{row['batch_texts_per_s']:>16.0f} {row['batch_cpu_ms_per_text']:>11.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2", help="onnxruntime intra-op thread counts to compare")
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per thread count")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child is not None:
        print(json.dumps(measure(arguments.child)))
        return
    print(f"all-MiniLM-L6-v2 int8 ONNX, {SENTENCE_COUNT} sentences, {os.cpu_count()} cores")
    print(f"median of {arguments.runs} fresh processes per row\n")
    rows = []
    for threads in (int(value) for value in arguments.threads.split(",")):
        runs = [_measure_in_fresh_process(threads) for _ in range(arguments.runs)]
        rows.append({key: statistics.median(run[key] for run in runs) for key in runs[0]})
    _print_table(rows)


if __name__ == "__main__":
    main()
