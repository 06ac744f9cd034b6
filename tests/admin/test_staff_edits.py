"""Staff edit memories and the knowledge graph through the services: every change is in the memory's history
with who, when and before/after."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse

from contacts.models import Contact
from memories.models import ContactEntity, Memory, MemoryEvent, MemorySource
from memories.services.curation import entity_merge, memory_pin
from memories.services.records import memory_create, memory_delete
from privacy.services import contact_erase
from tests.admin.conftest import contact_page_post_data, entity, memory

pytestmark = pytest.mark.django_db


def _contact_log(contact: Contact) -> list[LogEntry]:
    return list(
        LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Contact), object_id=str(contact.pk))
        .select_related("user")
        .order_by("pk")
    )


def _memory_form(memory: Memory, **changes: str) -> dict[str, str]:
    data = {"memory_type": memory.memory_type, "content": memory.content, "importance": str(memory.importance),
            "expires_at_0": "", "expires_at_1": ""}  # fmt: skip
    if memory.pinned:
        data["pinned"] = "on"
    return {**data, **changes}


def test_editing_a_memory_re_embeds_it_and_records_who_and_what(
    staff_client: Client, graph: dict, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    fact = graph["fact"]
    url = reverse("admin:memories_memory_change", args=[fact.pk])

    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(url, _memory_form(fact, content="Has a golden retriever named Bruno, 3 years old"))

    assert response.status_code == 302
    fact.refresh_from_db()
    assert fact.content == "Has a golden retriever named Bruno, 3 years old"
    assert fact.embedding is not None and fact.embedding_model  # re-embedded after commit
    event = fact.events.get(kind="edited")
    assert event.actor == "staff:sam"
    assert (event.before["content"], event.after["content"]) == (
        "Has a golden retriever named Bruno",
        "Has a golden retriever named Bruno, 3 years old",
    )
    # and the history is on the memory's page
    page = staff_client.get(url).content.decode()
    assert "staff:sam" in page and "<del>Has a golden retriever named Bruno</del>" in page


def test_staff_add_a_memory_with_source_staff_linked_to_the_entities_it_names(
    staff_client: Client, arjun: Contact, bruno: ContactEntity, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("admin:memories_memory_add"),
            {"contact": arjun.pk, "memory_type": "preference", "content": "Bruno loves belly rubs", "importance": ""},
        )

    assert response.status_code == 302
    added = Memory.objects.get(content="Bruno loves belly rubs")
    assert (added.source, added.importance, added.contact) == (MemorySource.STAFF, 0.8, arjun)
    assert [e.ref for e in added.entities.all()] == ["pet:bruno"]
    assert added.embedding is not None
    assert added.events.get().actor == "staff:sam"


def test_pinning_from_the_form_and_the_action_records_a_pinned_event(staff_client: Client, graph: dict) -> None:
    fact, work = graph["fact"], graph["work"]

    staff_client.post(reverse("admin:memories_memory_change", args=[fact.pk]), _memory_form(fact, pinned="on"))
    staff_client.post(reverse("admin:memories_memory_changelist"), {"action": "pin", "_selected_action": [work.pk]})

    for pinned in (fact, work):
        pinned.refresh_from_db()
        event = pinned.events.get(kind="pinned")
        assert (pinned.pinned, event.actor, event.before["pinned"], event.after["pinned"]) == (
            True, "staff:sam", False, True,
        )  # fmt: skip


def test_unpinning_with_the_action_records_who_unpinned_it(staff_client: Client, graph: dict) -> None:  # type: ignore[type-arg]
    # given a pinned memory
    fact = memory_pin(memory=graph["fact"], pinned=True, actor="staff:root")

    # when a staff user unpins it from the changelist
    staff_client.post(reverse("admin:memories_memory_changelist"), {"action": "unpin", "_selected_action": [fact.pk]})

    # then it is unpinned, with its own event after the pinning one
    fact.refresh_from_db()
    pinned, unpinned = fact.events.filter(kind="pinned").order_by("pk")
    assert (fact.pinned, pinned.actor) == (False, "staff:root")
    assert (unpinned.actor, unpinned.before["pinned"], unpinned.after["pinned"]) == ("staff:sam", True, False)


def test_deleting_a_memory_goes_through_the_service(staff_client: Client, graph: dict) -> None:
    food = graph["food"]

    response = staff_client.post(reverse("admin:memories_memory_delete", args=[food.pk]), {"post": "yes"})

    assert response.status_code == 302
    assert not Memory.objects.filter(pk=food.pk).exists()
    assert not MemoryEvent.objects.filter(memory_id=food.pk).exists()


def test_a_deleted_memory_stays_in_its_contacts_log_as_it_was(
    staff_client: Client, acme_staff: User, graph: dict
) -> None:  # type: ignore[type-arg]
    # given a memory whose history will go with it
    food = graph["food"]

    # when staff delete it, from its page and (another one) with the changelist's delete action
    staff_client.post(reverse("admin:memories_memory_delete", args=[food.pk]), {"post": "yes"})
    staff_client.post(
        reverse("admin:memories_memory_changelist"),
        {"action": "delete_selected", "_selected_action": [graph["work"].pk], "post": "yes"},
    )

    # then each deletion is a line on the contact with who and the memory as it was, and none on the memory's id
    lines = _contact_log(food.contact)
    assert [(line.user, line.action_flag) for line in lines] == [(acme_staff, CHANGE)] * 2
    assert lines[0].change_message == (
        f"Deleted memory #{food.pk}: was id: {food.pk}, memory_type: 'preference', content: 'Loves biryani', "
        f"importance: {food.importance}, status: 'active', pinned: no, expires_at: (none), slot: '', entities: []."
    )
    assert lines[1].change_message.startswith(f"Deleted memory #{graph['work'].pk}: was id: ")
    assert 'entities: ["workplace:infosys"]' in lines[1].change_message
    assert not LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Memory)).exists()
    assert not Memory.objects.filter(pk__in=[food.pk, graph["work"].pk]).exists()


def test_deleting_a_memory_from_the_contact_page_inline(root_client: Client, graph: dict) -> None:
    arjun, food = graph["food"].contact, graph["food"]
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    data = contact_page_post_data(root_client, url)
    prefix = next(k for k, v in data.items() if k.endswith("-id") and v == food.pk).removesuffix("-id")

    response = root_client.post(url, {**data, f"{prefix}-DELETE": "on"})

    assert response.status_code == 302
    assert not Memory.objects.filter(pk=food.pk).exists()
    assert Memory.objects.filter(contact=arjun).count() == 4
    deleted = [line for line in _contact_log(arjun) if line.change_message.startswith(f"Deleted memory #{food.pk}:")]
    assert len(deleted) == 1 and "content: 'Loves biryani'" in deleted[0].change_message


def test_merging_two_entities_moves_memories_and_aliases_to_the_survivor(
    staff_client: Client, graph: dict, bruno: ContactEntity
) -> None:
    arjun = bruno.contact
    dog = entity(arjun, "pet:dog", "Dog", ["my dog", "the pup"])
    walk = memory(arjun, "Walked the pup at dawn", dog, memory_type="episode")

    response = staff_client.post(
        reverse("admin:contacts_contact_entity_merge", args=[arjun.pk]), {"merged": dog.pk, "survivor": bruno.pk}
    )

    assert response.status_code == 302
    assert not ContactEntity.objects.filter(pk=dog.pk).exists()
    bruno.refresh_from_db()
    assert bruno.aliases == ["Bruno", "my dog", "Dog", "the pup"]
    assert [e.ref for e in walk.entities.all()] == ["pet:bruno"]
    event = walk.events.get(kind="edited")
    assert (event.actor, event.before["entities"], event.after["entities"]) == ("staff:sam", ["pet:dog"], ["pet:bruno"])


def test_splitting_an_alias_off_makes_a_new_entity_with_the_memories_naming_it(
    staff_client: Client, arjun: Contact
) -> None:
    bruno = entity(arjun, "pet:bruno", "Bruno", ["Bruno", "Max"])
    about_max = memory(arjun, "Max chewed the sofa", bruno, memory_type="episode")
    about_bruno = memory(arjun, "Bruno is a golden retriever", bruno)

    response = staff_client.post(
        reverse("admin:contacts_contact_alias_split", args=[arjun.pk]), {"entity": bruno.pk, "alias": "max"}
    )

    assert response.status_code == 302
    max_entity = ContactEntity.objects.get(contact=arjun, entity_type="pet", key="max")
    bruno.refresh_from_db()
    assert (bruno.aliases, max_entity.display_name, max_entity.aliases) == (["Bruno"], "Max", ["Max"])
    assert [e.ref for e in about_max.entities.all()] == ["pet:max"]
    assert [e.ref for e in about_bruno.entities.all()] == ["pet:bruno"]
    assert about_max.events.get(kind="edited").actor == "staff:sam"


@pytest.mark.parametrize(
    ("name", "data", "error"),
    [
        ("entity_merge", {"merged": "SELF", "survivor": "SELF"}, "Pick two different entities to merge."),
        ("alias_split", {"entity": "SELF", "alias": "Rex"}, "No alias &#x27;Rex&#x27; on pet:bruno."),
    ],
)
def test_impossible_graph_edits_are_refused_with_a_message(
    staff_client: Client, bruno: ContactEntity, name: str, data: dict, error: str
) -> None:  # type: ignore[type-arg]
    data = {k: bruno.pk if v == "SELF" else v for k, v in data.items()}

    response = staff_client.post(reverse(f"admin:contacts_contact_{name}", args=[bruno.contact_id]), data, follow=True)

    assert error in response.content.decode()
    assert ContactEntity.objects.filter(pk=bruno.pk).exists()
    assert not LogEntry.objects.exists()


def test_a_merge_that_moves_no_memory_is_logged_on_the_contact_with_before_and_after(
    staff_client: Client, acme_staff: User, bruno: ContactEntity
) -> None:
    # given two entities of Arjun's with no memory linked (so no memory history will record the merge)
    dog = entity(bruno.contact, "pet:dog", "Dog", ["the pup"])

    url = reverse("admin:contacts_contact_entity_merge", args=[bruno.contact_id])

    staff_client.post(url, {"merged": dog.pk, "survivor": bruno.pk})

    [line] = _contact_log(bruno.contact)  # type: ignore[arg-type]
    assert (line.user, line.action_flag) == (acme_staff, CHANGE)
    assert line.change_message == (
        "Merged pet:dog into pet:bruno: "
        "pet:dog: removed (was display_name: 'Dog', aliases: [\"the pup\"], metadata: {}, memories: []); "
        'pet:bruno aliases: ["Bruno", "my dog"] -> ["Bruno", "my dog", "Dog", "the pup"].'
    )


def test_a_split_is_logged_on_the_contact_with_before_and_after(
    staff_client: Client, acme_staff: User, arjun: Contact
) -> None:
    bruno = entity(arjun, "pet:bruno", "Bruno", ["Bruno", "Max"])
    about_max = memory(arjun, "Max chewed the sofa", bruno, memory_type="episode")

    staff_client.post(
        reverse("admin:contacts_contact_alias_split", args=[arjun.pk]), {"entity": bruno.pk, "alias": "Max"}
    )

    [line] = _contact_log(arjun)
    assert line.user == acme_staff
    assert line.change_message == (
        f'Split pet:max off pet:bruno: pet:bruno aliases: ["Bruno", "Max"] -> ["Bruno"]; '
        f"pet:bruno memories: [{about_max.pk}] -> []; "
        f"pet:max: added (display_name: 'Max', aliases: [\"Max\"], metadata: {{}}, memories: [{about_max.pk}])."
    )


def test_entities_are_read_only_outside_merge_and_split(staff_client: Client, bruno: ContactEntity) -> None:
    # given a staff user who may merge and split entities
    url = reverse("admin:memories_contactentity_change", args=[bruno.pk])
    rename = {"entity_type": "pet", "key": "rex", "display_name": "Rex", "aliases": "Rex", "metadata": "{}",
              "contact": str(bruno.contact_id), "tenant": str(bruno.tenant_id), "created_at_0": "2026-11-01",
              "created_at_1": "09:00:00"}  # fmt: skip

    # when they open the entity, then try to edit and delete it directly
    page = staff_client.get(url)
    edited = staff_client.post(url, rename)
    deleted = staff_client.post(reverse("admin:memories_contactentity_delete", args=[bruno.pk]), {"post": "yes"})

    # then they can look, not touch
    assert (page.status_code, edited.status_code, deleted.status_code) == (200, 403, 403)
    assert "adminform" in page.context and not page.context["has_change_permission"]
    bruno.refresh_from_db()
    assert (bruno.key, bruno.display_name, bruno.aliases) == ("bruno", "Bruno", ["Bruno", "my dog"])


def test_a_memory_staff_added_then_deleted_leaves_no_admin_log_line_with_its_text_after_erasure(
    staff_client: Client, arjun: Contact, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    # given a memory staff added in the admin (Django logs the addition under the memory, quoting its text)
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(
            reverse("admin:memories_memory_add"),
            {"contact": arjun.pk, "memory_type": "fact", "content": "Is diabetic SECRET-HEALTH", "importance": ""},
        )
    added = Memory.objects.get(content="Is diabetic SECRET-HEALTH")
    assert LogEntry.objects.filter(change_message__contains="SECRET-HEALTH").exists()

    # when it is deleted (through the API's service), and later the contact is erased
    memory_delete(memory=added)
    contact_erase(contact=arjun)

    # then no admin log line anywhere still holds its words
    assert not LogEntry.objects.filter(object_repr__contains="SECRET-HEALTH").exists()
    assert not LogEntry.objects.filter(change_message__contains="SECRET-HEALTH").exists()


def test_an_entity_merged_away_takes_its_admin_log_lines_with_it(
    arjun: Contact, bruno: ContactEntity, superuser: User
) -> None:
    # given a line in the admin log about an entity that will be merged away (written while entities were editable)
    dog = entity(arjun, "pet:dog", "Dog", ["my dog"])
    dog_id = str(dog.pk)
    LogEntry.objects.log_actions(superuser.pk, [dog], CHANGE, "renamed", single_object=True)
    entity_type = ContentType.objects.get_for_model(ContactEntity)
    assert LogEntry.objects.filter(content_type=entity_type, object_id=dog_id).exists()

    # when it is merged into Bruno
    entity_merge(survivor=bruno, merged=dog, actor="staff:sam")

    # then no line is left pointing at the deleted row (erasing the contact could no longer find it)
    assert not LogEntry.objects.filter(content_type=entity_type, object_id=dog_id).exists()


def test_a_deleted_business_memory_keeps_its_deletion_line(root_client: Client, acme) -> None:  # type: ignore[no-untyped-def]
    # given a business memory of the tenant (no contact: nothing to erase it with, so its line is logged on itself)
    opening = memory_create(tenant=acme, contact=None, memory_type="fact", content="Opens at nine", source="api")

    # when staff delete it in the admin
    root_client.post(reverse("admin:memories_memory_delete", args=[opening.pk]), {"post": "yes"})

    # then who deleted it, and what it said, stays in the log
    assert not Memory.objects.filter(pk=opening.pk).exists()
    [line] = LogEntry.objects.filter(object_id=str(opening.pk), content_type=ContentType.objects.get_for_model(Memory))
    assert (line.action_flag, line.user.username) == (DELETION, "root")
    assert line.change_message.startswith(f"Deleted memory #{opening.pk}: was id: {opening.pk}, memory_type: 'fact',")
    assert "Opens at nine" in line.change_message
