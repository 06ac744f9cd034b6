"""Pieces of the contact list: its filters and correlated counts (annotations, so a page of contacts costs one
query, not one per row)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, IntegerField, QuerySet, Subquery
from django.db.models.functions import Coalesce


def contact_count(queryset: QuerySet[Any]) -> Coalesce:
    """COUNT(*) of ``queryset``'s rows per contact, correlated on the outer ``contact_id`` (pass a queryset
    already filtered with ``contact=OuterRef("pk")``)."""
    counted = queryset.order_by().values("contact").annotate(n=Count("pk")).values("n")[:1]
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


class ChurnRiskFilter(admin.SimpleListFilter):
    title = "churn risk"
    parameter_name = "churn"
    BANDS = {"high": (0.6, None), "elevated": (0.2, 0.6), "low": (None, 0.2)}

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        return [("high", "High (≥ 0.6)"), ("elevated", "Elevated (0.2–0.6)"), ("low", "Low (< 0.2)")]

    def queryset(self, request: Any, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() not in self.BANDS:
            return queryset
        low, high = self.BANDS[self.value()]  # type: ignore[index]
        if low is not None:
            queryset = queryset.filter(state__churn_risk__gte=low)
        if high is not None:
            queryset = queryset.filter(state__churn_risk__lt=high)
        return queryset


class OpenFlagsFilter(admin.SimpleListFilter):
    """Contacts with review flags nobody has resolved yet (uses the ``open_flag_count`` annotation)."""

    title = "open review flags"
    parameter_name = "flags"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        return [("open", "Has open flags"), ("none", "No open flags")]

    def queryset(self, request: Any, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "open":
            return queryset.filter(open_flag_count__gt=0)
        if self.value() == "none":
            return queryset.filter(open_flag_count=0)
        return queryset
