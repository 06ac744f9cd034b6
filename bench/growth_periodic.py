"""The periodic pass at scale, for `python -m bench.growth periodic` (see bench/growth.py).

Population, per contact (seeded): three entities (a pet, a sister, a workplace); M memories — 25% facts
(8% of them superseded, 1% pinned), 15% preferences, 50% episodes (10% compressed, 3% expired long ago,
2% active but past their expiry, 40% of the rest linked to an entity and naming it), 10% patterns —
created uniformly over the past year, half never accessed, the rest last accessed between creation and
now, importances drawn per type (episodes down to 0.03, so pruning has work), unit random embeddings
(numpy) except in one contact of five, whose first six episodes are near-copies of one vector (a
cluster for compression); one "created" history event per memory. States: last seen within 3 days
(60%), 3-30 days (25%) or 30-200 days ago; 10% with facts changed since their profile was written.
"""

from __future__ import annotations

import random
import resource
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from unittest import mock

import numpy as np
from django.conf import settings
from django.db import connection
from pgvector.psycopg.vector import register_vector_info
from psycopg.types import TypeInfo
from psycopg.types.json import Jsonb

from bench.growth_year import BRUNO_DID, FACTS, FOOD, PREF_OBJECTS, WHEN, WORK_WHY
from config import clock
from consolidation.models import ConsolidationRun
from consolidation.services.run import consolidation_run
from contacts.models import Contact, ContactState, Tenant
from memories.models import ContactEntity
from memories.tasks import embed_memories
from providers.embeddings import embedding_model

BATCH_CONTACTS = 500
TYPE_SHARES = {"fact": 0.25, "preference": 0.15, "episode": 0.5, "pattern": 0.1}
IMPORTANCE_RANGE = {"fact": (0.4, 0.95), "preference": (0.4, 0.95), "episode": (0.03, 0.7), "pattern": (0.6, 0.95)}
CLUSTER_EVERY, CLUSTER_SIZE, CLUSTER_NOISE = 5, 6, 0.02
LINKED_SHARE = 0.4
PETS, SISTERS, WORKPLACES = ["Bruno", "Luna", "Coco", "Max"], ["Priya", "Anu", "Sara"], ["Infosys", "Google", "TCS"]
NAMES = ["Arjun", "Meera", "Ravi", "Divya", "Karthik", "Neha", "Sam", "Lena"]
MEMORY_COLUMNS = {
    "id": "int8", "tenant_id": "int8", "contact_id": "int8", "memory_type": "varchar", "content": "text",
    "importance": "float8", "decay_rate": "float8", "pinned": "bool", "access_count": "int4",
    "accessed_at": "timestamptz", "decayed_at": "timestamptz", "embedding": "vector", "embedding_model": "varchar",
    "status": "varchar", "valid_from": "timestamptz", "valid_to": "timestamptz", "expires_at": "timestamptz",
    "source": "varchar", "slot": "varchar", "metadata": "jsonb", "superseded_by_id": "int8",
    "source_message_ids": "varchar[]", "created_at": "timestamptz", "updated_at": "timestamptz",
    "mattered_at": "timestamptz",
}  # fmt: skip
EVENT_COLUMNS = {"memory_id": "int8", "kind": "varchar", "actor": "varchar", "before": "jsonb", "after": "jsonb",
                 "source_message_ids": "varchar[]", "created_at": "timestamptz"}  # fmt: skip
LINK_COLUMNS = {"memory_id": "int8", "contactentity_id": "int8"}
# The bulk of the tenant's rows, children before parents (other tenants live in the same tables); the ORM's
# cascade from the tenant then removes what is left (contacts and anything else that hangs off them).
PURGE_SQL = (
    "DELETE FROM memories_memoryevent e USING memories_memory m WHERE e.memory_id = m.id AND m.tenant_id = %(t)s",
    "DELETE FROM memories_memory_entities l USING memories_memory m WHERE l.memory_id = m.id AND m.tenant_id = %(t)s",
    "DELETE FROM memories_memory WHERE tenant_id = %(t)s",
    "DELETE FROM memories_contactentity WHERE tenant_id = %(t)s",
    "DELETE FROM contacts_contactstate s USING contacts_contact c WHERE s.contact_id = c.id AND c.tenant_id = %(t)s",
)


