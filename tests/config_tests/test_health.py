from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from config.embedded import ensure_redis, stop_redis

pytestmark = pytest.mark.django_db


def test_health_is_200_when_postgres_pgvector_and_redis_answer() -> None:
    response = APIClient().get("/health")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["postgres"] == "ok"
    assert body["checks"]["pgvector"].startswith("ok (0.8.")
    assert body["checks"]["redis"] == "ok"


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A separate real redis-server, so stopping it does not disturb the rest of the suite."""
    data_dir = tmp_path / "redis-only"
    url = ensure_redis(data_dir).url
    yield data_dir, url
    stop_redis(data_dir)


def test_health_is_503_naming_redis_when_redis_is_stopped(settings, own_redis: tuple[Path, str]) -> None:  # type: ignore[no-untyped-def]
    # given the service pointed at a redis that is up
    data_dir, url = own_redis
    settings.REDIS_URL = url
    assert APIClient().get("/health").status_code == 200

    # when that redis is stopped
    stop_redis(data_dir)
    response = APIClient().get("/health")

    # then health degrades to 503 and names redis, while the database parts stay ok
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["redis"]
    assert body["checks"]["postgres"] == "ok"
    assert body["checks"]["redis"].startswith("error:")


def test_health_is_503_naming_pgvector_when_the_extension_is_missing(django_db_blocker) -> None:  # type: ignore[no-untyped-def]
    from django.db import connection

    # given the extension is gone (inside the test's transaction, rolled back afterwards)
    with connection.cursor() as cursor:
        cursor.execute("DROP EXTENSION vector CASCADE")

    # when health is asked
    response = APIClient().get("/health")

    # then pgvector is named as failing
    assert response.status_code == 503
    assert response.json()["failing"] == ["pgvector"]
