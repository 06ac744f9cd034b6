"""Memory growth over a year, and the cost of one periodic pass (contact-intelligence §6).

    .venv/bin/python -m bench.growth year [--days 365] [--seed 1] [--context-reads] [--json OUT]
    .venv/bin/python -m bench.growth backfill [--seed 1] [--json OUT]
    .venv/bin/python -m bench.growth periodic [--contacts 10000] [--memories 100] [--passes 1] [--seed 1] [--json OUT]

year — a fresh tenant and one contact chatting every simulated day (bench/growth_year.py): 2-6 seeded
    user messages a day (facts that change, preferences, recurring entities — the dog Bruno, the sister
    Priya, the workplace — daily episodes, small talk) and assistant replies to 40% of them, each through
    `message_ingest` and `message_process_deferred` (the real pipeline and local embedder) with the clock
    frozen at the message's time; the debounced per-contact pass once per session, 5 minutes after its
    last message; `consolidation_run(tenant=…)` at 00:00, 06:00, 12:00 and 18:00. `--context-reads`:
    every user message is followed by the chat engine's GET /context read (and the access it records).
    Reports the active memory count (status active, not expired) at the end of each day against the
    spec's §6.3 table, per month, by type. The tenant is deleted afterwards.
backfill — a second, different life (bench/growth_backfill.py: Sofia in Portugal, a move, a job and role change,
    a birthday, boyfriend → fiancé, negations and hypotheticals) imported as a backfill: for each checkpoint of
    the spec's table a fresh tenant receives days 1..N through the batch ingest service (chunks of
    INGEST_BATCH_MAX, real timestamps), the deferred tier runs for every message, then the per-contact pass and
    ONE `consolidation_run`, the clock frozen at the end of day N. Reports the active count against the table
    and which durable facts of her life are held (current values), missing, outdated-but-active. Tenants are
    deleted afterwards.
periodic — a dedicated tenant bulk-loaded (binary COPY) with N contacts × M memories spread over a year
    (bench/growth_periodic.py), then ONE `consolidation_run(tenant=…)` timed step by step (`--passes 2`:
    also the next pass, 6 h later); the tenant's rows are deleted afterwards with set-based SQL.
"""

# ruff: noqa: E402 - Django is set up before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import json
import logging
import os
import time
from pathlib import Path
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from config.embedded import ensure_configured_services

ensure_configured_services()  # the embedded services the settings point at (importing them starts none)

from django.db import connection

from bench.benchdb import require_migrated
from bench.growth_backfill import backfill_run
from bench.growth_periodic import periodic_run
from bench.growth_year import year_run
from config import celery_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    year = modes.add_parser("year", help="one contact chatting daily for a year")
    year.add_argument("--days", type=int, default=365)
    year.add_argument("--context-reads", action="store_true", help="read /context after every user message")
    periodic = modes.add_parser("periodic", help="time one periodic pass over a bulk-loaded tenant")
    periodic.add_argument("--contacts", type=int, default=10_000)
    periodic.add_argument("--memories", type=int, default=100, help="memories per contact")
    periodic.add_argument("--passes", type=int, default=1, help="more than 1: time the next passes, 6 h apart")
    backfill = modes.add_parser("backfill", help="a second life imported as a backfill, one pass per checkpoint")
    for sub in (year, periodic, backfill):
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    require_migrated()
    # The bench runs the deferred tier itself; eager tasks keep its messages out of the developer's broker.
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # one INFO line per message otherwise
    if args.mode == "year":
        figures = year_run(days=args.days, seed=args.seed, context_reads=args.context_reads)
        print_year(figures)
    elif args.mode == "backfill":
        figures = backfill_run(seed=args.seed)
        print_backfill(figures)
    else:
        figures = periodic_run(contacts=args.contacts, memories=args.memories, seed=args.seed, passes=args.passes)
        figures["vacuum_seconds"] = tables_vacuum()
        print_periodic(figures)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")


def tables_vacuum() -> float:
    """Give the development database its disk back: a plain VACUUM truncates the pages the purge emptied
    (outside a transaction, so not in tests)."""
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for table in ("memories_memory", "memories_memoryevent", "memories_memory_entities", "contacts_contactstate"):
            cursor.execute(f"VACUUM (ANALYZE) {table}")
    return round(time.perf_counter() - started, 1)


