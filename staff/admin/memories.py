"""Staff admin of memories, entities and history. Memory writes (add, edit, pin, restore, delete) go through the
memory services, so every change is in the memory's history with the staff user as actor. What the lifecycle forgot
(pruned, or evicted by the cap) is listed under the status filter "forgotten", with the reason and when, and can be
restored until it is deleted for good (FORGOTTEN_KEEP_DAYS)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.fields.json import KT
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from memories.models import ContactEntity, Memory, MemoryEvent, MemoryEventKind, MemoryStatus
from memories.selectors import memory_history
from memories.services.curation import memory_pin, memory_snapshot
from memories.services.records import MemoryRestoreError, memory_delete, memory_restore, memory_update
from staff.admin_toolkit import CappedPaginator, ReadOnlyAdmin, TenantScopedAdmin, staff_change_log
from staff.graph_drawing import FROM_GRAPH
from staff.selectors import GRAPH_DEFERRED
from staff.services import contact_audit_log, memory_add_by_staff, staff_actor

EDITABLE_FIELDS = ["memory_type", "content", "importance", "expires_at", "pinned"]
# Where save_model leaves its audit line for log_addition / log_change (Django's own line would name the memory on
# the memory, with "changed fields" and no before/after).
_AUDIT_LINE = "_rapport_audit_line"
# Where delete_model leaves the deleted memory's contact for response_delete (which is given only its id).
_DELETED_FROM = "_rapport_deleted_from"


def memory_status_badge(_admin: Any, memory: Memory) -> str:
    """The status as a badge; the admin stylesheet dims the rows of superseded, compressed, expired and
    forgotten ones."""
    pin = format_html(' <span class="memory-pinned" title="{}">📌</span>', "pinned: never decays")
    pinned = pin if memory.pinned else ""
    return format_html('<span class="memory-status memory-status-{}">{}</span>{}', memory.status, memory.status, pinned)


def provenance_links(_admin: Any, memory: Memory) -> str:
    """Each source message id, linked to the message in the ledger (ids, not keys: they outlive retention)."""
    url = reverse("admin:contacts_message_changelist")
    return format_html_join(", ", '<a href="{}?q={}">{}</a>', ((url, i, i) for i in memory.source_message_ids)) or "—"


def came_from_graph(request: HttpRequest) -> bool:
    """Whether staff opened this page, or sent this form, from the contact's knowledge graph (``FROM_GRAPH``)."""
    return all(value in (request.GET.get(name), request.POST.get(name)) for name, value in FROM_GRAPH.items())


def back_to_contact_url(request: HttpRequest, contact_id: int) -> str:
    """Where staff go when done with a memory: its contact's page, or its knowledge graph if they came from there."""
    page = "graph" if came_from_graph(request) else "change"
    return reverse(f"admin:contacts_contact_{page}", args=[contact_id])


def log_memory_deletion(request: HttpRequest, memory: Memory) -> LogEntry:
    """Call before ``memory_delete``, which takes the memory's history with it: the admin log keeps who deleted it,
    when, and the memory as it was — on its contact, so that erasing the contact erases this line too (a tenant's
    business memory, with no contact, on itself)."""
    return memory_audit_log(
        request, memory, f"Deleted memory #{memory.pk}.", before=memory_snapshot(memory),
        action_flag=CHANGE if memory.contact_id else DELETION,
    )  # fmt: skip


def memory_audit_log(
    request: HttpRequest,
    memory: Memory,
    what: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    action_flag: int = CHANGE,
) -> LogEntry:
    """A staff change to a memory, on its contact's audit trail (who, when, before -> after); a tenant's business
    memory, with no contact, on itself."""
    if memory.contact is not None:
        return contact_audit_log(contact=memory.contact, user=request.user, action=what, before=before, after=after)
    return staff_change_log(
        user_id=request.user.pk, obj=memory, what=what, before=before, after=after, action_flag=action_flag
    )


