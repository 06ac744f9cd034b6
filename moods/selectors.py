"""Reads of the emotional-intelligence layer — always scoped to the caller's tenant."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet

from contacts.models import Contact, ContactState, Energy, Mood, Tenant
from moods.adaptation import DEFAULT_FLIRTY_PERSONA, adaptation_lines
from moods.models import Insight, Trigger


@dataclass(frozen=True)
class Baseline:
    mood: str
    energy: str
    style: str


@dataclass(frozen=True)
class EmotionalContext:
    mood: str
    energy: str
    style: str
    confidence: float
    mood_at: datetime | None
    current: bool  # read within MOOD_CURRENT_HOURS (else it is the "last known" mood)
    baseline: Baseline | None
    unusual: bool  # the mood or energy differs from the baseline
    adaptation: list[str]
    crisis_at: datetime | None  # set while the crisis guidance applies
    helpline: str


def emotional_context_get(*, contact: Contact, state: ContactState, now: datetime) -> EmotionalContext:
    """No queries: everything comes from the contact's state and tenant (loaded by the caller)."""
    tenant_settings = contact.tenant.settings or {}
    baseline = (
        Baseline(state.baseline_mood, state.baseline_energy, state.baseline_style) if state.baseline_mood else None
    )
    current = state.mood_at is not None and now - state.mood_at <= timedelta(hours=settings.MOOD_CURRENT_HOURS)
    crisis_window = timedelta(hours=settings.CRISIS_CONTEXT_HOURS)
    crisis_active = state.crisis_at is not None and now - state.crisis_at <= crisis_window
    persona = tenant_settings.get("flirty_persona", DEFAULT_FLIRTY_PERSONA)
    # While a crisis is recent the tone is the supportive one, whatever the last reading said.
    tone = (Mood.SAD, Energy.LOW) if crisis_active else (state.mood, state.energy)
    return EmotionalContext(
        mood=state.mood,
        energy=state.energy,
        style=state.style,
        confidence=state.mood_confidence,
        mood_at=state.mood_at,
        current=current,
        baseline=baseline,
        # A stale reading says how they were, not how they are: no unusual-flag, no tone to adapt to.
        unusual=current and baseline is not None and (state.mood, state.energy) != (baseline.mood, baseline.energy),
        adaptation=adaptation_lines(mood=tone[0], energy=tone[1], flirty_persona=str(persona))
        if current or crisis_active
        else [],
        crisis_at=state.crisis_at if crisis_active else None,
        helpline=str(tenant_settings.get("helpline_text") or settings.DEFAULT_HELPLINE_TEXT),
    )


def trigger_list(
    *, tenant: Tenant, due_before: datetime, contact_external_id: str = "", include_completed: bool = False
) -> QuerySet[Trigger]:
    """Triggers due at or before ``due_before``, soonest first (open ones only unless asked)."""
    triggers = Trigger.objects.filter(tenant=tenant, due_at__lte=due_before).select_related("contact")
    if not include_completed:
        triggers = triggers.filter(completed_at__isnull=True)
    if contact_external_id:
        triggers = triggers.filter(contact__external_id=contact_external_id)
    return triggers.order_by("due_at", "pk")


def trigger_get(*, tenant: Tenant, trigger_id: int) -> Trigger | None:
    return Trigger.objects.filter(tenant=tenant, pk=trigger_id).select_related("contact").first()


def insight_list(*, tenant: Tenant, kind: str = "", contact_external_id: str = "") -> QuerySet[Insight]:
    insights = Insight.objects.filter(tenant=tenant).select_related("contact")
    if kind:
        insights = insights.filter(kind=kind)
    if contact_external_id:
        insights = insights.filter(contact__external_id=contact_external_id)
    return insights.order_by("-created_at", "-pk")
