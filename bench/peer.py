"""Rapport's /context next to a peer, mem0: `python -m bench.peer [--contacts 100] [--queries 500] [--json OUT]`.

mem0 (``mem0ai``, the OSS ``Memory``) is configured with its pgvector store in the bench database of the same
embedded PostgreSQL, and with the same local embedder (providers/embeddings.py: all-MiniLM-L6-v2 int8 ONNX,
384 dimensions) in place of its own. ``infer=False`` stores each text as it is, so no LLM is needed; the LLM
it insists on configuring points at an unroutable local address, and telemetry is off (``MEM0_TELEMETRY``),
so nothing leaves the machine. spaCy is not installed (its English model is not on PyPI): mem0 then runs
without lemmatisation or entity boosts, its documented fallback.

The first ``--contacts`` contacts of the seeded tenant (bench/seed.py) are loaded into mem0, each active
memory as one ``add(..., user_id=contact, infer=False)`` (their vectors come from the seed's pool cache: the
same vectors the tenant has). Then the same unique questions (bench/load.py) are timed, one at a time:

- ``rapport_inprocess``: ``contact_context_get`` — the whole /context selector, query embedding included;
- ``rapport_http``: GET /context through gunicorn (started as `make run` does, no worker);
- ``peer``: ``Memory.search(query, filters={"user_id": contact}, top_k=20)``.

The query-embedding cache is emptied before each Rapport pass, so every query is embedded on both sides.
"""

# ruff: noqa: E402 - the bench database is chosen before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    from bench.benchdb import django_setup_bench

    BENCH_ENVIRONMENT = django_setup_bench()

import httpx
import numpy as np
from django.conf import settings

from bench.benchdb import bench_data_dir
from bench.load import percentiles, query_cache_clear, unique_questions
from bench.seed import bench_tenant, pool_load
from bench.servers import servers_running
from contacts.models import Contact
from contacts.services import api_key_create
from context.selectors import contact_context_get
from memories.models import Memory, MemoryStatus
from providers.embeddings import embed_query

MEM0_OFFLINE = {"MEM0_TELEMETRY": "False", "ANONYMIZED_TELEMETRY": "False", "POSTHOG_DISABLED": "1"}
UNROUTABLE_LLM = "http://127.0.0.1:9/v1"  # discard port: a call mem0 should never make fails at once
TOP_K = 20
WARM_UP_QUERIES = 20
logging.getLogger("mem0").setLevel(logging.WARNING)  # a line per inserted memory otherwise
logging.getLogger("httpx").setLevel(logging.WARNING)


