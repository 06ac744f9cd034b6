"""Writes for tenants, API keys and contacts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import cast

from django.db import transaction
from django.utils.text import slugify

from contacts.models import Tenant, TenantAPIKey


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
