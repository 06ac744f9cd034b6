"""Writes for tenants, API keys and contacts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import cast

from django.db import transaction
from django.utils.text import slugify

from contacts.models import Contact, ContactState, Conversation, Tenant, TenantAPIKey


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


class ConversationOwnerConflict(ValueError):
    """The conversation id is already used by another contact of the tenant."""


def contact_get_or_create(*, tenant: Tenant, external_id: str, display_name: str = "", channel: str = "") -> Contact:
    """The tenant's contact with this id, created (with its state) on first sight. A name or
    channel sent later fills in blanks and updates changes."""
    contact, created = Contact.objects.get_or_create(
        tenant=tenant, external_id=external_id, defaults={"display_name": display_name, "channel": channel}
    )
    if created:
        ContactState.objects.create(contact=contact)
        return contact
    changed = {
        field: value
        for field, value in (("display_name", display_name), ("channel", channel))
        if value and getattr(contact, field) != value
    }
    if changed:
        Contact.objects.filter(pk=contact.pk).update(**changed)
        for field, value in changed.items():
            setattr(contact, field, value)
    return contact


def conversation_get_or_create(*, contact: Contact, external_id: str, at: datetime) -> Conversation:
    conversation, created = Conversation.objects.get_or_create(
        tenant_id=contact.tenant_id,
        external_id=external_id,
        defaults={"contact": contact, "started_at": at, "last_message_at": at},
    )
    if conversation.contact_id != contact.pk:
        raise ConversationOwnerConflict(f"conversation_id {external_id!r} belongs to another contact of this tenant.")
    if not created and at > conversation.last_message_at:
        Conversation.objects.filter(pk=conversation.pk).update(last_message_at=at)
        conversation.last_message_at = at
    return conversation
