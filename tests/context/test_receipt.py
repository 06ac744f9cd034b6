"""GET /context?explain=true: the context receipt (issue 19) — every memory of the contact, its score's signals, and
why it was included or dropped; off by default, and then nothing more is read or returned."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from config import clock
from contacts.models import Contact, ContactState, Tenant
from memories.models import Memory
from memories.services.access import memories_access_log_flush
from memories.services.enrichment import memories_embed_pending
from memories.services.records import memory_create, memory_supersede
from providers.tokens import count_tokens
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
SIGNALS = ("similarity", "recency", "importance", "access_frequency", "entity_match")


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    contact = ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun", channel="whatsapp")
    ContactState.objects.filter(contact=contact).update(relationship_stage="established", session_count=22)
    return contact


def _memory(contact: Contact, content: str, memory_type: str = "episode", **fields: Any) -> Memory:
    memory = memory_create(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, content=content, source="rules",
        created_at=fields.pop("created_at", NOW - timedelta(days=1)), importance=fields.pop("importance", None),
        source_message_ids=fields.pop("source_message_ids", ()),
    )  # fmt: skip
    if fields:
        Memory.objects.filter(pk=memory.pk).update(**fields)
    return memory


def _context(client: APIClient, **params: Any) -> dict[str, Any]:
    response = client.get("/context/arjun", params)
    assert response.status_code == 200, response.content
    return response.json()


def _item(body: dict[str, Any], memory: Memory) -> dict[str, Any]:
    [item] = [i for i in body["receipt"]["items"] if i["id"] == memory.pk]
    return item


def test_the_receipt_lists_the_included_memories_as_the_body_does_then_the_dropped(
    api_client: APIClient, arjun: Contact
) -> None:
    # given facts, episodes and a memory superseded since
    fact = _memory(arjun, "Works at Infosys as a software engineer", memory_type="fact", source_message_ids=["wa-1"])
    for n in range(6):
        _memory(arjun, f"Went hiking in the hills on trip {n} and it rained all day long", importance=0.3 + n / 100)
    old = _memory(arjun, "Lives in Leeds", memory_type="fact")
    new = _memory(arjun, "Lives in York", memory_type="fact")
    memory_supersede(old=old, new=new, at=NOW - timedelta(hours=2))
    memories_embed_pending(tenant_id=arjun.tenant_id, contact_id=arjun.pk)

    # when the context is read with a receipt under a small budget
    body = _context(api_client, query="where does he work", budget=60, explain="true")

    # then the included items are the body's memories, in its order, first; every memory of the contact is listed
    items = body["receipt"]["items"]
    included = [i for i in items if i["included"]]
    assert [i["id"] for i in included] == [m["id"] for m in body["memories"]]
    assert items[: len(included)] == included
    assert {i["id"] for i in items} == set(Memory.objects.filter(contact=arjun).values_list("pk", flat=True))
    assert all(i["reason"] is None and i["included_as"] in ("durable", "score") for i in included)
    assert all(i["reason"] is not None and i["included_as"] is None for i in items[len(included) :])
    # the fact went in as durable, with its provenance and the cost of its line
    assert _item(body, fact) | {"score": None, "signals": None} == {
        "id": fact.pk, "memoryType": "fact", "content": "Works at Infosys as a software engineer",
        "importance": fact.importance, "score": None, "signals": None, "included": True, "included_as": "durable",
        "reason": None, "tokens": count_tokens(f'- [fact] "Works at Infosys as a software engineer" '
                                               f"(importance: {fact.importance:.2f})\n"),
        "durable": True, "candidate": True, "source_message_ids": ["wa-1"], "created_at": fact.created_at.isoformat(),
        "outdated_since": None, "superseded_by": None, "valid_to": None,
    }  # fmt: skip
    assert sum(i["tokens"] for i in included) == body["memory_tokens"] == body["receipt"]["memory_tokens"]
    receipt = {k: v for k, v in body["receipt"].items() if k != "items"}
    assert receipt == {
        "query": "where does he work", "matched_query": "where does he work", "subject": False,
        "weights": {"similarity": 0.65, "recency": 0.05, "importance": 0.05, "access_frequency": 0.05,
                    "entity_match": 0.20},
        "candidates": 8, "min_importance": 0.1, "memory_budget": 60, "durable_budget": 60,  # every eligible one
        "memory_tokens": body["memory_tokens"],
    }  # fmt: skip


def test_a_memory_whose_line_did_not_fit_was_dropped_for_budget(api_client: APIClient, arjun: Contact) -> None:
    # given two episodes (not durable) of which the budget holds one
    kept = _memory(arjun, "Baked a cake for his sister", importance=0.9)
    dropped = _memory(arjun, "Went to a concert in the park with old friends from school", importance=0.5)
    first_line_tokens = count_tokens('- [episode] "Baked a cake for his sister" (yesterday, importance: 0.90)\n')

    # when the budget is just that line
    body = _context(api_client, budget=first_line_tokens, explain="1")

    # then the other one says "budget", with the tokens it would have cost
    assert [m["id"] for m in body["memories"]] == [kept.pk]
    item = _item(body, dropped)
    assert (item["included"], item["reason"], item["candidate"]) == (False, "budget", True)
    assert item["tokens"] > 0 and item["score"] is not None


def test_a_superseded_memory_says_so_with_what_replaced_it(api_client: APIClient, arjun: Contact) -> None:
    old = _memory(arjun, "Lives in Leeds", memory_type="fact", source_message_ids=["wa-1"])
    new = _memory(arjun, "Lives in York", memory_type="fact", source_message_ids=["wa-9"])
    memory_supersede(old=old, new=new, at=NOW - timedelta(hours=2))

    body = _context(api_client, query="where does he live", explain="true")

    item = _item(body, old)
    assert (item["included"], item["reason"], item["score"], item["signals"], item["tokens"]) == (
        False, "superseded", None, None, None,
    )  # fmt: skip
    assert (item["superseded_by"], item["valid_to"]) == (new.pk, (NOW - timedelta(hours=2)).isoformat())
    assert item["source_message_ids"] == ["wa-1"]
    assert _item(body, new)["included"] is True


@pytest.mark.parametrize(
    ("fields", "reason"),
    [({"status": "compressed"}, "compressed"), ({"status": "expired"}, "expired"),
     ({"status": "forgotten"}, "forgotten"), ({"expires_at": NOW - timedelta(minutes=1)}, "expired"),
     ({"importance": 0.09}, "below_threshold"),
     ({"importance": 0.09, "memory_type": "preference", "metadata": {"polarity": "positive"}}, "below_threshold"),
     ({"importance": 0.09, "memory_type": "preference"}, "below_threshold")],  # no polarity: NULL in SQL
)  # fmt: skip
def test_a_memory_outside_the_eligible_set_says_why(
    api_client: APIClient, arjun: Contact, fields: dict[str, Any], reason: str
) -> None:
    hidden = _memory(arjun, "Secret hidden memory", **fields)  # an episode: not durable

    body = _context(api_client, query="secret hidden memory", explain="true")

    assert body["memories"] == []
    assert [(i["id"], i["included"], i["reason"]) for i in body["receipt"]["items"]] == [(hidden.pk, False, reason)]


def test_a_memory_below_the_similarity_cut_is_not_a_candidate(
    api_client: APIClient, arjun: Contact, settings: Any
) -> None:
    # given a similarity cut of two and three episodes, one about something else
    settings.RETRIEVAL_CANDIDATES = 2
    jazz = _memory(arjun, "Went to a jazz concert")
    records = _memory(arjun, "Listened to jazz records all night")
    other = _memory(arjun, "Repaired the bicycle chain")

    # when a question about the concert is asked with room for its line only: the cut's two lines are more than that
    line = _item(_context(api_client, query="the jazz concert", explain="true"), jazz)["tokens"]
    body = _context(api_client, query="the jazz concert", budget=line, explain="true")

    # then the third was scored but not a candidate, after the candidates; the second a candidate the budget left out
    item = _item(body, other)
    assert (item["included"], item["reason"], item["candidate"]) == (False, "not_candidate", False)
    assert item["score"] is not None and item["tokens"] > 0
    assert _item(body, jazz)["included"] is True
    assert (_item(body, records)["reason"], _item(body, records)["candidate"]) == ("budget", True)
    assert body["receipt"]["items"][-1] == item
    assert len(body["memories"]) == 1
    assert body["receipt"]["candidates"] == 2


def test_a_larger_budget_makes_more_of_the_similar_memories_candidates(
    api_client: APIClient, arjun: Contact, settings: Any
) -> None:
    # given a similarity cut of two and five walks: the cut's two lines hold a fraction of a deep contact's budget
    settings.RETRIEVAL_CANDIDATES = 2
    walks = [_memory(arjun, f"Walked the dog along the canal, stretch {n}") for n in range(5)]

    # when asked with room for every line
    body = _context(api_client, query="walks with the dog by the canal", budget=2000, explain="true")

    # then the budget is filled with them all (before, two lines went in and the rest of the budget stayed empty)
    assert {m["id"] for m in body["memories"]} == {w.pk for w in walks}
    assert body["receipt"]["candidates"] == 5


@pytest.mark.parametrize("query", ["what music does he like", ""])
def test_the_signals_add_up_to_the_score_with_the_weights(api_client: APIClient, arjun: Contact, query: str) -> None:
    # given memories with different signals, a tenant weight override among them
    Tenant.objects.filter(pk=arjun.tenant_id).update(settings={"retrieval_weights": {"recency": 0.3}})
    _memory(arjun, "Likes jazz", memory_type="preference", access_count=4, importance=0.7)
    _memory(arjun, "Went to a techno party", accessed_at=NOW - timedelta(days=40), importance=0.4)
    _memory(arjun, "Works at Infosys", memory_type="fact", created_at=NOW - timedelta(days=200))
    memories_embed_pending(tenant_id=arjun.tenant_id, contact_id=arjun.pk)

    body = _context(api_client, query=query, explain="true")

    weights = body["receipt"]["weights"]
    assert weights["recency"] == 0.3
    used = [s for s in SIGNALS if weights[s] is not None]
    assert used == (list(SIGNALS) if query else list(SIGNALS[1:]))
    items = body["receipt"]["items"]
    assert len(items) == 3
    for item in items:
        signals = item["signals"]
        expected = sum(weights[s] * signals[s] for s in used) / sum(weights[s] for s in used)
        assert item["score"] == pytest.approx(expected, abs=2e-6)
        assert (signals["dense"] is None, signals["lexical"] is None) == (not query, not query)


@pytest.mark.parametrize("explain", ["false", "0"])
def test_explain_false_is_the_body_without_explain(api_client: APIClient, arjun: Contact, explain: str) -> None:
    _memory(arjun, "Likes jazz", memory_type="preference")
    _memory(arjun, "Went to a techno party")

    plain = _context(api_client, query="music")
    off = _context(api_client, query="music", explain=explain)
    on = _context(api_client, query="music", explain="true")

    assert off == plain and "receipt" not in plain
    assert {k: v for k, v in on.items() if k != "receipt"} == plain


@pytest.mark.parametrize("explain", ["yes", "2", "on", "t"])
def test_a_bad_explain_value_is_400(api_client: APIClient, arjun: Contact, explain: str) -> None:
    response = api_client.get("/context/arjun", {"explain": explain})

    assert response.status_code == 400
    assert "explain" in response.json()


def test_explain_costs_one_query_and_nothing_when_off(
    api_client: APIClient, arjun: Contact, django_assert_num_queries: Any
) -> None:
    for n in range(20):
        _memory(arjun, f"Memory {n} about the weekend")
    _memory(arjun, "Old memory", status="superseded")
    _context(api_client, query="weekend")  # warm the query-embedding cache

    # auth, contact+state+tenant+recent episode, entities, ranking (as test_context_query_count_is_bounded)
    with django_assert_num_queries(4):
        _context(api_client, query="weekend", explain="false")
    # and the memories outside the eligible set
    with django_assert_num_queries(5):
        _context(api_client, query="weekend", explain="true")


def test_an_explained_read_records_the_same_accesses_as_a_plain_one(
    api_client: APIClient, tenant: Tenant, arjun: Contact
) -> None:
    # given a contact with a memory the budget holds and one it does not, and a twin contact read without explain
    bea = ContactFactory(tenant=tenant, external_id="bea")
    ContactState.objects.filter(contact=bea).update(relationship_stage="established")
    pairs = [
        (_memory(contact, "Baked a cake", importance=0.9), _memory(contact, "Went to a long concert", importance=0.5))
        for contact in (arjun, bea)
    ]
    budget = count_tokens('- [episode] "Baked a cake" (yesterday, importance: 0.90)\n')

    # when one is read with explain and the other without, and the reads are recorded
    api_client.get("/context/arjun", {"budget": budget, "explain": "true"})
    api_client.get("/context/bea", {"budget": budget})
    memories_access_log_flush()

    # then both recorded the shown memory only
    recorded = [
        [(m.access_count, m.accessed_at) for m in Memory.objects.filter(pk__in=[shown.pk, hidden.pk]).order_by("pk")]
        for shown, hidden in pairs
    ]
    assert recorded[0] == recorded[1] == [(1, NOW), (0, None)]
