from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from contacts.models import Tenant
from contacts.services import api_key_create
from tests.factories import TenantFactory

pytest_plugins = ["tests.openai_stub"]


@pytest.fixture(scope="session", autouse=True)
def _empty_test_redis() -> None:
    """The test Redis database outlives runs while Postgres ids restart: start it empty."""
    from django.conf import settings

    from config.redis_client import redis_client

    # Never flush a development database: only the dedicated test one.
    assert settings.SETTINGS_MODULE == "tests.settings", "run pytest with --ds=tests.settings"
    redis_client().flushdb()


@pytest.fixture
def tenant(db) -> Tenant:  # type: ignore[no-untyped-def]
    return TenantFactory()


@pytest.fixture
def api_key(tenant: Tenant) -> str:
    _, key = api_key_create(tenant=tenant)
    return key


@pytest.fixture
def api_client(api_key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {api_key}")
    return client


# The embedded services this session launched (not merely found running): the only ones it stops at the end.
_EMBEDDED_STARTED: list[str] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start the embedded services the test settings point at: importing the settings starts nothing."""
    from config.embedded import ensure_configured_services

    _EMBEDDED_STARTED.extend(ensure_configured_services())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Stop the embedded services if this test session was the one that started them."""
    from django.conf import settings

    from config.embedded import stop_postgres, stop_redis

    if "redis" in _EMBEDDED_STARTED:
        stop_redis(settings.DATA_DIR)
    if "postgres" in _EMBEDDED_STARTED:
        from django.db import connections

        connections.close_all()
        stop_postgres(settings.DATA_DIR)
