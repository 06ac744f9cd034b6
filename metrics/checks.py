"""A production without METRICS_TOKEN serves /metrics to anyone who can reach it: said at every start."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Warning, register


@register()
def metrics_token_check(**kwargs: Any) -> list[CheckMessage]:
    if settings.DEBUG or settings.METRICS_TOKEN:
        return []
    return [
        Warning(
            "METRICS_TOKEN is not set: /metrics answers anyone who can reach it.",
            hint="Set METRICS_TOKEN and give it to the scraper (Authorization: Bearer), or block /metrics at the "
            "proxy.",
            id="metrics.W001",
        )
    ]
