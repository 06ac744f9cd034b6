"""One audit trail per contact (issue 21): every staff change about a contact is a line on the contact's History page
with who, when and a readable before -> after; what the lifecycle removed is listed there too, with why. Saving a
memory goes back to its contact; "Consolidate now" runs the full pass, profile included."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import psycopg
import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import staff.services
from consolidation.lock import CONSOLIDATION_LOCK_KEY
from consolidation.services.run import consolidation_run, contact_consolidate_full
from consolidation.tasks import consolidate_periodic
from contacts.models import Contact, TenantStaff
from memories.models import Memory
from privacy.services import contact_erase
from staff.admin_toolkit import states_described
from staff.services import contact_audit_log
from staff.tasks import LOCK_RETRIES, contact_consolidate_now_task, lock_retry_countdown
from tests.admin.conftest import T0, contact_page_post_data, memory

pytestmark = pytest.mark.django_db


def _trail(contact: Contact) -> list[tuple[str, str]]:
    lines = LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Contact), object_id=str(contact.pk))
    return [(line.user.username, line.change_message) for line in lines.select_related("user").order_by("pk")]


def _memory_form(memory: Memory, **changes: str) -> dict[str, str]:
    data = {"memory_type": memory.memory_type, "content": memory.content, "importance": str(memory.importance),
            "expires_at_0": "", "expires_at_1": ""}  # fmt: skip
    if memory.pinned:
        data["pinned"] = "on"
    return {**data, **changes}


def test_states_are_described_field_by_field() -> None:
    # given / when / then: a change, an addition, a deletion, nested states, and no change
    assert states_described({"content": "X", "pinned": False}, {"content": "Y", "pinned": False}) == (
        "content: 'X' -> 'Y'"
    )
    assert states_described(None, {"content": "X", "importance": 0.5}) == "now content: 'X', importance: 0.5"
    assert states_described({"pinned": True}, None) == "was pinned: yes"
    assert states_described({"pet:a": {"aliases": ["A"]}}, {"pet:a": {"aliases": ["A", "B"]}}) == (
        'pet:a aliases: ["A"] -> ["A", "B"]'
    )
    assert states_described({"status": "open"}, {"status": "open"}) == "no change"
    assert states_described(None, None) == ""


def test_contact_audit_log_takes_a_user_or_their_id(acme_staff: User, arjun: Contact) -> None:
    # when another part of the admin (the review queue) logs on the contact, by user and by id
    contact_audit_log(
        contact=arjun, user=acme_staff, action="Acknowledged review flag #4.",
        before={"acknowledged": False}, after={"acknowledged": True, "note": "Called them"},
    )  # fmt: skip
    contact_audit_log(contact=arjun, user=acme_staff.pk, action="Downloaded the export.")

    # then both are on the contact's trail, readable
    assert _trail(arjun) == [
        ("sam", "Acknowledged review flag #4: acknowledged: no -> yes; note: (none) -> 'Called them'."),
        ("sam", "Downloaded the export."),
    ]


def test_adding_a_memory_is_on_the_contacts_trail_and_goes_back_to_the_contact(
    staff_client: Client, arjun: Contact, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    # when staff add a memory (from the contact page's "Add memory")
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("admin:memories_memory_add"),
            {"contact": arjun.pk, "memory_type": "fact", "content": "Is vegetarian", "importance": "0.6"},
        )

    # then the browser goes back to the contact, and the contact's trail has the memory as added
    added = Memory.objects.get(content="Is vegetarian")
    assert (response.status_code, response["Location"]) == (302, reverse("admin:contacts_contact_change",
                                                                         args=[arjun.pk]))  # fmt: skip
    assert _trail(arjun) == [
        ("sam", f"Added memory #{added.pk}: now id: {added.pk}, memory_type: 'fact', content: 'Is vegetarian', "
                "importance: 0.6, status: 'active', pinned: no, expires_at: (none), slot: '', entities: []."),
    ]  # fmt: skip
    # and nothing is logged on the memory itself
    assert not LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Memory)).exists()


def test_editing_a_memory_logs_before_and_after_on_the_contact_and_goes_back_to_it(
    staff_client: Client, arjun: Contact
) -> None:
    # given a fact
    fact = memory(arjun, "Works at Infosys", importance=0.5)
    url = reverse("admin:memories_memory_change", args=[fact.pk])

    # when staff change its text and importance, and pin it, with a plain "Save"
    response = staff_client.post(url, _memory_form(fact, content="Works at TCS", importance="0.8", pinned="on"))

    # then the browser goes back to the contact, whose trail says what changed from what to what
    assert response["Location"] == reverse("admin:contacts_contact_change", args=[arjun.pk])
    assert _trail(arjun) == [
        ("sam", f"Edited memory #{fact.pk}: content: 'Works at Infosys' -> 'Works at TCS'; importance: 0.5 -> 0.8; "
                "pinned: no -> yes."),
    ]  # fmt: skip


def test_deleting_a_memory_from_its_page_goes_back_to_its_contact(staff_client: Client, arjun: Contact) -> None:
    # given a fact
    fact = memory(arjun, "Works at Infosys")

    # when staff delete it from its page
    response = staff_client.post(reverse("admin:memories_memory_delete", args=[fact.pk]), {"post": "yes"})

    # then the browser goes back to the contact (not to the list of every memory), and the memory is gone
    assert (response.status_code, response["Location"]) == (302, reverse("admin:contacts_contact_change",
                                                                         args=[arjun.pk]))  # fmt: skip
    assert not Memory.objects.filter(pk=fact.pk).exists()


def _graph_page_urls(client: Client, contact: Contact, memory: Memory) -> dict[str, str]:
    """The graph page's links to one memory's pages, as its side panel's script makes them ("0" -> the pk)."""
    urls = client.get(reverse("admin:contacts_contact_graph", args=[contact.pk])).context["urls"]
    return {name: url.replace("/0/", f"/{memory.pk}/") for name, url in urls.items()}


