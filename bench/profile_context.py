"""Where GET /context's and POST /ingest's time goes: `python -m bench.profile_context [--requests 300] [--out DIR]`.

In-process, through Django's test client (middleware, authentication, throttling, the view, the selector,
serialization — everything gunicorn runs except the socket), on the seeded bench tenant with unique
questions. Three passes: /context with the query embedding computed (cache emptied first), /context with it
read from the cache (the same questions again), and POST /ingest of chat messages (inline tier; the deferred
task is only enqueued). For each: pyinstrument's call tree (``DIR/profile-{context-cold,context-cached,
ingest}.txt``), and the SQL the requests ran — queries per request and their share of the time — timed by a
database execute wrapper.
"""

# ruff: noqa: E402 - the bench database is chosen before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import json
import random
import time
import urllib.parse
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    from bench.benchdb import django_setup_bench

    django_setup_bench()

from django.db import connection
from django.test import Client
from pyinstrument import Profiler

from bench.load import ingest_calls, percentiles, query_cache_clear, unique_questions
from bench.seed import bench_tenant
from contacts.models import Contact
from contacts.services import api_key_create


class SqlTimer:
    """A database execute wrapper: statements and their milliseconds."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, float]] = []

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.statements.append((sql, (time.perf_counter() - started) * 1000))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1, help="the seed bench/seed.py used")
    parser.add_argument("--out", type=Path, default=Path("bench/results"))
    args = parser.parse_args()
    figures = profile_run(args.requests, args.seed, args.out)
    print(json.dumps(figures, indent=2))
    (args.out / "profile-context.json").write_text(json.dumps(figures, indent=2) + "\n")


def profile_run(requests: int, seed: int, out: Path) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    tenant = bench_tenant()
    client = Client(HTTP_AUTHORIZATION=f"Bearer {api_key_create(tenant=tenant, name='bench-profile')[1]}")
    contacts = Contact.objects.filter(tenant=tenant).count()
    rng = random.Random(seed + 11)
    reads = [partial(client.get, f"/context/c{i}?query={urllib.parse.quote(q)}")
             for i, q in unique_questions(contacts, requests + 20, seed, rng)]  # fmt: skip
    posts = ingest_calls(contacts, requests + 20, seed, rng, str(int(time.time())), "profile")
    writes = [partial(client.post, call.path, call.body, content_type="application/json") for call in posts]
    for request in reads[:20] + writes[:20]:  # warm-up: model load, first connections
        request()
    query_cache_clear()
    figures: dict[str, Any] = {"contacts": contacts, "requests": requests}
    figures["context_cold"] = _profiled(reads[20:], out / "profile-context-cold.txt")
    figures["context_cached"] = _profiled(reads[20:], out / "profile-context-cached.txt")
    figures["ingest"] = _profiled(writes[20:], out / "profile-ingest.txt")
    return figures


def _profiled(requests: list[Callable[[], Any]], report: Path) -> dict[str, Any]:
    timer, timings = SqlTimer(), []
    profiler = Profiler(interval=0.0005)
    with connection.execute_wrapper(timer):
        profiler.start()
        for request in requests:
            started = time.perf_counter()
            response = request()
            timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code in (200, 202), response.content[:200]
        profiler.stop()
    report.write_text(profiler.output_text(unicode=True, color=False, show_all=False))
    sql_ms = sum(ms for _, ms in timer.statements)
    return {
        "request": percentiles(timings),
        "queries_per_request": round(len(timer.statements) / len(requests), 1),
        "sql_ms_per_request": round(sql_ms / len(requests), 2),
        "sql_share": round(sql_ms / sum(timings), 3),
        "slowest_statements": _slowest(timer.statements, len(requests)),
        "profile": str(report),
    }


def _slowest(statements: list[tuple[str, float]], requests: int) -> list[dict[str, Any]]:
    """Statements grouped by their first 90 characters, most time first (ms per request)."""
    groups: dict[str, list[float]] = {}
    for sql, ms in statements:
        groups.setdefault(" ".join(sql.split())[:90], []).append(ms)
    ranked = sorted(groups.items(), key=lambda item: -sum(item[1]))[:8]
    return [{"sql": sql, "per_request": round(len(ms) / requests, 2), "ms_per_request": round(sum(ms) / requests, 2)}
            for sql, ms in ranked]  # fmt: skip


if __name__ == "__main__":
    main()
