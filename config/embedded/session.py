"""Run something with the embedded services up, and stop afterwards the ones it had to start."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import environ

from config.embedded.paths import default_data_dir
from config.embedded.postgres import ensure_postgres, stop_postgres
from config.embedded.redis import ensure_redis, stop_redis

BASE_DIR = Path(__file__).resolve().parents[2]
logger = logging.getLogger(__name__)


def configured_data_dir() -> Path:
    return Path(os.environ.get("RAPPORT_DATA_DIR") or default_data_dir()).resolve()


@contextlib.contextmanager
def embedded_services(data_dir: Path | None = None) -> Iterator[Path]:
    """Ensure the services that ``DATABASE_URL``/``REDIS_URL`` (env or ``.env``) do not replace.

    On exit, stops exactly the services this block started: services that were already running
    (someone else's ``make run``, say) are left alone.
    """
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)
    data_dir = (data_dir or configured_data_dir()).resolve()
    os.environ["RAPPORT_DATA_DIR"] = str(data_dir)  # child processes use the same services
    stops: list[Callable[[Path], bool]] = []
    try:
        if not os.environ.get("DATABASE_URL") and ensure_postgres(data_dir).started:
            stops.append(stop_postgres)
        if not os.environ.get("REDIS_URL") and ensure_redis(data_dir).started:
            stops.append(stop_redis)
        yield data_dir
    finally:
        for stop in reversed(stops):
            try:
                stop(data_dir)
            except Exception:  # one service failing to stop must not leave the other running
                logger.exception("could not stop %s", stop.__name__)
