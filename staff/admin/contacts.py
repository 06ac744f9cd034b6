"""The staff admin of tenants and contacts. Every tenant-owned admin is scoped to the staff user's tenant
(``staff.admin_toolkit``); the contact page shows what Rapport believes about the person and links to the
knowledge graph, the context receipt of a query, the export and the erasure (``staff.views``). Writes go through
services."""

from __future__ import annotations

from functools import partial
from typing import Any, TypeVar

from django.contrib import admin, messages
from django.db import models
from django.db.models import Case, Count, IntegerField, OuterRef, Q, When
from django.db.models.query import QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.timezone import localtime
from rest_framework_api_key.admin import APIKeyModelAdmin
from rest_framework_api_key.models import APIKey

from contacts.models import Contact, ContactState, Conversation, Message, Tenant, TenantAPIKey, TenantStaff
from contacts.services import api_key_create
from memories.models import ContactEntity, Memory, MemoryStatus
from memories.selectors import memories_removed
from memories.services.records import memory_delete
from moods.models import MoodLog, ReviewFlag
from staff import views
from staff.admin.contact_lists import ChurnRiskFilter, OpenFlagsFilter, contact_count
from staff.admin.memories import log_memory_deletion, memory_status_badge, provenance_links, removal_reason
from staff.admin.moods import mood_chart_html, mood_log_message
from staff.admin_toolkit import (
    CappedPaginator,
    ReadOnlyAdmin,
    SuperuserOnlyAdmin,
    TenantScopedAdmin,
    TenantScopedInline,
    staff_change_log,
    staff_tenant_id,
)
from staff.selectors import GRAPH_DEFERRED, entities_matching
from staff.services import contact_audit_log, contact_consolidate_now, contact_profile_summary_update

# The library's own key model is unused here: every key belongs to a tenant.
admin.site.unregister(APIKey)
ADMIN_CSS = {"all": ["rapport_admin/admin.css", "rapport_admin/mood.css"]}
# The rows a recent-rows inline shows (memories, mood logs), all of one contact.
_RowT = TypeVar("_RowT", bound=models.Model)


@admin.register(Tenant)
class TenantAdmin(TenantScopedAdmin[Tenant]):
    tenant_path = "pk"
    list_display = ["name", "slug", "contact_count", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tenant]:
        return super().get_queryset(request).annotate(contact_count=Count("contacts"))

    @admin.display(ordering="contact_count", description="contacts")
    def contact_count(self, obj: Any) -> int:
        return obj.contact_count


@admin.register(TenantAPIKey)
class TenantAPIKeyAdmin(TenantScopedAdmin[TenantAPIKey], APIKeyModelAdmin):
    list_display = (*APIKeyModelAdmin.list_display, "tenant")  # type: ignore[assignment]
    list_filter = ("tenant", "revoked")  # type: ignore[assignment]
    list_select_related = ["tenant"]

    def save_model(self, request: HttpRequest, obj: Any, form: Any = None, change: bool = False) -> None:
        if change:
            obj.save()
            return
        created, key = api_key_create(tenant=obj.tenant, name=obj.name, expiry_date=obj.expiry_date)
        obj.pk, obj.id = created.pk, created.id
        messages.warning(request, f"The API key for {obj.name} is: {key} — store it now, it is not shown again.")


@admin.register(TenantStaff)
class TenantStaffAdmin(SuperuserOnlyAdmin[TenantStaff]):
    list_display = ["user", "tenant", "created_at"]
    list_filter = ["tenant"]
    list_select_related = ["user", "tenant"]
    raw_id_fields = ["user"]


