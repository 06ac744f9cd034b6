"""Thin Celery tasks of the contacts app. Idempotent: a second run changes nothing."""

from __future__ import annotations

from celery import shared_task

from contacts.models import Tenant
from contacts.retention import ledger_retention_apply


@shared_task(acks_late=True, soft_time_limit=3000, time_limit=3300)
def apply_ledger_retention(tenant_id: int | None = None) -> dict[str, int]:
    """Periodic (celery-beat, daily at 03:30 UTC; declared in config/beat.py): trim every tenant's
    ledger to its ``ledger_retention_days``, or only ``tenant_id``'s."""
    if tenant_id is None:
        return ledger_retention_apply()
    tenant = Tenant.objects.filter(pk=tenant_id).first()
    return ledger_retention_apply(tenant=tenant) if tenant is not None else {}  # a deleted tenant: nothing to do