def print_year(figures: dict[str, Any]) -> None:
    print(f"\n{'timeline':<9} {'day':>4} {'active':>6}  {'spec':>7}  {'':4}  composition")
    for row in figures["spec_rows"]:
        spec, verdict = f"{row['spec'][0]}-{row['spec'][1]}", "pass" if row["within"] else "FAIL"
        print(f"{row['label']:<9} {row['day']:>4} {row['active']:>6}  {spec:>7}  {verdict:4}  {_types(row)}")
    print(f"\n{'month':<5} {'day':>4} {'active':>6}  composition")
    for row in figures["months"]:
        print(f"{row['month']:<5} {row['day']:>4} {row['active']:>6}  {_types(row)}")
    messages, seconds = figures["messages"], figures["seconds"]
    print(f"\nmessages: {messages['user']} user + {messages['assistant']} assistant; consolidation runs: "
          f"{figures['consolidation']['runs']} {figures['consolidation']['totals']}")  # fmt: skip
    print(f"time: {seconds['total']} s (ingest + deferred {seconds['ingest_and_deferred']} s, per-session "
          f"passes {seconds['session_passes']} s, {messages['context_reads']} /context reads "
          f"{seconds['context_reads']} s, periodic passes {seconds['consolidation']} s)")  # fmt: skip


def print_backfill(figures: dict[str, Any]) -> None:
    print(f"\n{'timeline':<9} {'day':>4} {'msgs':>5} {'active':>6}  {'spec':>7}  {'':4}  {'durable held':>12}  "
          f"{'unread':>6}  {'outdated':>8}  composition")  # fmt: skip
    for row in figures["spec_rows"]:
        spec, verdict = f"{row['spec'][0]}-{row['spec'][1]}", "pass" if row["within"] else "FAIL"
        facts = row["recall"]
        held = f"{sum(1 for fact in facts['expected'] if fact['held_by'])}/{len(facts['expected'])}"
        print(f"{row['label']:<9} {row['day']:>4} {row['messages']:>5} {row['active']:>6}  {spec:>7}  {verdict:4}  "
              f"{held:>12}  {len(facts['extraction_gaps']):>6}  {len(facts['outdated_active']):>8}  "
              f"{_types(row)}")  # fmt: skip
    year = figures["spec_rows"][-1]
    facts = year["recall"]
    print(f"\nday {year['day']}: durable facts of the life, current values")
    for fact in facts["expected"]:
        verdict = f"held   {fact['held_by']}" if fact["held_by"] else "MISSING"
        print(f"  {fact['what']:<16} {fact['value']:<24} {verdict}")
    print(f"missing (extracted but not kept): {facts['missing'] or 'none'}; never extracted: "
          f"{facts['extraction_gaps'] or 'none'}")  # fmt: skip
    print(f"outdated values active: {facts['outdated_active'] or 'none'}")
    print(f"negations/hypotheticals active: {facts['negations_active'] or 'none'}")
    print(f"scripted statements extraction misses: {figures['known_extraction_misses'] or 'none'}")
    per_checkpoint = ", ".join(f"day {row['day']} {row['seconds']} s" for row in figures["spec_rows"])
    print(f"time: {figures['seconds']} s ({per_checkpoint})")


def _types(row: dict[str, Any]) -> str:
    return " ".join(f"{kind}={n}" for kind, n in row["by_type"].items())


def print_periodic(figures: dict[str, Any]) -> None:
    load, run = figures["load"], figures["run"]
    print(f"\nloaded {load['contacts']} contacts, {load['memories']} memories, {load['links']} entity links, "
          f"{load['events']} events in {load['insert_seconds']} s ({load['memories_per_second']} memories/s); "
          f"ANALYZE {load['analyze_seconds']} s; rows {load['memory_rows_mb']} MB, memories table with indexes "
          f"{load['memories_table_mb']} MB; "
          f"peak RSS {load['peak_rss_mb']} MB")  # fmt: skip
    print(f"active before: {figures['active_before']}\n")
    runs = [run, *figures["later_passes"]]
    print(f"{'step':<20}" + "".join(f" {f'pass {n} (s)':>12}  {'result':<16}" for n in range(1, len(runs) + 1)))
    for index, step in enumerate(run["steps"]):
        cells = [(r["steps"][index]["seconds"], str(r["steps"][index]["result"])) for r in runs]
        print(f"{step['step']:<20}" + "".join(f" {seconds:>12}  {result:<16}" for seconds, result in cells))
    print(f"{'one pass (wall)':<20}" + "".join(f" {r['wall_seconds']:>12}  {'':<16}" for r in runs))
    print(f"{'embedding queued':<20}" + "".join(
        f" {r['embedding_tasks_queued']:>12}  {str(r['memories_to_embed']) + ' to embed':<16}" for r in runs
    ))  # fmt: skip
    print(f"\nactive after: {figures['active_after']}; cleanup {figures['cleanup_seconds']} s, "
          f"VACUUM {figures['vacuum_seconds']} s")  # fmt: skip


if __name__ == "__main__":
    main()