@admin.register(ContactEntity)
class ContactEntityAdmin(TenantScopedAdmin[ContactEntity], ReadOnlyAdmin[ContactEntity]):
    """Viewable only: staff correct entities with the merge and split forms of the contact's knowledge graph page,
    which move the memories' links with history. A plain edit (key, contact, tenant) or delete would not."""

    list_display = ["__str__", "display_name", "contact", "memory_count", "tenant"]
    list_filter = ["tenant", "entity_type"]
    list_select_related = ["contact", "tenant"]
    search_fields = ["key", "display_name", "contact__external_id"]
    raw_id_fields = ["contact"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ContactEntity]:
        return super().get_queryset(request).annotate(memory_count=Count("memories"))

    def has_delete_permission(self, request: HttpRequest, obj: ContactEntity | None = None) -> bool:
        return False

    @admin.display(description="memories", ordering="memory_count")
    def memory_count(self, obj: Any) -> int:
        return obj.memory_count


class MemoryAdminForm(forms.ModelForm[Memory]):
    class Meta:
        model = Memory
        fields = ["contact", *EDITABLE_FIELDS]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "importance" in self.fields:
            self.fields["importance"].required = False
            self.fields["importance"].help_text = "0–1; empty: the default of the memory type"
        if "contact" in self.fields:
            self.fields["contact"].required = True

    def clean_importance(self) -> float | None:
        importance = self.cleaned_data.get("importance")
        if importance is not None and not 0 <= importance <= 1:
            raise forms.ValidationError("Importance is between 0 and 1.")
        return importance


