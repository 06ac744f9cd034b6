"""Connection pooling (DATABASE_POOL, config/settings.py; SCALING.md): the web's processes take their connections from
a psycopg pool opened in the process that uses it (never inherited across a fork), while Celery's worker and beat
keep one persistent connection each. Each case is a fresh interpreter on the running embedded services, as the
process it stands for would start."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What a process reports: its database settings, whether a pool exists yet, and after one query the pool's state.
REPORT = """
import json
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper
before = sorted(DatabaseWrapper._connection_pools)
with connection.cursor() as cursor:
    cursor.execute("SELECT 1")
connection.close()  # a request's end: the connection goes back to the pool, if any
pool = connection.pool
if pool is not None:
    pool.wait(timeout=10)  # the pool's own start-up fill, in its background threads, has finished
print(json.dumps({
    "options": connection.settings_dict["OPTIONS"], "conn_max_age": connection.settings_dict["CONN_MAX_AGE"],
    "pools_before_first_query": before,
    "stats": pool and {key: pool.get_stats()[key] for key in ("pool_min", "pool_max", "pool_size", "pool_available")},
}))
"""


def _report(setup: str, **environment: str) -> dict:  # type: ignore[type-arg]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_POOL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", **environment)
    result = subprocess.run(
        [sys.executable, "-c", setup + REPORT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_without_the_setting_there_is_no_pool_and_connections_persist() -> None:
    # when a web process starts with the defaults
    report = _report("import config.wsgi\n")

    # then it keeps one persistent connection, no pool
    assert report["options"].get("pool") is None
    assert report["conn_max_age"] == 60
    assert report["stats"] is None


def test_with_the_setting_the_web_process_opens_its_pool_at_its_first_query() -> None:
    # when a web process starts as gunicorn's worker does (the app imported after the fork) with the pool on
    # (min_size 0: no connection opened in the background, so the pool holds exactly what the query used)
    report = _report("import config.wsgi\n", DATABASE_POOL="1", DATABASE_POOL_MIN_SIZE="0", DATABASE_POOL_MAX_SIZE="3")

    # then importing the app opened no pool (so gunicorn's master, even with --preload, has none to hand down)
    assert report["pools_before_first_query"] == []
    # and the first query opened this process's own pool, sized as set, and the connection went back to it
    assert report["options"]["pool"] == {"min_size": 0, "max_size": 3, "timeout": 10.0}
    assert report["conn_max_age"] == 0  # Django refuses a pool with persistent connections
    assert report["stats"] == {"pool_min": 0, "pool_max": 3, "pool_size": 1, "pool_available": 1}


def test_celery_worker_and_beat_run_without_the_pool_even_when_it_is_set() -> None:
    # when a Celery process starts (worker and beat load their task modules first, before any query or fork)
    report = _report("from config.celery import app\napp.loader.init_worker()\n", DATABASE_POOL="1")

    # then it has no pool and keeps its one persistent connection, as without the setting
    assert report["options"].get("pool") is None
    assert report["conn_max_age"] == 60
    assert report["stats"] is None


def test_gunicorn_loads_the_app_in_each_worker_not_in_the_master() -> None:
    # given make run's web process
    web = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web: "))

    # then gunicorn does not preload the app: each worker imports it, and opens its own pool, after the fork
    assert "gunicorn" in shlex.split(web)
    assert "--preload" not in web
