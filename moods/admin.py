from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from contacts.admin_lists import CappedPaginator
from contacts.admin_scoping import TenantScopedAdmin
from memories.admin import ReadOnlyAdmin
from memories.services.staff import staff_actor
from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from moods.services.crisis import review_flag_resolve
from moods.services.outreach import trigger_complete


@admin.register(MoodLog)
class MoodLogAdmin(TenantScopedAdmin, ReadOnlyAdmin):
    list_display = ["contact", "mood", "energy", "style", "confidence", "source", "logged_at"]
    list_filter = ["tenant", "mood", "source"]
    list_select_related = ["contact"]
    paginator = CappedPaginator
    show_full_result_count = False


class OpenFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):  # type: ignore[no-untyped-def]
        return [("open", "Open"), ("closed", "Closed")]

    def queryset(self, request, queryset):  # type: ignore[no-untyped-def]
        field = "resolved_at" if queryset.model is ReviewFlag else "completed_at"
        if self.value() == "open":
            return queryset.filter(**{f"{field}__isnull": True})
        if self.value() == "closed":
            return queryset.filter(**{f"{field}__isnull": False})
        return queryset


@admin.register(ReviewFlag)
class ReviewFlagAdmin(TenantScopedAdmin, ReadOnlyAdmin):
    list_display = ["contact", "kind", "category", "excerpt", "created_at", "resolved_at", "resolved_by"]
    list_filter = [OpenFilter, "tenant", "kind", "category"]
    list_select_related = ["contact"]
    actions = ["resolve"]

    @admin.action(description="Resolve the selected flags")
    def resolve(self, request: HttpRequest, queryset: QuerySet[ReviewFlag]) -> None:
        flags = list(queryset)
        for flag in flags:
            review_flag_resolve(flag=flag, actor=staff_actor(request.user.get_username()))
        self.message_user(request, f"Resolved {len(flags)} flag(s).")


@admin.register(Trigger)
class TriggerAdmin(TenantScopedAdmin, ReadOnlyAdmin):
    list_display = ["contact", "kind", "reason", "due_at", "completed_at"]
    list_filter = [OpenFilter, "tenant", "kind"]
    list_select_related = ["contact"]
    actions = ["complete"]

    @admin.action(description="Complete the selected triggers")
    def complete(self, request: HttpRequest, queryset: QuerySet[Trigger]) -> None:
        triggers = list(queryset)
        for trigger in triggers:
            trigger_complete(trigger=trigger)
        self.message_user(request, f"Completed {len(triggers)} trigger(s).")


@admin.register(Insight)
class InsightAdmin(TenantScopedAdmin, ReadOnlyAdmin):
    """Insights per tenant: superusers filter by tenant, a tenant's staff see their own."""

    list_display = ["contact", "kind", "summary", "tenant", "created_at"]
    list_filter = ["tenant", "kind"]
    list_select_related = ["contact"]