class LocalEmbedder:
    """mem0's embedder interface (``embed(text, memory_action)``) over Rapport's local model. Stored texts
    whose vector is already known (the seed's pool) are not embedded again; queries always are."""

    def __init__(self, known: dict[str, list[float]]) -> None:
        self.known = known

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        if memory_action != "search" and text in self.known:
            return self.known[text]
        return embed_query(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contacts", type=int, default=100, help="the first N seeded contacts")
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--hnsw", action="store_true", help="mem0's default HNSW index (default: exact search)")
    parser.add_argument("--seed", type=int, default=1, help="the seed bench/seed.py used")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    figures = peer_run(args.contacts, args.queries, args.seed, hnsw=args.hnsw, environment=BENCH_ENVIRONMENT)
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def peer_run(
    contacts: int, queries: int, seed: int, *, hnsw: bool = False, environment: dict[str, str] | None = None,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The comparison; ``environment`` None skips the HTTP pass (tests)."""
    log = log or _log
    tenant = bench_tenant()
    if Contact.objects.filter(tenant=tenant).count() < contacts:
        raise SystemExit(f"seed at least {contacts} contacts first: python -m bench.seed --contacts {contacts}")
    memories = _memories(tenant, contacts)
    rng = random.Random(seed + 7)
    warm_up, asked = (
        unique_questions(contacts, WARM_UP_QUERIES, seed, rng),
        unique_questions(contacts, queries, seed, rng),
    )
    peer, load_seconds = mem0_loaded(memories, seed, hnsw, log)
    figures: dict[str, Any] = {
        "peer": "mem0", "peer_version": _mem0_version(), "peer_index": "hnsw" if hnsw else "exact",
        "memories": sum(len(texts) for texts in memories.values()), "contacts": contacts, "queries": len(asked),
        "peer_load_seconds": load_seconds, "top_k": TOP_K,
    }  # fmt: skip
    figures["rapport_inprocess"] = _timed(lambda i, q: contact_context_get(tenant=tenant, external_id=f"c{i}", query=q),
                                          warm_up, asked)  # fmt: skip
    figures["peer_search"] = _timed(lambda i, q: peer.search(q, filters={"user_id": f"c{i}"}, top_k=TOP_K),
                                    warm_up, asked)  # fmt: skip
    figures["peer_results_mean"] = statistics.fmean(
        len(peer.search(q, filters={"user_id": f"c{i}"}, top_k=TOP_K)["results"]) for i, q in asked[:100]
    )
    if environment is not None:
        figures["rapport_http"] = _http_timed(tenant, environment, warm_up, asked)
    figures.update({
        "rapport_inprocess_p95_ms": figures["rapport_inprocess"]["p95_ms"],
        "rapport_http_p95_ms": figures.get("rapport_http", {}).get("p95_ms"),
        "peer_p95_ms": figures["peer_search"]["p95_ms"],
    })  # fmt: skip
    return figures


def _memories(tenant: Any, contacts: int) -> dict[str, list[str]]:
    """Active memory texts by contact external id, c0 … c<contacts-1>."""
    wanted = [f"c{i}" for i in range(contacts)]
    rows = Memory.objects.filter(tenant=tenant, contact__external_id__in=wanted, status=MemoryStatus.ACTIVE)
    texts: dict[str, list[str]] = {external_id: [] for external_id in wanted}
    for external_id, content in rows.order_by("pk").values_list("contact__external_id", "content"):
        texts[external_id].append(content)
    return texts


def mem0_memory(collection: str, embedder: LocalEmbedder, hnsw: bool, history_dir: Path) -> Any:
    """mem0's ``Memory`` on pgvector in the bench database, with our embedder and no reachable LLM."""
    os.environ.update(MEM0_OFFLINE)
    os.environ.setdefault("MEM0_DIR", str(history_dir))
    from mem0 import Memory as Mem0

    database = settings.DATABASES["default"]
    socket_dir = database.get("OPTIONS", {}).get("host") or database["HOST"]
    config = {
        "vector_store": {"provider": "pgvector", "config": {
            "connection_string": f"postgresql://{database['USER']}@/{database['NAME']}?host={socket_dir}",
            "collection_name": collection, "embedding_model_dims": settings.EMBEDDING_DIMENSIONS, "hnsw": hnsw,
        }},
        "llm": {"provider": "openai", "config": {"api_key": "offline", "openai_base_url": UNROUTABLE_LLM}},
        "embedder": {"provider": "openai", "config": {"api_key": "offline", "openai_base_url": UNROUTABLE_LLM,
                                                      "embedding_dims": settings.EMBEDDING_DIMENSIONS}},
        "history_db_path": str(history_dir / f"{collection}.db"),
    }  # fmt: skip
    memory = Mem0.from_config(config)
    memory.embedding_model = embedder  # the same local model as Rapport, not OpenAI's
    return memory


def mem0_loaded(memories: dict[str, list[str]], seed: int, hnsw: bool, log: Callable[[str], None]) -> tuple[Any, float]:
    """mem0 holding exactly ``memories`` (a collection per size and index kind, reused when complete)."""
    pool, vectors, _ = pool_load(20_000, seed, bench_data_dir(), log)
    known = {text.content: vector.tolist() for text, vector in zip(pool, np.asarray(vectors), strict=True)}
    total = sum(len(texts) for texts in memories.values())
    collection = f"mem0_peer_{len(memories)}_{total}_{'hnsw' if hnsw else 'exact'}"
    history_dir = bench_data_dir() / "mem0"
    history_dir.mkdir(exist_ok=True)
    memory = mem0_memory(collection, LocalEmbedder(known), hnsw, history_dir)
    if memory.vector_store.col_info().get("count") == total:
        return memory, 0.0
    memory.vector_store.delete_col()
    (history_dir / f"{collection}.db").unlink(missing_ok=True)
    memory = mem0_memory(collection, LocalEmbedder(known), hnsw, history_dir)
    started = time.perf_counter()
    for n, (external_id, texts) in enumerate(memories.items()):
        for text in texts:
            memory.add([{"role": "user", "content": text}], user_id=external_id, infer=False)
        if n % 10 == 9:
            log(f"mem0: loaded {n + 1}/{len(memories)} contacts ({time.perf_counter() - started:.0f} s)")
    return memory, round(time.perf_counter() - started, 1)


def _timed(search: Callable[[int, str], Any], warm_up: list[tuple[int, str]], asked: list[tuple[int, str]]) -> dict[
    str, float
]:  # fmt: skip
    query_cache_clear()
    for index, text in warm_up:
        search(index, text)
    timings = []
    for index, text in asked:
        started = time.perf_counter()
        search(index, text)
        timings.append((time.perf_counter() - started) * 1000)
    return percentiles(timings)


def _http_timed(tenant: Any, environment: dict[str, str], warm_up: list[tuple[int, str]],
                asked: list[tuple[int, str]]) -> dict[str, float]:  # fmt: skip
    key = api_key_create(tenant=tenant, name="bench-peer")[1]
    headers = {"Authorization": f"Bearer {key}"}
    with (
        servers_running(environment, Path("bench/results/servers-peer"), worker=False) as servers,
        httpx.Client(base_url=servers.url, headers=headers, timeout=30) as client,
    ):

        def get(index: int, text: str) -> None:
            client.get(f"/context/c{index}?query={urllib.parse.quote(text)}").raise_for_status()

        return _timed(get, warm_up, asked)


def _mem0_version() -> str:
    from importlib.metadata import version

    return version("mem0ai")


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
