"""The knowledge graph of a contact who has said a lot (40 entities, 300 memories), in a real headless Chromium: the
default view is small, no two labels overlap as drawn, a toggle adds the fading memories without a reload, and a
click on an entity fills the side panel with its memories and the messages they came from. Screenshots are kept in
test-artifacts/admin-browser/ (git-ignored)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from django.urls import reverse

from contacts.models import Contact, Message
from memories.models import ContactEntity
from tests.admin.big_graph import big_graph
from tests.admin.test_browser import (
    ARTIFACTS,
    _graph_drawn,
    _log_in,
    _wait,
    browser,  # noqa: F401 (a fixture: the module's Chromium)
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

# Every node's box as drawn, with its label (rendered pixels, in the graph's container).
BOXES = """
return window.rapportGraph.nodes().map(function (n) {
  var box = n.renderedBoundingBox({ includeLabels: true, includeOverlays: false });
  var label = n.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true,
                                      includeOverlays: false });
  return { id: n.id(), label: n.data("label"), x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2,
           lx1: label.x1, ly1: label.y1, lx2: label.x2, ly2: label.y2 };
});
"""


@pytest.fixture
def talkative(db) -> Contact:  # type: ignore[no-untyped-def]
    from tests.factories import ContactFactory

    contact = ContactFactory(external_id="talkative", display_name="Arjun")
    big_graph(contact)
    return contact


def _overlapping(boxes: list[dict[str, Any]], keys: tuple[str, str, str, str]) -> list[tuple[str, str]]:
    x1, y1, x2, y2 = keys
    return [
        (a["label"], b["label"])
        for a, b in combinations(boxes, 2)
        if a[x1] < b[x2] and b[x1] < a[x2] and a[y1] < b[y2] and b[y1] < a[y2]
    ]


def _assert_readable(driver) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """No two nodes' boxes (with their labels) overlap, no two labels either, and all are in the visible area."""
    boxes = driver.execute_script(BOXES)
    assert _overlapping(boxes, ("x1", "y1", "x2", "y2")) == []
    assert _overlapping(boxes, ("lx1", "ly1", "lx2", "ly2")) == []
    width, height = driver.execute_script("var c = window.rapportGraph; return [c.width(), c.height()];")
    assert [b["label"] for b in boxes if b["x1"] < 0 or b["y1"] < 0 or b["x2"] > width or b["y2"] > height] == []
    return boxes


def _click_node(driver, node_id: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    container = driver.find_element(By.ID, "knowledge-graph")
    x, y, width, height = driver.execute_script(
        "var c = window.rapportGraph, p = c.getElementById(arguments[0]).renderedPosition();"
        "return [p.x, p.y, c.width(), c.height()];",
        node_id,
    )
    # Selenium's offsets are from the element's centre.
    offset = int(x - width / 2), int(y - height / 2)
    ActionChains(driver).move_to_element_with_offset(container, *offset).click().perform()


def test_a_contact_with_300_memories_reads_as_a_small_graph(browser, live_server, talkative: Contact) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    # given a staff user and a contact with 40 entities and 300 memories
    _log_in(browser, live_server)

    # when they open the contact's knowledge graph
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[talkative.pk])}")

    # then it draws under 60 nodes (the contact, 40 entities and "(no entity)"), none of them overlapping another
    assert _graph_drawn(browser) == 42
    boxes = _assert_readable(browser)
    assert "Bruno · 5" in [b["label"] for b in boxes]
    zoom = browser.execute_script("return window.rapportGraph.zoom()")
    browser.save_screenshot(str(ARTIFACTS / "graph-1-default-300-memories.png"))
    assert zoom >= 0.6, "labels drawn at under 60% of their size are not readable"

    # when they show the episodes and other fading memories, then a group node per entity joins, still apart
    browser.find_element(By.ID, "graph-show-fading").click()
    _wait(browser, lambda b: b.execute_script("return window.rapportGraph.nodes().length") > 42)
    assert _graph_drawn(browser) == 42 + 41
    _assert_readable(browser)
    browser.save_screenshot(str(ARTIFACTS / "graph-2-fading-shown.png"))

    # when they click Bruno
    bruno = ContactEntity.objects.get(contact=talkative, key="e00")
    _click_node(browser, f"e{bruno.pk}")

    # then the side panel lists Bruno's memories of the view, each with its source message linked
    panel = _wait(browser, ec.presence_of_element_located((By.CSS_SELECTOR, f"#graph-panel[data-node='e{bruno.pk}']")))
    memories = bruno.memories.exclude(status="superseded").order_by("pk")
    assert len(panel.find_elements(By.CSS_SELECTOR, ".graph-panel-memory")) == memories.count()
    first = Message.objects.get(contact=talkative, client_message_id=memories[0].source_message_ids[0])
    link = panel.find_element(By.CSS_SELECTOR, ".graph-panel-message")
    assert link.get_attribute("href").endswith(reverse("admin:contacts_message_change", args=[first.pk]))
    assert first.content in panel.text and "Merge…" in panel.text
    browser.save_screenshot(str(ARTIFACTS / "graph-3-entity-panel.png"))

    # when they follow the message link, then the message's admin page opens
    link.click()
    _wait(browser, ec.title_contains("message"))
    assert first.client_message_id in browser.page_source


