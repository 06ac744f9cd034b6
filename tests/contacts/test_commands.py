from __future__ import annotations

from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework_api_key import models as api_key_models

from config import clock
from contacts.models import Contact, Tenant, TenantAPIKey
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


def _key_works(key: str, tenant: Tenant) -> int:
    """The status a request with this key gets for an existing contact of the tenant."""
    if not Contact.objects.filter(tenant=tenant, external_id="c1").exists():
        ContactFactory(tenant=tenant, external_id="c1")
    return APIClient().get("/contacts/c1", HTTP_AUTHORIZATION=f"Bearer {key}").status_code


def test_create_api_key_expires_in_days(tenant: Tenant) -> None:
    # given a fixed "now"
    now = timezone.now().replace(microsecond=0)

    # when a key is created to expire in 30 days
    with clock.frozen(now):
        key = _run("create_api_key", tenant.slug, "--expires", "30").strip().splitlines()[-1]

    # then it is stored with that expiry, and works today
    stored = TenantAPIKey.objects.get(prefix=key.partition(".")[0])
    assert stored.expiry_date == now + timedelta(days=30)
    assert _key_works(key, tenant) == 200


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2999-01-31", datetime(2999, 1, 31, tzinfo=UTC)),
        ("2999-01-31T18:30:00", datetime(2999, 1, 31, 18, 30, tzinfo=UTC)),
        ("2999-01-31T18:30:00+05:30", datetime(2999, 1, 31, 13, 0, tzinfo=UTC)),
    ],
)
def test_create_api_key_expires_at_an_iso_date_or_datetime(tenant: Tenant, value: str, expected: datetime) -> None:
    key = _run("create_api_key", tenant.slug, "--expires", value).strip().splitlines()[-1]

    assert TenantAPIKey.objects.get(prefix=key.partition(".")[0]).expiry_date == expected


def test_create_api_key_without_expires_never_expires(tenant: Tenant) -> None:
    key = _run("create_api_key", tenant.slug).strip().splitlines()[-1]

    assert TenantAPIKey.objects.get(prefix=key.partition(".")[0]).expiry_date is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("2000-01-01", "--expires '2000-01-01' is not in the future: the key would never work."),
        ("0", "--expires '0' is not in the future: the key would never work."),
        ("next week", "--expires takes days (e.g. 90) or an ISO date/datetime, not 'next week'."),
        # a basic-format date reads as days: refused with a message, not an OverflowError traceback
        ("20261231", "--expires 20261231 days is over 36500; give a date instead."),
        ("9" * 30, f"--expires {'9' * 30} days is over 36500; give a date instead."),
    ],
)
def test_create_api_key_refuses_an_expiry_that_is_not_a_future_moment(tenant: Tenant, value: str, message: str) -> None:
    with pytest.raises(CommandError) as raised:
        _run("create_api_key", tenant.slug, "--expires", value)

    assert str(raised.value) == message
    assert not TenantAPIKey.objects.filter(tenant=tenant).exists()


def test_a_key_created_to_expire_is_401_once_it_has(tenant: Tenant, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a key created to expire in one day, which works now
    key = _run("create_api_key", tenant.slug, "--expires", "1").strip().splitlines()[-1]
    assert _key_works(key, tenant) == 200

    # when a day and a second have passed (for the key library's clock)
    later = timezone.now() + timedelta(days=1, seconds=1)
    monkeypatch.setattr(api_key_models, "timezone", SimpleNamespace(now=lambda: later))

    # then the key is refused
    assert _key_works(key, tenant) == 401


def test_revoke_api_key_refuses_the_key_at_once(tenant: Tenant) -> None:
    # given two working keys of the tenant
    key = _run("create_api_key", tenant.slug).strip().splitlines()[-1]
    other = _run("create_api_key", tenant.slug).strip().splitlines()[-1]
    assert _key_works(key, tenant) == 200
    prefix = key.partition(".")[0]

    # when one is revoked by its prefix
    output = _run("revoke_api_key", prefix)

    # then the very next request with it is refused, and the other key still works
    assert output == f"Revoked API key {prefix} ('created by create_api_key') of tenant {tenant.slug!r}.\n"
    assert _key_works(key, tenant) == 401
    assert _key_works(other, tenant) == 200
    assert TenantAPIKey.objects.get(prefix=prefix).revoked is True


def test_revoke_api_key_twice_is_harmless(tenant: Tenant) -> None:
    prefix = _run("create_api_key", tenant.slug).strip().splitlines()[-1].partition(".")[0]

    _run("revoke_api_key", prefix)
    _run("revoke_api_key", prefix)

    assert TenantAPIKey.objects.get(prefix=prefix).revoked is True


def test_revoke_api_key_of_an_unknown_prefix_fails_clearly(tenant: Tenant) -> None:
    key = _run("create_api_key", tenant.slug).strip().splitlines()[-1]

    with pytest.raises(CommandError, match="^No API key with prefix 'nope1234'.$"):
        _run("revoke_api_key", "nope1234")
    assert _key_works(key, tenant) == 200


def test_revoke_api_key_refuses_a_whole_key_without_echoing_it(tenant: Tenant) -> None:
    # given a working key, pasted whole instead of its prefix
    key = _run("create_api_key", tenant.slug).strip().splitlines()[-1]

    # when revoke is called with it
    with pytest.raises(CommandError) as raised:
        _run("revoke_api_key", key)

    # then it is refused, the secret part is not repeated back, and the key still works (nothing was revoked)
    assert str(raised.value) == "Pass only the key's prefix (the part before the dot), not the whole key."
    assert _key_works(key, tenant) == 200


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
        "METRICS_TOKEN": secrets.token_urlsafe(32),  # production protects /metrics (metrics.W001 otherwise)
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
