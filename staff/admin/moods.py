"""Staff admin of mood logs, review flags, triggers and insights: viewable, not editable (services write them).
Staff close flags and triggers in the review queue (with a note) or with the list actions, which need the model's
change permission; either way the contact's History gets the line. Also the contact page's mood chart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.text import Truncator

from contacts.models import Contact, ContactState
from moods.models import Insight, MoodLog, ReviewFlag, ReviewQueue, Trigger
from staff.admin_toolkit import CappedPaginator, ReadOnlyAdmin, TenantScopedAdmin, scope_queryset, staff_tenant_id
from staff.charts import mood_chart_get
from staff.review_queue import review_flag_acknowledge, review_queue_get, trigger_acknowledge
from staff.services import staff_actor

EXCERPT_WORDS = 16


def mood_chart_html(*, contact: Contact, state: ContactState | None) -> str:
    """The contact page's mood chart (staff/charts.py lays it out)."""
    chart = mood_chart_get(contact=contact, state=state)
    return render_to_string("admin/contacts/contact/_mood_timeline.html", {"chart": chart})


def mood_log_message(_admin: Any, log: MoodLog) -> str:
    """The words the mood was read from, linked to the message (select_related("message") in the queryset)."""
    if log.message is None:
        return "—"
    url = reverse("admin:contacts_message_change", args=[log.message_id])
    excerpt = Truncator(log.message.content).words(EXCERPT_WORDS)
    return format_html('<a class="rapport-message-excerpt" href="{}">“{}”</a>', url, excerpt)


@admin.register(MoodLog)
class MoodLogAdmin(TenantScopedAdmin[MoodLog], ReadOnlyAdmin[MoodLog]):
    list_display = ["contact", "logged_at", "mood", "energy", "message_excerpt", "style", "confidence", "source"]
    list_filter = ["tenant", "mood", "source"]
    list_select_related = ["contact", "message"]
    paginator = CappedPaginator
    show_full_result_count = False
    message_excerpt = admin.display(description="read from")(mood_log_message)

    class Media:
        css = {"all": ["rapport_admin/mood.css"]}


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
        actor = staff_actor(request.user.get_username())
        resolved = [
            review_flag_acknowledge(flag_id=flag.pk, user_id=request.user.pk, actor=actor, note="") for flag in queryset
        ]  # None for a flag resolved already (by someone else meanwhile): not counted
        self.message_user(request, f"Resolved {sum(flag is not None for flag in resolved)} flag(s).")


@admin.register(Trigger)
class TriggerAdmin(TenantScopedAdmin[Trigger], ReadOnlyAdmin[Trigger]):
    list_display = ["contact", "kind", "reason", "due_at", "completed_at", "completed_by"]
    list_filter = [OpenFilter, "tenant", "kind"]
    list_select_related = ["contact"]
    actions = ["complete"]

    def has_complete_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("moods.change_trigger")

    @admin.action(description="Complete the selected triggers", permissions=["complete"])
    def complete(self, request: HttpRequest, queryset: QuerySet[Trigger]) -> None:
        actor = staff_actor(request.user.get_username())
        completed = [
            trigger_acknowledge(trigger_id=trigger.pk, user_id=request.user.pk, actor=actor, note="")
            for trigger in queryset
        ]  # None for a trigger completed already: not counted
        self.message_user(request, f"Completed {sum(trigger is not None for trigger in completed)} trigger(s).")


@admin.register(Insight)
class InsightAdmin(TenantScopedAdmin[Insight], ReadOnlyAdmin[Insight]):
    """Insights per tenant: superusers filter by tenant, a tenant's staff see their own."""

    list_display = ["contact", "kind", "summary", "tenant", "created_at"]
    list_filter = ["tenant", "kind"]
    list_select_related = ["contact"]


class AcknowledgeForm(forms.Form):
    note = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), label="What was done"
    )


def _flag_acknowledge(*, item_id: int, user_id: int | None, actor: str, note: str) -> ReviewFlag | None:
    return review_flag_acknowledge(flag_id=item_id, user_id=user_id, actor=actor, note=note)


def _trigger_acknowledge(*, item_id: int, user_id: int | None, actor: str, note: str) -> Trigger | None:
    return trigger_acknowledge(trigger_id=item_id, user_id=user_id, actor=actor, note=note)


# A queue item's kind: the model behind it, the permission acknowledging it needs, and the service that does it.
QUEUE_KINDS: dict[str, tuple[type[ReviewFlag] | type[Trigger], str, Callable[..., ReviewFlag | Trigger | None]]] = {
    "crisis": (ReviewFlag, "moods.change_reviewflag", _flag_acknowledge),
    "trigger": (Trigger, "moods.change_trigger", _trigger_acknowledge),
}


@admin.register(ReviewQueue)
class ReviewQueueAdmin(TenantScopedAdmin[ReviewQueue]):
    """The review queue page (in place of a changelist): open crisis flags and triggers of the staff user's tenant,
    newest first, each with an "Acknowledge" form and a note. Seen by whoever may view flags or triggers."""

    class Media:
        css = {"all": ["rapport_admin/mood.css"]}

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm("moods.view_reviewflag") or request.user.has_perm("moods.view_trigger")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @staticmethod
    def _viewable_kinds(request: HttpRequest) -> list[str]:
        viewable = {"crisis": "moods.view_reviewflag", "trigger": "moods.view_trigger"}
        return [kind for kind, permission in viewable.items() if request.user.has_perm(permission)]

    def get_urls(self) -> list[Any]:
        acknowledge = self.admin_site.admin_view(self.acknowledge_view)
        return [
            path("", self.admin_site.admin_view(self.changelist_view), name="moods_reviewqueue_changelist"),
            path("<str:kind>/<int:item_id>/acknowledge/", acknowledge, name="moods_reviewqueue_acknowledge"),
        ]

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        user = request.user
        context = {
            **self.admin_site.each_context(request),
            "title": "Review queue",
            "opts": self.model._meta,
            "media": self.media,
            "items": review_queue_get(tenant_id=staff_tenant_id(request), kinds=self._viewable_kinds(request)),
            "form": AcknowledgeForm(),
            **{f"can_acknowledge_{kind}": user.has_perm(perm) for kind, (_, perm, _) in QUEUE_KINDS.items()},
            "flags_url": reverse("admin:moods_reviewflag_changelist"),
            "triggers_url": reverse("admin:moods_trigger_changelist"),
        }
        return TemplateResponse(request, "admin/moods/review_queue.html", context)

    def acknowledge_view(self, request: HttpRequest, kind: str, item_id: int) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if kind not in QUEUE_KINDS:
            raise Http404("No such kind of review item.")
        model, permission, acknowledge = QUEUE_KINDS[kind]
        if not request.user.has_perm(permission):
            raise PermissionDenied
        # Another tenant's item answers 404, as a missing one does.
        if not scope_queryset(model.objects.filter(pk=item_id), request, "tenant").exists():  # type: ignore[attr-defined]
            raise Http404("No such review item.")
        form = AcknowledgeForm(request.POST)
        if not form.is_valid():
            messages.error(request, f"Not acknowledged: {form.errors.as_text()}")
        else:
            actor = staff_actor(request.user.get_username())
            note = form.cleaned_data["note"]
            done = acknowledge(item_id=item_id, user_id=request.user.pk, actor=actor, note=note)
            if done is None:
                messages.info(request, "It was already acknowledged.")
            else:
                messages.success(request, f"Acknowledged; it is on the history of {done.contact}.")
        return HttpResponseRedirect(reverse("admin:moods_reviewqueue_changelist"))
