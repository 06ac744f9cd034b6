"""Erasure of what webhooks holds for a contact (see contacts/erasure.py for the shape every app follows)."""

from __future__ import annotations

from contacts.admin_log import admin_log_forget
from contacts.erasure import Forgotten
from contacts.models import Contact
from webhooks.models import Delivery, EventType


def contact_forget(*, contact: Contact) -> Forgotten:
    """The deliveries about the contact, pending or sent (their payloads name the contact), and the admin log's
    lines about them. An attempt already queued for one finds nothing and does nothing. The ``contact.erased``
    event stays: it is how the tenant learns of the erasure, and it carries only the external id."""
    rows = Delivery.objects.filter(
        endpoint__tenant_id=contact.tenant_id, contact_external_id=contact.external_id
    ).exclude(event_type=EventType.CONTACT_ERASED)
    lines = admin_log_forget(model=Delivery, ids=rows)
    return Forgotten(rows=rows.delete()[1], admin_log_entries=lines)
