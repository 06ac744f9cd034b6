"""Where the embedded services keep their files, and the lock that serialises their start-up."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# AF_UNIX paths are limited to 108 bytes on Linux (sun_path), including the terminating NUL.
_MAX_SOCKET_PATH = 100
_PG_SOCKET_NAME = ".s.PGSQL.5432"


@dataclass(frozen=True)
class ServiceStart:
    """What ``ensure_*`` found or did: the address to use and whether this call started it."""

    url: str
    socket_dir: Path
    started: bool


def default_data_dir() -> Path:
    return Path(__file__).resolve().parents[2] / ".rapport"


def socket_dir_for(data_dir: Path) -> Path:
    """A directory for unix sockets: ``<data_dir>/run`` unless that path is too long.

    Deep checkouts can push the socket path past the kernel limit; then a short directory under
    the system temp dir, named by a hash of the data dir, is used instead (stable across runs).
    """
    preferred = data_dir / "run"
    if len(str(preferred / _PG_SOCKET_NAME)) <= _MAX_SOCKET_PATH:
        return preferred
    digest = hashlib.sha256(str(data_dir).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"rapport-{digest}"


def redis_socket_for(data_dir: Path) -> Path:
    """The embedded Redis's unix socket (computed only: nothing is created or started)."""
    return socket_dir_for(data_dir) / "redis.sock"


@contextlib.contextmanager
def exclusive_lock(data_dir: Path, name: str) -> Iterator[None]:
    """Hold an exclusive inter-process lock for one service's start/stop.

    ``flock`` locks are released by the kernel when the holder dies, so a crashed process can
    never leave the lock stuck.
    """
    data_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(data_dir / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def pid_is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def process_cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
