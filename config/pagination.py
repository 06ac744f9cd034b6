"""The API's one pagination style: ?limit=&offset=, with limit capped at PAGINATION_MAX_LIMIT."""

from __future__ import annotations

from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination


class CappedLimitOffsetPagination(LimitOffsetPagination):
    @property
    def max_limit(self) -> int:  # type: ignore[override]
        # Read per request, not at import, so the setting (and a test's override of it) always applies.
        return int(settings.PAGINATION_MAX_LIMIT)