@admin.register(Memory)
class MemoryAdmin(TenantScopedAdmin[Memory]):
    form = MemoryAdminForm
    list_display = [
        "__str__", "memory_type", "status_badge", "importance", "contact", "source", "created_at", "forgotten",
    ]  # fmt: skip
    list_filter = ["tenant", "memory_type", "status", "source", "pinned"]
    list_select_related = ["contact"]
    search_fields = ["content", "contact__external_id"]
    raw_id_fields = ["contact"]
    paginator = CappedPaginator
    show_full_result_count = False
    actions = ["pin", "unpin", "restore"]
    readonly_fields = [
        "contact", "status_badge", "forgotten", "source", "slot", "linked_entities", "provenance", "created_at",
        "valid_to", "superseded_by", "access_count", "accessed_at", "mattered_at", "history",
    ]  # fmt: skip

    class Media:
        css = {"all": ["rapport_admin/admin.css"]}

    def get_readonly_fields(self, request: HttpRequest, obj: Memory | None = None) -> list[str]:
        return self.readonly_fields if obj is not None else []

    def get_fieldsets(self, request: HttpRequest, obj: Memory | None = None) -> Any:
        if obj is None:
            return [(None, {"fields": ["contact", *EDITABLE_FIELDS]})]
        return [
            ("Memory", {"fields": EDITABLE_FIELDS}),
            ("Where it comes from", {"fields": [f for f in self.readonly_fields if f != "history"]}),
            ("History", {"fields": ["history"]}),
        ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Memory]:
        # The reason a forgotten memory was forgotten: its last "forgotten" event's (one index probe a row).
        reason = MemoryEvent.objects.filter(memory=OuterRef("pk"), kind=MemoryEventKind.FORGOTTEN).order_by(
            "-created_at", "-pk"
        )
        return (
            super()
            .get_queryset(request)
            .defer(*GRAPH_DEFERRED)
            .annotate(forgotten_reason=Subquery(reason.annotate(reason=KT("after__reason")).values("reason")[:1]))
        )

    def save_model(self, request: HttpRequest, obj: Memory, form: Any, change: bool) -> None:
        actor = staff_actor(request.user.get_username())
        data = form.cleaned_data
        if not change:
            memory = memory_add_by_staff(
                contact=data["contact"], memory_type=data["memory_type"], content=data["content"], actor=actor,
                importance=data["importance"], expires_at=data["expires_at"], pinned=data["pinned"],
            )  # fmt: skip
            obj.pk, obj.id, obj._state.adding = memory.pk, memory.pk, False
            line = memory_audit_log(request, memory, f"Added memory #{memory.pk}.", after=memory_snapshot(memory))
            setattr(obj, _AUDIT_LINE, line)
            return
        # The form has already written its values onto ``obj``: the history's "before" is read afresh.
        memory = Memory.objects.get(pk=obj.pk)
        before = memory_snapshot(memory)
        changes = {
            f: data[f] for f in form.changed_data if f != "pinned" and not (f == "importance" and data[f] is None)
        }
        if changes:
            memory_update(memory=memory, changes=changes, actor=actor)
        if "pinned" in form.changed_data:
            memory_pin(memory=memory, pinned=data["pinned"], actor=actor)
        after = memory_snapshot(Memory.objects.get(pk=obj.pk))
        if after != before:
            setattr(obj, _AUDIT_LINE, memory_audit_log(request, memory, f"Edited memory #{memory.pk}.", before=before,
                                                       after=after))  # fmt: skip

    def log_addition(self, request: HttpRequest, obj: Memory, message: Any) -> LogEntry:
        return getattr(obj, _AUDIT_LINE)

    def log_change(self, request: HttpRequest, obj: Memory, message: Any) -> LogEntry:
        # Nothing changed: no line (Django's would say "No fields changed.").
        return getattr(obj, _AUDIT_LINE, None) or LogEntry(change_message="No fields changed.")

    def response_add(self, request: HttpRequest, obj: Memory, post_url_continue: str | None = None) -> HttpResponse:
        saved = f"Saved memory #{obj.pk}."
        return self._back_to_contact(request, obj.contact_id, saved) or super().response_add(
            request, obj, post_url_continue
        )

    def response_change(self, request: HttpRequest, obj: Memory) -> HttpResponse:
        saved = f"Saved memory #{obj.pk}."
        return self._back_to_contact(request, obj.contact_id, saved) or super().response_change(request, obj)

    def response_delete(self, request: HttpRequest, obj_display: str, obj_id: Any) -> HttpResponse:
        contact_id = getattr(request, _DELETED_FROM, None)
        deleted = f"Deleted memory #{obj_id}."
        return self._back_to_contact(request, contact_id, deleted) or super().response_delete(
            request, obj_display, obj_id
        )

    def _back_to_contact(self, request: HttpRequest, contact_id: int | None, done: str) -> HttpResponse | None:
        """A plain "Save", or a deletion, goes back to the memory's contact, where staff came from (its page, or its
        knowledge graph) and where the change is logged ("Save and continue editing" and "Save and add another" do
        what they say; a tenant's business memory, with no contact, goes to the memory list)."""
        if contact_id is None or {"_continue", "_addanother", "_saveasnew", "_popup"} & set(request.POST):
            return None
        messages.success(request, done)
        return HttpResponseRedirect(back_to_contact_url(request, contact_id))

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """The memory services link entities themselves; the form has no relations to save."""

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        # A memory's history goes with it (memory_delete's contract): deleting it needs no permission of its own.
        return deleted, counts, perms_needed - {MemoryEvent._meta.verbose_name}, protected

    def log_deletions(self, request: HttpRequest, queryset: Any) -> list[LogEntry]:
        # Instead of Django's own line, which names the memory on the memory's id, out of reach of the erasure.
        return [log_memory_deletion(request, memory) for memory in queryset]

    def delete_model(self, request: HttpRequest, obj: Memory) -> None:
        setattr(request, _DELETED_FROM, obj.contact_id)
        memory_delete(memory=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Memory]) -> None:
        for memory in queryset:
            memory_delete(memory=memory)

    @admin.action(description="Pin the selected memories (they never decay)", permissions=["change"])
    def pin(self, request: HttpRequest, queryset: QuerySet[Memory]) -> HttpResponse | None:
        return self._pin_all(request, queryset, pinned=True)

    @admin.action(description="Unpin the selected memories", permissions=["change"])
    def unpin(self, request: HttpRequest, queryset: QuerySet[Memory]) -> HttpResponse | None:
        return self._pin_all(request, queryset, pinned=False)

    @admin.action(description="Restore the selected forgotten memories", permissions=["change"])
    def restore(self, request: HttpRequest, queryset: QuerySet[Memory]) -> None:
        actor = staff_actor(request.user.get_username())
        restored = 0
        for memory in queryset.select_related("contact"):
            before = {"status": memory.status, "importance": memory.importance}
            try:
                memory_restore(memory=memory, actor=actor)
            except MemoryRestoreError as refused:
                self.message_user(request, str(refused), messages.WARNING)
                continue
            after = {"status": memory.status, "importance": memory.importance}
            memory_audit_log(request, memory, f"Restored memory #{memory.pk}.", before=before, after=after)
            restored += 1
        self.message_user(request, f"Restored {restored} memory(ies).")

    def _pin_all(self, request: HttpRequest, queryset: QuerySet[Memory], *, pinned: bool) -> HttpResponse | None:
        """Pin or unpin; then back to the graph when its side panel asked (one memory), else the list stays."""
        actor = staff_actor(request.user.get_username())
        memories = list(queryset.select_related("contact"))
        changing = [memory for memory in memories if memory.pinned != pinned]
        for memory in changing:
            memory_pin(memory=memory, pinned=pinned, actor=actor)
            what = f"{'Pinned' if pinned else 'Unpinned'} memory #{memory.pk}."
            memory_audit_log(request, memory, what, before={"pinned": not pinned}, after={"pinned": pinned})
        self.message_user(request, f"{'Pinned' if pinned else 'Unpinned'} {len(changing)} memory(ies).")
        if came_from_graph(request) and memories and memories[0].contact_id is not None:
            return HttpResponseRedirect(back_to_contact_url(request, memories[0].contact_id))
        return None

    status_badge = admin.display(description="status", ordering="status")(memory_status_badge)
    provenance = admin.display(description="source messages")(provenance_links)

    @admin.display(description="forgotten (why, when)")
    def forgotten(self, obj: Any) -> str:
        if obj.status != MemoryStatus.FORGOTTEN:
            return "—"
        when = f" ({obj.valid_to:%Y-%m-%d %H:%M})" if obj.valid_to else ""
        return f"{getattr(obj, 'forgotten_reason', None) or 'forgotten'}{when}"

    @admin.display(description="entities")
    def linked_entities(self, obj: Memory) -> str:
        return ", ".join(sorted(e.ref for e in obj.entities.all())) or "—"

    @admin.display(description="history (who, when, before → after)")
    def history(self, obj: Memory) -> str:
        events = [(event, _event_changes(event)) for event in memory_history(memory=obj)]
        return render_to_string("admin/memories/memory/_history.html", {"events": events})


