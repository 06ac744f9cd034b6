"""Finding contacts, the contact page at a glance, the knowledge graph page, and the query bound."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from contacts.models import Contact
from memories.models import ContactEntity, Memory, MemoryStatus
from moods.models import MoodLog, ReviewFlag
from tests.admin.conftest import T0, contact_page_post_data, entity, memory
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:contacts_contact_changelist"


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
        response = root_client.get(reverse(CHANGELIST), {"o": "-9"})  # the 9th column: last seen, newest first

    rows = response.context["cl"].result_list
    assert [c.external_id for c in rows][:3] == ["arjun", "c00", "c01"]
    assert (rows[0].memory_count, rows[1].memory_count) == (4, 1)  # active memories only


def test_contact_page_shows_state_inlines_and_distinct_inactive_memories(root_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact
    MoodLog.objects.create(tenant=arjun.tenant, contact=arjun, mood="sad", energy="low", style="venting",
                           confidence=0.8, source="keywords", logged_at=T0)  # fmt: skip

    response = root_client.get(reverse("admin:contacts_contact_change", args=[arjun.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    for shown in ("building", "4 days", "happy", "neutral / medium", "0.70", "22, 23", "Has a golden retriever"):
        assert shown in html, shown
    assert 'class="memory-status memory-status-superseded"' in html  # dimmed by the stylesheet
    assert '<a href="/admin/contacts/message/?q=wa-2">wa-2</a>' in html  # provenance links to the ledger
    assert '<svg id="mood-timeline"' in html and 'class="mood-point"' in html and 'class="baseline-mood"' in html
    assert reverse("admin:contacts_contact_graph", args=[arjun.pk]) in html


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
    elements = response.context["graph"].elements
    kinds = sorted(e["data"]["kind"] for e in elements if e["group"] == "nodes")
    assert kinds == ["contact", "entity", "entity"] + ["memory"] * 5


def test_the_vendored_graph_library_is_served_from_our_static_files(client: Client) -> None:
    response = client.get("/static/rapport_admin/vendor/cytoscape.min.js")

    assert response.status_code == 200
    assert b"cytoscape" in b"".join(response.streaming_content)[:2000].lower()


def test_contact_page_loads_in_bounded_queries_with_500_memories_and_2000_mood_logs(
    root_client: Client, arjun: Contact, bruno: ContactEntity, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # given a contact with a long history
    memories = Memory.objects.bulk_create(
        Memory(tenant=arjun.tenant, contact=arjun, memory_type="episode", content=f"Episode {n}", importance=0.5,
               decay_rate=0.008, source="rules", source_message_ids=[f"m{n}"],
               status=MemoryStatus.ACTIVE if n % 5 else MemoryStatus.COMPRESSED)
        for n in range(500)
    )  # fmt: skip
    bruno.memories.add(*memories[:200])
    for n in range(3):
        entity(arjun, f"person:p{n}", f"P{n}", []).memories.add(*memories[n::7])
    MoodLog.objects.bulk_create(
        MoodLog(tenant=arjun.tenant, contact=arjun, mood=["happy", "sad", "neutral"][n % 3], energy="medium",
                style="casual", confidence=0.7, source="keywords", logged_at=T0 + timedelta(minutes=n))
        for n in range(2000)
    )  # fmt: skip
    url = reverse("admin:contacts_contact_change", args=[arjun.pk])

    # when the page loads, then the query count does not grow with the rows (11 today: one per inline and section,
    # none per memory or mood log)
    with django_assert_max_num_queries(12):
        response = root_client.get(url)

    assert response.status_code == 200
    assert response.content.decode().count('class="mood-point"') == 200


def test_big_tables_count_only_up_to_the_cap(arjun: Contact, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from contacts.admin_lists import CappedPaginator

    for n in range(5):
        memory(arjun, f"Fact {n}")
    monkeypatch.setattr(CappedPaginator, "CAP", 3)

    assert CappedPaginator(Memory.objects.order_by("pk"), 2).count == 4
    assert CappedPaginator(Memory.objects.filter(content="Fact 0").order_by("pk"), 2).count == 1
