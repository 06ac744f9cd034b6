"""Staff admin of mood logs, review flags, triggers and insights: viewable, not editable (services write them).
Staff close flags and triggers with the actions, which need the model's change permission."""

from __future__ import annotations

from datetime import datetime

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from moods.services.crisis import review_flag_resolve
from moods.services.outreach import trigger_complete
from staff.admin_toolkit import CappedPaginator, ReadOnlyAdmin, TenantScopedAdmin
from staff.services import contact_audit_log, staff_actor


@admin.register(MoodLog)
class MoodLogAdmin(TenantScopedAdmin[MoodLog], ReadOnlyAdmin[MoodLog]):
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
class ReviewFlagAdmin(TenantScopedAdmin[ReviewFlag], ReadOnlyAdmin[ReviewFlag]):
    list_display = ["contact", "kind", "category", "excerpt", "created_at", "resolved_at", "resolved_by"]
    list_filter = [OpenFilter, "tenant", "kind", "category"]
    list_select_related = ["contact"]
    actions = ["resolve"]

    # ReadOnlyAdmin denies "change" to everyone (no edit form): the action asks for the permission itself.
    def has_resolve_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("moods.change_reviewflag")

    @admin.action(description="Resolve the selected flags", permissions=["resolve"])
    def resolve(self, request: HttpRequest, queryset: QuerySet[ReviewFlag]) -> None:
        flags = list(queryset)
        for flag in flags:
            if flag.resolved_at is None:
                review_flag_resolve(flag=flag, actor=staff_actor(request.user.get_username()))
                _log_closed(request, flag, "Resolved the flag.", "resolved_at", flag.resolved_at)
        self.message_user(request, f"Resolved {len(flags)} flag(s).")


@admin.register(Trigger)
class TriggerAdmin(TenantScopedAdmin[Trigger], ReadOnlyAdmin[Trigger]):
    list_display = ["contact", "kind", "reason", "due_at", "completed_at"]
    list_filter = [OpenFilter, "tenant", "kind"]
    list_select_related = ["contact"]
    actions = ["complete"]

    def has_complete_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("moods.change_trigger")

    @admin.action(description="Complete the selected triggers", permissions=["complete"])
    def complete(self, request: HttpRequest, queryset: QuerySet[Trigger]) -> None:
        triggers = list(queryset)
        for trigger in triggers:
            if trigger.completed_at is None:
                trigger_complete(trigger=trigger)
                # The trigger keeps when it was completed, not by whom: the admin log does.
                _log_closed(request, trigger, "Completed the trigger.", "completed_at", trigger.completed_at)
        self.message_user(request, f"Completed {len(triggers)} trigger(s).")


def _log_closed(request: HttpRequest, obj: ReviewFlag | Trigger, what: str, field: str, at: datetime | None) -> None:
    # On the contact's audit trail, where staff look for what was done about the person (issue 21).
    action = f"{what.rstrip('.')} ({obj._meta.verbose_name} #{obj.pk}, {obj.kind})."
    contact_audit_log(contact=obj.contact, user=request.user, action=action, before={field: None}, after={field: at})


@admin.register(Insight)
class InsightAdmin(TenantScopedAdmin[Insight], ReadOnlyAdmin[Insight]):
    """Insights per tenant: superusers filter by tenant, a tenant's staff see their own."""

    list_display = ["contact", "kind", "summary", "tenant", "created_at"]
    list_filter = ["tenant", "kind"]
    list_select_related = ["contact"]
