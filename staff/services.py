"""Writes behind the staff admin: the staff users themselves, a contact's audit trail, its profile summary,
"consolidate now", the erasure with its log line, and the memories staff add. Pinning a memory and merging or
splitting entities are the memories app's own verbs (``memories.services.curation``): they write memory history."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import transaction

from consolidation.lock import consolidation_lock
from consolidation.services.run import contact_consolidate_full
from contacts.models import Contact, ContactState, Tenant, TenantStaff
from memories.models import Memory, MemorySource
from memories.services.curation import memory_pin
from memories.services.entities import contact_entities, entities_mentioned
from memories.services.records import memory_create
from privacy.services import contact_erase
from staff.admin_toolkit import as_json, signed_in, staff_change_log

TENANT_STAFF_GROUP = "Tenant staff"
# What a tenant's support staff may do in the admin; the scoping keeps every one of these inside their tenant.
TENANT_STAFF_PERMISSIONS = {
    "contacts": ["view_tenant", "view_contact", "change_contact", "delete_contact", "view_contactstate",
                 "change_contactstate", "view_conversation", "view_message"],
    "memories": ["view_memory", "add_memory", "change_memory", "delete_memory", "view_contactentity",
                 "change_contactentity", "view_memoryevent"],
    "moods": ["view_moodlog", "view_reviewflag", "change_reviewflag", "view_trigger", "change_trigger",
              "view_insight"],
    "webhooks": ["view_endpoint", "change_endpoint", "delete_endpoint", "view_delivery", "change_delivery"],
}  # fmt: skip


def tenant_staff_group_ensure() -> Group:
    """The "Tenant staff" group with the permissions above. Idempotent."""
    group, _ = Group.objects.get_or_create(name=TENANT_STAFF_GROUP)
    wanted = [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codenames in TENANT_STAFF_PERMISSIONS.items()
        for codename in codenames
    ]
    group.permissions.add(*wanted)
    return group


@transaction.atomic
def tenant_staff_create(*, username: str, password: str | None, tenant: Tenant) -> User:
    """A staff user of one tenant (created, or an existing user moved to this tenant). Without a password the
    user cannot log in until one is set."""
    user, created = User.objects.get_or_create(username=username, defaults={"is_staff": True})
    if password:
        user.set_password(password)
    elif created:
        user.set_unusable_password()
    user.is_staff = True
    user.save()
    user.groups.add(tenant_staff_group_ensure())
    TenantStaff.objects.update_or_create(user=user, defaults={"tenant": tenant})
    return user


def contact_profile_summary_update(*, contact: Contact, profile_summary: str) -> ContactState:
    """Staff rewrite the profile summary (consolidation writes a new one when the contact's durable facts
    change)."""
    state, _ = ContactState.objects.get_or_create(contact=contact)
    state.profile_summary = profile_summary
    state.save(update_fields=["profile_summary", "updated_at"])
    return state


def contact_audit_log(
    *,
    contact: Contact,
    user: AbstractBaseUser | AnonymousUser | int | None,
    action: str,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> LogEntry:
    """One line of the contact's audit trail (its admin History page): who (``user``, or their id), when (now),
    ``action`` (a sentence: "Resolved review flag #4.") and what changed, readable ("status: 'open' -> 'resolved'").
    Every staff change about a contact, whatever row it touched, is logged here: the row may be gone later, the
    contact's page is where staff look, and erasing the contact takes the lines with it."""
    user_id = user if isinstance(user, int) or user is None else user.pk
    return staff_change_log(user_id=user_id, obj=contact, what=action, before=before, after=after)


def contact_consolidate_now(*, contact: Contact, user_id: int | None) -> None:
    """Run the full consolidation pass for this contact, profile summary included, in a worker after this
    transaction commits (``staff.tasks.contact_consolidate_now_task``, idempotent). The contact's audit trail gets who
    queued it now, and what the pass did when the worker has run it."""
    from staff.tasks import contact_consolidate_now_task  # the task module imports this one

    contact_id, who = contact.pk, signed_in(user_id)
    # Logged first: outside a transaction on_commit runs the (eager) task at once, and its line comes after this one.
    contact_audit_log(contact=contact, user=who, action="Queued a consolidation pass.")
    transaction.on_commit(lambda: contact_consolidate_now_task.delay(contact_id, who))