class RecentRowsInline(TenantScopedInline[_RowT, Contact], admin.TabularInline[_RowT, Contact]):
    """A read-only window on the contact's ``limit`` first rows in ``ordering``: the page stays fast (and its
    query count fixed) with thousands of rows behind it. The full list is one link away."""

    limit = 50
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[_RowT]:
        queryset = super().get_queryset(request).order_by(*self.get_ordering(request))
        match = request.resolver_match
        contact_id = match.kwargs.get("object_id") if match else None
        window = queryset.filter(contact_id=contact_id).values("pk")[: self.limit]
        return queryset.filter(pk__in=window)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MemoryInline(RecentRowsInline[Memory]):
    model = Memory
    limit = 100
    can_delete = True  # through memory_delete (ContactAdmin.save_formset)
    readonly_fields = [
        "edit_link", "memory_type", "content", "importance", "status_badge", "expires_at", "source", "provenance",
    ]  # fmt: skip
    fields = [*readonly_fields, "pinned"]
    verbose_name_plural = f"memories (active first, the {limit} most important; edit one to change it)"
    can_edit = False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # The rows are read-only here (Django's own link would say "View"); each links to the memory's page, which
        # the user may edit or only view. An inline is made anew for each request: the flag is this user's.
        self.can_edit = request.user.has_perm("memories.change_memory")
        return super().get_readonly_fields(request, obj)

    @admin.display(description="")
    def edit_link(self, memory: Memory) -> str:
        url = reverse("admin:memories_memory_change", args=[memory.pk])
        label, css = ("Edit", "inlinechangelink") if self.can_edit else ("View", "inlineviewlink")
        return format_html('<a href="{}" class="{} rapport-memory-link">{}</a>', url, css, label)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Memory]:
        # 100 rows of text on the page; not 100 vectors.
        return super().get_queryset(request).defer(*GRAPH_DEFERRED)

    def get_ordering(self, request: HttpRequest) -> list[Any]:
        active_first = Case(When(status=MemoryStatus.ACTIVE, then=0), default=1, output_field=IntegerField())
        return [active_first, "-importance", "-created_at"]

    status_badge = admin.display(description="status")(memory_status_badge)
    provenance = admin.display(description="source messages")(provenance_links)


class MoodLogInline(RecentRowsInline[MoodLog]):
    model = MoodLog
    readonly_fields = ("logged_at", "mood", "energy", "style", "confidence", "source", "message_excerpt")
    fields = readonly_fields
    ordering = ["-logged_at", "-pk"]
    verbose_name_plural = "recent mood logs (the 50 newest)"
    message_excerpt = admin.display(description="read from")(mood_log_message)

    def get_queryset(self, request: HttpRequest) -> QuerySet[MoodLog]:
        return super().get_queryset(request).select_related("message")


class ContactEntityInline(TenantScopedInline[ContactEntity, Contact], admin.TabularInline[ContactEntity, Contact]):
    model = ContactEntity
    readonly_fields = ("entity_type", "key", "display_name", "aliases", "memory_count")
    fields = readonly_fields
    extra = 0
    can_delete = False
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[ContactEntity]:
        return super().get_queryset(request).annotate(memory_count=Count("memories")).order_by("entity_type", "key")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="memories")
    def memory_count(self, obj: Any) -> int:
        return obj.memory_count


class ContactStateInline(admin.StackedInline[ContactState, Contact]):
    model = ContactState
    fields = ["profile_summary"]
    can_delete = False
    verbose_name_plural = "profile summary"


