"""A whole Rapport of real processes for fault tests: its own embedded Postgres and Redis (in a data directory of
its own, so stopping them harms no other test), gunicorn as ``make run`` starts it, a Celery worker and celery
beat — each of which a test can kill, stop or restart."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg

from config.celery import task_queues
from config.embedded.paths import socket_dir_for
from config.embedded.postgres import ensure_postgres, stop_postgres
from config.embedded.redis import ensure_redis, stop_redis

ROOT = Path(__file__).resolve().parents[2]
SWEEP_TASK = "memories.tasks.sweep_pending_messages"


def wait_for(condition: Callable[[], bool], timeout: float, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return condition()


class Stack:
    def __init__(self, data_dir: Path, **env: str) -> None:
        self.data_dir = data_dir
        self.logs = data_dir / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        self.env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
        self.env.update(
            RAPPORT_DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="config.settings", PYTHONUNBUFFERED="1", **env
        )
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.api_key = ""

    # --- services -------------------------------------------------------------------------------------------
    def start_services(self) -> None:
        self.start_postgres()
        self.start_redis()
        self.manage("migrate", "--noinput")
        self.api_key = self.manage("ensure_demo_tenant").strip().splitlines()[-1]

    def start_postgres(self) -> None:
        ensure_postgres(self.data_dir)

    def stop_postgres(self) -> None:
        stop_postgres(self.data_dir)

    def start_redis(self) -> None:
        ensure_redis(self.data_dir)

    def stop_redis(self) -> None:
        stop_redis(self.data_dir)

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT, env=self.env, check=True, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        return result.stdout

    def sweep_every_second(self) -> None:
        """The sweeper's beat schedule at one second (it is a minute by default) so a test need not wait."""
        self.manage(
            "shell",
            "-c",
            "from django_celery_beat.models import IntervalSchedule, PeriodicTask; "
            "every, _ = IntervalSchedule.objects.get_or_create(every=1, period='seconds'); "
            f"PeriodicTask.objects.filter(task='{SWEEP_TASK}').update(interval=every, expire_seconds=5)",
        )

    # --- processes ------------------------------------------------------------------------------------------
    def start_web(self) -> None:
        self._start(
            "web",
            "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{self.port}", "--workers", "2",
            "--graceful-timeout", "10", "--timeout", "60",
        )  # fmt: skip
        if not wait_for(lambda: self.health() is not None, 60):
            raise RuntimeError("gunicorn did not answer /health:\n" + self.log_tail("web"))

    def start_worker(self, concurrency: int = 1) -> None:
        self._start(
            "worker",
            "celery", "-A", "config", "worker", "-Q", ",".join(task_queues()), "--loglevel", "INFO",
            "--concurrency", str(concurrency),
            "--hostname", f"faults-{time.monotonic_ns()}@%h", "--without-mingle", "--without-gossip",
        )  # fmt: skip
        if not wait_for(lambda: "ready." in self.log_text("worker"), 60):
            raise RuntimeError("the worker did not start:\n" + self.log_tail("worker"))

    def start_beat(self) -> None:
        self._start(
            "beat", "celery", "-A", "config", "beat", "--loglevel", "INFO", "--pidfile", str(self.data_dir / "beat.pid")
        )

    def worker_children(self) -> list[int]:
        """The pool processes of the worker (prefork children) — where tasks run."""
        pid = self.processes["worker"].pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children]

    def kill(self, name: str) -> None:
        """SIGKILL the process and everything it started (its own process group): a lost machine."""
        process = self.processes.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

    def stop(self, name: str) -> None:
        """SIGTERM the process and everything it started, and wait for them (SIGKILL after 20 s): a clean stop."""
        process = self.processes.pop(name)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.stop(name)
        self.stop_redis()
        self.stop_postgres()

    def _start(self, name: str, *command: str) -> None:
        log = (self.logs / f"{name}.log").open("ab")
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", *command],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

    def log_text(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def log_tail(self, name: str, chars: int = 4000) -> str:
        return self.log_text(name)[-chars:]

    # --- HTTP and SQL ---------------------------------------------------------------------------------------
    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, str], Any]:
        """(status, headers, parsed JSON body); never raises for an HTTP status."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.api_key}", "Content-Type": "application/json"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, dict(response.headers), json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = raw.decode(errors="replace")
            return error.code, dict(error.headers), parsed

    def ingest(self, contact_id: str, message_id: str, message: str) -> tuple[int, dict[str, str], Any]:
        body = {
            "contact_id": contact_id, "conversation_id": f"conversation-{contact_id}", "message_id": message_id,
            "role": "user", "message": message,
        }  # fmt: skip
        return self.request("POST", "/ingest", body)

    def health(self) -> dict[str, Any] | None:
        """The /health body (200 or 503), or None while nothing answers."""
        try:
            return self.request("GET", "/health")[2]
        except OSError:
            return None

    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(host=str(socket_dir_for(self.data_dir)), user="postgres", dbname="rapport") as conn:
            return conn.execute(query, params).fetchall()  # type: ignore[arg-type]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
