"""The web server and worker the HTTP benchmarks run against, started the way `make run` starts them
(Procfile: ``EMBEDDING_THREADS=1 gunicorn config.wsgi:application --workers 2``, ``celery -A config worker
--concurrency 2``), in
the bench environment (bench/benchdb.py). celery-beat is not started: its periodic jobs are not part of the
hot path. gunicorn's access log records each request's server-side time (``%(D)s``, microseconds), which
separates the time a request waited for a free worker from the time it was served.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent
ACCESS_LOG_FORMAT = "%(m)s %(U)s %(s)s %(D)s"  # method, path, status, microseconds
START_TIMEOUT_SECONDS = 60


@dataclass
class Servers:
    url: str
    access_log: Path


@contextlib.contextmanager
def servers_running(
    environment: dict[str, str], log_dir: Path, *, web_workers: int = 2, worker: bool = True
) -> Iterator[Servers]:
    """gunicorn (and a Celery worker) on a free local port until the block ends; both are stopped then."""
    log_dir.mkdir(parents=True, exist_ok=True)
    port, access_log = _free_port(), log_dir / "access.log"
    access_log.unlink(missing_ok=True)
    env = {**os.environ, **environment}
    web = [str(BIN / "gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
           "--workers", str(web_workers), "--graceful-timeout", "10",
           "--access-logfile", str(access_log), "--access-logformat", ACCESS_LOG_FORMAT]  # fmt: skip
    processes = [_spawn(web, {**env, "EMBEDDING_THREADS": "1"}, log_dir / "gunicorn.log")]  # as the Procfile
    if worker:
        from config.celery import task_queues  # the app's modules need the bench settings, chosen by the caller

        # One worker consuming every queue: make run splits them over two (the Procfile), the same 2 cores.
        celery = [str(BIN / "celery"), "-A", "config", "worker", "-Q", ",".join(task_queues()),
                  "--loglevel", "WARNING", "--concurrency", "2"]  # fmt: skip
        processes.append(_spawn(celery, env, log_dir / "celery.log"))
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_healthy(url, processes[0])
        yield Servers(url=url, access_log=access_log)
    finally:
        for process in processes:
            _stop(process)


def server_times(access_log: Path, offset: int, path_prefix: str) -> tuple[list[float], int]:
    """Server-side milliseconds of the requests logged since ``offset`` whose path starts with
    ``path_prefix``, and the log's new end offset."""
    with access_log.open("rb") as log:
        log.seek(offset)
        chunk = log.read()
    times = []
    for line in chunk.decode(errors="replace").splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[1].startswith(path_prefix):
            times.append(int(parts[3]) / 1000)
    return times, offset + len(chunk)


def log_end(access_log: Path) -> int:
    time.sleep(0.3)  # the workers' last lines
    return access_log.stat().st_size if access_log.exists() else 0


def _spawn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:  # the child keeps its own descriptor
        return subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def _wait_healthy(url: str, web: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if web.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {web.returncode}; see its log")
        with contextlib.suppress(OSError), urllib.request.urlopen(f"{url}/health", timeout=2) as response:  # noqa: S310
            if response.status == 200:
                return
        time.sleep(0.3)
    raise RuntimeError(f"{url}/health did not answer within {START_TIMEOUT_SECONDS} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group this bench started (gunicorn's and celery's own children included)."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
