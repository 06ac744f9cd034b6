"""Fill a token budget with the best-scoring memories."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from context.context_text import memory_line
from memories.retrieval.ranking import RankedMemory
from providers.tokens import count_tokens


@dataclass(frozen=True)
class Chosen:
    memory: RankedMemory
    line: str
    tokens: int


def fill_budget(ranked: Sequence[RankedMemory], *, budget: int, now: datetime) -> list[Chosen]:
    """Greedy by score: each memory costs the tokens of its context line (real o200k tokens);
    one that no longer fits is skipped and smaller ones after it may still fit."""
    chosen: list[Chosen] = []
    used = 0
    for memory in ranked:
        if used >= budget:
            break
        line = memory_line(memory, now)
        cost = count_tokens(line + "\n")
        if used + cost <= budget:
            chosen.append(Chosen(memory, line, cost))
            used += cost
    return chosen
