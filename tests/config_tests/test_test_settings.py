"""Guards for the test run itself: a wrong settings module would run the suite against the
development Redis database with real (non-eager) task queues."""

from __future__ import annotations

from django.conf import settings

from config.celery import app
from tests.settings import TEST_REDIS_DB


def test_suite_runs_on_test_settings_with_eager_tasks_and_its_own_redis_db() -> None:
    assert settings.SETTINGS_MODULE == "tests.settings"
    assert settings.CELERY_TASK_ALWAYS_EAGER is True
    # 15 unless a parallel run chose another (RAPPORT_TEST_REDIS_DB); never the development database 0
    assert TEST_REDIS_DB != 0
    assert settings.REDIS_URL.endswith(f"db={TEST_REDIS_DB}") or settings.REDIS_URL.endswith(f"/{TEST_REDIS_DB}")


def test_the_broker_publishes_to_the_test_redis_db_too() -> None:
    # a task published for real (eager mode off, as some tests do) must never reach the development database
    with app.connection_for_write() as connection:
        assert connection.default_channel.client.connection_pool.connection_kwargs["db"] == TEST_REDIS_DB
