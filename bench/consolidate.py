"""One periodic consolidation pass over the seeded tenant: `python -m bench.consolidate [--json OUT]`.

Runs ``consolidation_run(tenant=bench-scale)`` on the dataset bench/seed.py loaded (real embeddings,
realistic texts), each step timed by bench/growth_periodic.py's ``timed_run``. The pass changes the data
(decay, pruning, compression), so run it after the load benchmarks, or reseed. For the same pass over random
vectors with a backlog of expired, superseded and compressible memories, see `python -m bench.growth periodic`.
"""

# ruff: noqa: E402 - the bench database is chosen before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    from bench.benchdb import django_setup_bench

    django_setup_bench()

from bench.growth_periodic import timed_run
from bench.seed import bench_tenant
from config import celery_app, clock
from config.celery import task_queues


def consolidate_run() -> dict[str, Any]:
    tenant = bench_tenant()
    # The pass's follow-up tasks (embedding its new patterns) are published to the bench's queue, as in
    # production, where a worker runs them; none listens here, so they are counted and purged afterwards: the
    # figures are the pass's own work.
    celery_app.conf.task_always_eager = False
    for queue in task_queues():  # purge() empties the queues the app knows: all of them, not only those used so far
        celery_app.amqp.queues[queue]  # noqa: B018 - a missing queue is declared by looking it up (as routing does)
    celery_app.control.purge()
    figures = {"memories": tenant.memories.count(), "contacts": tenant.contacts.count()}
    figures["run"] = timed_run(tenant, clock.now(), _log)
    figures["tasks_enqueued"] = celery_app.control.purge()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    figures = consolidate_run()
    print(json.dumps(figures, indent=2, default=str))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2, default=str) + "\n")


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