def test_a_memory_edited_or_deleted_from_the_graph_goes_back_to_the_graph(staff_client: Client, arjun: Contact) -> None:
    # given two facts, and the graph page's links to them
    fact, other = memory(arjun, "Works at Infosys"), memory(arjun, "Lives in Pune")
    edit_url = _graph_page_urls(staff_client, arjun, fact)["memory"]
    delete_url = _graph_page_urls(staff_client, arjun, other)["memory_delete"]

    # when staff edit one from the graph's side panel with a plain "Save", and delete the other
    edited = staff_client.post(edit_url, _memory_form(fact, content="Works at TCS"))
    deleted = staff_client.post(delete_url, {"post": "yes"})

    # then each goes back to the graph, with what was done
    graph = reverse("admin:contacts_contact_graph", args=[arjun.pk])
    assert (edited.status_code, edited["Location"], deleted.status_code, deleted["Location"]) == (
        302, graph, 302, graph,
    )  # fmt: skip
    assert Memory.objects.get(pk=fact.pk).content == "Works at TCS"
    assert not Memory.objects.filter(pk=other.pk).exists()
    followed = staff_client.get(graph)
    assert [str(m) for m in followed.context["messages"]] == [
        f"Saved memory #{fact.pk}.",
        f"Deleted memory #{other.pk}.",
    ]


def test_the_graph_pages_tree_links_lead_back_to_the_graph(staff_client: Client, arjun: Contact) -> None:
    # given a fact
    fact = memory(arjun, "Works at Infosys")

    # when staff open the graph page
    page = staff_client.get(reverse("admin:contacts_contact_graph", args=[arjun.pk])).content.decode()

    # then its tree's links to the memory and to "Add memory" say they come from the graph
    change, add = reverse("admin:memories_memory_change", args=[fact.pk]), reverse("admin:memories_memory_add")
    assert f'href="{change}?_from=graph"' in page
    assert f'href="{add}?contact={arjun.pk}&amp;_from=graph"' in page


def test_save_and_continue_stays_on_the_memory_and_an_unchanged_save_logs_nothing(
    staff_client: Client, arjun: Contact
) -> None:
    fact = memory(arjun, "Works at Infosys", importance=0.5)
    url = reverse("admin:memories_memory_change", args=[fact.pk])

    response = staff_client.post(url, {**_memory_form(fact), "_continue": "1"})

    assert response["Location"] == url
    assert _trail(arjun) == []
    assert not LogEntry.objects.exists()


