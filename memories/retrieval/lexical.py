"""BM25 over one contact's memories, on the lexemes PostgreSQL already stores.

``ts_rank_cd`` has no inverse document frequency, so a common word counts as much as a name;
BM25 weighs rare words up. The stemmed, stopword-free lexemes come from each memory's generated
``search_vector`` and from ``to_tsvector('english', query)``, so both sides stem alike; the
corpus statistics are this contact's eligible memories.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping

K1 = 1.2
B = 0.75
# "'bruno':1 'shoe':4A,7" → lexeme 'bruno' at one position, 'shoe' at two.
_LEXEME = re.compile(r"'((?:[^']|'')+)'(?::([\dA-D,]+))?")


def lexemes(tsvector: str | None) -> Counter[str]:
    counts: Counter[str] = Counter()
    for match in _LEXEME.finditer(tsvector or ""):
        positions = match.group(2)
        counts[match.group(1).replace("''", "'")] += len(positions.split(",")) if positions else 1
    return counts


def bm25_scores(documents: Mapping[int, Counter[str]], query: Counter[str]) -> dict[int, float]:
    """BM25 of every document for the query's lexemes, scaled so the best scores 1 (0 if none match)."""
    if not documents or not query:
        return {doc_id: 0.0 for doc_id in documents}
    total = len(documents)
    average_length = sum(sum(doc.values()) for doc in documents.values()) / total or 1.0
    frequency = Counter(term for doc in documents.values() for term in doc if term in query)
    idf = {term: math.log((total - n + 0.5) / (n + 0.5) + 1) for term, n in frequency.items()}
    raw = {doc_id: _score(doc, idf, average_length) for doc_id, doc in documents.items()}
    best = max(raw.values())
    return {doc_id: (score / best if best > 0 else 0.0) for doc_id, score in raw.items()}


def _score(doc: Counter[str], idf: Mapping[str, float], average_length: float) -> float:
    length = sum(doc.values())
    score = 0.0
    for term, weight in idf.items():
        tf = doc.get(term, 0)
        if tf:
            score += weight * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average_length))
    return score