def periodic_run(
    *, contacts: int = 10_000, memories: int = 100, seed: int = 1, passes: int = 1,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Load a dedicated tenant, time one pass over it (``passes`` > 1: the next ones follow 6 h apart, the
    steady state after the first pass cleared the backlog), delete the tenant's rows. Not for a busy
    database: a pass takes the global consolidation lock."""
    log = log or _log
    now = clock.now()
    tenant = Tenant.objects.create(name="Growth bench (periodic)", slug=f"bench-growth-pass-{uuid.uuid4().hex[:12]}")
    figures: dict[str, Any] = {"mode": "periodic", "contacts": contacts, "memories_per_contact": memories}
    try:
        figures["load"] = population_load(tenant, contacts, memories, seed, now, log)
        figures["load"]["peak_rss_mb"] = _peak_rss_mb()
        figures["active_before"] = _active_by_type(tenant, now)
        figures["run"] = timed_run(tenant, now, log)
        figures["run"]["peak_rss_mb"] = _peak_rss_mb()
        figures["active_after"] = _active_by_type(tenant, now)
        interval = timedelta(hours=settings.CONSOLIDATION_INTERVAL_HOURS)
        figures["later_passes"] = [timed_run(tenant, now + n * interval, log) for n in range(1, passes)]
    finally:
        started = time.perf_counter()
        tenant_purge(tenant)
        figures["cleanup_seconds"] = round(time.perf_counter() - started, 1)
    return figures


@dataclass
class Batch:
    memories: list[tuple[Any, ...]]
    links: list[tuple[int, int]]
    events: list[tuple[Any, ...]]


def population_load(
    tenant: Tenant, contacts: int, memories: int, seed: int, now: datetime, log: Callable[[str], None]
) -> dict[str, Any]:
    connection.ensure_connection()
    vector = TypeInfo.fetch(connection.connection, "vector")
    rng, py_rng = np.random.default_rng(seed), random.Random(seed)
    started, counts = time.perf_counter(), {"contacts": 0, "memories": 0, "links": 0, "events": 0}
    for first in range(0, contacts, BATCH_CONTACTS):
        people = _contacts_create(tenant, range(first, min(first + BATCH_CONTACTS, contacts)), py_rng, now)
        batch = _memories_build(tenant, people, memories, rng, py_rng, now)
        _copy("memories_memory", MEMORY_COLUMNS, batch.memories, vector)
        _copy("memories_memory_entities", LINK_COLUMNS, batch.links, vector)
        _copy("memories_memoryevent", EVENT_COLUMNS, batch.events, vector)
        counts["contacts"] += len(people)
        counts["memories"] += len(batch.memories)
        counts["links"] += len(batch.links)
        counts["events"] += len(batch.events)
        log(f"loaded {counts['contacts']}/{contacts} contacts ({time.perf_counter() - started:.0f} s)")
    insert_seconds = time.perf_counter() - started
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for table in ("memories_memory", "memories_memory_entities", "memories_memoryevent", "contacts_contactstate"):
            cursor.execute(f"ANALYZE {table}")  # what autovacuum would have done after such a load
        cursor.execute("SELECT pg_total_relation_size('memories_memory')")
        table_bytes = cursor.fetchone()[0]
        cursor.execute("SELECT sum(pg_column_size(m.*)) FROM memories_memory m WHERE tenant_id = %s", [tenant.pk])
        row_bytes = cursor.fetchone()[0] or 0
    analyze_seconds = time.perf_counter() - started
    return {
        **counts, "insert_seconds": round(insert_seconds, 1), "analyze_seconds": round(analyze_seconds, 1),
        "memories_per_second": round(counts["memories"] / insert_seconds),
        "memory_rows_mb": round(row_bytes / 2**20),  # the tenant's rows as stored, without indexes
        "memories_table_mb": round(table_bytes / 2**20),  # the whole table with indexes (and dead rows)
    }  # fmt: skip


@dataclass
class Person:
    contact: Contact
    pet: ContactEntity
    sister: ContactEntity
    workplace: ContactEntity
    clustered: bool


def _contacts_create(tenant: Tenant, indexes: range, rng: random.Random, now: datetime) -> list[Person]:
    contacts = Contact.objects.bulk_create(
        [Contact(tenant=tenant, external_id=f"c{i}", display_name=rng.choice(NAMES)) for i in indexes]
    )
    ContactState.objects.bulk_create([_state(contact, rng, now) for contact in contacts])
    entities = ContactEntity.objects.bulk_create(
        [entity for contact in contacts for entity in _entities(tenant, contact, rng)]
    )
    return [
        Person(contact, *entities[3 * n : 3 * n + 3], clustered=index % CLUSTER_EVERY == 0)
        for n, (index, contact) in enumerate(zip(indexes, contacts, strict=True))
    ]


def _state(contact: Contact, rng: random.Random, now: datetime) -> ContactState:
    roll = rng.random()
    silent_days = rng.uniform(0, 3) if roll < 0.6 else rng.uniform(3, 30) if roll < 0.85 else rng.uniform(30, 200)
    sessions = rng.randint(1, 120)
    return ContactState(
        contact=contact, session_count=sessions, active_streak=rng.randint(0, 20), first_seen_at=now - timedelta(365),
        last_seen_at=now - timedelta(days=silent_days), relationship_stage="established" if sessions >= 15 else "new",
        profile_updated_at=None if rng.random() < 0.1 else now - timedelta(hours=6),
    )  # fmt: skip


def _entities(tenant: Tenant, contact: Contact, rng: random.Random) -> list[ContactEntity]:
    pet, sister, work = rng.choice(PETS), rng.choice(SISTERS), rng.choice(WORKPLACES)
    return [
        ContactEntity(tenant=tenant, contact=contact, entity_type="pet", key=pet.lower(), display_name=pet,
                      aliases=[pet, "my dog"], metadata={"species": "dog"}),
        ContactEntity(tenant=tenant, contact=contact, entity_type="person", key=sister.lower(), display_name=sister,
                      aliases=[sister, "my sister"], metadata={"relation": "sister"}),
        ContactEntity(tenant=tenant, contact=contact, entity_type="workplace", key=work.lower(), display_name=work,
                      aliases=[work]),
    ]  # fmt: skip


def _memories_build(
    tenant: Tenant, people: list[Person], per_contact: int, rng: np.random.Generator, py_rng: random.Random,
    now: datetime,
) -> Batch:  # fmt: skip
    total = len(people) * per_contact
    ids = _reserve_ids("memories_memory", total)
    vectors = rng.standard_normal((total, settings.EMBEDDING_DIMENSIONS), dtype=np.float32)
    types = rng.choice(list(TYPE_SHARES), size=total, p=list(TYPE_SHARES.values()))
    ages, touched, rolls = rng.uniform(0, 365, total), rng.uniform(0, 1, total), rng.uniform(0, 1, (total, 3))
    batch, model = Batch([], [], []), embedding_model()
    for n, (person, row) in enumerate((p, i) for p in people for i in range(per_contact)):
        in_cluster = person.clustered and row < CLUSTER_SIZE
        if in_cluster:  # active episodes, near-copies of the contact's first vector
            vectors[n] = vectors[n - row] + CLUSTER_NOISE * vectors[n] if row else vectors[n]
        vectors[n] /= np.linalg.norm(vectors[n])
        kind, status, expires_at, entity = (
            ("episode", "active", None, None) if in_cluster else _fate(str(types[n]), person, rolls[n], py_rng, now)
        )
        created = now - timedelta(days=float(ages[n]))
        accessed = created + (now - created) * float(touched[n]) if rolls[n][2] < 0.5 else None
        quiet_since = (accessed or created) + timedelta(days=settings.DECAY_AFTER_DAYS)
        low, high = IMPORTANCE_RANGE[kind]
        batch.memories.append((
            ids[n], tenant.pk, person.contact.pk, kind, _content(kind, entity, py_rng),
            low + (high - low) * float(rolls[n][1]), settings.MEMORY_DEFAULTS[kind]["decay_rate"],
            bool(kind == "fact" and rolls[n][0] > 0.99), 0 if accessed is None else py_rng.randint(1, 20), accessed,
            now - timedelta(hours=6) if quiet_since < now - timedelta(hours=6) else None,
            vectors[n], model, status, created, None if status == "active" else now - timedelta(days=1), expires_at,
            "consolidation" if kind == "pattern" else "rules", _slot(kind, float(rolls[n][0])), Jsonb({}), None,
            [f"{person.contact.external_id}-m{row}"], created, accessed or created, accessed or created,
        ))  # fmt: skip
        if entity is not None:
            batch.links.append((ids[n], entity.pk))
        batch.events.append((ids[n], "created", "system", Jsonb({}), Jsonb({"memory_type": kind}), [], created))
    return batch


def _fate(
    kind: str, person: Person, roll: np.ndarray, rng: random.Random, now: datetime
) -> tuple[str, str, datetime | None, ContactEntity | None]:
    """(type, status, expires_at, linked entity) from three uniform draws."""
    if kind == "fact":
        return kind, "superseded" if roll[0] < 0.08 else "active", None, None
    if kind != "episode":
        return kind, "active", None, None
    if roll[0] < 0.10:
        return kind, "compressed", None, None
    if roll[0] < 0.13:
        return kind, "expired", now - timedelta(days=rng.uniform(1, 200)), None
    if roll[0] < 0.15:
        return kind, "active", now - timedelta(days=rng.uniform(0, 3)), None
    if roll[1] >= LINKED_SHARE:
        return kind, "active", None, None
    return kind, "active", None, rng.choices([person.pet, person.sister, person.workplace], weights=[5, 3, 2])[0]


def _content(kind: str, entity: ContactEntity | None, rng: random.Random) -> str:
    if kind == "fact":
        return rng.choice(FACTS)
    if kind == "preference":
        return f"{rng.choice(['Loves', 'Likes', 'Hates', 'Prefers'])} {rng.choice(PREF_OBJECTS)}"
    if kind == "pattern":
        return f"Often talks about {rng.choice(['work stress', 'cooking', 'family', 'fitness'])} in the evenings"
    if entity is not None and entity.entity_type == "pet":
        return f"{entity.display_name} {rng.choice(BRUNO_DID)} {rng.choice(WHEN)}"
    if entity is not None and entity.entity_type == "person":
        return f"{entity.display_name} called about {rng.choice(FOOD)} recipes {rng.choice(WHEN)}"
    if entity is not None:
        return f"Long day at {entity.display_name}: {rng.choice(WORK_WHY)}"
    return f"Work was hard {rng.choice(WHEN)}, {rng.choice(WORK_WHY)}"


def _slot(kind: str, roll: float) -> str:
    if kind == "preference":
        return f"pref:{int(roll * 1000)}"
    return "location" if kind == "fact" and roll > 0.9 else ""


def _reserve_ids(table: str, count: int) -> list[int]:
    """Ids from the table's own sequence, so concurrent writers never collide with the COPY."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)", [table, count])
        return [row[0] for row in cursor.fetchall()]


def _copy(table: str, columns: dict[str, str], rows: list[tuple[Any, ...]], vector: TypeInfo | None) -> None:
    with connection.cursor() as cursor:
        register_vector_info(cursor.cursor, vector)  # on this cursor only: numpy arrays as binary vectors
        sql = f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT BINARY)"
        with cursor.cursor.copy(sql) as copy:
            copy.set_types(list(columns.values()))
            for row in rows:
                copy.write_row(row)


