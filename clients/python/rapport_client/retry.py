"""When to retry a request and how long to wait first; the sync and async clients share it and only sleep differently.

Retried, honouring ``Retry-After``: 429 for any request (throttling refuses it before the view runs, so the server did
not act on it); 503, a failed connection and a timeout only for a request that is safe to repeat (a GET or DELETE, or
an ingest: it carries an id the server de-duplicates on), because a 503 may come after the server committed (a proxy,
or the database failing on the way out) and a create sent again would then be stored twice. Never retried: any other
4xx, any other 5xx."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rapport_client.errors import RapportError

# Statuses retried for any request, and those retried only when the request is safe to repeat.
ALWAYS_RETRIED = frozenset({429})
RETRIED_WHEN_REPEATABLE = frozenset({503})


@dataclass(frozen=True)
class RetryPolicy:
    """``max_retries`` retries after the first attempt. Backoff: ``base_delay`` × 2^attempt seconds, capped at
    ``max_delay``, jittered (half fixed, half random) so many clients do not retry in step. A ``Retry-After`` longer
    than ``max_retry_after`` seconds is not waited for: the error is raised with its ``retry_after``."""

    max_retries: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0

    def delay_after_error(self, error: RapportError, *, repeatable: bool, attempt: int) -> float | None:
        """Seconds to wait before retrying after ``error`` on attempt ``attempt`` (0-based); None: do not retry."""
        if attempt >= self.max_retries or not self._retries_status(error.status, repeatable=repeatable):
            return None
        if error.retry_after is None:
            return self.backoff(attempt=attempt)
        return error.retry_after if error.retry_after <= self.max_retry_after else None

    def delay_after_disconnect(self, *, repeatable: bool, attempt: int) -> float | None:
        """Seconds to wait before retrying after a connection error or timeout; None: do not retry."""
        if not repeatable or attempt >= self.max_retries:
            return None
        return self.backoff(attempt=attempt)

    @staticmethod
    def _retries_status(status: int | None, *, repeatable: bool) -> bool:
        return status in ALWAYS_RETRIED or (repeatable and status in RETRIED_WHEN_REPEATABLE)

    def backoff(self, *, attempt: int) -> float:
        ceiling = min(self.max_delay, self.base_delay * 2.0**attempt)
        return ceiling / 2 + random.uniform(0, ceiling / 2)  # noqa: S311 - jitter, not a secret
