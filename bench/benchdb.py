"""Where the scale benchmarks keep their data: a database of their own (``rapport_bench``) on the embedded
PostgreSQL and a Redis database number of their own (cache + Celery broker), so the development data, the
test databases and other people's workers are never touched.

    bench_environment()  -> the DATABASE_URL / REDIS_URL a child process (gunicorn, celery) is started with
    django_setup_bench() -> the same for this process, then django.setup() and migrate
    require_migrated()   -> exit saying what to run when the development database lacks migrations
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

BENCH_DATABASE = "rapport_bench"
# Redis database for the bench's cache and broker queue: a worker started by the bench consumes only
# the bench's tasks (development uses 0, the tests 15).
BENCH_REDIS_DB = 5


def bench_environment(database: str = BENCH_DATABASE) -> dict[str, str]:
    """Start (or find) the embedded services, create ``database`` if needed, and return the environment
    that points Django at it. Never stops or restarts a running service."""
    from config.embedded import ensure_postgres, ensure_redis
    from config.embedded.session import configured_data_dir

    data_dir = configured_data_dir()
    postgres, redis = ensure_postgres(data_dir, database=database), ensure_redis(data_dir)
    return {
        "DATABASE_URL": postgres.url,
        "REDIS_URL": f"{redis.url.split('?')[0]}?db={BENCH_REDIS_DB}",
        "RAPPORT_DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def django_setup_bench() -> dict[str, str]:
    """Point this process at the bench database (migrated) and return the environment for children."""
    import django
    from django.core.management import call_command

    environment = bench_environment()
    os.environ.update(environment)
    django.setup()
    call_command("migrate", verbosity=0)
    return environment


def require_migrated(connection: Any = None) -> None:
    """Benches that use the development database (locomo, growth) exit here with what to run when it is not
    migrated, instead of dying later with 'relation "contacts_tenant" does not exist'."""
    from django.db import connection as default_connection
    from django.db.migrations.executor import MigrationExecutor

    connection = connection or default_connection
    executor = MigrationExecutor(connection)
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        raise SystemExit(
            f"The database {connection.settings_dict['NAME']!r} is not migrated ({len(pending)} migrations to apply):"
            " run `.venv/bin/python manage.py migrate` first."
        )


def bench_data_dir() -> Path:
    """``<data_dir>/bench``: cached pool vectors and other reusable inputs."""
    from django.conf import settings

    path = Path(settings.DATA_DIR) / "bench"
    path.mkdir(parents=True, exist_ok=True)
    return path
