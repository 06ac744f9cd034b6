"""The benches that use the development database say what to run when it is not migrated (issue 19)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection, connections

from bench.benchdb import require_migrated


@pytest.fixture
def empty_database(django_db_blocker: Any) -> Iterator[Any]:
    """A real, empty PostgreSQL database beside the test one, and a Django connection to it."""
    name = f"rapport_unmigrated_{uuid.uuid4().hex[:8]}"
    with django_db_blocker.unblock():
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        with psycopg.connect(**params, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        wrapper = connections.create_connection("default")
        wrapper.settings_dict = {**connection.settings_dict, "NAME": name}
        try:
            yield wrapper
        finally:
            wrapper.close()
            with psycopg.connect(**params, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE "{name}"')


@pytest.mark.django_db
def test_a_migrated_database_passes() -> None:
    require_migrated()  # the test database is migrated: nothing happens


def test_an_unmigrated_database_says_what_to_run(empty_database: Any) -> None:
    with pytest.raises(SystemExit) as stopped:
        require_migrated(empty_database)

    assert "is not migrated" in str(stopped.value)
    assert "manage.py migrate" in str(stopped.value)
