"""The API's one pagination style: ?limit=&offset=, with limit capped at PAGINATION_MAX_LIMIT."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination


class CappedLimitOffsetPagination(LimitOffsetPagination):
    @property
    def max_limit(self) -> int:  # type: ignore[override]
        # Read per request, not at import, so the setting (and a test's override of it) always applies.
        return int(settings.PAGINATION_MAX_LIMIT)

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        # Every page has all four keys (next and previous null at the ends): documented as required, so a generated
        # client does not type them "maybe unset".
        paginated: dict[str, Any] = super().get_paginated_response_schema(schema)
        paginated["required"] = ["count", "next", "previous", "results"]
        return paginated
