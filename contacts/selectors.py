"""Reads for contacts. Every read is scoped to the caller's tenant."""

from __future__ import annotations

from contacts.models import Contact, Tenant


def contact_get(*, tenant: Tenant, external_id: str) -> Contact | None:
    """The tenant's contact with this external id (state joined), or None.

    Another tenant's contact with the same id is indistinguishable from a missing one.
    """
    return Contact.objects.select_related("state").filter(tenant=tenant, external_id=external_id).first()
