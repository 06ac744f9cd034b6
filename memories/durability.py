"""Which memories are durable: who a person is, kept until it is no longer true.

Identity and life facts (name, age, home, work and role, partner, family, pets, health, allergies and diet) and the
preferences a bot must never forget (topics to avoid, dislikes, strong likes) leave the active set only by
supersession, staff action or erasure — never by decay, pruning or the cap. Episodes and patterns are not durable:
they are summarised and fade.

Derived from what is stored (type, ``metadata.polarity``, ``metadata.strength``), so every reader — the lifecycle's
SQL, the profile, ``/context`` — draws the same line with the same rule.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from memories.models import MemoryType

# A preference is durable when it is a boundary or a dislike (what a bot must not do), or said strongly.
DURABLE_PREFERENCE_POLARITIES = ("avoid", "negative")
STRONG = "strong"  # metadata.strength of a preference said with love/adore/hate/detest/despise


def is_durable(*, memory_type: str, metadata: dict[str, Any]) -> bool:
    if memory_type == MemoryType.FACT:
        return True
    if memory_type != MemoryType.PREFERENCE:
        return False
    return metadata.get("polarity") in DURABLE_PREFERENCE_POLARITIES or metadata.get("strength") == STRONG


def durable_q(prefix: str = "") -> Q:
    """The same rule as a filter (``prefix`` for a related lookup, e.g. ``"memories__"``)."""
    preference = Q(**{f"{prefix}memory_type": MemoryType.PREFERENCE}) & (
        Q(**{f"{prefix}metadata__polarity__in": DURABLE_PREFERENCE_POLARITIES})
        | Q(**{f"{prefix}metadata__strength": STRONG})
    )
    return Q(**{f"{prefix}memory_type": MemoryType.FACT}) | preference


def durable_sql(alias: str = "") -> str:
    """The same rule as an SQL condition over ``memories_memory`` (``alias`` if the table is aliased): true or false,
    never NULL (a preference without polarity reads ``metadata->>'polarity'`` as NULL), so ``NOT`` it is safe."""
    column = f"{alias}." if alias else ""
    polarities = ", ".join(f"'{polarity}'" for polarity in DURABLE_PREFERENCE_POLARITIES)
    return (
        f"COALESCE({column}memory_type = '{MemoryType.FACT.value}' OR ({column}memory_type = "
        f"'{MemoryType.PREFERENCE.value}' AND ({column}metadata->>'polarity' IN ({polarities}) OR "
        f"{column}metadata->>'strength' = '{STRONG}')), false)"
    )
