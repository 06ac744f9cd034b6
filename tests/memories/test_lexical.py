"""BM25 over PostgreSQL lexeme statistics (the lexical half of hybrid similarity)."""

from __future__ import annotations

import re

import pytest
from django.db.models import TextField
from django.db.models.functions import Cast

from config import clock
from memories.models import Memory
from memories.retrieval.lexical import DocumentStats, bm25_scores
from memories.retrieval.ranking import _eligible, contact_owner
from memories.services.records import memory_create
from tests.factories import ContactFactory


def _doc(**counts: int) -> DocumentStats:
    return DocumentStats(length=sum(counts.values()), term_frequencies=counts)


def test_a_rare_word_outweighs_a_common_one() -> None:
    # given many memories about the park and one about the vet
    documents = {n: _doc(went=1, park=1) for n in range(10)}
    documents[99] = _doc(went=1, vet=1)

    # when the query names both
    scores = bm25_scores(documents, frozenset({"park", "vet"}))

    # then the rare word's memory ranks first, scaled to 1
    assert scores[99] == 1.0
    assert scores[0] == pytest.approx(scores[5])
    assert scores[0] < 1.0


def test_a_longer_memory_scores_lower_for_the_same_match() -> None:
    # given two memories naming Bruno once, one of them much longer
    documents = {1: _doc(bruno=1, park=1), 2: _doc(bruno=1, park=1, walk=3, rain=3, shoe=2)}

    # when the query is Bruno
    scores = bm25_scores(documents, frozenset({"bruno"}))

    # then the short one scores 1 and the long one less (length normalisation, b = 0.75, average length 6):
    # tf (k1 + 1) / (tf + k1 (1 − b + b·len/avg)) = 2.2 / 1.6 for length 2 and 2.2 / 2.8 for length 10
    assert scores[1] == 1.0
    assert scores[2] == pytest.approx(1.6 / 2.8)


def test_no_matching_word_scores_zero_everywhere() -> None:
    assert bm25_scores({1: _doc(jazz=1)}, frozenset({"techno"})) == {1: 0.0}
    assert bm25_scores({1: _doc(jazz=1)}, frozenset()) == {1: 0.0}


@pytest.mark.django_db
def test_postgres_counts_what_the_stored_tsvector_holds(tenant) -> None:  # type: ignore[no-untyped-def]
    # given memories whose lexemes repeat, carry apostrophes, or are all stopwords
    contact = ContactFactory(tenant=tenant)
    texts = ["Bruno chewed Bruno's shoe, and Bruno ran", "O'Brien's dog", "it is what it is", "Shoes! shoes!"]
    memories = [
        memory_create(tenant=tenant, contact=contact, memory_type="fact", content=text, source="rules")
        for text in texts
    ]

    # when the ranking query reads them for a query
    rows = {row.id: row for row in _eligible(contact_owner(contact), clock.now(), None, "Bruno's shoes")}

    # then each memory's length and query-term counts are those of its search_vector's text form
    for memory in memories:
        stored = Memory.objects.filter(pk=memory.pk).annotate(text=Cast("search_vector", TextField())).get().text
        occurrences = {
            lexeme.replace("''", "'"): len(positions.split(",")) if positions else 1
            for lexeme, positions in re.findall(r"'((?:[^']|'')+)'(?::([\dA-D,]+))?", stored)
        }
        row = rows[memory.pk]
        assert row.length == sum(occurrences.values())
        assert dict(zip(row.query_terms, row.query_term_counts, strict=True)) == {
            term: n for term, n in occurrences.items() if term in {"bruno", "shoe"}
        }
    first = rows[memories[0].pk]
    assert (first.length, first.query_terms, first.query_term_counts) == (6, ["bruno", "shoe"], [3, 1])
