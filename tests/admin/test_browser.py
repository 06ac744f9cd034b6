"""The staff admin in a real headless Chromium (Debian's chromium + chromium-driver, driven by Selenium) against
a live server: log in, open a contact, see the knowledge graph drawn, edit a memory, merge two entities.
Screenshots are kept in test-artifacts/admin-browser/ (git-ignored)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from contacts.models import Contact
from memories.models import ContactEntity, Memory
from moods.models import MoodLog
from tests.admin.conftest import T0, entity, memory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "admin-browser"
WAIT_SECONDS = 30  # an upper bound for slow machines, not a speed assertion


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    session = chromium_session(width=1400, height=1100)
    yield session
    session.quit()


def chromium_session(*, width: int, height: int) -> Any:
    """Debian's headless Chromium with its matching driver, in a window of this size (the caller quits it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver):
        pytest.fail("Debian's chromium and chromium-driver are needed: `make test` installs them")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    session = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return session


def _wait(browser, condition):  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_SECONDS).until(condition)


def _log_in(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    User.objects.create_superuser("staffer", "staffer@example.com", "correct horse")
    browser.delete_all_cookies()
    browser.get(f"{live_server.url}{reverse('admin:login')}")
    browser.find_element(By.ID, "id_username").send_keys("staffer")
    browser.find_element(By.ID, "id_password").send_keys("correct horse")
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    _wait(browser, ec.presence_of_element_located((By.ID, "user-tools")))


def _graph_drawn(browser) -> int:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    _wait(browser, ec.presence_of_element_located((By.CSS_SELECTOR, "#knowledge-graph[data-rendered='true']")))
    return int(browser.execute_script("return window.rapportGraph.nodes().length"))


@pytest.fixture
def arjun_graph(db) -> Contact:  # type: ignore[no-untyped-def]
    from tests.factories import ContactFactory

    arjun = ContactFactory(external_id="arjun", display_name="Arjun")
    bruno = entity(arjun, "pet:bruno", "Bruno", ["Bruno"])
    dog = entity(arjun, "pet:dog", "Dog", ["my dog"])
    memory(arjun, "Has a golden retriever named Bruno", bruno)
    memory(arjun, "Bruno ate his shoes again", bruno, memory_type="episode")
    memory(arjun, "Took my dog to the vet", dog, memory_type="episode")
    memory(arjun, "Loves biryani", memory_type="preference")
    moods = ["happy", "neutral", "sad", "anxious", "happy", "excited"]
    MoodLog.objects.bulk_create(
        MoodLog(tenant=arjun.tenant, contact=arjun, mood=moods[n % 6], energy=["high", "medium", "low"][n % 3],
                style="casual", confidence=0.7, source="keywords", logged_at=T0 + timedelta(hours=7 * n))
        for n in range(40)
    )  # fmt: skip
    arjun.state.baseline_mood, arjun.state.baseline_energy = "happy", "medium"
    arjun.state.save()
    return arjun


def test_staff_open_a_contact_see_the_graph_and_edit_a_memory(browser, live_server, arjun_graph: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    # given a logged-in staff user who finds the contact by their dog's name
    _log_in(browser, live_server)
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_changelist')}?q=bruno")
    browser.find_element(By.LINK_TEXT, "arjun").click()
    _wait(browser, ec.title_contains("Arjun"))
    browser.save_screenshot(str(ARTIFACTS / "1-contact-page.png"))

    # when they open the knowledge graph
    browser.find_element(By.CLASS_NAME, "rapport-graph-link").click()

    # then it is drawn with the contact, its 2 entities and its one durable memory (the episodes and the passing
    # preference are behind a toggle)
    assert _graph_drawn(browser) == 4
    assert browser.find_elements(By.CSS_SELECTOR, "#knowledge-graph canvas")
    tree = browser.find_element(By.ID, "knowledge-tree").text
    assert tree.startswith("Contact: Arjun\n├── pet:bruno")
    browser.save_screenshot(str(ARTIFACTS / "2-knowledge-graph.png"))

    # when they open a memory from the tree, change it and save
    browser.find_element(By.LINK_TEXT, "Has a golden retriever named Bruno").click()
    content = _wait(browser, ec.presence_of_element_located((By.ID, "id_content")))
    content.clear()
    content.send_keys("Has a golden retriever named Bruno, 3 years old")
    browser.find_element(By.NAME, "_save").click()

    # then it is saved, with the staff user in its history
    _wait(browser, ec.presence_of_element_located((By.CSS_SELECTOR, ".messagelist .success")))
    browser.save_screenshot(str(ARTIFACTS / "3-memory-saved.png"))
    edited = Memory.objects.get(content="Has a golden retriever named Bruno, 3 years old")
    assert edited.events.get(kind="edited").actor == "staff:staffer"


def test_staff_merge_two_entities_in_the_graph_page(browser, live_server, arjun_graph: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select

    _log_in(browser, live_server)
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[arjun_graph.pk])}")
    assert _graph_drawn(browser) == 4

    # when "pet:dog" is merged into "pet:bruno"
    Select(browser.find_element(By.ID, "id_merged")).select_by_visible_text("pet:dog")
    Select(browser.find_element(By.ID, "id_survivor")).select_by_visible_text("pet:bruno")
    browser.find_element(By.CSS_SELECTOR, "#merge-form input[type=submit]").click()

    # then the page comes back with one entity fewer, and the dog's memory is Bruno's
    _wait(browser, ec.presence_of_element_located((By.CSS_SELECTOR, ".messagelist .success")))
    assert _graph_drawn(browser) == 3
    browser.save_screenshot(str(ARTIFACTS / "4-entities-merged.png"))
    assert list(ContactEntity.objects.filter(contact=arjun_graph).values_list("key", flat=True)) == ["bruno"]
    vet = Memory.objects.get(content="Took my dog to the vet")
    assert [e.ref for e in vet.entities.all()] == ["pet:bruno"]
