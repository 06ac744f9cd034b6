"""Writes for tenants and API keys. (Contacts and conversations are created by ingest's receive step.)"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

from django.db import transaction
from django.utils.text import slugify

from config import clock
from contacts.models import Tenant, TenantAPIKey

logger = logging.getLogger(__name__)


class TenantError(ValueError):
    """A tenant request that cannot be carried out (the message says why)."""


def tenant_create(*, name: str, slug: str = "") -> Tenant:
    name = name.strip()
    if not name:
        raise TenantError("A tenant needs a name.")
    slug = slug or slugify(name)
    if not slug:
        raise TenantError(f"Cannot derive a slug from {name!r}; pass one explicitly.")
    if Tenant.objects.filter(slug=slug).exists():
        raise TenantError(f"A tenant with slug {slug!r} already exists.")
    return Tenant.objects.create(name=name, slug=slug)


def api_key_create(
    *, tenant: Tenant, name: str = "default", expiry_date: datetime | None = None
) -> tuple[TenantAPIKey, str]:
    """Create a key; the plaintext is returned once and only its hash is stored."""
    api_key, key = TenantAPIKey.objects.create_key(tenant=tenant, name=name, expiry_date=expiry_date)
    return cast(TenantAPIKey, api_key), key


class ApiKeyError(ValueError):
    """An API key request that cannot be carried out (the message says why)."""


MAX_KEY_LIFETIME_DAYS = 36_500


def api_key_expiry(*, value: str, now: datetime | None = None) -> datetime:
    """When a key created with ``--expires VALUE`` stops working: a whole number of days from ``now``, an ISO 8601
    date (the midnight UTC that starts it) or an ISO 8601 datetime (UTC when it names no offset). A moment not in
    the future is refused: such a key would never work."""
    now = now or clock.now()
    value = value.strip()
    if value.isdigit():
        if int(value) > MAX_KEY_LIFETIME_DAYS:  # also what a basic-format date (20261231) would read as
            raise ApiKeyError(f"--expires {value} days is over {MAX_KEY_LIFETIME_DAYS}; give a date instead.")
        expiry = now + timedelta(days=int(value))
    else:
        try:
            expiry = datetime.fromisoformat(value)
        except ValueError:
            raise ApiKeyError(f"--expires takes days (e.g. 90) or an ISO date/datetime, not {value!r}.") from None
        if expiry.tzinfo is None:
            expiry = expiry.replace(tzinfo=UTC)
    if expiry <= now:
        raise ApiKeyError(f"--expires {value!r} is not in the future: the key would never work.")
    return expiry


def api_key_revoke(*, prefix: str) -> TenantAPIKey:
    """Revoke the key with this prefix (the part before the dot; the admin lists it). Effective at once: every
    request looks the key up. Idempotent, and final: the library refuses to un-revoke a key."""
    api_key = TenantAPIKey.objects.select_related("tenant").filter(prefix=prefix).first()
    if api_key is None:
        raise ApiKeyError(f"No API key with prefix {prefix!r}.")
    TenantAPIKey.objects.filter(pk=api_key.pk).update(revoked=True)
    api_key.revoked = True
    logger.info("API key %s of tenant %s revoked", prefix, api_key.tenant.slug)
    return api_key


@transaction.atomic
def demo_tenant_ensure(*, key_file: Path) -> tuple[Tenant, str]:
    """The local demo tenant and a working key for it, for ``make run``.

    The plaintext key is kept in ``key_file`` (inside the git-ignored data directory) so the
    same key keeps working across restarts; a missing, revoked or foreign key is replaced.
    """
    tenant, _ = Tenant.objects.get_or_create(slug="demo", defaults={"name": "Demo"})
    saved_key = key_file.read_text().strip() if key_file.exists() else ""
    if saved_key and _key_belongs_to(saved_key, tenant):
        return tenant, saved_key
    _, key = api_key_create(tenant=tenant, name="demo (make run)")
    key_file.parent.mkdir(parents=True, exist_ok=True)
    key_file.write_text(key + "\n")
    key_file.chmod(0o600)
    return tenant, key


def _key_belongs_to(key: str, tenant: Tenant) -> bool:
    prefix, _, _ = key.partition(".")
    api_key = TenantAPIKey.objects.filter(prefix=prefix, tenant=tenant, revoked=False).first()
    return api_key is not None and not api_key.has_expired and api_key.is_valid(key)
