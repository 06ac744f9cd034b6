"""Erasure of what consolidation holds for a contact (see contacts/erasure.py for the shape every app follows)."""

from __future__ import annotations

from config.redis_client import redis_client
from consolidation.models import ConsolidationRun
from consolidation.services.deferred import debounce_key, watermark_key
from contacts.erasure import Forgotten
from contacts.models import Contact

ERASED = "(erased)"


def contact_forget(*, contact: Contact) -> Forgotten:
    """The runs of the periodic pass over the contact stop naming them: anonymised, not deleted (their statistics
    name no one, and they are the record of what the passes did). Then the deferred pass's debounce key and
    watermark."""
    runs = ConsolidationRun.objects.filter(
        tenant_slug=contact.tenant.slug, contact_external_id=contact.external_id
    ).update(contact_external_id=ERASED)
    keys = (debounce_key(contact.pk), watermark_key(contact.pk))
    return Forgotten(
        changed={"consolidation_runs_anonymised": runs}, forget_cached=lambda: int(redis_client().delete(*keys))
    )
