"""Argument lookups shared by the privacy commands (clear errors for an unknown tenant or contact)."""

from __future__ import annotations

from django.core.management.base import CommandError

from contacts.models import Contact, Tenant


def tenant_or_error(slug: str) -> Tenant:
    tenant = Tenant.objects.filter(slug=slug).first()
    if tenant is None:
        raise CommandError(f"No tenant with slug {slug!r}.")
    return tenant


def contact_or_error(tenant: Tenant, external_id: str) -> Contact:
    contact = Contact.objects.filter(tenant=tenant, external_id=external_id).first()
    if contact is None:
        raise CommandError(f"No contact {external_id!r} in tenant {tenant.slug!r}.")
    return contact


def confirm(prompt: str, expected: str, noinput: bool) -> None:
    if noinput:
        return
    if input(f"{prompt} Type {expected!r} to confirm: ").strip() != expected:
        raise CommandError("Not confirmed; nothing was deleted.")