@admin.register(Contact)
class ContactAdmin(TenantScopedAdmin[Contact]):
    list_display = [
        "external_id", "display_name", "tenant", "stage", "mood", "churn_risk", "memory_count", "open_flag_count",
        "last_seen_at",
    ]  # fmt: skip
    list_filter = ["tenant", "state__relationship_stage", "state__mood", ChurnRiskFilter, OpenFlagsFilter]
    list_select_related = ["tenant", "state"]
    search_fields = ["external_id", "display_name"]
    search_help_text = "External id, name, or an entity: a name, an alias or a ref such as pet:bruno."
    paginator = CappedPaginator
    show_full_result_count = False
    actions = ["consolidate_now"]
    inlines = [ContactStateInline, ContactEntityInline, MemoryInline, MoodLogInline]
    fieldsets = [
        ("At a glance", {"fields": ["at_a_glance", "mood_timeline"]}),
        ("Contact", {"fields": ["tenant", "external_id", "display_name", "channel", "timezone", "metadata"]}),
    ]
    readonly_fields = ["at_a_glance", "mood_timeline"]

    class Media:
        css = ADMIN_CSS

    def get_list_display(self, request: HttpRequest) -> Any:
        # The list fits 1,280 px: a tenant's staff see one tenant, so its name on every row would only cost width; a
        # superuser sees every tenant's contacts, each with its tenant under the name rather than in a column.
        columns = [c for c in super().get_list_display(request) if c != "tenant"]
        if staff_tenant_id(request) is None:
            columns = ["name_and_tenant" if c == "display_name" else c for c in columns]
        return columns

    @admin.display(description="display name", ordering="display_name")
    def name_and_tenant(self, obj: Contact) -> str:
        return format_html('{}<div class="rapport-row-tenant">{}</div>', obj.display_name, obj.tenant)

    def get_readonly_fields(self, request: HttpRequest, obj: Contact | None = None) -> list[str]:
        # A contact's memories, entities, messages and moods carry its tenant too: moving the contact alone would
        # split it from them. A contact is created in its tenant and stays there.
        readonly = list(super().get_readonly_fields(request, obj))
        return readonly if obj is None else [*readonly, "tenant"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Contact]:
        return (
            super()
            .get_queryset(request)
            .select_related("tenant", "state")
            .annotate(
                memory_count=contact_count(Memory.objects.filter(contact=OuterRef("pk"), status=MemoryStatus.ACTIVE)),
                open_flag_count=contact_count(
                    ReviewFlag.objects.filter(contact=OuterRef("pk"), resolved_at__isnull=True)
                ),
            )  # fmt: skip
        )

    def get_search_results(self, request: HttpRequest, queryset: QuerySet[Contact], search_term: str) -> Any:
        """Also finds contacts by an entity they have ("bruno" → whoever has pet:bruno)."""
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if not search_term.strip():
            return found, may_have_duplicates
        by_entity = entities_matching(text=search_term).values("contact_id")
        return queryset.filter(Q(pk__in=found.values("pk")) | Q(pk__in=by_entity)), may_have_duplicates

    def get_urls(self) -> list[Any]:
        def route(suffix: str, view: Any, name: str) -> Any:
            wrapped = self.admin_site.admin_view(partial(view, model_admin=self))
            return path(f"<path:object_id>/{suffix}", wrapped, name=f"contacts_contact_{name}")

        return [
            route("graph/", views.graph_view, "graph"),
            route("graph/merge/", views.entity_merge_view, "entity_merge"),
            route("graph/split/", views.alias_split_view, "alias_split"),
            route("receipt/", views.receipt_view, "receipt"),
            route("export/", views.export_view, "export"),
            route("erase/", views.erase_view, "erase"),
            route("consolidate/", views.consolidate_view, "consolidate"),
            *super().get_urls(),
        ]

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> Any:
        # The context receipt's form, at the foot of the page (it opens the receipt page).
        extra_context = {**(extra_context or {}), "receipt_form": views.ReceiptForm()}
        return super().change_view(request, object_id, form_url, extra_context)

    def history_view(self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None) -> Any:
        """The contact's audit trail: every staff change about them (``staff.services.contact_audit_log``), then what
        the lifecycle removed from their memories and why (the History page of Django lists only the first)."""
        contact = self.get_object(request, object_id)
        removed = [] if contact is None else [(e, removal_reason(e)) for e in memories_removed(contact=contact)]
        return super().history_view(request, object_id, {**(extra_context or {}), "removed_memories": removed})

    def has_delete_permission(self, request: HttpRequest, obj: Contact | None = None) -> bool:
        # Deleting a contact is a GDPR erasure (tombstone, Redis keys): only through the erase page.
        return False

    def can_erase(self, request: HttpRequest, obj: Contact) -> bool:
        return request.user.has_perm("contacts.delete_contact") and self.in_scope(request, obj)

    def save_model(self, request: HttpRequest, obj: Contact, form: Any, change: bool) -> None:
        """Saved as Django does; an edit of the contact's own fields is a line on its audit trail with before and
        after (Django's own line says only which fields changed)."""
        super().save_model(request, obj, form, change)
        changed = [name for name in form.changed_data if name in form.initial]
        if change and changed:
            contact_audit_log(
                contact=obj, user=request.user, action="Changed the contact.",
                before={name: form.initial[name] for name in changed},
                after={name: form.cleaned_data[name] for name in changed},
            )  # fmt: skip

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> None:  # type: ignore[override]
        """Nothing: every change the contact page saves is already on the audit trail with its before and after (the
        contact's fields in ``save_model``, the profile summary and memory deletions in ``save_formset``); Django's
        own line would repeat it without them ("Changed Profile summary for contact state ...")."""

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        """Memory deletions and profile edits go through their services (the admin's change message still
        lists them: it reads the formset's new/changed/deleted objects)."""
        if formset.model not in (Memory, ContactState):
            super().save_formset(request, form, formset, change)
            return
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        if formset.model is Memory:
            for deleted in formset.deleted_forms:
                log_memory_deletion(request, deleted.instance)
                memory_delete(memory=deleted.instance)
                formset.deleted_objects.append(deleted.instance)
            return
        for state_form in formset.forms:
            if state_form.has_changed():
                state = self._profile_summary_update(request, form.instance, state_form)
                formset.changed_objects.append((state, ["profile_summary"]))

    def _profile_summary_update(self, request: HttpRequest, contact: Contact, state_form: Any) -> ContactState:
        """Through the service, with the old and new text in the admin log (the state keeps no history)."""
        before = state_form.initial.get("profile_summary", "")
        after = state_form.cleaned_data["profile_summary"]
        state = contact_profile_summary_update(contact=contact, profile_summary=after)
        staff_change_log(
            user_id=request.user.pk, obj=contact, what="Changed the profile summary.",
            before={"profile_summary": before}, after={"profile_summary": after},
        )  # fmt: skip
        return state

    @admin.action(description="Consolidate the selected contacts now", permissions=["change"])
    def consolidate_now(self, request: HttpRequest, queryset: QuerySet[Contact]) -> None:
        contacts = list(queryset)
        for contact in contacts:
            contact_consolidate_now(contact=contact, user_id=request.user.pk)
        self.message_user(request, f"Consolidation queued for {len(contacts)} contact(s).")

    @admin.display(description="stage", ordering="state__relationship_stage")
    def stage(self, obj: Contact) -> str:
        state = _state(obj)
        return state.relationship_stage if state else "—"

    @admin.display(description="mood", ordering="state__mood")
    def mood(self, obj: Contact) -> str:
        state = _state(obj)
        return state.mood if state else "—"

    @admin.display(description="churn risk", ordering="state__churn_risk")
    def churn_risk(self, obj: Contact) -> str:
        state = _state(obj)
        return f"{state.churn_risk:.2f}" if state else "—"

    @admin.display(description="memories", ordering="memory_count")
    def memory_count(self, obj: Any) -> int:
        return obj.memory_count

    @admin.display(description="open flags", ordering="open_flag_count")
    def open_flag_count(self, obj: Any) -> int:
        return obj.open_flag_count

    @admin.display(description="last seen", ordering="state__last_seen_at")
    def last_seen_at(self, obj: Contact) -> Any:
        state = _state(obj)
        if state is None or state.last_seen_at is None:
            return None
        # Compact, in the admin's time zone: the full date-time format wraps to three lines in a narrow column.
        seen = localtime(state.last_seen_at)
        return format_html('<time datetime="{}">{}</time>', seen.isoformat(), f"{seen:%Y-%m-%d %H:%M}")

    @admin.display(description="state")
    def at_a_glance(self, obj: Contact) -> str:
        if obj.pk is None:
            return "—"
        context = {
            "contact": obj,
            "state": _state(obj),
            "open_flag_count": getattr(obj, "open_flag_count", 0),
            "memory_count": getattr(obj, "memory_count", 0),
            "memories_url": f"{reverse('admin:memories_memory_changelist')}?contact__id__exact={obj.pk}",
            "mood_logs_url": f"{reverse('admin:moods_moodlog_changelist')}?contact__id__exact={obj.pk}",
            "flags_url": f"{reverse('admin:moods_reviewflag_changelist')}?contact__id__exact={obj.pk}&state=open",
            "triggers_url": f"{reverse('admin:moods_trigger_changelist')}?contact__id__exact={obj.pk}&state=open",
        }
        return render_to_string("admin/contacts/contact/_glance.html", context)

    @admin.display(description="mood timeline")
    def mood_timeline(self, obj: Contact) -> str:
        if obj.pk is None:
            return "—"
        return mood_chart_html(contact=obj, state=_state(obj))