def test_pinning_with_the_action_is_on_the_contacts_trail_once(staff_client: Client, arjun: Contact) -> None:
    # given a fact
    fact = memory(arjun, "Works at Infosys")
    changelist = reverse("admin:memories_memory_changelist")

    # when staff pin it twice, then unpin it
    for action in ("pin", "pin", "unpin"):
        staff_client.post(changelist, {"action": action, "_selected_action": [fact.pk]})

    # then the trail has the pin and the unpin (the second pin changed nothing)
    assert _trail(arjun) == [
        ("sam", f"Pinned memory #{fact.pk}: pinned: no -> yes."),
        ("sam", f"Unpinned memory #{fact.pk}: pinned: yes -> no."),
    ]


def test_the_memory_inline_links_say_edit_to_editors_and_view_to_viewers(
    staff_client: Client, acme_staff: User, arjun: Contact
) -> None:
    # given a memory, an editor (sam) and a staff user who may only view memories
    fact = memory(arjun, "Works at Infosys")
    viewer = User.objects.create_user("vic", password="pw", is_staff=True)
    TenantStaff.objects.create(user=viewer, tenant=arjun.tenant)
    viewer.user_permissions.add(*Permission.objects.filter(codename__in=["view_contact", "view_memory"]))
    viewing = Client()
    viewing.force_login(viewer)
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    link = reverse("admin:memories_memory_change", args=[fact.pk])

    # when each opens the contact
    edit_page, view_page = staff_client.get(url).content.decode(), viewing.get(url).content.decode()

    # then the memory's link says what they can do there
    assert f'<a href="{link}" class="inlinechangelink rapport-memory-link">Edit</a>' in edit_page
    assert f'<a href="{link}" class="inlineviewlink rapport-memory-link">View</a>' in view_page


def test_the_history_page_lists_staff_changes_and_forgotten_memories_with_why(
    staff_client: Client, arjun: Contact
) -> None:
    # given a staff edit, and a preference the lifecycle pruned
    fact = memory(arjun, "Works at Infosys", importance=0.5)
    staff_client.post(
        reverse("admin:memories_memory_change", args=[fact.pk]), _memory_form(fact, content="Works at TCS")
    )
    preference = memory(arjun, "Likes Coldplay gigs", memory_type="preference", created_at=T0 - timedelta(days=40))
    Memory.objects.filter(pk=preference.pk).update(importance=0.05)
    consolidation_run(now=T0)

    # when staff open the contact's History page
    page = staff_client.get(reverse("admin:contacts_contact_history", args=[arjun.pk])).content.decode()

    # then the edit is there with before and after, and the pruned preference with the reason
    assert f"Edited memory #{fact.pk}: content: &#x27;Works at Infosys&#x27; -&gt; &#x27;Works at TCS&#x27;." in page
    assert "Forgotten memories: what consolidation removed, and why" in page
    removed = page[page.index('id="removed-memories"') :]
    assert f"#{preference.pk}</a> [preference] Likes Coldplay gigs" in removed
    assert "pruned: importance below 0.1, untouched for 30 days" in removed
    assert "Works at TCS" not in removed


def test_consolidate_now_runs_the_full_pass_and_writes_the_profile(
    staff_client: Client, arjun: Contact, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    # given a contact with a durable fact told an hour ago (before the lighter, per-turn pass's window) and no
    # profile summary yet
    memory(arjun, "Works at Infosys")
    Memory.objects.filter(contact=arjun).update(updated_at=timezone.now() - timedelta(hours=1))
    assert arjun.state.profile_summary == ""
    url = reverse("admin:contacts_contact_consolidate", args=[arjun.pk])

    # when staff press "Consolidate now" (the worker runs once the request has committed)
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url)

    # then the profile summary is written, and the contact's trail says so with before and after
    arjun.state.refresh_from_db()
    assert arjun.state.profile_summary == "Arjun: Works at Infosys."
    queued, done = _trail(arjun)
    assert queued == ("sam", "Queued a consolidation pass.")
    assert done[1].startswith("Consolidation pass done (")
    assert done[1].endswith("): profile_summary: '' -> 'Arjun: Works at Infosys.'.")

    # when pressed again, nothing more changes: the profile is as it was
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url)
    arjun.state.refresh_from_db()
    assert arjun.state.profile_summary == "Arjun: Works at Infosys."
    assert _trail(arjun)[-1][1].endswith(": no change.")


