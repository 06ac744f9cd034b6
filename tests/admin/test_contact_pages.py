"""Finding contacts, the contact page at a glance, the knowledge graph page, and the query bound."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission, User
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from contacts.models import Contact, Tenant, TenantStaff
from memories.models import ContactEntity, Memory, MemoryStatus
from moods.models import MoodLog, ReviewFlag
from tests.admin.conftest import T0, contact_page_post_data, entity, memory
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:contacts_contact_changelist"
# How a query that loads memory vectors reads: the graph and the contact page never need one.
HEAVY_COLUMNS = ('"memories_memory"."embedding"', '"memories_memory"."search_vector"')


def _loads_heavy_columns(queries: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return [q["sql"] for q in queries if any(column in q["sql"] for column in HEAVY_COLUMNS)]


def _many_memories(contact: Contact, bruno: ContactEntity, count: int) -> list[Memory]:
    """``count`` embedded episodes, a fifth of them compressed; Bruno and three people share the first ones and the
    rest are linked to no entity."""
    vector = [0.1] * settings.EMBEDDING_DIMENSIONS
    memories = Memory.objects.bulk_create(
        Memory(tenant=contact.tenant, contact=contact, memory_type="episode", content=f"Episode {n}", importance=0.5,
               decay_rate=0.008, source="rules", source_message_ids=[f"m{n}"], embedding=vector,
               status=MemoryStatus.ACTIVE if n % 5 else MemoryStatus.COMPRESSED)
        for n in range(count)
    )  # fmt: skip
    bruno.memories.add(*memories[: count * 2 // 5])
    for n in range(3):
        entity(contact, f"person:p{n}", f"P{n}", []).memories.add(*memories[n : count // 2 : 7])
    return memories


def _listed(client: Client, **params: str) -> list[str]:
    response = client.get(reverse(CHANGELIST), params)
    assert response.status_code == 200
    return [c.external_id for c in response.context["cl"].result_list]


def test_find_who_has_a_dog_called_bruno(root_client: Client, bruno: ContactEntity) -> None:
    ContactFactory(tenant=bruno.tenant, external_id="priya", display_name="Priya")

    assert _listed(root_client, q="bruno") == ["arjun"]
    assert _listed(root_client, q="pet:bruno") == ["arjun"]
    assert _listed(root_client, q="my dog") == ["arjun"]
    assert _listed(root_client, q="priya") == ["priya"]


def test_filters_by_stage_mood_churn_and_open_flags(root_client: Client, arjun: Contact) -> None:
    quiet = ContactFactory(tenant=arjun.tenant, external_id="quiet")
    ReviewFlag.objects.create(tenant=arjun.tenant, contact=arjun, kind="crisis", excerpt="x")
    ReviewFlag.objects.create(tenant=quiet.tenant, contact=quiet, kind="crisis", excerpt="y", resolved_at=T0)

    assert _listed(root_client, state__relationship_stage__exact="building") == ["arjun"]
    assert _listed(root_client, state__mood__exact="happy") == ["arjun"]
    assert _listed(root_client, churn="high") == ["arjun"]
    assert _listed(root_client, churn="low") == ["quiet"]
    assert _listed(root_client, flags="open") == ["arjun"]
    assert _listed(root_client, flags="none") == ["quiet"]
    assert sorted(_listed(root_client, tenant__id__exact=str(arjun.tenant_id))) == ["arjun", "quiet"]


def test_sorted_by_last_seen_with_counts_from_annotations(
    root_client: Client, graph: dict, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    arjun = graph["fact"].contact
    for n in range(20):
        other = ContactFactory(tenant=arjun.tenant, external_id=f"c{n:02}")
        other.state.last_seen_at = T0 - timedelta(days=n + 1)
        other.state.save()
        memory(other, f"Fact {n}")

    # a page of 21 contacts costs the same few queries as a page of one (no query per row)
    with django_assert_max_num_queries(8):
        response = root_client.get(reverse(CHANGELIST), {"o": "-8"})  # the 8th column: last seen, newest first

    rows = response.context["cl"].result_list
    assert [c.external_id for c in rows][:3] == ["arjun", "c00", "c01"]
    assert (rows[0].memory_count, rows[1].memory_count) == (4, 1)  # active memories only


def test_contact_page_shows_state_inlines_and_distinct_inactive_memories(root_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact
    MoodLog.objects.create(tenant=arjun.tenant, contact=arjun, mood="sad", energy="low", style="venting",
                           confidence=0.8, source="keywords", logged_at=T0)  # fmt: skip

    for content, status in (("Walked Bruno daily in May", "compressed"), ("Is in Goa this week", "expired")):
        Memory.objects.filter(pk=memory(arjun, content, memory_type="episode").pk).update(status=status)

    response = root_client.get(reverse("admin:contacts_contact_change", args=[arjun.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    for shown in ("building", "4 days", "happy", "neutral / medium", "0.70", "22, 23", "Has a golden retriever"):
        assert shown in html, shown
    with open(finders.find("rapport_admin/admin.css")) as stylesheet:  # type: ignore[arg-type]
        css = stylesheet.read()
    for status in ("superseded", "compressed", "expired"):
        assert f'class="memory-status memory-status-{status}"' in html, status
        assert f"tr:has(.memory-status-{status})" in css, status  # the row is dimmed
    assert 'class="memory-status memory-status-active"' in html
    assert '<a href="/admin/contacts/message/?q=wa-2">wa-2</a>' in html  # provenance links to the ledger
    assert '<svg id="mood-timeline"' in html and 'class="mood-point"' in html and 'class="baseline-mood"' in html
    assert reverse("admin:contacts_contact_graph", args=[arjun.pk]) in html


def test_tenant_staff_edit_the_profile_summary_with_the_change_logged(
    staff_client: Client, acme_staff: User, arjun: Contact
) -> None:
    # given a profile summary written by consolidation
    arjun.state.profile_summary = "Dog person."
    arjun.state.save()
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    data = contact_page_post_data(staff_client, url)

    # when a staff user of the contact's tenant rewrites it
    response = staff_client.post(url, {**data, "state-0-profile_summary": "Dog person. Night owl."})

    # then it is saved, and the contact's log says who changed it from what to what
    assert response.status_code == 302
    arjun.state.refresh_from_db()
    assert arjun.state.profile_summary == "Dog person. Night owl."
    line = LogEntry.objects.get(object_id=str(arjun.pk), change_message__startswith="Changed the profile summary:")
    assert (line.user, line.change_message) == (
        acme_staff,
        "Changed the profile summary: profile_summary: 'Dog person.' -> 'Dog person. Night owl.'.",
    )


def test_a_contacts_tenant_is_read_only_once_created(root_client: Client, arjun: Contact, globex: Tenant) -> None:
    # given a superuser, who sees every tenant
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    data = contact_page_post_data(root_client, url)

    # when the contact page is posted with another tenant
    response = root_client.post(url, {**data, "tenant": globex.pk, "display_name": "Arjun K"})

    # then the rest is saved, and the contact stays in its tenant with its memories
    assert response.status_code == 302
    arjun.refresh_from_db()
    assert (arjun.display_name, arjun.tenant.slug) == ("Arjun K", "acme")
    assert "tenant" not in root_client.get(url).context["adminform"].form.fields


def test_profile_summary_is_editable_on_the_contact_page(root_client: Client, arjun: Contact) -> None:
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])
    data = contact_page_post_data(root_client, url)

    response = root_client.post(url, {**data, "state-0-profile_summary": "Dog person. Night owl."})

    assert response.status_code == 302
    arjun.state.refresh_from_db()
    assert arjun.state.profile_summary == "Dog person. Night owl."


def test_knowledge_graph_page_draws_the_tree_like_the_spec(root_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact

    response = root_client.get(reverse("admin:contacts_contact_graph", args=[arjun.pk]))

    text = response.content.decode()
    assert response.status_code == 200
    assert "Contact: Arjun\n├── <a" in text
    assert 'pet:bruno</a> <span class="tree-aliases">aka Bruno, my dog</span>' in text
    assert '│   ├── <span class="tree-memory memory-status-active">fact: "<a' in text
    assert "workplace:infosys" in text and "(superseded)" in text
    assert '└── <span class="tree-entity">(no entity)</span>\n    └── ' in text
    assert "/static/rapport_admin/vendor/cytoscape.min.js" in text
    # and the interactive graph draws, by default, the entities and the two durable facts
    elements = response.context["graph"].drawing["views"][""]
    kinds = sorted(e["data"]["kind"] for e in elements if e["group"] == "nodes")
    assert kinds == ["contact", "entity", "entity"] + ["memory"] * 2


def test_knowledge_graph_page_loads_in_bounded_queries_without_memory_vectors(
    root_client: Client, arjun: Contact, bruno: ContactEntity, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # given 500 embedded memories over four entities and none
    _many_memories(arjun, bruno, 500)
    url = reverse("admin:contacts_contact_graph", args=[arjun.pk])

    # when the graph page loads, then the query count does not grow with the memories (10 today: session, user,
    # contact, entities, their memories, the unlinked ones, their source messages, and the three entity choices of
    # the merge and split forms)
    with django_assert_max_num_queries(11) as captured:
        response = root_client.get(url)

    assert response.status_code == 200
    # with every layer shown, the 500 memories are grouped: the contact, 4 entities and "(no entity)", and a node
    # for each one's active episodes ("fading") and compressed ones
    nodes = [e for e in response.context["graph"].drawing["views"]["fading+inactive"] if e["group"] == "nodes"]
    assert len(nodes) == 1 + 5 + 5 * 2
    assert _loads_heavy_columns(captured.captured_queries) == []


def test_knowledge_graph_page_is_403_for_staff_without_the_contact_permission(acme: Tenant, arjun: Contact) -> None:
    # given a staff user of Acme who may look at memories but not at contacts
    user = User.objects.create_user("mo", password="pw", is_staff=True)
    TenantStaff.objects.create(user=user, tenant=acme)
    user.user_permissions.add(Permission.objects.get(codename="view_memory"))
    client = Client()
    client.force_login(user)

    response = client.get(reverse("admin:contacts_contact_graph", args=[arjun.pk]))

    assert response.status_code == 403


def test_the_vendored_graph_library_is_served_from_our_static_files(client: Client) -> None:
    response = client.get("/static/rapport_admin/vendor/cytoscape.min.js")

    assert response.status_code == 200
    assert b"cytoscape" in b"".join(response.streaming_content)[:2000].lower()


def test_contact_page_loads_in_bounded_queries_with_500_memories_and_2000_mood_logs(
    root_client: Client, arjun: Contact, bruno: ContactEntity, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # given a contact with a long history
    _many_memories(arjun, bruno, 500)
    MoodLog.objects.bulk_create(
        MoodLog(tenant=arjun.tenant, contact=arjun, mood=["happy", "sad", "neutral"][n % 3], energy="medium",
                style="casual", confidence=0.7, source="keywords", logged_at=T0 + timedelta(minutes=n))
        for n in range(2000)
    )  # fmt: skip
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])

    # when the page loads, then the query count does not grow with the rows (11 today: one per inline and section,
    # none per memory or mood log)
    with django_assert_max_num_queries(12) as captured:
        response = root_client.get(url)

    assert response.status_code == 200
    assert response.content.decode().count('class="mood-point"') == 200
    assert _loads_heavy_columns(captured.captured_queries) == []  # 100 memory rows shown, no vector loaded


def test_big_tables_count_only_up_to_the_cap(arjun: Contact, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from staff.admin_toolkit import CappedPaginator

    for n in range(5):
        memory(arjun, f"Fact {n}")
    monkeypatch.setattr(CappedPaginator, "CAP", 3)

    assert CappedPaginator(Memory.objects.order_by("pk"), 2).count == 4
    assert CappedPaginator(Memory.objects.filter(content="Fact 0").order_by("pk"), 2).count == 1