@pytest.mark.parametrize(
    ("entities", "memories", "layout", "drawn", "all_layers"),
    # All layers: 20 memories still one a node; 60 grouped, one node an entity and layer
    [(6, 20, "concentric", 1 + 6 + 10, 1 + 6 + 20), (10, 60, "grid", 1 + 10 + 30, 29)],
    ids=["rings", "grid"],
)
def test_smaller_graphs_draw_each_durable_memory_without_overlaps(  # type: ignore[no-untyped-def]
    browser,  # noqa: F811
    live_server,
    entities: int,
    memories: int,
    layout: str,
    drawn: int,
    all_layers: int,
) -> None:
    from tests.factories import ContactFactory

    # given a contact whose durable memories fit the node budget one a node
    contact = ContactFactory(external_id=f"small-{memories}", display_name="Arjun")
    big_graph(contact, entity_count=entities, memory_count=memories)
    _log_in(browser, live_server)

    # when the graph is opened
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[contact.pk])}")

    # then each durable memory is a node, laid out in rings (a few nodes) or a grid, no two labels overlapping
    assert _graph_drawn(browser) == drawn
    assert (
        browser.execute_script("return window.rapportGraph.nodes(\"[kind = 'memory']\").length") == drawn - 1 - entities
    )
    assert browser.execute_script("return window.rapportGraphLayout") == layout
    _assert_readable(browser)
    browser.save_screenshot(str(ARTIFACTS / f"graph-4-{layout}-{memories}-memories.png"))

    # when a memory is clicked, then the panel shows that memory, its message and its edit link
    fact = contact.memories.get(content__startswith="Fact 0 ")
    _click_node(browser, f"m{fact.pk}")
    panel = _wait(browser, lambda b: b.find_element("css selector", f"#graph-panel[data-node='m{fact.pk}']"))
    assert panel.find_element("tag name", "h2").text == fact.content
    edit = panel.find_element("css selector", ".graph-panel-edit").get_attribute("href")
    assert edit.endswith(f"{reverse('admin:memories_memory_change', args=[fact.pk])}?_from=graph")
    assert "Message 0: something worth remembering about Bruno" in panel.text

    # when its Pin button is pressed, then the memory is pinned and staff are back on the graph (not the memory list)
    panel.find_element("css selector", ".rapport-inline-form button").click()
    message = _wait(browser, lambda b: b.find_element("css selector", ".messagelist .info"))
    assert (message.text, browser.current_url) == (
        "Pinned 1 memory(ies).", f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[contact.pk])}",
    )  # fmt: skip
    fact.refresh_from_db()
    assert fact.pinned
    assert _graph_drawn(browser) == drawn

    # and with every layer shown too
    browser.find_element("id", "graph-show-fading").click()
    browser.find_element("id", "graph-show-inactive").click()
    assert _graph_drawn(browser) == all_layers
    _assert_readable(browser)
    browser.save_screenshot(str(ARTIFACTS / f"graph-5-{layout}-{memories}-memories-all-layers.png"))


def test_a_contact_with_70_entities_still_draws_a_small_readable_graph(browser, live_server, db) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from tests.factories import ContactFactory

    # given a contact with 70 entities and 300 memories
    contact = ContactFactory(external_id="many-entities", display_name="Arjun")
    big_graph(contact, entity_count=70)
    _log_in(browser, live_server)

    # when staff open its knowledge graph
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[contact.pk])}")

    # then under 60 nodes (the 40 entities told of most, one node per type for the rest), no two overlapping
    assert _graph_drawn(browser) < 60
    boxes = _assert_readable(browser)
    folded = [b["label"] for b in boxes if b["label"].startswith("+")]  # one per type ("+12 person · 25")
    assert len(folded) > 1 and sum(int(label.split()[0]) for label in folded) == 30
    browser.save_screenshot(str(ARTIFACTS / "graph-6-70-entities.png"))
