"""BM25 over PostgreSQL lexemes (the lexical half of hybrid similarity)."""

from __future__ import annotations

from collections import Counter

import pytest

from memories.retrieval.lexical import bm25_scores, lexemes


def test_lexemes_are_read_from_a_postgres_tsvector_with_their_counts() -> None:
    assert lexemes("'bruno':1 'shoe':4A,7 'o''brien':9 'x'") == Counter({"bruno": 1, "shoe": 2, "o'brien": 1, "x": 1})
    assert lexemes("") == Counter()
    assert lexemes(None) == Counter()


def test_a_rare_word_outweighs_a_common_one() -> None:
    # given many memories about the park and one about the vet
    documents = {n: Counter({"went": 1, "park": 1}) for n in range(10)}
    documents[99] = Counter({"went": 1, "vet": 1})

    # when the query names both
    scores = bm25_scores(documents, Counter({"park": 1, "vet": 1}))

    # then the rare word's memory ranks first, scaled to 1
    assert scores[99] == 1.0
    assert scores[0] == pytest.approx(scores[5])
    assert scores[0] < 1.0


def test_no_matching_word_scores_zero_everywhere() -> None:
    assert bm25_scores({1: Counter({"jazz": 1})}, Counter({"techno": 1})) == {1: 0.0}
    assert bm25_scores({1: Counter({"jazz": 1})}, Counter()) == {1: 0.0}
