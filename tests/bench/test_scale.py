"""The scale-benchmark tools (bench/seed.py, texts.py, load.py, peer.py, plot.py) at a tiny size, in the test
database. Speed is measured by the tools themselves, never asserted here."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from contacts.models import Contact, ContactState
from memories.models import ContactEntity, Memory

pytestmark = pytest.mark.django_db


def _quiet(_: str) -> None:
    pass


def test_pool_texts_are_distinct_reproducible_and_tagged_with_their_entity() -> None:
    from bench.texts import ENTITIES, pool_texts

    # when
    first, second = pool_texts(600, seed=3), pool_texts(600, seed=3)

    # then
    assert first == second
    assert len({text.content for text in first}) == len(first)
    assert {text.memory_type for text in first} == {"fact", "preference", "episode", "pattern"}
    for text in first:
        if text.entity:
            kind, name = text.entity.split(":")
            assert name in ENTITIES[kind]
            assert name in text.content


def test_seed_loads_contacts_with_embedded_memories_and_grows_without_changing_earlier_ones(tmp_path: Path) -> None:
    from bench.seed import bench_tenant, pool_load, seed

    # given
    pool, vectors, pool_figures = pool_load(300, 1, tmp_path, log=_quiet)
    assert vectors.shape == (len(pool), 384)
    assert pool_figures["texts"] == len(pool)

    # when
    figures = seed(4, 10, 1, pool, vectors, log=_quiet)
    before = list(Memory.objects.filter(contact__external_id="c0").order_by("pk").values_list("content", flat=True))
    grown = seed(6, 10, 1, pool, vectors, log=_quiet)

    # then
    tenant = bench_tenant()
    assert figures["added_contacts"] == 4
    assert figures["added_memories"] == 40
    assert grown["added_contacts"] == 2
    assert grown["memories"] == 60
    assert sorted(Contact.objects.filter(tenant=tenant).values_list("external_id", flat=True)) == [
        f"c{i}" for i in range(6)
    ]
    assert set(ContactState.objects.filter(contact__tenant=tenant).values_list("relationship_stage", flat=True)) == {
        "established"
    }
    assert ContactEntity.objects.filter(tenant=tenant).count() == 24  # pet, sister, workplace, city each
    after = list(Memory.objects.filter(contact__external_id="c0").order_by("pk").values_list("content", flat=True))
    assert after == before
    memory = Memory.objects.filter(tenant=tenant, entities__isnull=False).first()
    assert memory is not None
    assert memory.entities.get().display_name in memory.content
    position = [text.content for text in pool].index(memory.content)
    assert np.allclose(np.asarray(memory.embedding), vectors[position], atol=1e-6)


def test_seed_reuses_the_cached_pool_vectors(tmp_path: Path) -> None:
    from bench.seed import pool_load

    # given
    _, vectors, _ = pool_load(120, 2, tmp_path, log=_quiet)

    # when
    _, cached, figures = pool_load(120, 2, tmp_path, log=_quiet)

    # then
    assert figures["seconds"] == 0.0
    assert np.array_equal(cached, vectors)
    assert len(list(tmp_path.glob("pool-all-MiniLM-L6-v2-*.npy"))) == 1


def test_questions_are_unique_and_name_the_contacts_own_entities() -> None:
    pytest.importorskip("httpx")
    from bench.load import context_calls, unique_questions
    from bench.seed import contact_persona

    # when
    pairs = unique_questions(5, 200, 1, random.Random(4))

    # then
    assert len(pairs) == 200
    assert len({text for _, text in pairs}) == 200
    assert all(0 <= index < 5 for index, _ in pairs)
    persona = contact_persona(0, 1)
    names = {persona.name, persona.pet, persona.sister, persona.workplace, persona.city}
    assert any(name in text for index, text in pairs if index == 0 for name in names)
    assert context_calls(5, 3, 1, random.Random(4))[0].path.startswith("/context/c")


def test_percentiles_and_the_sustained_rate() -> None:
    pytest.importorskip("httpx")
    from bench.load import percentiles, sustained_rate

    # when
    figures = percentiles([float(n) for n in range(1, 101)])
    steps = [
        {"offered_rate": 5.0, "messages": 50, "processed": 50, "processed_per_second": 5.1},
        {"offered_rate": 10.0, "messages": 100, "processed": 100, "processed_per_second": 9.6},
        {"offered_rate": 20.0, "messages": 200, "processed": 200, "processed_per_second": 12.5},
    ]

    # then
    assert figures == {"p50_ms": 51.0, "p95_ms": 96.0, "p99_ms": 100.0, "mean_ms": 50.5, "max_ms": 100.0}
    assert sustained_rate(steps) == {"kept_up_to": 10.0, "saturates_at": 20.0, "capacity_per_second": 12.5}
    assert sustained_rate([]) == {"kept_up_to": None, "saturates_at": None, "capacity_per_second": None}


def test_the_peer_embedder_reuses_stored_vectors_and_embeds_queries() -> None:
    pytest.importorskip("httpx")
    from bench.peer import LocalEmbedder
    from providers.embeddings import embed_query

    # given
    embedder = LocalEmbedder({"Works at Infosys": [1.0] + [0.0] * 383})

    # when
    stored = embedder.embed("Works at Infosys", "add")
    searched = embedder.embed("Works at Infosys", "search")

    # then
    assert stored == [1.0] + [0.0] * 383
    assert np.allclose(searched, embed_query("Works at Infosys"))


def test_plot_draws_the_latency_percentiles_per_scale(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from bench.plot import latency_plot

    # given
    runs = [
        {"memories": size, "clients": 8,
         "context": {"p50_ms": 10.0 * n, "p95_ms": 20.0 * n, "p99_ms": 30.0 * n, "server": {"p95_ms": 5.0 * n}}}
        for n, size in enumerate([10_000, 100_000, 1_000_000], start=1)
    ]  # fmt: skip
    out = tmp_path / "latency.png"

    # when
    latency_plot(runs, out)

    # then
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
