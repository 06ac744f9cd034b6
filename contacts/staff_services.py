"""Writes behind the staff admin that concern a contact or the staff users themselves (memory and
knowledge-graph corrections live in ``memories.services.staff``)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction

from contacts.models import Contact, ContactState, Tenant, TenantStaff
from privacy.services import contact_erase

TENANT_STAFF_GROUP = "Tenant staff"
# What a tenant's support staff may do in the admin; the scoping keeps every one of these inside their tenant.
TENANT_STAFF_PERMISSIONS = {
    "contacts": ["view_tenant", "view_contact", "change_contact", "delete_contact", "view_contactstate",
                 "change_contactstate", "view_conversation", "view_message"],
    "memories": ["view_memory", "add_memory", "change_memory", "delete_memory", "view_contactentity",
                 "change_contactentity", "view_memoryevent"],
    "moods": ["view_moodlog", "view_reviewflag", "change_reviewflag", "view_trigger", "change_trigger",
              "view_insight"],
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


def contact_consolidate_now(*, contact: Contact) -> None:
    """Run the contact's deferred consolidation pass (merge near-duplicates, link entities) in a worker, after
    this transaction commits; the task is idempotent."""
    from consolidation.tasks import consolidate_contact

    contact_id = contact.pk
    transaction.on_commit(lambda: consolidate_contact.delay(contact_id))


def staff_change_log(
    *,
    user_id: int | None,
    obj: models.Model,
    what: str,
    before: Any = None,
    after: Any = None,
    action_flag: int = CHANGE,
) -> LogEntry:
    """A line in the admin log (the object's History page): who, when, what (a sentence), and the before/after as
    JSON. Changes to a contact's entities and memories are logged on the contact, not on the row, which may be gone (a
    merged entity, a deleted memory): the contact's page shows them, and erasing the contact erases them
    (``privacy.services`` deletes the log lines of the contact and of the rows it still has)."""
    who = _signed_in(user_id)
    states = (("Before", before), ("After", after))
    parts = [what] + [f"{label}: {_as_json(state)}." for label, state in states if state is not None]
    return LogEntry.objects.log_actions(who, [obj], action_flag, " ".join(parts), single_object=True)


def contact_erase_by_staff(*, contact: Contact, user_id: int | None) -> dict[str, int]:
    """The GDPR erasure, then a line in the admin log that it happened: who, when, the receipt. The line names
    the contact by id and tenant only (the erasure has just deleted its earlier lines for holding its name)."""
    who = _signed_in(user_id)
    contact_id, tenant_slug = contact.pk, contact.tenant.slug
    receipt = contact_erase(contact=contact)
    LogEntry.objects.create(
        user_id=who,
        content_type=ContentType.objects.get_for_model(Contact),
        object_id=str(contact_id),
        object_repr=f"contact #{contact_id} of {tenant_slug} (erased)",
        action_flag=DELETION,
        change_message=f"Erased (GDPR). Receipt: {_as_json(receipt)}.",
    )
    return receipt


def _signed_in(user_id: int | None) -> int:
    # The admin is login-only, so there is always a user; a log line without its "who" would be worthless.
    if user_id is None:
        raise ValueError("Staff changes are logged against a signed-in user.")
    return user_id


def _as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
