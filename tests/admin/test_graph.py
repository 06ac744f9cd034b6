"""The knowledge graph page's drawing (staff.graph_drawing): the small default view, the toggled layers, grouping
past the node budget, and the side panel's memories and source messages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from contacts.models import Contact, Conversation, Message
from memories.durability import durable_q
from memories.models import ContactEntity, Memory
from staff.graph_drawing import ENTITY_BUDGET, NODE_BUDGET
from staff.selectors import knowledge_graph_get
from tests.admin.big_graph import big_graph
from tests.admin.conftest import T0

pytestmark = pytest.mark.django_db


def _nodes(view: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["data"]["id"]: e["data"] for e in view if e["group"] == "nodes"}


def _edges(view: list[dict[str, Any]]) -> set[tuple[str, str]]:
    return {(e["data"]["source"], e["data"]["target"]) for e in view if e["group"] == "edges"}


def test_the_default_view_draws_entities_and_durable_memories_one_a_node(graph: dict[str, Memory]) -> None:
    # given Arjun's graph: two durable facts, an episode, a passing preference and a superseded fact
    arjun = graph["fact"].contact
    bruno, infosys = (ContactEntity.objects.get(contact=arjun, key=key) for key in ("bruno", "infosys"))

    # when it is drawn
    views = knowledge_graph_get(contact=arjun).drawing["views"]

    # then by default: the contact, both entities and the two facts under their entity
    fact, work = graph["fact"], graph["work"]
    assert set(_nodes(views[""])) == {"contact", f"e{bruno.pk}", f"e{infosys.pk}", f"m{fact.pk}", f"m{work.pk}"}
    assert _edges(views[""]) == {
        ("contact", f"e{bruno.pk}"), ("contact", f"e{infosys.pk}"), (f"e{bruno.pk}", f"m{fact.pk}"),
        (f"e{infosys.pk}", f"m{work.pk}"),
    }  # fmt: skip
    # and each toggle adds its layer: the episode and the unlinked preference, or the superseded fact
    fading = {f"m{graph['episode'].pk}", f"m{graph['food'].pk}"}
    assert set(_nodes(views["fading"])) - set(_nodes(views[""])) == fading
    assert set(_nodes(views["inactive"])) - set(_nodes(views[""])) == {f"m{graph['old'].pk}"}
    assert len(_nodes(views["fading+inactive"])) == 5 + 3
    assert ("contact", f"m{graph['food'].pk}") in _edges(views["fading"])
    assert _nodes(views[""])[f"e{bruno.pk}"]["memory_ids"] == [fact.pk]


def test_300_memories_and_40_entities_draw_under_60_nodes_by_default(arjun: Contact) -> None:
    # given a contact with 40 entities and 300 memories
    big_graph(arjun)

    # when the graph is drawn
    views = knowledge_graph_get(contact=arjun).drawing["views"]

    # then the default view is the contact, the 40 entities and "(no entity)", each entity counting its durable ones
    nodes = _nodes(views[""])
    assert len(nodes) == 1 + 40 + 1 < 60
    assert sorted({n["kind"] for n in nodes.values()}) == ["contact", "entity"]
    bruno = ContactEntity.objects.get(contact=arjun, key="e00")
    durable = bruno.memories.filter(durable_q(), status="active").count()
    assert durable == 5 and nodes[f"e{bruno.pk}"]["label"] == "Bruno · 5"
    assert nodes["none"]["label"] == "(no entity) · 14"
    # and a toggled layer adds one group node per entity that has memories of it
    fading = {i: n for i, n in _nodes(views["fading"]).items() if i not in nodes}
    assert len(fading) == 41 and {n["kind"] for n in fading.values()} == {"group"}
    assert len(_nodes(views["fading+inactive"])) == 42 + 41 + 24
    assert _nodes(views["inactive"])["g-none-inactive"]["title"].startswith("7 memories of (no entity) out of play")
    assert all(len(n["memory_ids"]) == int(n["label"].split()[0]) for n in fading.values())


def test_past_40_entities_the_least_told_are_one_node_per_type(arjun: Contact) -> None:
    # given a contact with 70 entities and 300 memories
    big_graph(arjun, entity_count=70)

    # when the graph is drawn
    views = knowledge_graph_get(contact=arjun).drawing["views"]

    # then the default view stays under 60 nodes: the 40 entities told of most, one node per type for the others
    nodes = _nodes(views[""])
    assert len(nodes) < 60
    entities = [n for n in nodes.values() if n["kind"] == "entity" and n["entity_id"]]
    folded = [n for n in nodes.values() if n["id"].startswith("t-")]
    assert len(entities) == ENTITY_BUDGET
    assert {n["id"] for n in folded} == {f"t-{t}" for t in ("hobby", "location", "person", "pet", "workplace")}
    # and each type node names its entities, counts them, and holds their memories for the side panel
    assert sum(int(n["label"].split()[0]) for n in folded) == 70 - ENTITY_BUDGET
    person = nodes["t-person"]
    members = ContactEntity.objects.filter(contact=arjun, entity_type="person").exclude(
        pk__in=[int(n["id"][1:]) for n in entities]
    )
    assert person["title"].startswith(f"{members.count()} more person entities: ")
    told = Memory.objects.filter(durable_q(), entities__in=members, status="active").distinct()
    assert sorted(person["memory_ids"]) == sorted(told.values_list("pk", flat=True))
    # and a memory naming a folded entity hangs off its type's node
    assert all(edge[0] == "t-person" for edge in _edges(views["fading"]) if edge[1] == "g-t-person-fading")


def test_memories_are_one_a_node_while_the_view_fits_the_budget(arjun: Contact) -> None:
    # given 10 entities and 80 memories, 40 of them durable: one a node, the view would be 51 nodes
    memories = big_graph(arjun, entity_count=10, memory_count=80)
    grouped = _nodes(knowledge_graph_get(contact=arjun).drawing["views"][""])

    # when one durable memory is deleted
    Memory.objects.filter(pk=memories[74].pk).delete()

    # then the 39 durable memories are one a node (50: the budget), where 40 were drawn on their entities
    nodes = _nodes(knowledge_graph_get(contact=arjun).drawing["views"][""])
    assert len(nodes) == 1 + 10 + 39 == NODE_BUDGET
    assert sum(n["kind"] == "memory" for n in nodes.values()) == 39
    assert len(grouped) == 1 + 10 + 1


def test_the_panel_has_each_memory_with_its_source_message(arjun: Contact, graph: dict[str, Memory]) -> None:
    # given the fact's source message in the ledger (the superseded one's is gone)
    conversation = Conversation.objects.create(
        tenant=arjun.tenant, contact=arjun, external_id="c1", started_at=T0, last_message_at=T0
    )
    message = Message.objects.create(
        tenant=arjun.tenant, contact=arjun, conversation=conversation, client_message_id="wa-2", role="user",
        content="My golden retriever Bruno turned 3!", sent_at=T0,
    )  # fmt: skip

    # when the graph is drawn
    memories = knowledge_graph_get(contact=arjun).drawing["memories"]

    # then the panel's memory has its text, kind, status and the message with its time
    fact = memories[str(graph["fact"].pk)]
    assert (fact["content"], fact["memory_type"], fact["status"], fact["layer"]) == (
        "Has a golden retriever named Bruno", "fact", "active", "durable",
    )  # fmt: skip
    assert fact["provenance"] == [
        {"client_id": "wa-2", "pk": message.pk, "role": "user", "sent_at": "2026-11-01T09:00:00+00:00",
         "excerpt": "My golden retriever Bruno turned 3!"}
    ]  # fmt: skip
    assert memories[str(graph["old"].pk)]["provenance"] == [{"client_id": "wa-1", "pk": None}]
    assert memories[str(graph["old"].pk)]["layer"] == "inactive"


def test_the_panel_does_not_show_another_contacts_message_of_the_same_id(arjun: Contact, graph: dict) -> None:
    # given a message "wa-2" of another contact of the tenant (the ids are the caller's)
    from tests.factories import ContactFactory

    other = ContactFactory(tenant=arjun.tenant)
    conversation = Conversation.objects.create(
        tenant=arjun.tenant, contact=other, external_id="c2", started_at=T0, last_message_at=T0
    )
    Message.objects.create(
        tenant=arjun.tenant, contact=other, conversation=conversation, client_message_id="wa-2", role="user",
        content="Someone else's words", sent_at=T0,
    )  # fmt: skip

    # when the graph is drawn, then the fact's source is not that message
    fact = knowledge_graph_get(contact=arjun).drawing["memories"][str(graph["fact"].pk)]
    assert fact["provenance"] == [{"client_id": "wa-2", "pk": None}]


def test_the_graph_page_gives_the_panel_its_links_and_toggles(root_client: Client, graph: dict) -> None:
    arjun = graph["fact"].contact

    response = root_client.get(reverse("admin:contacts_contact_graph", args=[arjun.pk]))

    html = response.content.decode()
    assert 'data-memory-url="/admin/memories/memory/0/change/?_from=graph"' in html
    assert 'data-memory-delete-url="/admin/memories/memory/0/delete/?_from=graph"' in html
    assert 'data-back-to-graph="_from=graph"' in html
    assert 'data-message-url="/admin/contacts/message/0/change/"' in html
    assert 'data-entity-url="/admin/memories/contactentity/0/change/"' in html
    assert 'id="graph-show-fading" value="fading"' in html and 'id="graph-show-inactive" value="inactive"' in html
    assert 'id="graph-panel"' in html and 'id="knowledge-tree"' in html


def test_the_panels_pin_button_posts_what_the_memory_admin_action_takes(root_client: Client, graph: dict) -> None:
    # given the fields the panel's Pin and Unpin buttons post (knowledge_graph.js: actionsPart)
    fact = graph["fact"]
    url = f"{reverse('admin:memories_memory_changelist')}?contact__id__exact={fact.contact_id}"
    fields = {"index": "0", "_selected_action": str(fact.pk), "_from": "graph"}

    # when Pin is posted, then Unpin, then Pin again from the memory list (without the panel's "_from")
    pinned = root_client.post(url, {**fields, "action": "pin"})
    unpinned = root_client.post(url, {**fields, "action": "unpin"})
    from_list = root_client.post(url, {"action": "pin", "index": "0", "_selected_action": str(fact.pk)})

    # then the memory is pinned by the staff user, and the panel's buttons go back to the graph, the list's stays
    graph_url = reverse("admin:contacts_contact_graph", args=[fact.contact_id])
    assert [(r.status_code, r["Location"]) for r in (pinned, unpinned, from_list)] == [
        (302, graph_url), (302, graph_url), (302, url),
    ]  # fmt: skip
    fact.refresh_from_db()
    assert fact.pinned and [e.actor for e in fact.events.filter(kind="pinned")] == ["staff:root"] * 3
