"""Gunicorn's settings file, read from the working directory by default (the Procfile, docker-compose.yml and the
Dockerfile start gunicorn from the repository's root): Prometheus multi-process mode (metrics/multiprocess.py).

Each worker writes its metric values to files in PROMETHEUS_MULTIPROC_DIR and /metrics merges them, whichever worker
answers the scrape. The variable is set here, at load, before any worker exists: the workers are forked from this
master (the app is not preloaded) and import prometheus_client after it is set, as they must.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from metrics.multiprocess import ENV, multiprocess_dir_fresh, process_dead, run_dir

# Set already (config/run.py for `make run`, or the operator): whoever set it prepared it, and the Celery workers of
# this host may be writing there too. Otherwise this run's own directory under RAPPORT_DATA_DIR, emptied.
if not os.environ.get(ENV):
    _data_dir = Path(os.environ.get("RAPPORT_DATA_DIR", Path(__file__).resolve().parent / ".rapport")).resolve()
    multiprocess_dir_fresh(path=run_dir(data_dir=_data_dir, name="web"))
Path(os.environ[ENV]).mkdir(parents=True, exist_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    """A worker exited (restarted, timed out, killed): its live gauges leave the merge."""
    process_dead(pid=worker.pid)