def contact_consolidate_logged(*, contact_id: int, user_id: int) -> dict[str, Any] | None:
    """The full pass for one contact, and a line on its audit trail saying what it did, with the profile summary
    before and after. None if another pass holds the lock (nothing done, nothing logged: try again); {} if the
    contact is gone (erased since it was queued)."""
    contact = Contact.objects.select_related("tenant", "state").filter(pk=contact_id).first()
    if contact is None:
        return {}
    state, _ = ContactState.objects.get_or_create(contact=contact)
    # The profile before the pass is read under the pass's lock, so no other pass's rewrite is told as this one's.
    with consolidation_lock() as acquired:
        if not acquired:
            return None
        state.refresh_from_db(fields=["profile_summary"])
        before = state.profile_summary
        stats = contact_consolidate_full(contact=contact)
    if stats is None:
        return None
    done = ", ".join(f"{step} {count}" for step, count in stats.items())
    with transaction.atomic():
        # An erasure that ran meanwhile has deleted the trail: a line now would outlive it, quoting the profile.
        if not Contact.objects.select_for_update().filter(pk=contact_id).exists():
            return stats
        state.refresh_from_db(fields=["profile_summary"])
        contact_audit_log(
            contact=contact, user=user_id, action=f"Consolidation pass done ({done}).",
            before={"profile_summary": before}, after={"profile_summary": state.profile_summary},
        )  # fmt: skip
    return stats


def contact_consolidate_abandoned(*, contact_id: int, user_id: int) -> None:
    """The line that says a queued "Consolidate now" never ran: other passes held the lock for as long as the task
    kept trying. Staff would otherwise see only "Queued a consolidation pass." and wait for a result."""
    contact = Contact.objects.filter(pk=contact_id).first()
    if contact is not None:
        contact_audit_log(
            contact=contact, user=user_id,
            action="Consolidation pass not run: other passes held the lock for as long as it waited. Queue it again.",
        )  # fmt: skip


def contact_erase_by_staff(*, contact: Contact, user_id: int | None) -> dict[str, int]:
    """The GDPR erasure, then a line in the admin log that it happened: who, when, the receipt. The line names
    the contact by id and tenant only: the erasure has just deleted the contact's audit trail (its lines quote the
    person's memories and name), and this one line is all that survives of it."""
    who = signed_in(user_id)
    contact_id, tenant_slug = contact.pk, contact.tenant.slug
    receipt = contact_erase(contact=contact)
    LogEntry.objects.create(
        user_id=who,
        content_type=ContentType.objects.get_for_model(Contact),
        object_id=str(contact_id),
        object_repr=f"contact #{contact_id} of {tenant_slug} (erased)",
        action_flag=DELETION,
        change_message=f"Erased (GDPR). Receipt: {as_json(receipt)}.",
    )
    return receipt


def staff_actor(username: str) -> str:
    """Who a staff change is by, as memory history and review flags record it."""
    return f"staff:{username}"


def memory_add_by_staff(
    *,
    contact: Contact,
    memory_type: str,
    content: str,
    actor: str,
    importance: float | None = None,
    expires_at: datetime | None = None,
    pinned: bool = False,
) -> Memory:
    """A memory staff know to be true (source "staff"), linked to the known entities its text names and
    embedded in the deferred tier."""
    memory = memory_create(
        tenant=contact.tenant,
        contact=contact,
        memory_type=memory_type,
        content=content,
        source=MemorySource.STAFF,
        importance=importance,
        expires_at=expires_at,
        entities=entities_mentioned(content, contact_entities(contact)),
        actor=actor,
    )
    if pinned:
        memory_pin(memory=memory, pinned=True, actor=actor)
    return memory
