"""One periodic pass at a time, across every worker and the management command.

A PostgreSQL session advisory lock: if the process holding it dies (SIGKILL, lost connection), the server
releases it with the session, so a pass killed halfway never blocks the next one — which simply runs again
(every step is idempotent).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

# An arbitrary, fixed 64-bit key naming "the consolidation pass" among the database's advisory locks.
CONSOLIDATION_LOCK_KEY = 0x52_41_50_50_43_4F_4E  # "RAPPCON"


@contextmanager
def consolidation_lock() -> Iterator[bool]:
    """Yields True if this process holds the lock for the block, False if another pass has it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [CONSOLIDATION_LOCK_KEY])
        acquired = bool(cursor.fetchone()[0])
    try:
        yield acquired
    finally:
        if acquired:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [CONSOLIDATION_LOCK_KEY])
