"""Seed the scale-benchmark tenant: `python -m bench.seed --contacts 1000 [--memories 100] [--pool 20000] [--seed 1]`.

Works in its own database (bench/benchdb.py: ``rapport_bench`` on the embedded PostgreSQL). The tenant
``bench-scale`` gets N contacts × M memories with realistic texts (bench/texts.py) and real embeddings of the
configured local model. Embedding a million texts on 2 cores would take hours, so a pool of distinct texts
is embedded once and cached (``<data_dir>/bench/pool-<model>-<hash>.npy``); each contact is composed from
the pool (its own pet, sister, workplace and city, plus generic texts), its memories bulk-loaded with binary
COPY. Seeding is incremental and reproducible: contact ``c<i>`` depends only on the seed and i, so growing
from 1,000 to 10,000 contacts adds contacts 1,000-9,999 and leaves the others as they were.

Every contact is at the established stage (15-29 sessions, seen within 3 days): /context's budget is then
1,200 tokens, the stage the performance issue sets its token target for.
"""

# ruff: noqa: E402 - the bench database is chosen before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    from bench.benchdb import django_setup_bench

    django_setup_bench()

import numpy as np
from django.conf import settings
from django.db import connection
from psycopg.types import TypeInfo
from psycopg.types.json import Jsonb

from bench.benchdb import bench_data_dir
from bench.growth_periodic import LINK_COLUMNS, MEMORY_COLUMNS, _copy, _reserve_ids
from bench.texts import Persona, PoolText, contact_memories, persona, pool_index, pool_texts
from config import clock
from contacts.models import Contact, ContactState, Tenant
from memories.models import ContactEntity, Memory
from providers.embeddings import embed_texts, embedding_model

