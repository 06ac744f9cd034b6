"""The API's one pagination style: ?limit=&offset=, with limit capped at PAGINATION_MAX_LIMIT."""

from __future__ import annotations

from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination


class CappedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = settings.PAGINATION_MAX_LIMIT
