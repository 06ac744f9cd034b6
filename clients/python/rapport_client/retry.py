"""When to retry a request and how long to wait first; the sync and async clients share it and only sleep differently.

Retried: 429 and 503 (the server did not act on the request), honouring ``Retry-After``; a failed connection or a
timeout only for a request that is safe to repeat (a GET or DELETE, or an ingest: it carries an id the server
de-duplicates on). Never retried: any other 4xx, any other 5xx."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rapport_client.errors import RapportError

RETRY_STATUSES = frozenset({429, 503})


@dataclass(frozen=True)
class RetryPolicy:
    """``max_retries`` retries after the first attempt. Backoff: ``base_delay`` × 2^attempt seconds, capped at
    ``max_delay``, jittered (half fixed, half random) so many clients do not retry in step. A ``Retry-After`` longer
    than ``max_retry_after`` seconds is not waited for: the error is raised with its ``retry_after``."""

    max_retries: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0

    def delay_after_error(self, error: RapportError, *, attempt: int) -> float | None:
        """Seconds to wait before retrying after ``error`` on attempt ``attempt`` (0-based); None: do not retry."""
        if attempt >= self.max_retries or error.status not in RETRY_STATUSES:
            return None
        if error.retry_after is None:
            return self.backoff(attempt=attempt)
        return error.retry_after if error.retry_after <= self.max_retry_after else None

    def delay_after_disconnect(self, *, repeatable: bool, attempt: int) -> float | None:
        """Seconds to wait before retrying after a connection error or timeout; None: do not retry."""
        if not repeatable or attempt >= self.max_retries:
            return None
        return self.backoff(attempt=attempt)

    def backoff(self, *, attempt: int) -> float:
        ceiling = min(self.max_delay, self.base_delay * 2.0**attempt)
        return ceiling / 2 + random.uniform(0, ceiling / 2)  # noqa: S311 - jitter, not a secret
