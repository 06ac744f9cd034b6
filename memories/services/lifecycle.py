"""Set-based upkeep of the whole memory table (AI Brain §4.4): decay, expiry, pruning and the per-contact
cap, run by consolidation's periodic pass. Durable memories (memories/durability.py) leave the active set only by
supersession, staff action or erasure: decay lowers their importance to DURABLE_IMPORTANCE_FLOOR at most, pruning and
the cap pass them by. What pruning and the cap remove is kept as "forgotten", with the reason in its history, for
staff to see and restore, and deleted FORGOTTEN_KEEP_DAYS later. Each step is one SQL statement over every row in
scope (and a few around it: history events, admin-log lines) — no Python loop over memories — and is idempotent: run
twice, the second run changes (next to) nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from contacts.admin_log import admin_log_forget
from memories.durability import durable_sql
from memories.models import Memory, MemoryEvent, MemoryEventKind
from memories.services import recent

# Durable (memories/durability.py) and a contact's: who a person is. A tenant's business memory fades by its own rate
# (BUSINESS_DECAY_RATE) and is pruned like any other — the rule is about people.
_DURABLE = f"(contact_id IS NOT NULL AND {durable_sql()})"


@dataclass(frozen=True)
class Scope:
    """Which memories a pass touches: all, one tenant's, or one contact's."""

    tenant_id: int | None = None
    contact_id: int | None = None

    def sql(self, alias: str = "") -> tuple[str, dict[str, Any]]:
        prefix = f"{alias}." if alias else ""
        if self.contact_id is not None:
            return f" AND {prefix}contact_id = %(scope_contact)s", {"scope_contact": self.contact_id}
        if self.tenant_id is not None:
            return f" AND {prefix}tenant_id = %(scope_tenant)s", {"scope_tenant": self.tenant_id}
        return "", {}

    def filters(self) -> dict[str, int]:
        """The same scope as ORM lookups on a memory."""
        if self.contact_id is not None:
            return {"contact_id": self.contact_id}
        if self.tenant_id is not None:
            return {"tenant_id": self.tenant_id}
        return {}


# A quiet memory is charged once per DECAY_CHARGE_PERIOD, not on every pass: by a 6-hourly pass, a quarter of the
# quiet rows are rewritten instead of all of them (WAL, dead rows, vacuum). Its charge times are its own — its id
# sets where they fall in the period — so the rows spread evenly over the passes: with one threshold for all, the
# rows one pass charged (every quiet row, under charge-every-pass) would stay in step, and every fourth pass
# would rewrite them all. The charge is always decay_rate × the time since the last one: exact under any
# schedule, an importance at most a period plus a pass interval behind.
DECAY_CHARGE_PERIOD = timedelta(days=1)
# The id's charge time, in seconds into the period: (id × DECAY_CHARGE_SPREAD) mod period. About the golden ratio
# of a day's seconds and coprime with them, so consecutive ids (a contact's memories) land far apart.
DECAY_CHARGE_SPREAD = 53_401


def memories_decay(*, now: datetime, scope: Scope) -> int:
    """Active, unpinned memories that have not mattered (see ``Memory.mattered_at``) for DECAY_AFTER_DAYS lose
    ``decay_rate`` per day (fractional) since they were last charged — or since their quiet week ended — floored at
    0, a durable one at DURABLE_IMPORTANCE_FLOOR (its ranking weight fades, it stays); charged by the first pass after
    one of their charge times (see DECAY_CHARGE_PERIOD) that follows their last charge."""
    where, params = scope.sql()
    # decay is owed from here: the last charge, or the end of the quiet week if later
    since = "GREATEST(COALESCE(decayed_at, '-infinity'::timestamptz), mattered_at + %(quiet)s)"
    floor = f"(CASE WHEN {_DURABLE} THEN %(durable_floor)s ELSE 0 END)"
    sql = f"""
        UPDATE memories_memory SET
            importance = GREATEST(importance - decay_rate * EXTRACT(EPOCH FROM (%(now)s - {since})) / 86400.0, {floor}),
            decayed_at = %(now)s
        WHERE status = 'active' AND NOT pinned AND importance > {floor}
          AND mattered_at < %(now)s - %(quiet)s
          AND {_charge_times_up_to("%(now)s")} > {_charge_times_up_to(since)}{where}
    """  # noqa: S608 - only our expressions and the scope clause are interpolated, values are parameters
    period = int(DECAY_CHARGE_PERIOD.total_seconds())
    quiet = timedelta(days=settings.DECAY_AFTER_DAYS)
    return _execute(
        sql,
        {
            "now": now, "quiet": quiet, "period": period, "spread": DECAY_CHARGE_SPREAD,
            "durable_floor": settings.DURABLE_IMPORTANCE_FLOOR, **params,
        },
    )  # fmt: skip


def _charge_times_up_to(moment: str) -> str:
    """How many of the row's charge times are at or before ``moment`` (an SQL timestamptz), counted from the
    epoch: more at ``now`` than at its last charge means one has come since."""
    phase = "(id %% %(period)s) * %(spread)s %% %(period)s"  # (id mod period first: no bigint overflow)
    return f"floor((EXTRACT(EPOCH FROM {moment}) - {phase}) / %(period)s)"


def memories_expire(*, now: datetime, scope: Scope) -> int:
    """Memories past ``expires_at`` leave the active set (status expired, history recorded); those
    expired EXPIRED_KEEP_DAYS ago are deleted for good."""
    where, params = scope.sql()
    rows = _returning(
        f"""UPDATE memories_memory SET status = 'expired', valid_to = expires_at, updated_at = %(now)s
            WHERE status = 'active' AND expires_at <= %(now)s{where} RETURNING id, contact_id""",
        {"now": now, **params},
    )
    _events([row[0] for row in rows], MemoryEventKind.EXPIRED, now)
    _forget_recent(rows)
    deleted = _delete(
        f"SELECT id FROM memories_memory WHERE status = 'expired' AND expires_at <= %(cutoff)s{where}",
        {"cutoff": now - timedelta(days=settings.EXPIRED_KEEP_DAYS), **params},
    )
    return len(rows) + len(deleted)


def memories_prune(*, now: datetime, scope: Scope) -> int:
    """Non-durable memories below PRUNE_BELOW_IMPORTANCE that have not mattered for PRUNE_AFTER_DAYS are forgotten
    (status forgotten, the reason in their history), restorable by staff until ``memories_forgotten_delete``."""
    where, params = scope.sql()
    rows = _forget(
        f"""SELECT id FROM memories_memory
            WHERE status = 'active' AND NOT pinned AND NOT {_DURABLE}
              AND importance < %(floor)s AND mattered_at < %(cutoff)s{where}""",
        {
            "floor": settings.PRUNE_BELOW_IMPORTANCE, "cutoff": now - timedelta(days=settings.PRUNE_AFTER_DAYS),
            "now": now, **params,
            "reason": f"pruned: importance below {settings.PRUNE_BELOW_IMPORTANCE},"
                      f" untouched for {settings.PRUNE_AFTER_DAYS} days",
        },
    )  # fmt: skip
    return len(rows)


# The order the cap evicts in: episodes first (old life is summarised in patterns), then non-durable preferences,
# then patterns. Durable memories are not in it: they never go.
_EVICTION_ORDER = "CASE memory_type WHEN 'episode' THEN 0 WHEN 'preference' THEN 1 ELSE 2 END"


def memories_evict_over_cap(*, now: datetime, scope: Scope) -> int:
    """A contact keeps at most MEMORY_CAP_PER_CONTACT active memories: beyond it the unpinned, non-durable ones are
    forgotten in ``_EVICTION_ORDER``, each kind least important, then oldest, first. Pinned and durable memories count
    towards the cap but never go (a contact with more of them than the cap keeps them all)."""
    where, params = scope.sql("m")
    rows = _forget(
        f"""
        WITH kept AS (
            SELECT contact_id, count(*) AS n FROM memories_memory m
            WHERE status = 'active' AND (pinned OR {_DURABLE}) AND contact_id IS NOT NULL{where} GROUP BY contact_id
        ), ranked AS (
            SELECT id, contact_id, row_number() OVER (
                PARTITION BY contact_id ORDER BY {_EVICTION_ORDER} DESC, importance DESC, created_at DESC, id DESC
            ) AS rank
            FROM memories_memory m
            WHERE status = 'active' AND NOT pinned AND NOT {_DURABLE} AND contact_id IS NOT NULL{where}
        )
        SELECT ranked.id FROM ranked LEFT JOIN kept ON kept.contact_id = ranked.contact_id
        WHERE ranked.rank > GREATEST(%(cap)s - COALESCE(kept.n, 0), 0)
        """,  # noqa: S608
        {
            "cap": settings.MEMORY_CAP_PER_CONTACT, "now": now, **params,
            "reason": f"evicted: over the cap of {settings.MEMORY_CAP_PER_CONTACT}",
        },
    )  # fmt: skip
    return len(rows)


def memories_forgotten_delete(*, now: datetime, scope: Scope) -> int:
    """Forgotten memories FORGOTTEN_KEEP_DAYS after they were forgotten are deleted for good (the message ledger
    keeps what was said)."""
    where, params = scope.sql()
    rows = _delete(
        f"SELECT id FROM memories_memory WHERE status = 'forgotten' AND valid_to <= %(cutoff)s{where}",
        {"cutoff": now - timedelta(days=settings.FORGOTTEN_KEEP_DAYS), **params},
    )
    return len(rows)


def _forget(chosen_sql: str, params: dict[str, Any]) -> list[tuple[int, int | None]]:
    """The memories ``chosen_sql`` selects (one ``id`` column; still active) leave the active set as forgotten at
    ``%(now)s``, each with a "forgotten" event giving ``%(reason)s`` — one statement. Idempotent: a forgotten memory
    is not active, so a second run finds nothing."""
    rows = _returning(
        f"""
        WITH chosen AS ({chosen_sql}),
        forgotten AS (
            UPDATE memories_memory SET status = 'forgotten', valid_to = %(now)s, updated_at = %(now)s
            WHERE id IN (SELECT id FROM chosen) AND status = 'active'
            RETURNING id, contact_id, importance
        ),
        events AS (
            INSERT INTO memories_memoryevent (memory_id, kind, actor, before, after, source_message_ids, created_at)
            SELECT id, 'forgotten', 'consolidation', jsonb_build_object('status', 'active', 'importance', importance),
                   jsonb_build_object('status', 'forgotten', 'importance', importance, 'reason', %(reason)s::text),
                   '{{}}', %(now)s
            FROM forgotten
        )
        SELECT id, contact_id FROM forgotten
        """,  # noqa: S608 - the chosen query is ours; values are parameters
        params,
    )
    _forget_recent(rows)
    return rows


def _delete(doomed_sql: str, params: dict[str, Any]) -> list[tuple[int, int | None]]:
    """Delete the memories ``doomed_sql`` selects (one ``id`` column) with what hangs off them — history events, entity
    links, ``superseded_by`` pointers, as the ORM's cascade would — in one statement; then, in the same transaction, the
    admin log's lines about a contact's memories among them (they quote the text; ``memory_delete`` does the same)."""
    with transaction.atomic():
        rows = _returning(
            f"""
            WITH doomed AS ({doomed_sql}),
            events AS (DELETE FROM memories_memoryevent WHERE memory_id IN (SELECT id FROM doomed)),
            links AS (DELETE FROM memories_memory_entities WHERE memory_id IN (SELECT id FROM doomed)),
            pointers AS (
                UPDATE memories_memory SET superseded_by_id = NULL
                WHERE superseded_by_id IN (SELECT id FROM doomed) AND id NOT IN (SELECT id FROM doomed)
            )
            DELETE FROM memories_memory WHERE id IN (SELECT id FROM doomed) RETURNING id, contact_id
            """,  # noqa: S608 - the doomed query is ours; values are parameters
            params,
        )
        admin_log_forget(model=Memory, ids=[memory_id for memory_id, contact_id in rows if contact_id is not None])
    _forget_recent(rows)
    return rows


def _execute(sql: str, params: dict[str, Any]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _returning(sql: str, params: dict[str, Any]) -> list[tuple[int, int | None]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _events(memory_ids: list[int], kind: str, at: datetime) -> None:
    MemoryEvent.objects.bulk_create(
        [MemoryEvent(memory_id=memory_id, kind=kind, actor="consolidation", created_at=at) for memory_id in memory_ids],
        batch_size=1000,
    )


def _forget_recent(rows: list[tuple[int, int | None]]) -> None:
    for contact_id in {contact_id for _, contact_id in rows if contact_id is not None}:
        recent.forget(contact_id)
