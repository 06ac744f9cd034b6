"""The staff admin's own pages for one contact: the knowledge graph (with merge and split), the context receipt of a
query, the GDPR export, the erasure with its typed confirmation, and "consolidate now". Each finds the contact through
the ContactAdmin (so tenant scoping applies: another tenant's contact is a 404), checks the permission (403), then
calls one selector or service. What staff do here is also a line in the admin log (who, when, before/after): a merge
or a split that moves no memory leaves no memory history, and an erasure leaves no contact."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from contacts.models import Contact
from context.selectors import contact_context_get
from memories.models import ContactEntity
from memories.services.curation import EntityEditError, entity_alias_split, entity_merge
from privacy.selectors import contact_export_get, export_json
from staff.admin_toolkit import staff_change_log
from staff.graph_drawing import FROM_GRAPH
from staff.selectors import knowledge_graph_get
from staff.services import contact_consolidate_now, contact_erase_by_staff, staff_actor

if TYPE_CHECKING:
    from staff.admin.contacts import ContactAdmin

# A graph edit: given the form's data and the actor, apply it and say (what was done, before, after).
GraphEdit = Callable[[dict[str, Any], str], tuple[str, dict[str, Any], dict[str, Any]]]


class EntityMergeForm(forms.Form):
    merged = forms.ModelChoiceField(queryset=ContactEntity.objects.none(), label="Merge")
    survivor = forms.ModelChoiceField(queryset=ContactEntity.objects.none(), label="into")

    def __init__(self, *args: Any, contact: Contact, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("merged", "survivor"):
            self.fields[name].queryset = ContactEntity.objects.filter(contact=contact).order_by("entity_type", "key")  # type: ignore[attr-defined]


class AliasSplitForm(forms.Form):
    entity = forms.ModelChoiceField(queryset=ContactEntity.objects.none(), label="Split from")
    alias = forms.CharField(max_length=255, label="the alias")

    def __init__(self, *args: Any, contact: Contact, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entity"].queryset = ContactEntity.objects.filter(contact=contact).order_by("entity_type", "key")  # type: ignore[attr-defined]


class ReceiptForm(forms.Form):
    # As GET /context's parameters.
    query = forms.CharField(required=False, max_length=4000, label="Query")
    budget = forms.IntegerField(
        required=False, min_value=0, max_value=16_000, label="Budget", help_text="tokens; the stage's if empty"
    )


class EraseForm(forms.Form):
    confirmation = forms.CharField(max_length=255, label="Type the contact's external id to confirm")


def contact_or_404(model_admin: ContactAdmin, request: HttpRequest, object_id: str) -> Contact:
    contact = model_admin.get_object(request, object_id)
    if contact is None:
        raise Http404("No such contact.")
    return contact


def _page(model_admin: ContactAdmin, request: HttpRequest, contact: Contact, title: str) -> dict[str, Any]:
    return {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "original": contact,
        "title": title,
        "contact": contact,
    }


def graph_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    contact = contact_or_404(model_admin, request, object_id)
    if not model_admin.has_view_permission(request, contact):
        raise PermissionDenied
    back_to_graph = urlencode(FROM_GRAPH)
    context = {
        **_page(model_admin, request, contact, f"Knowledge graph: {contact}"),
        "graph": knowledge_graph_get(contact=contact),
        "merge_form": EntityMergeForm(contact=contact),
        "split_form": AliasSplitForm(contact=contact),
        "can_edit": request.user.has_perm("memories.change_contactentity"),
        "can_change_memories": request.user.has_perm("memories.change_memory"),
        "can_delete_memories": request.user.has_perm("memories.delete_memory"),
        # The side panel's links, "0" standing for the pk the page's script puts in; those to a memory's pages (and
        # the tree's) lead back here.
        "urls": {
            "memory": f"{reverse('admin:memories_memory_change', args=[0])}?{back_to_graph}",
            "memory_delete": f"{reverse('admin:memories_memory_delete', args=[0])}?{back_to_graph}",
            "memories": reverse("admin:memories_memory_changelist"),
            "message": reverse("admin:contacts_message_change", args=[0]),
            "entity": reverse("admin:memories_contactentity_change", args=[0]),
            "back_to_graph": back_to_graph,
        },
    }
    return render(request, "admin/contacts/contact/knowledge_graph.html", context)


def receipt_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    """What ``GET /context?query=…&explain=true`` would answer for this contact now, as a table: why each memory went
    in or not. A staff look, not a reply: no access is recorded (so it changes no later ranking)."""
    contact = contact_or_404(model_admin, request, object_id)
    if not model_admin.has_view_permission(request, contact):
        raise PermissionDenied
    form = ReceiptForm(request.GET if "query" in request.GET else None)
    explained = None
    if form.is_valid():
        explained = contact_context_get(
            tenant=contact.tenant, external_id=contact.external_id, query=form.cleaned_data["query"],
            budget=form.cleaned_data["budget"], explain=True,
        )  # fmt: skip
    page = {**_page(model_admin, request, contact, f"Context receipt: {contact}"), "form": form, "explained": explained}
    return render(request, "admin/contacts/contact/receipt.html", page)


@require_POST
def entity_merge_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    def merge(data: dict[str, Any], actor: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
        merged, survivor = data["merged"], data["survivor"]
        before = _entities_state(merged, survivor)
        entity_merge(survivor=survivor, merged=merged, actor=actor)
        return f"Merged {merged.ref} into {survivor.ref}.", before, _entities_state(survivor)

    invalid = "Pick the entity to merge and the one it merges into."
    return _graph_edit(request, object_id, model_admin, EntityMergeForm, invalid, merge)


@require_POST
def alias_split_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    def split(data: dict[str, Any], actor: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
        entity = data["entity"]
        before = _entities_state(entity)
        created = entity_alias_split(entity=entity, alias=data["alias"], actor=actor)
        return f"Split {created.ref} off {entity.ref}.", before, _entities_state(entity, created)

    invalid = "Pick an entity and one of its aliases."
    return _graph_edit(request, object_id, model_admin, AliasSplitForm, invalid, split)


def _graph_edit(
    request: HttpRequest,
    object_id: str,
    model_admin: ContactAdmin,
    form_class: type[forms.Form],
    invalid: str,
    edit: GraphEdit,
) -> HttpResponse:
    """Validate the form, apply ``edit`` as the staff user (logged on the contact in the same transaction), and
    go back to the graph with what it said."""
    contact = contact_or_404(model_admin, request, object_id)
    if not (
        model_admin.has_view_permission(request, contact) and request.user.has_perm("memories.change_contactentity")
    ):
        raise PermissionDenied
    form = form_class(request.POST, contact=contact)  # type: ignore[call-arg]
    if not form.is_valid():
        return _back_to_graph(request, contact, error=invalid)
    try:
        with transaction.atomic():
            done, before, after = edit(form.cleaned_data, staff_actor(request.user.get_username()))
            staff_change_log(user_id=request.user.pk, obj=contact, what=done, before=before, after=after)
    except EntityEditError as error:
        return _back_to_graph(request, contact, error=str(error))
    messages.success(request, done)
    return _back_to_graph(request, contact)


def export_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    contact = contact_or_404(model_admin, request, object_id)
    if not model_admin.has_view_permission(request, contact):
        raise PermissionDenied
    # A read, but a disclosure of everything held on a person: who downloaded it is worth a line in the log.
    staff_change_log(user_id=request.user.pk, obj=contact, what="Downloaded the GDPR export.")
    response = HttpResponse(export_json(contact_export_get(contact=contact)), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="contact-{contact.pk}-export.json"'
    return response


def erase_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    contact = contact_or_404(model_admin, request, object_id)
    if not model_admin.can_erase(request, contact):
        raise PermissionDenied
    form = EraseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["confirmation"].strip() == contact.external_id:
            receipt = contact_erase_by_staff(contact=contact, user_id=request.user.pk)
            messages.success(request, f"Erased {contact.external_id}: {sum(receipt.values())} rows and keys deleted.")
            return HttpResponseRedirect(reverse("admin:contacts_contact_changelist"))
        form.add_error("confirmation", "That is not this contact's external id: nothing was erased.")
    context = {**_page(model_admin, request, contact, f"Erase {contact.external_id}?"), "form": form}
    return render(request, "admin/contacts/contact/erase_confirmation.html", context)


@require_POST
def consolidate_view(request: HttpRequest, object_id: str, *, model_admin: ContactAdmin) -> HttpResponse:
    contact = contact_or_404(model_admin, request, object_id)
    if not model_admin.has_change_permission(request, contact):
        raise PermissionDenied
    contact_consolidate_now(contact=contact, user_id=request.user.pk)
    messages.success(request, f"Consolidation of {contact.external_id} queued.")
    return HttpResponseRedirect(reverse("admin:contacts_contact_change", args=[contact.pk]))


def _entities_state(*entities: ContactEntity) -> dict[str, Any]:
    """What the admin log keeps of entities before and after a merge or split: by ref, their names, aliases,
    metadata and the ids of the memories linked to them."""
    return {
        e.ref: {"display_name": e.display_name, "aliases": e.aliases, "metadata": e.metadata,
                "memories": sorted(e.memories.values_list("pk", flat=True))}
        for e in entities
    }  # fmt: skip


def _back_to_graph(request: HttpRequest, contact: Contact, error: str = "") -> HttpResponse:
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(reverse("admin:contacts_contact_graph", args=[contact.pk]))
