"""The periodic consolidation pass (every CONSOLIDATION_INTERVAL_HOURS, also ``manage.py consolidate``):
expiry, episode→pattern compression (themes, then months), decay, pruning, the per-contact cap, the deletion of
long-forgotten memories, relationship stage and churn, profile summaries — in that order, each step idempotent,
under one advisory lock."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import transaction

from config import clock
from consolidation.lock import consolidation_lock
from consolidation.models import ConsolidationRun
from consolidation.services.compression import episodes_compress
from consolidation.services.deferred import contact_consolidate_deferred
from consolidation.services.profile import profile_refresh, profiles_refresh
from consolidation.services.relationship import churn_recompute, stages_recompute
from contacts.models import Contact, Tenant
from memories.services.lifecycle import (
    Scope,
    memories_decay,
    memories_evict_over_cap,
    memories_expire,
    memories_forgotten_delete,
    memories_prune,
)
from metrics.instruments import consolidation_pass_record

logger = logging.getLogger(__name__)
Progress = Callable[[str, int | tuple[int, int]], None]


class _DryRun(Exception):
    """Raised to roll a dry run's transaction back after counting."""


def consolidation_run(
    *,
    tenant: Tenant | None = None,
    contact: Contact | None = None,
    dry_run: bool = False,
    now: datetime | None = None,
    progress: Progress | None = None,
) -> dict[str, Any] | None:
    """Run the pass now; returns what each step did, or None if another pass holds the lock. A dry run
    does everything inside one transaction and rolls it back (no LLM calls), so its counts are exact."""
    now = now or clock.now()
    scope = Scope(tenant_id=tenant.pk if tenant else None, contact_id=contact.pk if contact else None)
    with consolidation_lock() as acquired:
        if not acquired:
            logger.info("consolidation skipped: another pass holds the lock")
            return None
        if dry_run:
            return _dry_run(scope, now, progress)
        record = ConsolidationRun.objects.create(
            started_at=now,
            tenant_slug=tenant.slug if tenant else "",
            contact_external_id=contact.external_id if contact else "",
        )
        started = time.perf_counter()
        stats = _steps(scope, now, progress, use_llm=True)
        ConsolidationRun.objects.filter(pk=record.pk).update(finished_at=clock.now(), stats=stats)
        consolidation_pass_record(kind="periodic", seconds=time.perf_counter() - started, stats=stats)
        return stats


def contact_consolidate_full(*, contact: Contact, now: datetime | None = None) -> dict[str, Any] | None:
    """Everything consolidation does, for one contact ("Consolidate now" on its page): the deferred pass (merge
    near-duplicates, link entities, emotional importance), the periodic pass scoped to the contact (what
    ``manage.py consolidate --contact`` runs), then the profile, checked whatever changed when (the periodic step
    rewrites only profiles whose memories changed since it was last written). None if another pass holds the lock:
    nothing was done, and the caller tries again. Idempotent: a second run finds nothing left to do.

    The lock is taken before the deferred pass, which may rewrite the profile too: a pass refused the lock must have
    changed nothing. (``consolidation_run`` takes it again: a session's advisory lock is re-entrant.)"""
    with consolidation_lock() as acquired:
        if not acquired:
            return None
        deferred = contact_consolidate_deferred(contact_id=contact.pk)
        stats = consolidation_run(contact=contact, now=now)
        if stats is None:  # not expected while this session holds the lock
            return None
        stats["merged"], stats["linked"], stats["boosted"] = deferred["merged"], deferred["linked"], deferred["boosted"]
        stats["profiles_rewritten"] += deferred["profile"] + int(profile_refresh(contact_id=contact.pk, now=now))
        return stats


def _dry_run(scope: Scope, now: datetime, progress: Progress | None) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    try:
        with transaction.atomic():
            stats = _steps(scope, now, progress, use_llm=False)
            raise _DryRun
    except _DryRun:
        pass
    return stats


def _steps(scope: Scope, now: datetime, progress: Progress | None, *, use_llm: bool) -> dict[str, Any]:
    """Each step commits on its own (outside a dry run): a pass killed halfway keeps what it finished."""
    stats: dict[str, Any] = {}
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("expired", lambda: memories_expire(now=now, scope=scope)),
        # before decay and pruning: an episode a backfill brings in old is summarised, as living through it would
        # have summarised it, not pruned (its summary then decays from when its episodes mattered)
        ("compressed", lambda: episodes_compress(now=now, scope=scope, use_llm=use_llm)),
        ("decayed", lambda: memories_decay(now=now, scope=scope)),
        ("pruned", lambda: memories_prune(now=now, scope=scope)),
        ("evicted", lambda: memories_evict_over_cap(now=now, scope=scope)),
        ("forgotten_deleted", lambda: memories_forgotten_delete(now=now, scope=scope)),
        ("stages_changed", lambda: stages_recompute(now=now, scope=scope)),
        ("churn_updated", lambda: churn_recompute(now=now, scope=scope)),
        ("profiles_rewritten", lambda: profiles_refresh(now=now, scope=scope, use_llm=use_llm)),
    ]
    for name, step in steps:
        result = step()
        if name == "compressed":
            stats["patterns"], stats["episodes_compressed"] = result
        else:
            stats[name] = result
        if progress is not None:
            progress(name, result)
    return stats
