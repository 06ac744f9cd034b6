"""What is left of an erased contact: a keyed hash of their id and the time — no personal data."""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.db import models

from contacts.models import Tenant


class ErasureTombstone(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="erasure_tombstones")
    # HMAC-SHA256 of the external id keyed with SECRET_KEY: a guessable id (a phone number) cannot be
    # recovered by hashing candidates without the key. Rotating SECRET_KEY orphans old tombstones.
    external_id_hash = models.CharField(max_length=64)
    erased_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tenant", "external_id_hash"], name="tombstone_once_per_contact")
        ]

    def __str__(self) -> str:
        return f"erased {self.external_id_hash[:12]}… at {self.erased_at:%Y-%m-%d %H:%M}"


def external_id_hash(tenant_id: int, external_id: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), f"{tenant_id}:{external_id}".encode(), hashlib.sha256).hexdigest()
