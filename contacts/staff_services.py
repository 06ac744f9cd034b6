"""Writes behind the staff admin that concern a contact or the staff users themselves (memory and
knowledge-graph corrections live in ``memories.services.staff``)."""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission, User
from django.db import transaction

from contacts.models import Contact, ContactState, Tenant, TenantStaff

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
