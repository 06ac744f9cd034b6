"""Retention of the delivery log: finished (and skipped) deliveries are deleted WEBHOOK_DELIVERY_RETENTION_DAYS
after they finished. Pending ones stay whatever their age (their schedule ends them within about a day)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet

from config import clock
from contacts.admin_log import admin_log_forget
from webhooks.models import RETAINED_STATUSES, Delivery

# Rows deleted per statement: short transactions and locks however large the backlog.
BATCH = 1000


def deliveries_retention_apply() -> int:
    """celery-beat, daily: delete finished deliveries past their retention, in batches. Returns how many."""
    cutoff = clock.now() - timedelta(days=settings.WEBHOOK_DELIVERY_RETENTION_DAYS)
    expired = Delivery.objects.filter(status__in=RETAINED_STATUSES, updated_at__lt=cutoff)
    deleted = 0
    while batch := _batch_delete(expired):
        deleted += batch
    return deleted


def _batch_delete(expired: QuerySet[Delivery]) -> int:
    """One batch, its rows locked as they are read: a redelivery committed meanwhile made its row pending again, and
    the lock's re-check leaves it out (one being redelivered now is skipped, for the next run)."""
    with transaction.atomic():
        ids = list(
            expired.select_for_update(skip_locked=True).order_by("updated_at").values_list("pk", flat=True)[:BATCH]
        )
        if not ids:
            return 0
        admin_log_forget(model=Delivery, ids=ids)  # staff's log lines about them (redeliveries) go with them
        return int(Delivery.objects.filter(pk__in=ids).delete()[1].get(Delivery._meta.label, 0))