def _state(contact: Contact) -> ContactState | None:
    try:
        return contact.state
    except ContactState.DoesNotExist:
        return None


@admin.register(Conversation)
class ConversationAdmin(TenantScopedAdmin[Conversation]):
    list_display = ["external_id", "contact", "tenant", "started_at", "last_message_at", "resolved_at"]
    list_filter = ["tenant"]
    list_select_related = ["contact", "tenant"]
    search_fields = ["external_id", "contact__external_id"]
    raw_id_fields = ["contact"]


@admin.register(Message)
class MessageAdmin(TenantScopedAdmin[Message]):
    list_display = ["client_message_id", "role", "contact", "sent_at", "processing_status"]
    list_filter = ["tenant", "role", "processing_status"]
    list_select_related = ["contact"]
    search_fields = ["client_message_id", "contact__external_id"]
    raw_id_fields = ["contact", "conversation"]
    paginator = CappedPaginator
    show_full_result_count = False  # the ledger grows without bound; counting it is slow


@admin.register(ContactState)
class ContactStateAdmin(TenantScopedAdmin[ContactState], ReadOnlyAdmin[ContactState]):
    """Written by the ingest and consolidation services; staff edit the profile summary on the contact page."""

    tenant_path = "contact__tenant"
    list_display = ["contact", "relationship_stage", "mood", "energy", "churn_risk", "last_seen_at"]
    list_filter = ["relationship_stage", "mood", "contact__tenant"]
    list_select_related = ["contact"]
    search_fields = ["contact__external_id", "contact__display_name"]
    raw_id_fields = ["contact"]
