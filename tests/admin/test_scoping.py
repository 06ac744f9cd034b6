"""Tenant scoping: a tenant's staff see and edit only their tenant's rows; superusers see every tenant."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from contacts.models import Contact, Conversation, Tenant, TenantStaff
from memories.models import Memory
from moods.models import Insight, ReviewFlag, Trigger
from tests.admin.conftest import T0, entity, memory

pytestmark = pytest.mark.django_db


def test_staff_list_only_their_tenants_contacts(staff_client: Client, arjun: Contact, bea: Contact) -> None:
    response = staff_client.get(reverse("admin:contacts_contact_changelist"))

    assert response.status_code == 200
    assert [c.external_id for c in response.context["cl"].result_list] == ["arjun"]
    # and no tenant filter naming the other tenants
    assert b"Globex" not in response.content


def test_superusers_list_every_tenants_contacts(root_client: Client, arjun: Contact, bea: Contact) -> None:
    response = root_client.get(reverse("admin:contacts_contact_changelist"))

    assert sorted(c.external_id for c in response.context["cl"].result_list) == ["arjun", "bea"]


def test_another_tenants_contact_page_is_answered_like_a_missing_one(staff_client: Client, bea: Contact) -> None:
    # when a staff user of Acme opens Globex's contact, and a contact that does not exist
    answers = {
        page: staff_client.get(reverse(f"admin:contacts_contact_{page}", args=[object_id])).status_code
        for page in ("change", "history")
        for object_id in (bea.pk, bea.pk + 1000)
    }

    # then both are a 404, not Django's redirect to the admin index
    assert set(answers.values()) == {404}


def test_superusers_still_open_any_tenants_contact(root_client: Client, bea: Contact) -> None:
    assert root_client.get(reverse("admin:contacts_contact_change", args=[bea.pk])).status_code == 200


@pytest.mark.parametrize("model", ["tenant", "contactstate", "conversation", "contactentity", "reviewflag", "trigger"])
def test_another_tenants_rows_of_every_scoped_admin_are_404(staff_client: Client, bea: Contact, model: str) -> None:
    # given one row of each kind in Globex (reached through the tenant, the contact, or being the tenant)
    make = {
        "tenant": lambda: bea.tenant,
        "contactstate": lambda: bea.state,
        "conversation": lambda: Conversation.objects.create(tenant=bea.tenant, contact=bea, external_id="c1",
                                                            started_at=T0, last_message_at=T0),
        "contactentity": lambda: entity(bea, "pet:rex", "Rex", []),
        "reviewflag": lambda: ReviewFlag.objects.create(tenant=bea.tenant, contact=bea, kind="crisis", excerpt="x"),
        "trigger": lambda: Trigger.objects.create(tenant=bea.tenant, contact=bea, kind="check_in", reason="r",
                                                  due_at=T0, dedupe_key="k"),
    }  # fmt: skip
    row = make[model]()

    # when a staff user of Acme opens it
    response = staff_client.get(reverse(f"admin:{row._meta.app_label}_{model}_change", args=[row.pk]))

    assert response.status_code == 404


@pytest.mark.parametrize("name", ["graph", "export", "erase"])
def test_another_tenants_contact_pages_are_404(staff_client: Client, bea: Contact, name: str) -> None:
    response = staff_client.get(reverse(f"admin:contacts_contact_{name}", args=[bea.pk]))

    assert response.status_code == 404


@pytest.mark.parametrize("name", ["entity_merge", "alias_split", "consolidate", "erase"])
def test_another_tenants_contact_cannot_be_changed(staff_client: Client, bea: Contact, name: str) -> None:
    response = staff_client.post(reverse(f"admin:contacts_contact_{name}", args=[bea.pk]), {"confirmation": "bea"})

    assert response.status_code == 404
    assert Contact.objects.filter(pk=bea.pk).exists()


def test_another_tenants_memory_is_neither_shown_nor_edited(staff_client: Client, bea: Contact) -> None:
    theirs = memory(bea, "Lives in Lisbon")
    url = reverse("admin:memories_memory_change", args=[theirs.pk])

    listed = staff_client.get(reverse("admin:memories_memory_changelist"))
    edited = staff_client.post(url, {"memory_type": "fact", "content": "Lives in Porto", "importance": "0.5"})
    deleted = staff_client.post(reverse("admin:memories_memory_delete", args=[theirs.pk]), {"post": "yes"})

    assert list(listed.context["cl"].result_list) == []
    assert (edited.status_code, deleted.status_code) == (404, 404)
    theirs.refresh_from_db()
    assert theirs.content == "Lives in Lisbon"


def test_bulk_actions_skip_another_tenants_rows(staff_client: Client, bea: Contact) -> None:
    flag = ReviewFlag.objects.create(tenant=bea.tenant, contact=bea, kind="crisis", excerpt="x")

    staff_client.post(
        reverse("admin:moods_reviewflag_changelist"), {"action": "resolve", "_selected_action": [flag.pk]}
    )

    flag.refresh_from_db()
    assert flag.resolved_at is None


def test_memory_contact_choices_are_the_staff_tenants(staff_client: Client, arjun: Contact, bea: Contact) -> None:
    response = staff_client.post(
        reverse("admin:memories_memory_add"), {"contact": bea.pk, "memory_type": "fact", "content": "Sneaky"}
    )

    assert response.status_code == 200  # the form is shown again with an error
    assert "contact" in response.context["adminform"].form.errors
    assert not Memory.objects.filter(content="Sneaky").exists()


def test_insights_are_listed_per_tenant(staff_client: Client, arjun: Contact, bea: Contact) -> None:
    for contact in (arjun, bea):
        Insight.objects.create(
            tenant=contact.tenant, contact=contact, kind="boredom", summary=f"{contact} is bored", dedupe_key="k"
        )

    response = staff_client.get(reverse("admin:moods_insight_changelist"))

    assert [i.summary for i in response.context["cl"].result_list] == ["Arjun is bored"]


def test_staff_without_a_tenant_see_nothing(arjun: Contact, acme: Tenant) -> None:
    user = User.objects.create_user("drifter", password="pw", is_staff=True)
    user.user_permissions.add(*acme_permissions())
    client = Client()
    client.force_login(user)

    response = client.get(reverse("admin:contacts_contact_changelist"))

    assert list(response.context["cl"].result_list) == []


def test_staff_assignments_and_runs_are_for_superusers_only(staff_client: Client, root_client: Client) -> None:
    for name in ("contacts_tenantstaff", "consolidation_consolidationrun"):
        assert staff_client.get(reverse(f"admin:{name}_changelist")).status_code == 403
        assert root_client.get(reverse(f"admin:{name}_changelist")).status_code == 200


def test_create_tenant_staff_command_attaches_the_user(acme: Tenant) -> None:
    from django.core.management import call_command

    call_command("create_tenant_staff", "acme", "lee", "--password", "pw")

    staff = TenantStaff.objects.select_related("user").get(user__username="lee")
    assert (staff.tenant, staff.user.is_staff, staff.user.is_superuser) == (acme, True, False)
    assert staff.user.has_perm("memories.change_memory") and not staff.user.has_perm("auth.change_user")


def acme_permissions() -> list:  # type: ignore[type-arg]
    from django.contrib.auth.models import Permission

    return list(Permission.objects.filter(codename__in=["view_contact", "change_contact"]))


def test_staff_open_their_own_contacts_pages(staff_client: Client, graph: dict) -> None:  # type: ignore[type-arg]
    arjun = graph["fact"].contact

    for name in ("change", "graph", "export", "erase"):
        assert staff_client.get(reverse(f"admin:contacts_contact_{name}", args=[arjun.pk])).status_code == 200, name
