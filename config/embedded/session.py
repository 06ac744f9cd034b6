"""Start the embedded services for a command: for the Django settings of this process
(``ensure_configured_services``: manage.py, wsgi/asgi, the Celery app, the test session), or around a whole
command line (``embedded_services``: ``make run``, ``make test``), stopping afterwards the ones it had to start."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import environ
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from config.embedded.paths import default_data_dir
from config.embedded.postgres import ensure_postgres, stop_postgres
from config.embedded.redis import ensure_redis, stop_redis

BASE_DIR = Path(__file__).resolve().parents[2]
logger = logging.getLogger(__name__)


def configured_data_dir() -> Path:
    return Path(os.environ.get("RAPPORT_DATA_DIR") or default_data_dir()).resolve()


def ensure_configured_services() -> list[str]:
    """Start (or find running) the embedded services the Django settings point at (``EMBEDDED_SERVICES``).

    Called by the entry points before they connect: importing the settings starts nothing. Returns the services
    this call launched (not those it found running), so its caller may stop them again. Settings that cannot be
    loaded start nothing: Django then reports their error as usual.
    """
    try:
        wanted = list(getattr(settings, "EMBEDDED_SERVICES", []))
    except (ImproperlyConfigured, ImportError):
        return []
    if not wanted:  # external services (DATABASE_URL, REDIS_URL), or settings of another project
        return []
    data_dir, database = Path(settings.DATA_DIR), settings.DATABASES["default"]["NAME"]
    started: list[str] = []
    if "postgres" in wanted and ensure_postgres(data_dir, database=database).started:
        started.append("postgres")
    if "redis" in wanted and ensure_redis(data_dir).started:
        started.append("redis")
    return started


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
