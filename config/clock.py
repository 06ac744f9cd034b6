"""The one source of "now". Tests, backfills and benchmarks set time here, never via the OS clock."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime

from django.utils import timezone

_frozen: datetime | None = None


def now() -> datetime:
    return _frozen if _frozen is not None else timezone.now()


@contextlib.contextmanager
def frozen(at: datetime) -> Iterator[None]:
    """Within the block, ``now()`` is ``at`` (process-wide: for single-threaded tools and tests)."""
    global _frozen
    previous, _frozen = _frozen, at
    try:
        yield
    finally:
        _frozen = previous
