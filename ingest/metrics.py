"""The pending-message backlog, read from Postgres when /metrics is scraped (listed in METRICS_SCRAPE_COLLECTORS).

One query on the partial index of pending messages (``message_pending``): a count and the oldest's age."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import DatabaseError
from django.db.models import Count, Min
from django.utils import timezone
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from contacts.models import Message, ProcessingStatus


class PendingBacklogCollector:
    def collect(self) -> Iterable[Metric]:
        try:
            backlog = Message.objects.filter(processing_status=ProcessingStatus.PENDING).aggregate(
                count=Count("pk"), oldest=Min("received_at")
            )
        except DatabaseError:
            return []  # Postgres down: no value rather than a wrong one (its own alert is /health's)
        oldest = backlog["oldest"]
        # received_at is wall-clock (auto_now_add), so is this; clock.now() may be a backfill's frozen past
        age = (timezone.now() - oldest).total_seconds() if oldest is not None else 0.0
        return [
            GaugeMetricFamily(
                "rapport_ingest_pending_messages",
                "Messages received whose deferred tier has not finished (processing_status pending).",
                value=backlog["count"],
            ),
            GaugeMetricFamily(
                "rapport_ingest_oldest_pending_seconds",
                "Age of the oldest pending message (0 with none pending).",
                value=max(age, 0.0),
            ),
        ]