def timed_run(tenant: Tenant, now: datetime, log: Callable[[str], None]) -> dict[str, Any]:
    """One pass over the tenant, each step timed through the ``progress`` callback."""
    steps: list[dict[str, Any]] = []
    mark = started = time.perf_counter()

    def progress(name: str, result: int | tuple[int, int]) -> None:
        nonlocal mark
        seconds, mark = time.perf_counter() - mark, time.perf_counter()
        steps.append({"step": name, "seconds": round(seconds, 2), "result": result})
        log(f"  {name}: {result} in {seconds:.1f} s")

    queued: list[tuple[int, int | None]] = []
    # The pass enqueues the embedding of the patterns it writes (a worker's job, after commit); with the bench's eager
    # Celery it would run inside the pass's timing. Counted here instead, and what is left to embed reported.
    with mock.patch.object(embed_memories, "delay", side_effect=lambda *args: queued.append(args)):
        stats = consolidation_run(tenant=tenant, now=now, progress=progress)
    if stats is None:
        raise RuntimeError("another consolidation pass holds the lock; run the benchmark when it is free")
    return {"wall_seconds": round(time.perf_counter() - started, 1), "steps": steps, "stats": stats,
            "embedding_tasks_queued": len(queued), "memories_to_embed": _unembedded(tenant)}  # fmt: skip


def _unembedded(tenant: Tenant) -> int:
    """Active memories without a vector: what the queued embedding tasks have to do."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM memories_memory WHERE tenant_id = %s AND status = 'active' AND embedding IS NULL",
            [tenant.pk],
        )
        return int(cursor.fetchone()[0])


def _active_by_type(tenant: Tenant, now: datetime) -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT memory_type, count(*) FROM memories_memory WHERE tenant_id = %s AND status = 'active'
               AND (expires_at IS NULL OR expires_at > %s) GROUP BY memory_type ORDER BY memory_type""",
            [tenant.pk, now],
        )
        return dict(cursor.fetchall())


def tenant_purge(tenant: Tenant) -> None:
    """Set-based deletes of the big tables first (the ORM's cascade would load a million rows), then the
    tenant itself with what remains, and its consolidation records."""
    with connection.cursor() as cursor:
        for sql in PURGE_SQL:
            cursor.execute(sql, {"t": tenant.pk})
    tenant.delete()
    ConsolidationRun.objects.filter(tenant_slug=tenant.slug).delete()


def _peak_rss_mb() -> int:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)  # KiB on Linux


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
