"""The embedded PostgreSQL and Redis: real servers, started once, shared, recovered after crashes.

Each test uses its own scratch data directory, never the one the rest of the suite runs on.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis

from config.embedded import ensure_postgres, ensure_redis, stop_postgres, stop_redis
from config.embedded.paths import socket_dir_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "data"
    yield path
    stop_redis(path)
    stop_postgres(path)


def _start_in_subprocess(data_dir: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "config.embedded", "start", "--data-dir", str(data_dir)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "postgres" / "postmaster.pid").read_text().splitlines()[0])


def test_concurrent_starts_launch_one_server_and_the_others_reuse_it(data_dir: Path) -> None:
    # given three processes starting the services at the same moment on an empty data dir
    processes = [_start_in_subprocess(data_dir) for _ in range(3)]

    # when they all finish
    outputs = [p.communicate(timeout=120)[0] for p in processes]

    # then each succeeded, exactly one launched each server, and the others reused it
    assert [p.returncode for p in processes] == [0, 0, 0], outputs
    joined = "\n".join(outputs)
    assert joined.count("postgres started") == 1
    assert joined.count("postgres running") == 2
    assert joined.count("redis started") == 1
    assert joined.count("redis running") == 2
    # and a later start in this process reuses the same server
    again = ensure_postgres(data_dir)
    assert again.started is False
    assert ensure_redis(data_dir).started is False


def test_embedded_postgres_is_18_with_pgvector_08(data_dir: Path) -> None:
    # given a started embedded server
    server = ensure_postgres(data_dir)

    # when pgvector is enabled in its database and used
    with psycopg.connect(host=str(server.socket_dir), user="postgres", dbname="rapport") as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        version = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        server_version = conn.execute("SHOW server_version").fetchone()
        distance = conn.execute("SELECT '[1,0,0]'::vector <=> '[0,1,0]'::vector").fetchone()

    # then it is the PostgreSQL and pgvector the project pins, computing real distances
    assert server_version is not None and server_version[0].startswith("18.")
    assert version is not None and version[0].startswith("0.8.")
    assert distance == (1.0,)


def test_postgres_recovers_from_a_stale_pid_file_whose_pid_was_reused(data_dir: Path) -> None:
    # given a server that was stopped, leaving a postmaster.pid naming a live non-postgres process
    ensure_postgres(data_dir)
    pid_file = data_dir / "postgres" / "postmaster.pid"
    stale_lines = pid_file.read_text().splitlines()
    stop_postgres(data_dir)
    pid_file.write_text("\n".join([str(os.getpid()), *stale_lines[1:]]) + "\n")

    # when the services are ensured again
    server = ensure_postgres(data_dir)

    # then a fresh server was started and answers
    assert server.started is True
    assert _postmaster_pid(data_dir) != os.getpid()
    with psycopg.connect(host=str(server.socket_dir), user="postgres", dbname="rapport") as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_postgres_restarts_after_being_killed(data_dir: Path) -> None:
    # given a running server whose postmaster is killed outright (a crash: no clean shutdown)
    ensure_postgres(data_dir)
    killed_pid = _postmaster_pid(data_dir)
    os.kill(killed_pid, signal.SIGKILL)
    _wait_until_gone(killed_pid)

    # when the services are ensured again
    server = ensure_postgres(data_dir)

    # then it was restarted (crash recovery) and answers
    assert server.started is True
    assert _postmaster_pid(data_dir) != killed_pid
    with psycopg.connect(host=str(server.socket_dir), user="postgres", dbname="rapport") as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_redis_restarts_after_being_killed_and_keeps_its_data(data_dir: Path) -> None:
    # given a running redis holding a queued item, killed outright after the append-only fsync
    server = ensure_redis(data_dir)
    client = redis.Redis.from_url(server.url)
    client.rpush("queue", "job-1")
    client.execute_command("BGREWRITEAOF")
    time.sleep(1.5)
    pid = int((data_dir / "redis" / "redis.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    _wait_until_gone(pid)

    # when ensured again (the pid file and socket of the dead server are still there)
    restarted = ensure_redis(data_dir)

    # then a new server answers with the queued item intact
    assert restarted.started is True
    assert redis.Redis.from_url(restarted.url).lrange("queue", 0, -1) == [b"job-1"]


def test_stop_then_start_again(data_dir: Path) -> None:
    # given running services
    ensure_postgres(data_dir)
    ensure_redis(data_dir)

    # when stopped
    stopped = (stop_postgres(data_dir), stop_redis(data_dir))

    # then both were stopped, stopping again is a no-op, and a new start launches them
    assert stopped == (True, True)
    assert (stop_postgres(data_dir), stop_redis(data_dir)) == (False, False)
    assert ensure_postgres(data_dir).started is True
    assert ensure_redis(data_dir).started is True


def test_socket_dir_moves_to_a_short_path_when_the_data_dir_is_too_deep(tmp_path: Path) -> None:
    # given a data dir so deep that a unix socket path inside it would exceed the kernel limit
    deep = tmp_path / ("d" * 60) / ("e" * 60)

    # when the socket directory is chosen
    chosen = socket_dir_for(deep)

    # then it is a short, stable directory outside the data dir
    assert not str(chosen).startswith(str(deep))
    assert len(str(chosen / ".s.PGSQL.5432")) <= 100
    assert socket_dir_for(deep) == chosen
    assert socket_dir_for(tmp_path / "data") == tmp_path / "data" / "run"


def _wait_until_gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} did not exit")


def _run_with_services(data_dir: Path, *command: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env["RAPPORT_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "config.embedded", "run", "--", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


PROBE = (
    "import os, psycopg, redis;"
    "from config.embedded.paths import socket_dir_for; from pathlib import Path;"
    "d = socket_dir_for(Path(os.environ['RAPPORT_DATA_DIR']));"
    "psycopg.connect(host=str(d), user='postgres', dbname='rapport').execute('SELECT 1');"
    "redis.Redis(unix_socket_path=str(d / 'redis.sock')).ping(); print('both up')"
)


def test_run_wraps_a_command_and_stops_the_services_it_started(data_dir: Path) -> None:
    # when a command runs inside a services session on a data dir with nothing running
    result = _run_with_services(data_dir, sys.executable, "-c", PROBE)

    # then the command saw both services, and they are stopped afterwards
    assert result.returncode == 0, result.stdout + result.stderr
    assert "both up" in result.stdout
    assert not (data_dir / "postgres" / "postmaster.pid").exists()
    assert not (socket_dir_for(data_dir) / "redis.sock").exists()


def test_run_leaves_services_it_did_not_start_running(data_dir: Path) -> None:
    # given services someone else started
    ensure_postgres(data_dir)
    ensure_redis(data_dir)

    # when a session runs a failing command
    result = _run_with_services(data_dir, sys.executable, "-c", "raise SystemExit(3)")

    # then its exit code is passed on and the services are still up
    assert result.returncode == 3
    assert ensure_postgres(data_dir).started is False
    assert ensure_redis(data_dir).started is False


def _python_without_service_urls(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter with no DATABASE_URL / REDIS_URL: the settings point at the embedded services."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(RAPPORT_DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )  # fmt: skip


# Any attempt to launch a program (initdb, pg_ctl, redis-server) fails the import outright.
REFUSE_PROCESSES = (
    "import os, subprocess\n"
    "def refuse(*args, **kwargs): raise AssertionError(f'a process was started: {args!r}')\n"
    "subprocess.Popen.__init__ = refuse\n"
    "os.fork = os.posix_spawn = os.posix_spawnp = refuse\n"
)


def test_importing_the_settings_and_setting_up_django_starts_nothing(data_dir: Path) -> None:
    # given an empty data directory and no service URLs
    data_dir.mkdir(parents=True)

    # when a fresh interpreter imports the settings and sets Django up (as mypy's Django plugin does)
    result = _python_without_service_urls(
        data_dir,
        "-c",
        REFUSE_PROCESSES + "import django; from django.conf import settings; django.setup();"
        "print(settings.EMBEDDED_SERVICES, settings.DATABASES['default']['HOST'], settings.REDIS_URL)",
    )

    # then it succeeded without launching anything, and the settings point where the servers would listen
    assert result.returncode == 0, result.stdout + result.stderr
    sockets = socket_dir_for(data_dir)
    assert result.stdout.split() == ["['postgres',", "'redis']", str(sockets), f"unix://{sockets}/redis.sock"]
    # and no cluster, socket, lock or log was created: only the static files' directory (STATIC_ROOT)
    assert sorted(path.name for path in data_dir.iterdir()) == ["static"]
    assert not sockets.exists()


ENTRY_POINTS = {
    "manage.py": ["manage.py", "shell", "-c", "print('ready')"],
    "wsgi": ["-c", "import config.wsgi; print('ready')"],
    # the worker and beat load their task modules (loader.init_worker) before they connect
    "celery": ["-c", "from config.celery import app; app.loader.init_worker(); print('ready')"],
}


@pytest.mark.parametrize("entry_point", ENTRY_POINTS)
def test_an_entry_point_starts_the_services_the_settings_point_at(data_dir: Path, entry_point: str) -> None:
    # given an empty data directory and no service URLs
    data_dir.mkdir(parents=True)

    # when an entry point starts in a fresh interpreter
    result = _python_without_service_urls(data_dir, *ENTRY_POINTS[entry_point])

    # then it started both embedded services before going on, and they answer where the settings point
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "ready"
    probe = _python_without_service_urls(
        data_dir,
        "-c",
        "import django; django.setup(); from django.db import connection; from config.redis_client import "
        "redis_client; connection.ensure_connection(); print(redis_client().ping())",
    )
    assert probe.stdout.strip() == "True", probe.stdout + probe.stderr


def test_a_fast_shutdown_that_times_out_still_stops_the_server(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a running server with a client holding on, and a first shutdown that gives up before the server is down
    # (as a fast one can on a loaded machine: a fresh clone's test run once left the server up behind
    # `config.embedded run`) — here a smart shutdown that does not wait, which the client keeps from finishing
    from config.embedded import postgres

    ensure_postgres(data_dir)
    real_pg_ctl = postgres._pg_ctl
    modes: list[str] = []

    def impatient(args: list[str], pgdata: Path, *, check: bool) -> subprocess.CompletedProcess[str]:
        modes.append(args[2])
        if args[2] == "fast":
            real_pg_ctl(["stop", "-m", "smart", "-W"], pgdata, check=check)
            return subprocess.CompletedProcess(args, 1, stdout="pg_ctl: server does not shut down")
        return real_pg_ctl(args, pgdata, check=check)

    monkeypatch.setattr(postgres, "_pg_ctl", impatient)
    client = psycopg.connect(host=str(socket_dir_for(data_dir)), user="postgres", dbname="postgres")
    try:
        # when it is asked to stop
        stopped = stop_postgres(data_dir)
    finally:
        client.close()

    # then it stopped all the same, immediately
    assert stopped is True
    assert modes == ["fast", "immediate"]
    assert not (data_dir / "postgres" / "postmaster.pid").exists()
