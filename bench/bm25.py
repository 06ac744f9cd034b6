"""BM25 Okapi over a fixed list of documents: the lexical baseline of `bench.locomo`.

score(q, d) = Σ_{t ∈ q} idf(t) · f(t, d) · (k1 + 1) / (f(t, d) + k1 · (1 − b + b · |d| / avgdl))
with idf(t) = ln((N − n(t) + 0.5) / (n(t) + 0.5) + 1), the non-negative form Lucene uses.
Words are lowercase runs of letters and digits (`[^\\W_]+`) minus the app's English stopwords.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from memories.extraction.text import STOPWORDS

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def tokenize(text: str) -> list[str]:
    return [word for word in _WORD.findall(text.lower()) if word not in STOPWORDS]


class BM25:
    def __init__(self, documents: Sequence[str], *, k1: float = 1.5, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.term_counts = [Counter(tokenize(document)) for document in documents]
        self.lengths = [sum(counts.values()) for counts in self.term_counts]
        self.average_length = (sum(self.lengths) / len(self.lengths) if self.lengths else 0.0) or 1.0
        document_frequency = Counter(term for counts in self.term_counts for term in counts)
        total = len(documents)
        self.idf = {term: math.log((total - n + 0.5) / (n + 0.5) + 1) for term, n in document_frequency.items()}

    def scores(self, query: str) -> list[float]:
        """One score per document, in document order; a query term repeated counts once per repeat."""
        terms = [term for term in tokenize(query) if term in self.idf]
        return [
            self._score(terms, counts, length) for counts, length in zip(self.term_counts, self.lengths, strict=True)
        ]

    def _score(self, terms: list[str], counts: Counter[str], length: int) -> float:
        norm = self.k1 * (1 - self.b + self.b * length / self.average_length)
        total = 0.0
        for term in terms:
            frequency = counts.get(term, 0)
            if frequency:
                total += self.idf[term] * frequency * (self.k1 + 1) / (frequency + norm)
        return total
