"""Fill a token budget with the best-scoring memories.

The rule of ``GET /context`` (issue 17): the contact's durable memories (``memories.durability``: who they are — the
live form of their permanent profile) go in first, best score first, up to DURABLE_CONTEXT_TOKENS; the stage's
budget (STAGE_BUDGETS, chat-engine-memory-v2 §3.4) is then raised to at least what they took, and the rest of the
memories fill what is left by score. So a new contact (stage budget 0) gets exactly what they have told us so far,
and an established one still gets at most its 1,200 tokens (DURABLE_CONTEXT_TOKENS is below every budget but new
and dormant): durable facts take their place inside it instead of on top. An explicit ``?budget=`` is a ceiling the
caller chose: the durable memories go first within it, never past it.
"""

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
    as_durable: bool = False  # went in by the durable rule (first, within the durable budget), not by score


def fill_budget(
    ranked: Sequence[RankedMemory], *, budget: int, now: datetime, as_durable: bool = False
) -> list[Chosen]:
    """Greedy by score: each memory costs the tokens of its context line (real o200k tokens);
    one that no longer fits is skipped and smaller ones after it may still fit."""
    chosen: list[Chosen] = []
    used = 0
    for memory in ranked:
        if used >= budget:
            break
        line = memory_line(memory, now)
        cost = line_tokens(line)
        if used + cost <= budget:
            chosen.append(Chosen(memory, line, cost, as_durable))
            used += cost
    return chosen


def line_tokens(line: str) -> int:
    """What a context line costs in the budget: its o200k tokens with its newline."""
    return count_tokens(line + "\n")


def durable_budget_for(*, durable_budget: int, ceiling: int | None) -> int:
    """The tokens the durable memories may take first: ``durable_budget``, within the caller's ceiling if set."""
    return durable_budget if ceiling is None else min(durable_budget, ceiling)


def budget_to_fill(*, stage_budget: int, ceiling: int | None) -> int:
    """The tokens the memories fill: the caller's ceiling if set, else the stage's budget. Known before the ranking,
    which takes candidates enough to fill it; ``fill_contact_budget`` passes the stage's budget raised to what the
    durable memories took (they are candidates whatever the budget)."""
    return stage_budget if ceiling is None else ceiling


def fill_contact_budget(
    ranked: Sequence[RankedMemory], *, stage_budget: int, durable_budget: int, now: datetime, ceiling: int | None
) -> tuple[list[Chosen], int]:
    """The module's rule: durable memories first (at most ``durable_budget`` tokens, and ``ceiling`` if the caller
    set one), then the rest by score in max(``stage_budget``, their tokens) − their tokens. Returns the chosen
    memories in ``ranked``'s order (best score first) and the budget they were chosen under."""
    first_budget = durable_budget_for(durable_budget=durable_budget, ceiling=ceiling)
    durable = fill_budget([m for m in ranked if m.durable], budget=first_budget, now=now, as_durable=True)
    used = sum(c.tokens for c in durable)
    budget = budget_to_fill(stage_budget=max(stage_budget, used), ceiling=ceiling)
    taken = {c.memory.id for c in durable}
    rest = fill_budget([m for m in ranked if m.id not in taken], budget=budget - used, now=now)
    order = {m.id: index for index, m in enumerate(ranked)}
    return sorted(durable + rest, key=lambda c: order[c.memory.id]), budget
