"""A ``manage.py mcp`` subprocess on the test database.

The subprocess is a separate connection: it sees only committed rows, so these tests are transactional
(``COMMITTED``: the tenant and key committed before it starts; everything flushed after — with
``serialized_rollback``, as the browser tests, so the flush sends no ``post_migrate``: its beat handler wants a
migration's ``apps``). Celery in the subprocess runs eagerly — the
test settings' switch, the one every API test runs the pipeline with — so ``remember`` runs the whole pipeline,
immediate and deferred tier, before it answers, with no broker or worker to start or wait for.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connection

from contacts.models import Tenant
from contacts.services import api_key_create
from tests.factories import TenantFactory

ROOT = Path(__file__).resolve().parents[2]


def subprocess_env(*, api_key: str | None = None) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.mcpserver.settings",
        "RAPPORT_MCP_TEST_DATABASE": connection.settings_dict["NAME"],
        "PYTHONUNBUFFERED": "1",
        "OPENAI_API_KEY": "",  # offline fallbacks (rule-extracted facts, the template profile), whatever the shell has
    }
    env.pop("RAPPORT_API_KEY", None)
    if api_key is not None:
        env["RAPPORT_API_KEY"] = api_key
    return env


COMMITTED = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def committed_tenant(db: None) -> Tenant:
    return TenantFactory()


@pytest.fixture
def committed_key(committed_tenant: Tenant) -> str:
    _, key = api_key_create(tenant=committed_tenant)
    return key