def test_editing_the_contacts_own_fields_logs_before_and_after(staff_client: Client, arjun: Contact) -> None:
    # given the contact page as the browser would send it back
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    data = contact_page_post_data(staff_client, url)

    # when staff correct the display name and the time zone
    response = staff_client.post(url, {**data, "display_name": "Arjun Mehta", "timezone": "Asia/Kolkata"})

    # then the contact's trail says what each was and is
    assert response.status_code == 302
    assert [line for line in _trail(arjun) if line[1].startswith("Changed the contact")] == [(
        "sam", f"Changed the contact: display_name: 'Arjun' -> 'Arjun Mehta'; timezone: '{data['timezone']}' -> "
               "'Asia/Kolkata'.",
    )]  # fmt: skip


def test_a_consolidation_that_ends_after_the_contact_was_erased_logs_nothing(
    acme_staff: User, arjun: Contact, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a pass during which the contact is erased (as a worker's pass may overlap a staff erasure)
    memory(arjun, "Works at Infosys")
    contact_id = arjun.pk

    def erased_meanwhile(*, contact: Contact) -> dict[str, int]:
        contact_erase(contact=contact)
        return {"expired": 0}

    monkeypatch.setattr(staff.services, "contact_consolidate_full", erased_meanwhile)

    # when the pass ends
    stats = staff.services.contact_consolidate_logged(contact_id=contact_id, user_id=acme_staff.pk)

    # then no line is written on the erased contact's id (it would outlive the erasure)
    assert stats == {"expired": 0}
    assert not LogEntry.objects.filter(object_id=str(contact_id)).exists()


@pytest.fixture
def lock_held_elsewhere() -> Iterator[None]:
    """Another session (a periodic pass in another worker) holds the consolidation lock."""
    other = psycopg.connect(**connection.get_connection_params())
    try:
        other.execute("SELECT pg_advisory_lock(%s)", [CONSOLIDATION_LOCK_KEY])
        yield
    finally:
        other.close()


def test_consolidate_now_refused_the_lock_changes_nothing_and_says_nothing(
    acme_staff: User, arjun: Contact, lock_held_elsewhere: None
) -> None:
    # given a fact just told (the deferred pass, the first step of the full one, would write the profile from it)
    memory(arjun, "Works at Infosys")

    # when the full pass, and "Consolidate now" through it, run while another pass holds the lock
    full = contact_consolidate_full(contact=arjun)
    stats = staff.services.contact_consolidate_logged(contact_id=arjun.pk, user_id=acme_staff.pk)

    # then they did nothing (it is retried later), so its later line's "before" is the profile as it really was
    assert (full, stats) == (None, None)
    arjun.state.refresh_from_db()
    assert arjun.state.profile_summary == ""
    assert _trail(arjun) == []


def test_consolidate_now_waits_out_a_periodic_pass_then_says_it_gave_up(
    acme_staff: User, arjun: Contact, lock_held_elsewhere: None
) -> None:
    # the retries wait longer than the periodic pass may hold the lock (its hard time limit)
    waited = sum(lock_retry_countdown(retries=n) for n in range(LOCK_RETRIES))
    assert waited > consolidate_periodic.time_limit

    # when the last try is refused the lock too
    result = contact_consolidate_now_task.apply(args=(arjun.pk, acme_staff.pk), retries=LOCK_RETRIES)

    # then the contact's history says the pass was not run (not only "Queued")
    assert result.get() == {}
    assert _trail(arjun) == [
        ("sam", "Consolidation pass not run: other passes held the lock for as long as it waited. Queue it again.")
    ]
