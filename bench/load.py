"""HTTP load on the seeded tenant: `python -m bench.load [--clients 8] [--requests 2000] [--json OUT]`.

Starts gunicorn (2 workers) and a Celery worker as `make run` does (bench/servers.py), in the bench database
seeded by bench/seed.py, or uses ``--url`` and ``--key``. An asyncio client (httpx) keeps ``--clients``
requests in flight (closed loop) through these phases, each reporting client-side p50/p95/p99, throughput,
errors and the server-side times from gunicorn's access log:

- ``context``: GET /context/{contact}?query=… with unique questions about the contact ("how is Luna
  doing?"), the query-embedding cache emptied first, so every request embeds its query;
- ``context_cached``: the same requests again in another order (the query embedding comes from Redis);
- ``ingest``: POST /ingest of realistic user messages to random contacts;
- ``ingest_e2e``: open loop at each ``--ingest-rates`` messages/second for ``--rate-seconds``: accepted →
  fully processed (Message.processed_at set by the worker), the processing rate and where it saturates.

/context responses' ``memory_tokens`` (mean, max) and ``memory_budget`` are reported too.
"""

# ruff: noqa: E402 - the bench database is chosen before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import statistics
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    from bench.benchdb import django_setup_bench

    BENCH_ENVIRONMENT = django_setup_bench()

import httpx

from bench.seed import bench_tenant, contact_persona
from bench.servers import log_end, server_times, servers_running
from bench.texts import chat_message, question
from config.redis_client import redis_client
from contacts.models import Contact, Message
from contacts.services import api_key_create
from memories.tasks import flush_access_log

DRAIN_TIMEOUT_SECONDS = 300
logging.getLogger("httpx").setLevel(logging.WARNING)  # one INFO line per request otherwise


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: dict[str, Any] | None = None


@dataclass
class Outcome:
    milliseconds: float
    status: int
    tokens: int | None = None
    budget: int | None = None


@dataclass
class Target:
    url: str
    key: str
    access_log: Path | None = None
    log_offset: int = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an already running server (default: start gunicorn + worker)")
    parser.add_argument("--key", help="API key of the bench tenant, with --url")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=2000, help="per phase")
    parser.add_argument("--ingest-rates", default="5,10,20,40", help="messages/second, open loop (0: skip)")
    parser.add_argument("--rate-seconds", type=float, default=20)
    parser.add_argument("--seed", type=int, default=1, help="the seed bench/seed.py used")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn workers (without --url)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    rates = [float(rate) for rate in args.ingest_rates.split(",") if rate and float(rate) > 0]
    run = lambda target: load_run(target, args.clients, args.requests, rates, args.rate_seconds, args.seed)  # noqa: E731
    if args.url:
        figures = run(Target(url=args.url, key=args.key or ""))
    else:
        with (
            servers_running(BENCH_ENVIRONMENT, Path("bench/results/servers"), web_workers=args.web_workers) as servers,
            access_log_flushed(),
        ):
            key = api_key_create(tenant=bench_tenant(), name="bench-load")[1]
            figures = run(Target(url=servers.url, key=key, access_log=servers.access_log))
    print_figures(figures)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


