"""What a request pays for its database connection: `python -m bench.connections [--requests 2000] [--json OUT]`.

One process runs Django's request cycle around a single ``SELECT 1`` (``close_old_connections`` at the request's
start and end, as the request_started / request_finished signals do) under three settings, each in a fresh
interpreter since the database settings are read at start-up:

- ``persistent``: the default, ``CONN_MAX_AGE=60`` with health checks (the connection is kept between requests
  and checked once per request);
- ``per_request``: ``CONN_MAX_AGE=0`` without a pool (a new connection every request);
- ``pool``: ``DATABASE_POOL=1`` (psycopg pool; the connection goes back to the pool at the request's end).

Reports the time of the whole cycle (p50, p95, mean). On the embedded
PostgreSQL over its Unix socket (a TCP connection, TLS, or PgBouncer add to ``per_request``'s cost). See SCALING.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

MODES = {
    "persistent": {},
    "per_request": {"CONN_MAX_AGE": "0"},
    "pool": {"DATABASE_POOL": "1"},
}


def measure(requests: int) -> dict[str, float]:
    """The request cycle ``requests`` times in this process (its settings chosen by the environment)."""
    import django

    django.setup()
    from django.db import close_old_connections, connection

    timings = []
    for _ in range(requests + 50):
        started = time.perf_counter()
        close_old_connections()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        close_old_connections()
        timings.append((time.perf_counter() - started) * 1000)
    timings = timings[50:]  # warm-up: imports, the first connection
    timings.sort()
    return {
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(timings[int(len(timings) * 0.95)], 3),
        "mean_ms": round(statistics.fmean(timings), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)  # the child's side
    args = parser.parse_args()
    if args.mode:
        print(json.dumps(measure(args.requests)))
        return
    figures = {}
    for mode, environment in MODES.items():
        inherited = {k: v for k, v in os.environ.items() if k not in {"DATABASE_POOL", "CONN_MAX_AGE"}}
        env = {**inherited, "DJANGO_SETTINGS_MODULE": "config.settings", **environment}
        result = subprocess.run(
            [sys.executable, "-m", "bench.connections", "--mode", mode, "--requests", str(args.requests)],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        figures[mode] = json.loads(result.stdout.splitlines()[-1])
        print(f"{mode:12} {figures[mode]}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