def removal_reason(event: MemoryEvent) -> str:
    """Why the lifecycle took a memory out of play, as the contact's History page says it."""
    after = event.after
    if event.kind == MemoryEventKind.FORGOTTEN:
        return str(after.get("reason") or "forgotten")
    if event.kind == MemoryEventKind.SUPERSEDED:
        return f"superseded by memory #{after['by']} (a newer value, or a near-duplicate merged into it)"
    if event.kind == MemoryEventKind.COMPRESSED:
        return f"compressed into pattern memory #{after['pattern']}"
    expires_at = event.before.get("expires_at")
    return f"expired (it was to last until {expires_at})" if expires_at else "expired"


def _event_changes(event: MemoryEvent) -> list[tuple[str, Any, Any]]:
    """(field, before, after) for each field the event changed; every field of a creation."""
    keys = list(dict.fromkeys([*event.before, *event.after]))
    return [(k, event.before.get(k), event.after.get(k)) for k in keys if event.before.get(k) != event.after.get(k)]


@admin.register(MemoryEvent)
class MemoryEventAdmin(TenantScopedAdmin[MemoryEvent], ReadOnlyAdmin[MemoryEvent]):
    tenant_path = "memory__tenant"
    list_display = ["memory", "kind", "actor", "created_at"]
    list_filter = ["kind"]
    list_select_related = ["memory"]
    paginator = CappedPaginator
    show_full_result_count = False
