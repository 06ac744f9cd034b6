"""Contact actions: consolidate now, GDPR export, erase with a typed confirmation; flags and triggers."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse

from config.redis_client import redis_client
from consolidation.services.deferred import debounce_key
from contacts.models import Contact, Tenant, TenantStaff
from memories.models import ContactEntity, Memory
from moods.models import ReviewFlag, Trigger
from privacy.models import ErasureTombstone
from tests.admin.conftest import entity, memory

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _unlinked_bruno_memory(arjun: Contact) -> Memory:
    """A memory written before its entity existed: the deferred pass links it."""
    written = memory(arjun, "Took Bruno to the vet", memory_type="episode")
    entity(arjun, "pet:bruno", "Bruno", ["Bruno"])
    redis_client().delete(debounce_key(arjun.pk))
    return written


def test_consolidate_now_from_the_contact_page_runs_the_pass_after_commit(
    staff_client: Client, arjun: Contact, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    written = _unlinked_bruno_memory(arjun)

    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = staff_client.post(reverse("admin:contacts_contact_consolidate", args=[arjun.pk]), follow=True)

    assert queued  # the pass waited for the view's transaction to commit
    assert "Consolidation of arjun queued." in response.content.decode()
    assert [e.ref for e in written.entities.all()] == ["pet:bruno"]


def test_consolidate_now_as_a_changelist_action(
    staff_client: Client, arjun: Contact, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    written = _unlinked_bruno_memory(arjun)

    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(
            reverse("admin:contacts_contact_changelist"), {"action": "consolidate_now", "_selected_action": [arjun.pk]}
        )

    assert [e.ref for e in written.entities.all()] == ["pet:bruno"]


def test_export_downloads_the_gdpr_json(staff_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact

    response = staff_client.get(reverse("admin:contacts_contact_export", args=[arjun.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="contact-{arjun.pk}-export.json"'
    document = json.loads(response.content)
    assert (document["schema"], document["contact"]["contact_id"]) == ("rapport.contact-export", "arjun")
    assert len(document["memories"]) == 5


def test_erase_needs_the_typed_external_id(staff_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact
    url = reverse("admin:contacts_contact_erase", args=[arjun.pk])

    page = staff_client.get(url)
    wrong = staff_client.post(url, {"confirmation": "Arjun"})
    right = staff_client.post(url, {"confirmation": "arjun"}, follow=True)

    assert page.status_code == 200 and "Type the contact&#x27;s external id" in page.content.decode()
    assert wrong.status_code == 200 and "nothing was erased" in wrong.content.decode()
    assert right.redirect_chain[-1][0] == reverse("admin:contacts_contact_changelist")
    assert not Contact.objects.filter(pk=arjun.pk).exists()
    assert not Memory.objects.filter(contact_id=arjun.pk).exists()
    assert ErasureTombstone.objects.filter(tenant=arjun.tenant).count() == 1


def test_the_plain_delete_is_replaced_by_the_erasure(staff_client: Client, arjun: Contact) -> None:
    response = staff_client.post(reverse("admin:contacts_contact_delete", args=[arjun.pk]), {"post": "yes"})

    assert response.status_code == 403
    assert Contact.objects.filter(pk=arjun.pk).exists()


def test_staff_resolve_review_flags_and_complete_triggers(staff_client: Client, arjun: Contact) -> None:
    flag = ReviewFlag.objects.create(tenant=arjun.tenant, contact=arjun, kind="crisis", excerpt="I can't go on")
    trigger = Trigger.objects.create(
        tenant=arjun.tenant, contact=arjun, kind="check_in", reason="r", due_at=T0, dedupe_key="k"
    )

    staff_client.post(
        reverse("admin:moods_reviewflag_changelist"), {"action": "resolve", "_selected_action": [flag.pk]}
    )
    staff_client.post(
        reverse("admin:moods_trigger_changelist"), {"action": "complete", "_selected_action": [trigger.pk]}
    )

    flag.refresh_from_db()
    trigger.refresh_from_db()
    assert (flag.resolved_by, trigger.completed_by, trigger.completed_at is not None) == (
        "staff:sam",
        "staff:sam",
        True,
    )
    # both are on the contact's history (not only on the flag's and the trigger's), with before and after
    lines = LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Contact), object_id=str(arjun.pk))
    raised, resolved, completed = (f"{at:%Y-%m-%d %H:%M} UTC" for at in (flag.created_at, flag.resolved_at,
                                                                           trigger.completed_at))  # fmt: skip
    assert [(line.user.username, line.change_message) for line in lines.order_by("pk")] == [
        ("sam", f"Acknowledged crisis flag #{flag.pk} (crisis language, raised {raised}): resolved_at: (none) -> "
                f"{resolved}; resolved_by: '' -> 'staff:sam'."),
        ("sam", f"Acknowledged check-in trigger #{trigger.pk} (due 2026-11-20 12:00 UTC): completed_at: (none) -> "
                f"{completed}; completed_by: '' -> 'staff:sam'."),
    ]  # fmt: skip


def test_staff_who_may_only_view_flags_and_triggers_cannot_close_them(acme: Tenant, arjun: Contact) -> None:
    # given a staff user of Acme with the view permissions only
    viewer = User.objects.create_user("vic", password="pw", is_staff=True)
    TenantStaff.objects.create(user=viewer, tenant=acme)
    viewer.user_permissions.add(*Permission.objects.filter(codename__in=["view_reviewflag", "view_trigger"]))
    client = Client()
    client.force_login(viewer)
    flag = ReviewFlag.objects.create(tenant=arjun.tenant, contact=arjun, kind="crisis", excerpt="x")
    trigger = Trigger.objects.create(
        tenant=arjun.tenant, contact=arjun, kind="check_in", reason="r", due_at=T0, dedupe_key="k"
    )

    # when they see the lists and post the actions anyway
    listed = client.get(reverse("admin:moods_reviewflag_changelist"))
    resolved = client.post(
        reverse("admin:moods_reviewflag_changelist"), {"action": "resolve", "_selected_action": [flag.pk]}
    )
    client.post(reverse("admin:moods_trigger_changelist"), {"action": "complete", "_selected_action": [trigger.pk]})

    # then no action is offered (nor run) and nothing is closed
    assert (listed.status_code, listed.context["action_form"], resolved.status_code) == (200, None, 200)
    flag.refresh_from_db()
    trigger.refresh_from_db()
    assert (flag.resolved_at, trigger.completed_at) == (None, None)
    assert not LogEntry.objects.exists()


def test_exports_and_consolidations_are_logged_on_the_contact(
    staff_client: Client, acme_staff: User, arjun: Contact
) -> None:
    staff_client.get(reverse("admin:contacts_contact_export", args=[arjun.pk]))
    staff_client.post(reverse("admin:contacts_contact_consolidate", args=[arjun.pk]))
    staff_client.post(
        reverse("admin:contacts_contact_changelist"), {"action": "consolidate_now", "_selected_action": [arjun.pk]}
    )

    lines = LogEntry.objects.filter(object_id=str(arjun.pk)).order_by("pk")
    assert [(line.user, line.action_flag, line.object_repr, line.change_message) for line in lines] == [
        (acme_staff, CHANGE, "Arjun", "Downloaded the GDPR export."),
        (acme_staff, CHANGE, "Arjun", "Queued a consolidation pass."),
        (acme_staff, CHANGE, "Arjun", "Queued a consolidation pass."),
    ]


def test_an_erasure_is_logged_by_id_and_takes_the_contacts_earlier_log_lines(
    staff_client: Client, acme_staff: User, graph: dict
) -> None:  # type: ignore[type-arg]
    # given a contact whose log names them and a deleted memory's text
    arjun = graph["fact"].contact
    staff_client.post(reverse("admin:memories_memory_delete", args=[graph["food"].pk]), {"post": "yes"})

    # when staff erase the contact
    staff_client.post(reverse("admin:contacts_contact_erase", args=[arjun.pk]), {"confirmation": "arjun"})

    # then one line says who erased which contact id, and nothing in the log names them or their memories
    [line] = LogEntry.objects.all()
    assert (line.user, line.action_flag, line.content_type, line.object_id, line.object_repr) == (
        acme_staff, DELETION, ContentType.objects.get_for_model(Contact), str(arjun.pk),
        f"contact #{arjun.pk} of acme (erased)",
    )  # fmt: skip
    receipt = json.loads(line.change_message.removeprefix("Erased (GDPR). Receipt: ").removesuffix("."))
    assert (receipt["contact"], receipt["memory"], receipt["admin_log_entries"]) == (1, 4, 1)
    assert "arjun" not in line.change_message.lower() and "biryani" not in line.change_message


@pytest.mark.parametrize(
    ("permission", "method", "name"),
    [
        ("delete_contact", "get", "erase"),
        ("change_contactentity", "post", "entity_merge"),
        ("change_contactentity", "post", "alias_split"),
        ("change_contact", "post", "consolidate"),
    ],
)
def test_staff_without_the_permission_get_403(
    acme_staff: User, staff_client: Client, arjun: Contact, permission: str, method: str, name: str
) -> None:
    # given a staff user of the right tenant whose group lacks one permission
    group = acme_staff.groups.get()
    group.permissions.remove(Permission.objects.get(codename=permission))

    response = getattr(staff_client, method)(reverse(f"admin:contacts_contact_{name}", args=[arjun.pk]))

    assert response.status_code == 403
    assert ContactEntity.objects.filter(contact=arjun).count() == 0 and Contact.objects.filter(pk=arjun.pk).exists()
