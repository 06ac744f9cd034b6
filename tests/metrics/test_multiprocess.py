"""Gunicorn's multi-process mode, for real: gunicorn started as the Procfile starts it (reading gunicorn.conf.py),
two workers against the test database; whichever worker answers a scrape, it counts every worker's requests, and
another process of the host (a Celery worker) writing to the same directory is counted too. And a worker on a host of
its own serves its tasks' metrics itself (METRICS_WORKER_PORT)."""

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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from celery.exceptions import AlwaysEagerIgnored
from django.db import connection

from config.celery import app as celery_app
from tests.metrics.scrape import parse, value

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
TOKEN = "multi-process-token"
HEALTH = {"route": "/health", "method": "GET", "status": "200"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str, token: str = "") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read().decode()


def _environment(multiproc_dir: Path) -> dict[str, str]:
    """The test settings on this session's test database (its tables are committed; used read-only here)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.metrics.process_settings",
        "RAPPORT_TEST_DATABASE_NAME": str(connection.settings_dict["NAME"]),
        "PROMETHEUS_MULTIPROC_DIR": str(multiproc_dir),
        "METRICS_TOKEN": TOKEN,
        "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture
def multiproc_dir(tmp_path: Path) -> Path:
    path = tmp_path / "prometheus"
    path.mkdir()
    return path


@pytest.fixture
def gunicorn(multiproc_dir: Path, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = _free_port()
    log = (tmp_path / "gunicorn.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
        cwd=ROOT, env=_environment(multiproc_dir), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if _get(f"{base}/health")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("gunicorn did not answer:\n" + (tmp_path / "gunicorn.log").read_text()[-4000:])
            time.sleep(0.2)
        yield base, process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def _pids_with_histograms(multiproc_dir: Path) -> set[str]:
    return {path.stem.split("_")[-1] for path in multiproc_dir.glob("histogram_*.db")}


def _health_requests_until_both_workers_served(base: str, multiproc_dir: Path) -> int:
    """Concurrent requests (a sync worker takes one at a time) until both workers have written their files."""
    sent = 1  # the start-up check's
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(50):
            statuses = list(pool.map(lambda _: _get(f"{base}/health")[0], range(8)))
            sent += len(statuses)
            assert set(statuses) == {200}
            if len(_pids_with_histograms(multiproc_dir)) >= 2:
                return sent
    raise AssertionError("one worker served every request")


def test_every_scrape_counts_the_requests_of_both_workers(
    gunicorn: tuple[str, subprocess.Popen[bytes]], multiproc_dir: Path
) -> None:
    # given requests spread over both workers (each wrote its own files)
    base, _ = gunicorn
    sent = _health_requests_until_both_workers_served(base, multiproc_dir)

    # when /metrics is scraped several times (answered by either worker)
    counts = {value(parse(_get(f"{base}/metrics", TOKEN)[1]), "rapport_http_request_duration_seconds_count", **HEALTH)
              for _ in range(6)}  # fmt: skip

    # then every scrape counted every request, whichever worker served it
    assert counts == {sent}


def test_a_dead_workers_counts_stay_and_another_process_of_the_host_is_counted(
    gunicorn: tuple[str, subprocess.Popen[bytes]], multiproc_dir: Path
) -> None:
    # given requests spread over both workers, then one worker killed (gunicorn starts another: child_exit runs)
    base, process = gunicorn
    sent = _health_requests_until_both_workers_served(base, multiproc_dir)
    children = [int(pid) for pid in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()]
    os.kill(children[0], signal.SIGKILL)
    # and a Celery worker of this host (another process, same directory) finishing a message
    subprocess.run(
        [sys.executable, "-c", "from metrics.instruments import ingest_processed; ingest_processed.inc()"],
        cwd=ROOT, env=_environment(multiproc_dir), check=True, timeout=60,
    )  # fmt: skip

    # when scraped, once gunicorn has replaced the worker
    deadline = time.monotonic() + 30
    while len(Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()) < 2:
        assert time.monotonic() < deadline, "gunicorn did not replace its worker"
        time.sleep(0.2)
    samples = parse(_get(f"{base}/metrics", TOKEN)[1])

    # then the dead worker's requests are still counted, and so is the other process's message
    assert value(samples, "rapport_http_request_duration_seconds_count", **HEALTH) == sent
    assert value(samples, "rapport_ingest_messages_processed_total") == 1


def test_a_worker_with_a_metrics_port_serves_its_childrens_task_metrics(multiproc_dir: Path, tmp_path: Path) -> None:
    # given a Celery worker (two pool processes) with METRICS_WORKER_PORT, as on a host with no web process
    port = _free_port()
    log = (tmp_path / "worker.log").open("wb")
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "celery", "--concurrency", "2",
         "--hostname", f"metrics-{time.monotonic_ns()}@%h", "--without-mingle", "--without-gossip"],
        cwd=ROOT, env={**_environment(multiproc_dir), "METRICS_WORKER_PORT": str(port)},
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    task, name = "memories.tasks.sweep_pending_messages", "rapport_celery_task_duration_seconds_count"
    try:
        # when a task is sent through the broker (not run eagerly) and the worker runs it in a pool process
        with pytest.warns(AlwaysEagerIgnored):  # the test settings' eager mode does not apply to send_task: as wanted
            celery_app.send_task(task)

        # then the worker's own endpoint shows it, though the task ran in a child process
        deadline, seen = time.monotonic() + 90, 0.0
        while seen < 1 and time.monotonic() < deadline:
            with contextlib.suppress(OSError):  # not listening yet
                seen = value(parse(_get(f"http://127.0.0.1:{port}/metrics")[1]), name, task=task, state="SUCCESS")
            time.sleep(0.5)
        assert seen == 1, (tmp_path / "worker.log").read_text()[-4000:]
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=60)
        log.close()
