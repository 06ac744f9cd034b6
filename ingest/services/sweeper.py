"""The sweeper: a ledger message still pending long after it arrived is handed to the deferred task again.

Ingest enqueues ``process_message`` after commit; a crash between commit and enqueue, a lost broker message or
a Redis outage would otherwise strand the message as pending forever. celery-beat runs the sweep every minute
(declared in config/beat.py).

Two sweeps never count one message twice: each re-enqueue is claimed by a conditional UPDATE of
``processing_attempts``. Sweeps of one message are spaced out exponentially (SWEEP_AFTER_SECONDS, doubling,
at most BACKOFF_MAX_SECONDS) by a per-message cooldown key in Redis, because a message can stay pending for
a long while without being lost — its task retrying an embeddings outage, or waiting in a backlog — and must
neither be re-enqueued every minute nor marked failed before its retries had a chance. After
SWEEP_MAX_ATTEMPTS sweeps, once the last one's cooldown has passed, it is marked failed;
``manage.py redrive_messages`` gives failed messages a fresh start.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError

from config import clock
from config.redis_client import redis_client
from contacts.models import Message, ProcessingStatus

logger = logging.getLogger(__name__)

BACKOFF_MAX_SECONDS = 3600
# Pages of ``limit`` candidates a sweep looks through (most may be cooling down after an earlier sweep).
MAX_PAGES = 20


class BrokerDown(Exception):
    """Redis (the broker, and the cooldown store) failed: the sweep stops here."""


def pending_messages_sweep(*, now: datetime | None = None, older_than: int | None = None, limit: int = 1000) -> int:
    """Re-enqueue up to ``limit`` messages pending for more than ``older_than`` seconds (default
    SWEEP_AFTER_SECONDS), oldest first; returns how many were re-enqueued.

    Idempotent: a message just swept cools down before a sweep touches it again, and messages done in the
    meantime are skipped. With the broker (Redis) down the sweep stops, logs it, and the next one tries again.
    """
    now = now or clock.now()
    older_than = settings.SWEEP_AFTER_SECONDS if older_than is None else older_than
    stranded = _stranded(received_before=now - timedelta(seconds=older_than))
    swept = 0
    try:
        for page in _pages(stranded, size=limit):
            swept += _sweep_page(page, older_than=older_than, budget=limit - swept)
            if swept >= limit:
                break
    except BrokerDown:
        logger.warning("broker unavailable: sweep stopped after re-enqueueing %d messages; the next one retries", swept)
    if swept:
        logger.info("sweep re-enqueued %d pending messages", swept)
    return swept


def _stranded(*, received_before: datetime) -> QuerySet[Message]:
    # Served by the partial index message_pending (received_at, where pending).
    return Message.objects.filter(
        processing_status=ProcessingStatus.PENDING, processed_at__isnull=True, received_at__lt=received_before
    )


def _pages(stranded: QuerySet[Message], *, size: int) -> Iterator[list[tuple[int, int]]]:
    """Keyset pages of (pk, processing_attempts), oldest first, each fetched when the previous one is done."""
    ordered = stranded.order_by("received_at", "pk").values_list("received_at", "pk", "processing_attempts")
    after = Q()
    for _ in range(MAX_PAGES):
        rows = list(ordered.filter(after)[:size])
        if not rows:
            return
        yield [(pk, attempts) for _, pk, attempts in rows]
        received_at, pk, _ = rows[-1]
        after = Q(received_at__gt=received_at) | Q(received_at=received_at, pk__gt=pk)
        if len(rows) < size:
            return


def _sweep_page(page: list[tuple[int, int]], *, older_than: int, budget: int) -> int:
    cooling = _cooling_down([pk for pk, _ in page])
    swept = 0
    for pk, attempts in page:
        if swept >= budget:
            break
        if pk in cooling:
            continue
        if attempts >= settings.SWEEP_MAX_ATTEMPTS:
            _mark_failed(pk, attempts=attempts)
        elif _resend(pk, attempts=attempts, older_than=older_than):
            swept += 1
    return swept


def _resend(pk: int, *, attempts: int, older_than: int) -> bool:
    """Claim sweep number ``attempts + 1`` of the message and enqueue it; False if another sweep claimed it
    first or it finished meanwhile."""
    from ingest.tasks import process_message  # the tasks module imports this one

    if not _pending(pk, attempts).update(processing_attempts=attempts + 1):
        return False
    try:
        process_message.delay(pk)
    except (KombuOperationalError, RedisError) as exc:
        # Never sent, so not an attempt: the next sweep retries it from the same count.
        Message.objects.filter(pk=pk, processing_attempts=attempts + 1).update(processing_attempts=attempts)
        raise BrokerDown from exc
    _cool_down(pk, seconds=min(older_than * 2**attempts, BACKOFF_MAX_SECONDS))
    return True


def _mark_failed(pk: int, *, attempts: int) -> None:
    if _pending(pk, attempts).update(processing_status=ProcessingStatus.FAILED):
        logger.error("message %s is still pending after %d sweeps: marked failed", pk, attempts)


def _pending(pk: int, attempts: int) -> QuerySet[Message]:
    """The message, if it is still pending with this many sweeps: the condition that makes an UPDATE a claim."""
    return Message.objects.filter(
        pk=pk, processing_attempts=attempts, processing_status=ProcessingStatus.PENDING, processed_at__isnull=True
    )


def _cooldown_key(pk: int) -> str:
    return f"sweep:cooldown:message:{pk}"


def _cooling_down(pks: list[int]) -> set[int]:
    try:
        values = redis_client().mget([_cooldown_key(pk) for pk in pks])
    except RedisError as exc:
        raise BrokerDown from exc
    return {pk for pk, value in zip(pks, values, strict=True) if value is not None}


def _cool_down(pk: int, *, seconds: int) -> None:
    try:
        redis_client().set(_cooldown_key(pk), 1, ex=max(1, seconds))
    except RedisError as exc:
        raise BrokerDown from exc


def failed_messages_redrive(*, tenant_slug: str | None = None) -> int:
    """Give messages marked failed a fresh start (an operator's step once the cause is fixed): pending again with
    no sweeps counted, enqueued after commit; the sweeper catches any enqueue the broker drops. Returns how many."""
    from ingest.tasks import process_message  # the tasks module imports this one

    failed = Message.objects.filter(processing_status=ProcessingStatus.FAILED, processed_at__isnull=True)
    if tenant_slug is not None:
        failed = failed.filter(contact__tenant__slug=tenant_slug)
    with transaction.atomic():
        pks = list(failed.select_for_update().values_list("pk", flat=True))
        Message.objects.filter(pk__in=pks).update(processing_status=ProcessingStatus.PENDING, processing_attempts=0)
        transaction.on_commit(lambda: _enqueue_all(process_message, pks))
    return len(pks)


def _enqueue_all(task: Any, pks: list[int]) -> None:
    if not pks:
        return
    try:
        redis_client().delete(*[_cooldown_key(pk) for pk in pks])
        for pk in pks:
            task.delay(pk)
    except (KombuOperationalError, RedisError):
        logger.warning("broker unavailable: re-driven messages wait for the sweeper")