@contextlib.contextmanager
def access_log_flushed(every_seconds: float = 10.0) -> Iterator[None]:
    """What celery-beat does in production (it is not started here: its other schedules, such as the
    consolidation pass, are not part of this benchmark): enqueue the access-log flush every ``every_seconds``,
    so the worker applies the accesses /context queued, at production's pace."""
    stop = threading.Event()

    def _beat() -> None:
        while not stop.wait(every_seconds):
            flush_access_log.delay()

    thread = threading.Thread(target=_beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def load_run(
    target: Target, clients: int, requests: int, rates: list[float], rate_seconds: float, seed: int,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """All phases against ``target``; the figures as a dict (see the module docstring)."""
    log = log or _log
    tenant = bench_tenant()
    contacts = Contact.objects.filter(tenant=tenant).count()
    rng = random.Random(seed)
    reads = context_calls(contacts, requests, seed, rng)
    figures: dict[str, Any] = {"contacts": contacts, "memories": tenant.memories.count(), "clients": clients}
    run_id = f"{int(time.time())}"
    asyncio.run(_phase(target, "warm-up", context_calls(contacts, 50, seed + 1, rng), clients, "/context"))
    query_cache_clear()
    target.log_offset = log_end(target.access_log) if target.access_log else 0
    figures["context"] = asyncio.run(_phase(target, "context", reads, clients, "/context"))
    log(f"context: {_summary(figures['context'])}")
    figures["context_cached"] = asyncio.run(_phase(target, "context_cached", rng.sample(reads, len(reads)), clients,
                                                   "/context"))  # fmt: skip
    log(f"context_cached: {_summary(figures['context_cached'])}")
    writes = ingest_calls(contacts, requests, seed, rng, run_id)
    figures["ingest"] = asyncio.run(_phase(target, "ingest", writes, clients, "/ingest"))
    log(f"ingest: {_summary(figures['ingest'])}")
    figures["ingest_backlog_drain_seconds"] = backlog_drain(tenant)
    figures["ingest_e2e"] = [ingest_end_to_end(target, tenant, contacts, rate, rate_seconds, seed, rng, run_id, log)
                             for rate in rates]  # fmt: skip
    figures["ingest_sustained_rate"] = sustained_rate(figures["ingest_e2e"])
    return figures


def context_calls(contacts: int, count: int, seed: int, rng: random.Random) -> list[Call]:
    """``count`` GET /context calls on random contacts, each with a question never asked before in the run."""
    return [Call("GET", f"/context/c{index}?query={urllib.parse.quote(text)}")
            for index, text in unique_questions(contacts, count, seed, rng)]  # fmt: skip


def unique_questions(contacts: int, count: int, seed: int, rng: random.Random) -> list[tuple[int, str]]:
    """(contact index, question) pairs on random contacts; no question text twice (the query-embedding
    cache is keyed by the text alone)."""
    pairs: list[tuple[int, str]] = []
    asked: set[str] = set()
    for _ in range(count * 50):  # the questions' variety runs out far beyond the sizes used here
        if len(pairs) == count:
            break
        index = rng.randrange(contacts)
        text = question(contact_persona(index, seed), rng)
        if text not in asked:
            asked.add(text)
            pairs.append((index, text))
    return pairs


def ingest_calls(contacts: int, count: int, seed: int, rng: random.Random, run_id: str, tag: str = "load") -> list[
    Call
]:  # fmt: skip
    calls = []
    for n in range(count):
        index = rng.randrange(contacts)
        body = {"contact_id": f"c{index}", "message": chat_message(contact_persona(index, seed), rng),
                "role": "user", "conversation_id": f"c{index}-{tag}", "message_id": f"{tag}-{run_id}-{n}"}  # fmt: skip
        calls.append(Call("POST", "/ingest", body))
    return calls


def query_cache_clear() -> int:
    """Forget the cached query embeddings (the bench's own Redis database)."""
    client = redis_client()
    keys = list(client.scan_iter(match="*query-embedding:*", count=1000))
    return client.delete(*keys) if keys else 0


async def _phase(target: Target, name: str, calls: list[Call], clients: int, path_prefix: str) -> dict[str, Any]:
    """``calls`` through ``clients`` concurrent connections (closed loop)."""
    queue: asyncio.Queue[Call] = asyncio.Queue()
    for call in calls:
        queue.put_nowait(call)
    outcomes: list[Outcome] = []
    headers = {"Authorization": f"Bearer {target.key}"}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=target.url, headers=headers, limits=limits, timeout=30) as client:
        started = time.perf_counter()
        await asyncio.gather(*(_client_loop(client, queue, outcomes) for _ in range(clients)))
        seconds = time.perf_counter() - started
    return _phase_figures(target, name, outcomes, seconds, path_prefix)


async def _client_loop(client: httpx.AsyncClient, queue: asyncio.Queue[Call], outcomes: list[Outcome]) -> None:
    while not queue.empty():
        outcomes.append(await _send(client, queue.get_nowait()))


async def _send(client: httpx.AsyncClient, call: Call) -> Outcome:
    started = time.perf_counter()
    try:
        response = await client.request(call.method, call.path, json=call.body)
    except httpx.HTTPError:
        return Outcome((time.perf_counter() - started) * 1000, status=0)
    outcome = Outcome((time.perf_counter() - started) * 1000, response.status_code)
    if call.method == "GET" and response.status_code == 200:
        body = response.json()
        outcome.tokens, outcome.budget = body.get("memory_tokens"), body.get("memory_budget")
    return outcome


def _phase_figures(target: Target, name: str, outcomes: list[Outcome], seconds: float, prefix: str) -> dict[str, Any]:
    ok = [o for o in outcomes if 200 <= o.status < 300]
    figures: dict[str, Any] = {
        "requests": len(outcomes), "errors": len(outcomes) - len(ok), "seconds": round(seconds, 1),
        "throughput_rps": round(len(outcomes) / seconds, 1), "statuses": _counts(o.status for o in outcomes),
        **percentiles([o.milliseconds for o in ok]),
    }  # fmt: skip
    tokens = [o.tokens for o in ok if o.tokens is not None]
    if tokens:
        figures["memory_tokens"] = {"mean": round(statistics.fmean(tokens)), "max": max(tokens),
                                    "budgets": _counts(o.budget for o in ok)}  # fmt: skip
    if target.access_log is not None:
        times, target.log_offset = server_times(target.access_log, target.log_offset, prefix)
        figures["server"] = percentiles(times)
    return figures


def ingest_end_to_end(
    target: Target, tenant: Any, contacts: int, rate: float, seconds: float, seed: int, rng: random.Random,
    run_id: str, log: Callable[[str], None],
) -> dict[str, Any]:  # fmt: skip
    """Open loop at ``rate`` messages/second, then wait for the worker: accepted → processed."""
    calls = ingest_calls(contacts, int(rate * seconds), seed, rng, run_id, tag=f"e2e{rate:g}")
    outcomes = asyncio.run(_open_loop(target, calls, rate))
    ids = [call.body["message_id"] for call in calls if call.body]
    waited = backlog_drain(tenant, ids)
    messages = Message.objects.filter(tenant=tenant, client_message_id__in=ids)
    rows = list(messages.values_list("received_at", "processed_at"))
    done = [(received, processed) for received, processed in rows if processed is not None]
    span = (max(p for _, p in done) - min(r for r, _ in done)).total_seconds() if done else 0.0
    figures = {
        "offered_rate": rate, "messages": len(calls), "accepted": sum(1 for o in outcomes if o.status == 202),
        "processed": len(done), "processed_per_second": round(len(done) / span, 1) if span else None,
        "drain_wait_seconds": waited, "post_ms": percentiles([o.milliseconds for o in outcomes if o.status == 202]),
        "end_to_end_ms": percentiles([(p - r).total_seconds() * 1000 for r, p in done]),
    }  # fmt: skip
    log(f"ingest e2e at {rate:g}/s: processed {figures['processed']}/{figures['messages']} at "
        f"{figures['processed_per_second']}/s, e2e p95 {figures['end_to_end_ms'].get('p95_ms')} ms")  # fmt: skip
    return figures


async def _open_loop(target: Target, calls: list[Call], rate: float) -> list[Outcome]:
    """Send each call at its scheduled time whatever the answers (the offered load does not slow down)."""
    headers = {"Authorization": f"Bearer {target.key}"}
    async with httpx.AsyncClient(base_url=target.url, headers=headers, timeout=30) as client:
        loop, tasks = asyncio.get_running_loop(), []
        started = loop.time()
        for n, call in enumerate(calls):
            await asyncio.sleep(max(0.0, started + n / rate - loop.time()))
            tasks.append(asyncio.create_task(_send(client, call)))
        return list(await asyncio.gather(*tasks))


def backlog_drain(tenant: Any, message_ids: list[str] | None = None) -> float:
    """Seconds until the worker has processed the tenant's pending messages (or just ``message_ids``)."""
    pending = Message.objects.filter(tenant=tenant, processed_at__isnull=True)
    if message_ids is not None:
        pending = pending.filter(client_message_id__in=message_ids)
    started = time.perf_counter()
    while pending.exists() and time.perf_counter() - started < DRAIN_TIMEOUT_SECONDS:
        time.sleep(0.5)
    return round(time.perf_counter() - started, 1)


def sustained_rate(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The highest offered rate the deferred tier kept up with (processed ≥ 90% of offered, all of it
    within the drain timeout), and the first one it did not (its processing rate is the capacity)."""
    kept = [s for s in steps if s["processed"] == s["messages"] and (s["processed_per_second"] or 0) >= 0.9 * s[
        "offered_rate"]]  # fmt: skip
    saturated = next((s for s in steps if s not in kept), None)
    return {
        "kept_up_to": max((s["offered_rate"] for s in kept), default=None),
        "saturates_at": saturated["offered_rate"] if saturated else None,
        "capacity_per_second": saturated["processed_per_second"] if saturated else None,
    }


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    at = lambda share: round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 2)  # noqa: E731
    return {"p50_ms": at(0.5), "p95_ms": at(0.95), "p99_ms": at(0.99), "mean_ms": round(statistics.fmean(ordered), 2),
            "max_ms": round(ordered[-1], 2)}  # fmt: skip


def _counts(values: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in values:
        counts[str(value)] = counts.get(str(value), 0) + 1
    return counts


def _summary(phase: dict[str, Any]) -> str:
    server = phase.get("server", {})
    return (f"{phase['requests']} requests, {phase['errors']} errors, {phase['throughput_rps']}/s, p50 "
            f"{phase.get('p50_ms')} p95 {phase.get('p95_ms')} p99 {phase.get('p99_ms')} ms (server p50 "
            f"{server.get('p50_ms')} p95 {server.get('p95_ms')} p99 {server.get('p99_ms')})")  # fmt: skip


def print_figures(figures: dict[str, Any]) -> None:
    print(f"\n{figures['contacts']} contacts, {figures['memories']} memories, {figures['clients']} clients")
    for name in ("context", "context_cached", "ingest"):
        print(f"{name:<15} {_summary(figures[name])}")
    tokens = figures["context"].get("memory_tokens", {})
    print(f"memory_tokens: mean {tokens.get('mean')} max {tokens.get('max')} budgets {tokens.get('budgets')}")
    for step in figures["ingest_e2e"]:
        print(f"ingest e2e {step['offered_rate']:>5g}/s: {step['processed']}/{step['messages']} processed at "
              f"{step['processed_per_second']}/s, end-to-end {step['end_to_end_ms']}")  # fmt: skip
    print(f"sustained: {figures['ingest_sustained_rate']}")


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
