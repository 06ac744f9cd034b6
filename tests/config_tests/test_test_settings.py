"""Guards for the test run itself: a wrong settings module would run the suite against the
development Redis database with real (non-eager) task queues."""

from __future__ import annotations

import pytest
from django.conf import settings
from kombu import Connection

from config.celery import app
from config.settings import celery_broker_url
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


@pytest.mark.parametrize(("query", "db"), [("?db=2", 2), ("", 0)])
def test_the_broker_uses_the_database_a_socket_redis_url_names(query: str, db: int) -> None:
    # given a deployment's REDIS_URL naming a database on the socket (the embedded Redis's socket here), or none
    socket_url = settings.REDIS_URL.split("?", 1)[0]

    # when Celery connects with the broker URL the settings derive from it
    with Connection(celery_broker_url(socket_url + query)) as connection:
        kwargs = connection.default_channel.client.connection_pool.connection_kwargs

    # then its queues are in that database, the one the cache uses (kombu reads a socket's from virtual_host, not db)
    assert kwargs["db"] == db
