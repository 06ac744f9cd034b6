"""Gunicorn's (and the workers') several processes: each writes its values to files in PROMETHEUS_MULTIPROC_DIR and
a scrape merges them, whichever process answers it.

The variable must be set before a process imports prometheus_client (it picks its value store on import): by the
launcher — config/run.py for ``make run``, gunicorn.conf.py when gunicorn is started alone — and the directory must
start empty each run, or the previous run's counts would be added to this one's. Imports nothing from
prometheus_client at module level for that reason.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ENV = "PROMETHEUS_MULTIPROC_DIR"


def multiprocess_enabled() -> bool:
    return bool(os.environ.get(ENV))


def multiprocess_dir_fresh(*, path: Path) -> Path:
    """An empty directory at ``path`` (emptied if it held a previous run's files), set as this process's and its
    children's PROMETHEUS_MULTIPROC_DIR."""
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    os.environ[ENV] = str(path)
    return path


def run_dir(*, data_dir: Path, name: str) -> Path:
    """Where one run of a launcher keeps its files: under RAPPORT_DATA_DIR, one directory per launcher."""
    return data_dir / "metrics" / name


def process_dead(*, pid: int) -> None:
    """A process that exited: its live gauges leave the merge (counters and histograms keep its counts)."""
    from prometheus_client import multiprocess

    if multiprocess_enabled():
        multiprocess.mark_process_dead(pid)
