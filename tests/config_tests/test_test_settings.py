"""Guards for the test run itself: a wrong settings module would run the suite against the
development Redis database with real (non-eager) task queues."""

from __future__ import annotations

from django.conf import settings


def test_suite_runs_on_test_settings_with_eager_tasks_and_its_own_redis_db() -> None:
    assert settings.SETTINGS_MODULE == "tests.settings"
    assert settings.CELERY_TASK_ALWAYS_EAGER is True
    assert settings.REDIS_URL.endswith("db=15") or settings.REDIS_URL.endswith("/15")
