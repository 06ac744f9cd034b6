"""BM25 over one owner's memories, from statistics PostgreSQL computes on the lexemes it stores.

``ts_rank_cd`` has no inverse document frequency, so a common word counts as much as a name;
BM25 weighs rare words up. The stemmed, stopword-free lexemes come from each memory's generated
``search_vector`` and from ``to_tsvector('english', query)``, so both sides stem alike; the
corpus statistics are the owner's eligible memories. The ranking query returns, per memory, its
length in lexeme occurrences and how often each query lexeme occurs in it (``DocumentStats``):
no tsvector travels to Python or is parsed here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

K1 = 1.2
B = 0.75


@dataclass(frozen=True)
class DocumentStats:
    length: int  # lexeme occurrences in the memory (a lexeme at three positions counts three)
    term_frequencies: Mapping[str, int]  # the query's lexemes found in the memory, and how often


def bm25_scores(documents: Mapping[int, DocumentStats], query_terms: frozenset[str]) -> dict[int, float]:
    """BM25 of every document for the query's lexemes, scaled so the best scores 1 (0 if none match)."""
    if not documents or not query_terms:
        return {doc_id: 0.0 for doc_id in documents}
    total = len(documents)
    average_length = sum(doc.length for doc in documents.values()) / total or 1.0
    frequency: dict[str, int] = {}
    for doc in documents.values():
        for term in doc.term_frequencies:
            if term in query_terms:
                frequency[term] = frequency.get(term, 0) + 1
    idf = {term: math.log((total - n + 0.5) / (n + 0.5) + 1) for term, n in frequency.items()}
    raw = {doc_id: _score(doc, idf, average_length) for doc_id, doc in documents.items()}
    best = max(raw.values())
    return {doc_id: (score / best if best > 0 else 0.0) for doc_id, score in raw.items()}


def _score(doc: DocumentStats, idf: Mapping[str, float], average_length: float) -> float:
    score = 0.0
    for term, weight in idf.items():
        tf = doc.term_frequencies.get(term, 0)
        if tf:
            score += weight * tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc.length / average_length))
    return score
