"""The output serializers of ``GET /context`` and ``GET /brain/context``, one per nested object, so
``/api/schema/`` documents every field. They serialise the typed reads of ``context.selectors``.

The keys are the API's as first published (camelCase and snake_case mixed, times written by
``datetime.isoformat()``): clients read them, so they stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from operator import attrgetter
from typing import Any, ClassVar

from rest_framework import serializers

from config.serializers import FreeFormObjectField
from contacts.models import Energy, Mood, RelationshipStage, Style
from memories.models import EntityType, MemoryType
from moods.selectors import EmotionalContext

Plan = tuple[tuple[str, Callable[[Any], Any], Callable[[Any], Any]], ...]


# An output-only serializer for the hot read. Its declared fields name the keys, their sources and their
# formats — and so the schema — as in any serializer, but the way from object to dict is planned once per class:
# DRF would copy every field of every nested serializer for each response and look each value up generically
# (measured on a /context body of 25 memories: ~2.5 ms, a fifth of a cached request; planned, ~0.25 ms).
# tests/context/test_body.py checks that the plan answers what DRF's own path answers.
#
# Contract: a field reads an attribute path (``source``), or the whole object (``source="*"``); a None value is
# written as null without calling the field, as DRF does. No defaults, no write-only fields.
class FastOutputSerializer(serializers.Serializer):
    # (A comment, not a docstring: drf-spectacular would publish a docstring as every subclass's description.)

    _plans: ClassVar[dict[type, Plan]] = {}

    def to_representation(self, instance: Any) -> dict[str, Any]:
        plan = self._plans.get(type(self)) or self._plan()
        body = {}
        for name, read, write in plan:
            value = read(instance)
            body[name] = None if value is None else write(value)
        return body

    def _plan(self) -> Plan:
        fields = self.fields.items()
        plan = tuple((name, _reader(field.source_attrs), field.to_representation) for name, field in fields)
        self._plans[type(self)] = plan  # built twice at worst by two first requests at once: the same plan
        return plan


def _reader(source_attrs: list[str]) -> Callable[[Any], Any]:
    return attrgetter(".".join(source_attrs)) if source_attrs else _itself


def _itself(instance: Any) -> Any:
    return instance


class IsoDateTimeField(serializers.DateTimeField):
    """``datetime.isoformat()`` as the context bodies have always written it (``+00:00`` rather than DRF's ``Z``, in
    the datetime's own zone rather than the current one); documented as a date-time all the same."""

    def to_representation(self, value: datetime) -> str:
        return value.isoformat()


class ContextContactOutputSerializer(FastOutputSerializer):
    contactId = serializers.CharField(source="contact_id")
    displayName = serializers.CharField(source="display_name")
    channel = serializers.CharField()


class ContextStateOutputSerializer(FastOutputSerializer):
    mood = serializers.ChoiceField(choices=Mood.choices)
    moodConfidence = serializers.FloatField(source="mood_confidence")
    energy = serializers.ChoiceField(choices=Energy.choices)
    relationshipStage = serializers.ChoiceField(source="relationship_stage", choices=RelationshipStage.choices)
    activeStreak = serializers.IntegerField(source="active_streak", help_text="Consecutive active days")
    churnRisk = serializers.FloatField(source="churn_risk")


class BaselineOutputSerializer(FastOutputSerializer):
    mood = serializers.ChoiceField(choices=Mood.choices, allow_blank=True)
    energy = serializers.ChoiceField(choices=Energy.choices, allow_blank=True)
    style = serializers.ChoiceField(choices=Style.choices, allow_blank=True)


class CrisisOutputSerializer(FastOutputSerializer):
    active = serializers.SerializerMethodField(help_text="A crisis message within CRISIS_CONTEXT_HOURS")
    since = IsoDateTimeField(source="crisis_at", allow_null=True)
    helpline = serializers.SerializerMethodField(help_text="The tenant's helpline text, while a crisis is active")

    def get_active(self, emotional: EmotionalContext) -> bool:
        return emotional.crisis_at is not None

    def get_helpline(self, emotional: EmotionalContext) -> str | None:
        return emotional.helpline if emotional.crisis_at is not None else None


class EmotionalOutputSerializer(FastOutputSerializer):
    mood = serializers.ChoiceField(choices=Mood.choices)
    energy = serializers.ChoiceField(choices=Energy.choices)
    style = serializers.ChoiceField(choices=Style.choices)
    confidence = serializers.FloatField()
    moodAt = IsoDateTimeField(source="mood_at", allow_null=True, help_text="When the mood was read")
    current = serializers.BooleanField(help_text="Read within MOOD_CURRENT_HOURS (else the last known mood)")
    baseline = BaselineOutputSerializer(allow_null=True, help_text="Their usual mood, energy and style")
    unusual = serializers.BooleanField(help_text="A current mood or energy that differs from the baseline")
    adaptation = serializers.ListField(child=serializers.CharField(), help_text="How to adapt the reply's tone")
    crisis = CrisisOutputSerializer(source="*")


class RankedMemoryOutputSerializer(FastOutputSerializer):
    id = serializers.IntegerField()
    memoryType = serializers.ChoiceField(source="memory_type", choices=MemoryType.choices)
    content = serializers.CharField()
    importance = serializers.FloatField()
    score = serializers.FloatField(help_text="The retrieval score the memories are ordered by")
    source_message_ids = serializers.ListField(child=serializers.CharField())
    entities = serializers.ListField(child=serializers.CharField(), help_text='Entity refs such as "pet:bruno"')
    created_at = IsoDateTimeField()


class ContactMemoryOutputSerializer(RankedMemoryOutputSerializer):
    # A contact's memory in GET /context: a business memory's fields and one more (issue 17).
    outdated_since = IsoDateTimeField(
        allow_null=True,
        help_text="Set on an episode that told a fact replaced since (this time): it is past, no longer current; "
        "null otherwise",
    )


class ContextEntityOutputSerializer(FastOutputSerializer):
    entityType = serializers.ChoiceField(source="entity_type", choices=EntityType.choices)
    key = serializers.CharField()
    displayName = serializers.CharField(source="display_name")
    metadata = FreeFormObjectField()


# --- The context receipt (GET /context?explain=true) --------------------------------------------------------------
# Keys as the body's: a memory's own keys as in ``memories`` (id, memoryType, ..., source_message_ids, created_at),
# the new ones in snake_case like the body's newer keys (memory_budget, outdated_since).


class ReceiptSignalsOutputSerializer(FastOutputSerializer):
    similarity = serializers.FloatField(
        allow_null=True, help_text="Hybrid: dense and lexical mixed; null without a query"
    )
    dense = serializers.FloatField(allow_null=True, help_text="Cosine to the query's embedding; null without a query")
    lexical = serializers.FloatField(
        allow_null=True, help_text="BM25 scaled so the contact's best match scores 1; null without a query"
    )
    recency = serializers.FloatField(help_text="1 − days since last access (or creation) / 365, in [0, 1]")
    importance = serializers.FloatField()
    access_frequency = serializers.FloatField(help_text="min(access_count / 20, 1)")
    entity_match = serializers.FloatField(help_text="1 when the query names an entity of the memory, or the contact")


class ReceiptWeightsOutputSerializer(FastOutputSerializer):
    similarity = serializers.FloatField(allow_null=True, help_text="null without a query: the term is left out")
    recency = serializers.FloatField()
    importance = serializers.FloatField()
    access_frequency = serializers.FloatField()
    entity_match = serializers.FloatField()


class ReceiptItemOutputSerializer(FastOutputSerializer):
    id = serializers.IntegerField()
    memoryType = serializers.ChoiceField(source="memory_type", choices=MemoryType.choices)
    content = serializers.CharField()
    importance = serializers.FloatField()
    score = serializers.FloatField(
        allow_null=True,
        help_text="Σ weight × signal / Σ weight over the weights given (similarity's only with a query); "
        "null for a memory outside the eligible set",
    )
    signals = ReceiptSignalsOutputSerializer(allow_null=True, help_text="null for a memory outside the eligible set")
    included = serializers.BooleanField(help_text="In the body's memories and context_text")
    included_as = serializers.ChoiceField(
        choices=["durable", "score"],
        allow_null=True,
        help_text="durable: went in first, within durable_budget; score: filled the rest by score; null if dropped",
    )
    reason = serializers.ChoiceField(
        choices=["budget", "not_candidate", "superseded", "compressed", "expired", "forgotten", "below_threshold"],
        allow_null=True,
        help_text="Why it was dropped: its line did not fit (budget), below the similarity cut (not_candidate), or "
        "outside the eligible set (its status, expired, or importance under min_importance); null if included",
    )
    tokens = serializers.IntegerField(
        allow_null=True, help_text="Its context line's cost in tokens; null outside the eligible set"
    )
    durable = serializers.BooleanField(help_text="Who the contact is: kept eligible whatever its importance")
    candidate = serializers.BooleanField(help_text="Among the query's candidates")
    source_message_ids = serializers.ListField(child=serializers.CharField())
    created_at = IsoDateTimeField()
    outdated_since = IsoDateTimeField(allow_null=True)
    superseded_by = serializers.IntegerField(allow_null=True, help_text="The memory that replaced it")
    valid_to = IsoDateTimeField(allow_null=True, help_text="When it left the active set")


class ContextReceiptOutputSerializer(FastOutputSerializer):
    query = serializers.CharField(allow_blank=True)
    matched_query = serializers.CharField(
        allow_blank=True, help_text="What the memories were matched against: the query without the contact's name"
    )
    subject = serializers.BooleanField(help_text="The query names the contact: every memory matches it as the entity")
    weights = ReceiptWeightsOutputSerializer()
    candidates = serializers.IntegerField(
        help_text="How many memories were candidates: the most similar (at least RETRIEVAL_CANDIDATES, more when the"
        " budget needs more lines), those linked to an entity the query names, and the durable ones; without a query,"
        " every eligible memory"
    )
    min_importance = serializers.FloatField(help_text="Below it a memory that is not durable is not eligible")
    memory_budget = serializers.IntegerField()
    durable_budget = serializers.IntegerField(help_text="Tokens the durable memories may take first")
    memory_tokens = serializers.IntegerField()
    items = ReceiptItemOutputSerializer(
        many=True, help_text="Every memory of the contact: the included ones in the body's order, then the dropped"
    )
