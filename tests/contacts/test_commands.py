from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from contacts.models import Tenant, TenantAPIKey
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_create_tenant_prints_a_working_key_as_the_last_line() -> None:
    # when a tenant is created
    output = _run("create_tenant", "Acme Companions")

    # then it exists with a slug, and the last line is a key that authenticates as it
    tenant = Tenant.objects.get(slug="acme-companions")
    assert tenant.name == "Acme Companions"
    key = output.strip().splitlines()[-1]
    ContactFactory(tenant=tenant, external_id="c1")
    response = APIClient().get("/contacts/c1", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert response.status_code == 200


def test_create_tenant_refuses_a_duplicate_slug() -> None:
    _run("create_tenant", "Acme")

    with pytest.raises(CommandError, match="already exists"):
        _run("create_tenant", "Acme")
    assert Tenant.objects.filter(slug="acme").count() == 1


def test_create_tenant_with_explicit_slug() -> None:
    _run("create_tenant", "Ünïcode Café", "--slug", "cafe")

    assert Tenant.objects.get(slug="cafe").name == "Ünïcode Café"


def test_create_api_key_adds_a_second_working_key(tenant: Tenant) -> None:
    # given a tenant with one key
    first = _run("create_api_key", tenant.slug).strip().splitlines()[-1]

    # when another is added
    second = _run("create_api_key", tenant.slug, "--name", "ci").strip().splitlines()[-1]

    # then both authenticate, and they differ
    ContactFactory(tenant=tenant, external_id="c1")
    assert first != second
    for key in (first, second):
        assert APIClient().get("/contacts/c1", HTTP_X_API_KEY=key).status_code == 200
    assert TenantAPIKey.objects.filter(tenant=tenant).count() == 2


def test_create_api_key_for_unknown_tenant_fails_clearly() -> None:
    with pytest.raises(CommandError, match="No tenant with slug 'ghost'"):
        _run("create_api_key", "ghost")


def test_ensure_demo_tenant_is_idempotent_and_its_key_works(settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a fresh data dir
    settings.DATA_DIR = tmp_path

    # when ensured twice
    first = _run("ensure_demo_tenant").strip().splitlines()[-1]
    second = _run("ensure_demo_tenant").strip().splitlines()[-1]

    # then one tenant, one key, printed both times, and it works
    assert first == second
    assert Tenant.objects.filter(slug="demo").count() == 1
    assert TenantAPIKey.objects.filter(tenant__slug="demo").count() == 1
    ContactFactory(tenant=Tenant.objects.get(slug="demo"), external_id="c1")
    assert APIClient().get("/contacts/c1", HTTP_X_API_KEY=first).status_code == 200


def test_ensure_demo_tenant_replaces_a_revoked_key(settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    old = _run("ensure_demo_tenant").strip().splitlines()[-1]
    TenantAPIKey.objects.update(revoked=True)

    new = _run("ensure_demo_tenant").strip().splitlines()[-1]

    assert new != old
    assert (tmp_path / "demo-api-key").read_text().strip() == new


def test_production_settings_pass_check_deploy(tmp_path: Path) -> None:
    # given production settings as documented in .env.example (external services, DEBUG off)
    import os
    import secrets
    import subprocess
    import sys

    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": "postgres://rapport:rapport@db.invalid:5432/rapport",
        "REDIS_URL": "redis://redis.invalid:6379/0",
        "ALLOWED_HOSTS": "rapport.example.com",
        "RAPPORT_DATA_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }

    # when Django's deployment checks run
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
    )

    # then they pass without a single warning
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
