"""A record of each consolidation pass (visible in the admin)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class ConsolidationRun(models.Model):
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Scope: empty for the whole table, else the tenant slug / contact external id it was limited to.
    tenant_slug = models.CharField(max_length=100, blank=True)
    contact_external_id = models.CharField(max_length=255, blank=True)
    dry_run = models.BooleanField(default=False)
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        indexes = [models.Index(fields=["-started_at"], name="consolidation_run_recent")]

    def __str__(self) -> str:
        return f"consolidation {self.started_at:%Y-%m-%d %H:%M}{' (dry run)' if self.dry_run else ''}"
