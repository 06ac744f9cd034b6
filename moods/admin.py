from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from memories.admin import ReadOnlyAdmin
from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from moods.services.crisis import review_flag_resolve
from moods.services.outreach import trigger_complete


@admin.register(MoodLog)
class MoodLogAdmin(ReadOnlyAdmin):
    list_display = ["contact", "mood", "energy", "style", "confidence", "source", "logged_at"]
    list_filter = ["tenant", "mood", "source"]
    list_select_related = ["contact"]


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
class ReviewFlagAdmin(ReadOnlyAdmin):
    list_display = ["contact", "kind", "category", "excerpt", "created_at", "resolved_at", "resolved_by"]
    list_filter = [OpenFilter, "tenant", "kind", "category"]
    list_select_related = ["contact"]
    actions = ["resolve"]

    @admin.action(description="Resolve the selected flags")
    def resolve(self, request: HttpRequest, queryset: QuerySet[ReviewFlag]) -> None:
        for flag in queryset:
            review_flag_resolve(flag=flag, actor=f"staff:{request.user.get_username()}")
        self.message_user(request, f"Resolved {queryset.count()} flag(s).")


@admin.register(Trigger)
class TriggerAdmin(ReadOnlyAdmin):
    list_display = ["contact", "kind", "reason", "due_at", "completed_at"]
    list_filter = [OpenFilter, "tenant", "kind"]
    list_select_related = ["contact"]
    actions = ["complete"]

    @admin.action(description="Complete the selected triggers")
    def complete(self, request: HttpRequest, queryset: QuerySet[Trigger]) -> None:
        for trigger in queryset:
            trigger_complete(trigger=trigger)
        self.message_user(request, f"Completed {queryset.count()} trigger(s).")


@admin.register(Insight)
class InsightAdmin(ReadOnlyAdmin):
    list_display = ["contact", "kind", "summary", "created_at"]
    list_filter = ["tenant", "kind"]
    list_select_related = ["contact"]