TENANT_SLUG = "bench-scale"
BATCH_CONTACTS = 500
# Keep the bench's own rate limits out of the way: 8 clients on localhost go past the default 6000/min.
RATE_LIMITS = {"ingest": "1000000/min", "context": "1000000/min", "default": "1000000/min"}
ENTITY_TYPES = {"pet": "pet", "sister": "person", "workplace": "workplace", "city": "location"}
IMPORTANCE = {"fact": (0.55, 0.95), "preference": (0.55, 0.95), "episode": (0.2, 0.7), "pattern": (0.6, 0.95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contacts", type=int, default=1_000)
    parser.add_argument("--memories", type=int, default=100, help="memories per contact")
    parser.add_argument("--pool", type=int, default=20_000, help="distinct texts embedded once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    pool, vectors, pool_figures = pool_load(args.pool, args.seed, bench_data_dir())
    figures = {"pool": pool_figures, **seed(args.contacts, args.memories, args.seed, pool, vectors)}
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def pool_load(size: int, seed: int, cache_dir: Path, log: Callable[[str], None] | None = None) -> tuple[
    list[PoolText], np.ndarray, dict[str, Any]
]:  # fmt: skip
    """The pool's texts and their vectors (one row each), embedded now or read from the cache."""
    log = log or _log
    pool = pool_texts(size, seed)
    digest = hashlib.sha256("\n".join(text.content for text in pool).encode()).hexdigest()[:12]
    path = cache_dir / f"pool-{embedding_model()}-{digest}.npy"
    started = time.perf_counter()
    if path.exists():
        vectors = np.load(path)
        return pool, vectors, {"texts": len(pool), "cached": str(path), "seconds": 0.0}
    chunks = []
    for first in range(0, len(pool), 1024):
        chunks.append(np.asarray(embed_texts([t.content for t in pool[first : first + 1024]]), dtype=np.float32))
        log(f"embedded {first + len(chunks[-1])}/{len(pool)} pool texts ({time.perf_counter() - started:.0f} s)")
    vectors = np.vstack(chunks)
    np.save(path, vectors)
    seconds = time.perf_counter() - started
    return pool, vectors, {"texts": len(pool), "cached": str(path), "seconds": round(seconds, 1),
                           "texts_per_second": round(len(pool) / seconds)}  # fmt: skip


def bench_tenant() -> Tenant:
    tenant, _ = Tenant.objects.get_or_create(
        slug=TENANT_SLUG, defaults={"name": "Scale benchmark", "settings": {"rate_limits": RATE_LIMITS}}
    )
    return tenant


def contact_persona(index: int, seed: int) -> Persona:
    """Contact ``c<index>``'s persona (bench/load.py asks questions about it)."""
    return persona(random.Random(f"{seed}-{index}"))


def seed(
    contacts: int, per_contact: int, seed: int, pool: list[PoolText], vectors: np.ndarray,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Grow the bench tenant to ``contacts`` contacts of ``per_contact`` memories each (never shrinks)."""
    log = log or _log
    tenant = bench_tenant()
    existing = Contact.objects.filter(tenant=tenant).count()
    connection.ensure_connection()
    vector_type = TypeInfo.fetch(connection.connection, "vector")
    index, model, now = pool_index(pool), embedding_model(), clock.now()
    started, loaded = time.perf_counter(), 0
    for first in range(existing, contacts, BATCH_CONTACTS):
        batch = range(first, min(first + BATCH_CONTACTS, contacts))
        loaded += _batch_load(tenant, batch, per_contact, seed, pool, vectors, index, model, now, vector_type)
        log(f"seeded {batch.stop}/{contacts} contacts ({time.perf_counter() - started:.0f} s)")
    insert_seconds = time.perf_counter() - started
    analyze_seconds = _analyze() if loaded else 0.0
    return {
        "tenant": tenant.slug, "contacts": max(existing, contacts), "added_contacts": max(0, contacts - existing),
        "added_memories": loaded, "memories": _memory_count(tenant), "insert_seconds": round(insert_seconds, 1),
        "memories_per_second": round(loaded / insert_seconds) if loaded else None,
        "analyze_seconds": round(analyze_seconds, 1),
    }  # fmt: skip


def _batch_load(
    tenant: Any, indexes: range, per_contact: int, seed: int, pool: list[PoolText], vectors: np.ndarray,
    index: dict[tuple[str, str], list[int]], model: str, now: datetime, vector_type: Any,
) -> int:  # fmt: skip
    people = [(i, contact_persona(i, seed), random.Random(f"{seed}-{i}-memories")) for i in indexes]
    contacts, entities = _contacts_create(tenant, people, now)
    chosen = [contact_memories(who, per_contact, index, rng) for _, who, rng in people]
    ids = iter(_reserve_ids("memories_memory", sum(len(c) for c in chosen)))
    rows, links = [], []
    for (_, _, rng), contact, positions in zip(people, contacts, chosen, strict=True):
        for position in positions:
            memory_id, text = next(ids), pool[position]
            rows.append(_memory_row(memory_id, tenant.pk, contact, text, vectors[position], model, rng, now))
            if text.entity:
                links.append((memory_id, entities[(contact.pk, text.entity)]))
    _copy("memories_memory", MEMORY_COLUMNS, rows, vector_type)
    _copy("memories_memory_entities", LINK_COLUMNS, links, vector_type)
    return len(rows)


def _contacts_create(tenant: Any, people: list[tuple[int, Persona, random.Random]], now: datetime) -> tuple[
    list[Any], dict[tuple[int, str], int]
]:  # fmt: skip
    """Contacts with an established state and their four entities; entity ids by (contact id, "pet:Luna")."""
    contacts = Contact.objects.bulk_create(
        [Contact(tenant=tenant, external_id=f"c{i}", display_name=who.name, channel="whatsapp") for i, who, _ in people]
    )
    ContactState.objects.bulk_create(
        [_state(contact, rng, now) for contact, (_, _, rng) in zip(contacts, people, strict=True)]
    )
    wanted = [
        (contact, key) for contact, (_, who, _) in zip(contacts, people, strict=True) for key in who.entity_keys()
    ]
    created = ContactEntity.objects.bulk_create([_entity(tenant, contact, key) for contact, key in wanted])
    return contacts, {(contact.pk, key): entity.pk for (contact, key), entity in zip(wanted, created, strict=True)}


def _state(contact: Any, rng: random.Random, now: datetime) -> Any:
    return ContactState(
        contact=contact, session_count=rng.randint(15, 29), active_streak=rng.randint(0, 10),
        relationship_stage="established", first_seen_at=now - timedelta(days=365),
        last_seen_at=now - timedelta(hours=rng.uniform(1, 72)), profile_updated_at=now - timedelta(hours=6),
    )  # fmt: skip


def _entity(tenant: Any, contact: Any, key: str) -> Any:
    kind, name = key.split(":")
    aliases = {"pet": [name, "my dog", "the dog"], "sister": [name, "my sister"]}.get(kind, [name])
    metadata = {"pet": {"species": "dog"}, "sister": {"relation": "sister"}}.get(kind, {})
    return ContactEntity(
        tenant=tenant, contact=contact, entity_type=ENTITY_TYPES[kind], key=name.lower(), display_name=name,
        aliases=aliases, metadata=metadata,
    )  # fmt: skip


def _memory_row(
    memory_id: int, tenant_id: int, contact: Any, text: PoolText, vector: np.ndarray, model: str,
    rng: random.Random, now: datetime,
) -> tuple[Any, ...]:  # fmt: skip
    """One row in bench/growth_periodic.py's MEMORY_COLUMNS order: active, created over the past year,
    half of them accessed since, decay charged up to the last periodic pass."""
    created = now - timedelta(days=rng.uniform(0, 365))
    accessed = created + (now - created) * rng.random() if rng.random() < 0.5 else None
    low, high = IMPORTANCE[text.memory_type]
    # Decay already charged by the last periodic pass (as in a running system), not a year of backlog.
    quiet_since = (accessed or created) + timedelta(days=settings.DECAY_AFTER_DAYS)
    decayed_at = now - timedelta(hours=6) if quiet_since < now - timedelta(hours=6) else None
    return (
        memory_id, tenant_id, contact.pk, text.memory_type, text.content, round(rng.uniform(low, high), 3),
        settings.MEMORY_DEFAULTS[text.memory_type]["decay_rate"], False,
        0 if accessed is None else rng.randint(1, 20), accessed, decayed_at, vector, model, "active", created, None,
        None, "consolidation" if text.memory_type == "pattern" else "rules", "", Jsonb({}), None,
        [f"{contact.external_id}-m{memory_id}"], created, accessed or created, accessed or created,
    )  # fmt: skip


def _analyze() -> float:
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for table in ("memories_memory", "memories_memory_entities", "memories_contactentity", "contacts_contact"):
            cursor.execute(f"ANALYZE {table}")  # what autovacuum would do after such a load
    return time.perf_counter() - started


def _memory_count(tenant: Any) -> int:
    return Memory.objects.filter(tenant=tenant).count()


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
