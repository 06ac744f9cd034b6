"""The contact's audit trail in a real headless Chromium (issue 21): a tenant's staff user does each staff action in
the admin and finds every one on the contact's History page, with before and after; the contact list fits a
1,280 px window. Screenshots in test-artifacts/admin-browser/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from contacts.models import Contact
from memories.models import Memory
from moods.models import ReviewFlag, Trigger
from staff.services import tenant_staff_create
from tests.admin.big_graph import big_graph
from tests.admin.conftest import T0, entity, memory
from tests.admin.moods_world import mood_world
from tests.admin.test_browser import ARTIFACTS, _graph_drawn, _wait, chromium_session
from tests.admin.test_graph_browser import _assert_readable
from tests.factories import ContactFactory, TenantFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
PASSWORD = "correct horse"  # noqa: S105 (a test user's)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """As tests/admin/test_browser.py's, 1,280 px wide."""
    session = chromium_session(width=1280, height=900)
    yield session
    session.quit()


def _log_in_as_tenant_staff(browser, live_server, contact: Contact) -> None:  # type: ignore[no-untyped-def]
    tenant_staff_create(username="sam", password=PASSWORD, tenant=contact.tenant)
    _log_in(browser, live_server, "sam")


def _log_in(browser, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    browser.delete_all_cookies()
    browser.get(f"{live_server.url}{reverse('admin:login')}")
    browser.find_element(By.ID, "id_username").send_keys(username)
    browser.find_element(By.ID, "id_password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    _wait(browser, ec.presence_of_element_located((By.ID, "user-tools")))


def _submit(browser, element, message: str = ".messagelist .success") -> None:  # type: ignore[no-untyped-def]
    """Click, wait for the next page (not the message still on this one), and for its message."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    page = browser.find_element(By.TAG_NAME, "html")
    element.click()
    _wait(browser, _left(page))
    _wait(browser, ec.presence_of_element_located((By.CSS_SELECTOR, message)))


def _left(page: Any) -> Any:
    """The page ``page`` (its root element) was replaced. Selenium's ``staleness_of`` knows only the stale-element
    error; Chromium may instead answer "Node with given id does not belong to the document", which says the same
    (seen once in a full run, as a failure)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def check(driver: Any) -> bool:
        try:
            page.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
        return False

    return check


@pytest.fixture
def arjun(db) -> Contact:  # type: ignore[no-untyped-def]
    tenant = TenantFactory(name="Acme Support International", slug="acme-support-international")
    arjun = ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")
    bruno = entity(arjun, "pet:bruno", "Bruno", ["Bruno", "Max"])
    entity(arjun, "pet:dog", "Dog", ["the pup"])
    memory(arjun, "Works at Infosys", importance=0.5)
    memory(arjun, "Max chewed the sofa", bruno, memory_type="episode")
    memory(arjun, "Loves biryani", memory_type="preference")
    ReviewFlag.objects.create(tenant=tenant, contact=arjun, kind="crisis", excerpt="I can't go on")
    Trigger.objects.create(tenant=tenant, contact=arjun, kind="check_in", reason="quiet", due_at=T0, dedupe_key="k")
    return arjun


@pytest.mark.parametrize("who", ["tenant staff", "superuser"])
def test_the_contact_list_fits_1280_pixels(browser, live_server, arjun: Contact, who: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    # given a tenant's contacts, some with long names and ids, and their staff user (or a superuser, who sees every
    # tenant's) in a 1,280 px wide window
    for n in range(12):
        contact = ContactFactory(
            tenant=arjun.tenant, external_id=f"whatsapp:+4915112345{n:03d}", display_name=f"Maximilian Alexander {n}"
        )
        contact.state.last_seen_at = T0 + timedelta(minutes=n)
        contact.state.save()
    if who == "superuser":
        User.objects.create_superuser(username="root", password=PASSWORD)
        _log_in(browser, live_server, "root")
    else:
        _log_in_as_tenant_staff(browser, live_server, arjun)
    browser.set_window_size(1280, 900)
    assert browser.execute_script("return window.innerWidth") == 1280

    # when they open the contact list
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_changelist')}")
    browser.find_element(By.ID, "result_list")
    browser.save_screenshot(str(ARTIFACTS / f"audit-1-contact-list-1280-{who.replace(' ', '-')}.png"))

    # then nothing scrolls sideways: the page is no wider than the window
    # (nor does the list inside its own box, which scrolls sideways rather than widen the page)
    page_width, window_width, list_width, box_width = browser.execute_script(
        "const box = document.querySelector('#changelist .results');"
        "return [document.documentElement.scrollWidth, window.innerWidth, box.scrollWidth, box.clientWidth]"
    )
    assert page_width <= window_width, (page_width, window_width)
    assert list_width <= box_width, (list_width, box_width)
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#result_list thead th")]
    assert headers[-1].replace("\n", " ") == "LAST SEEN"  # every column shown, none cut off
    if who == "superuser":  # and the superuser sees each contact's tenant (under its name)
        assert "Acme Support International" in browser.find_element(By.ID, "result_list").text


def _open_memory(browser, live_server, contact: Contact, content: str) -> None:  # type: ignore[no-untyped-def]
    """From the contact page, the memory inline's link on the row that shows ``content``."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_change', args=[contact.pk])}")
    row = browser.find_element(
        By.XPATH, f"//tr[.//td[contains(., '{content}')]][.//a[contains(@class, 'rapport-memory-link')]]"
    )
    link = row.find_element(By.CSS_SELECTOR, "a.rapport-memory-link")
    assert link.text == "Edit"
    link.click()
    _wait(browser, ec.presence_of_element_located((By.ID, "id_content")))  # the memory's page, not the contact's


def _save_memory_and_come_back(browser, live_server, contact: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    _submit(browser, browser.find_element(By.NAME, "_save"))
    assert browser.current_url == f"{live_server.url}{reverse('admin:contacts_contact_change', args=[contact.pk])}"


def _run_action(browser, live_server, model: str, action: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(f"{live_server.url}{reverse(f'admin:moods_{model}_changelist')}")
    browser.find_element(By.CSS_SELECTOR, "input.action-select").click()
    Select(browser.find_element(By.NAME, "action")).select_by_value(action)
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "button[name=index]"), ".messagelist .info")  # "Resolved…"


def test_every_staff_action_is_on_the_contacts_history_with_before_and_after(  # noqa: PLR0915
    # (and, issue 21's done-when in one test: the same contact grown to 300 memories and 40 entities reads as a
    # small graph without overlapping labels, and its mood chart names its axes)
    browser,
    live_server,
    arjun: Contact,
) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select

    # given a tenant's staff user on Arjun's page
    _log_in_as_tenant_staff(browser, live_server, arjun)
    browser.set_window_size(1280, 900)
    contact_url = f"{live_server.url}{reverse('admin:contacts_contact_change', args=[arjun.pk])}"

    # when they add a memory from the contact's page
    browser.get(contact_url)
    browser.find_element(By.CSS_SELECTOR, ".object-tools a[href*='/memories/memory/add/']").click()
    _wait(browser, ec.presence_of_element_located((By.ID, "id_content")))
    Select(browser.find_element(By.ID, "id_memory_type")).select_by_value("fact")
    browser.find_element(By.ID, "id_content").send_keys("Is vegetarian")
    _save_memory_and_come_back(browser, live_server, arjun)
    added = Memory.objects.get(content="Is vegetarian")
    browser.save_screenshot(str(ARTIFACTS / "audit-2-back-on-the-contact.png"))

    # and edit one (its link on the contact's page says "Edit"), and pin another
    _open_memory(browser, live_server, arjun, "Works at Infosys")
    content = browser.find_element(By.ID, "id_content")
    content.clear()
    content.send_keys("Works at TCS")
    _save_memory_and_come_back(browser, live_server, arjun)
    _open_memory(browser, live_server, arjun, "Loves biryani")
    browser.find_element(By.ID, "id_pinned").click()
    _save_memory_and_come_back(browser, live_server, arjun)

    # and delete the one they added
    browser.get(f"{live_server.url}{reverse('admin:memories_memory_delete', args=[added.pk])}")
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "#content form input[type=submit]"))

    # and merge two entities, and split an alias off one, on the knowledge graph page
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[arjun.pk])}")
    Select(browser.find_element(By.ID, "id_merged")).select_by_visible_text("pet:dog")
    Select(browser.find_element(By.ID, "id_survivor")).select_by_visible_text("pet:bruno")
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='graph/merge/'] input[type=submit]"))
    Select(browser.find_element(By.ID, "id_entity")).select_by_visible_text("pet:bruno")
    browser.find_element(By.ID, "id_alias").send_keys("Max")
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='graph/split/'] input[type=submit]"))

    # and rewrite the profile summary
    browser.get(contact_url)
    summary = browser.find_element(By.ID, "id_state-0-profile_summary")
    summary.clear()
    summary.send_keys("Dog person.")
    _submit(browser, browser.find_element(By.NAME, "_continue"))

    # and resolve the crisis flag and complete the trigger
    _run_action(browser, live_server, "reviewflag", "resolve")
    _run_action(browser, live_server, "trigger", "complete")

    # and press "Consolidate now", and download the export
    browser.get(contact_url)
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "button.rapport-tool-button"))
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_export', args=[arjun.pk])}")

    # then the contact's History page has every one of them, by the staff user, with before and after
    browser.set_window_size(1280, 2600)
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_history', args=[arjun.pk])}")
    history = browser.find_element(By.ID, "change-history").text
    browser.save_screenshot(str(ARTIFACTS / "audit-3-contact-history.png"))
    infosys = Memory.objects.get(content="Works at TCS")
    biryani = Memory.objects.get(content="Loves biryani")
    flag, trigger = ReviewFlag.objects.get(contact=arjun), Trigger.objects.get(contact=arjun)
    expected = [
        f"Added memory #{added.pk}: now id: {added.pk}, memory_type: 'fact', content: 'Is vegetarian'",
        f"Edited memory #{infosys.pk}: content: 'Works at Infosys' -> 'Works at TCS'.",
        f"Edited memory #{biryani.pk}: pinned: no -> yes.",
        f"Deleted memory #{added.pk}: was id: {added.pk}, memory_type: 'fact', content: 'Is vegetarian'",
        "Merged pet:dog into pet:bruno: pet:dog: removed (was display_name: 'Dog', aliases: [\"the pup\"]",
        'Split pet:max off pet:bruno: pet:bruno aliases: ["Bruno", "Max", "Dog", "the pup"] -> '
        '["Bruno", "Dog", "the pup"]',
        "Changed the profile summary: profile_summary: '' -> 'Dog person.'.",
        f"Acknowledged crisis flag #{flag.pk} (crisis language, raised ",
        "resolved_at: (none) -> ",
        "resolved_by: '' -> 'staff:sam'.",
        f"Acknowledged check-in trigger #{trigger.pk} (due ",
        "completed_at: (none) -> ",
        "completed_by: '' -> 'staff:sam'.",
        "Queued a consolidation pass.",
        "Consolidation pass done (",
        "profile_summary: 'Dog person.' -> 'Arjun: Works at TCS.'.",
        "Downloaded the GDPR export.",
    ]
    missing = [line for line in expected if line not in history]
    assert not missing, history
    # and each change once: Django's own line for the contact page's save ("Changed Profile summary for contact
    # state ...") would repeat the profile's, without its before and after
    assert "for contact state" not in history, history
    rows = history.splitlines()[1:-1]  # between the table's header and its "N entries"
    assert len(rows) == 12 and all(" sam " in row for row in rows), history  # who: every line is the staff user's
    # and what consolidation removed has its own section: the episode it compressed into a pattern, and why
    removed = browser.find_element(By.ID, "removed-memories").text
    assert "Forgotten memories: what consolidation removed, and why" in removed
    assert "[episode] Max chewed the sofa compressed compressed into pattern memory #" in removed

    # when Arjun has talked a lot more: 300 more memories, 40 entities in all, a fortnight of mood readings
    big_graph(arjun, entity_count=38)  # and pet:bruno, pet:max
    mood_world(arjun)
    assert (arjun.memories.count() >= 300, arjun.entities.count()) == (True, 40)

    # then the knowledge graph's default view is under 60 nodes, no two labels overlapping
    browser.set_window_size(1400, 1100)
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_graph', args=[arjun.pk])}")
    assert _graph_drawn(browser) < 60
    _assert_readable(browser)
    browser.save_screenshot(str(ARTIFACTS / "audit-5-graph-of-a-talkative-contact.png"))
    # and the contact page's mood chart names its axes: every mood, the energy levels, dates
    browser.get(contact_url)
    chart = _wait(browser, ec.visibility_of_element_located((By.ID, "mood-timeline")))
    browser.execute_script("arguments[0].scrollIntoView()", chart)
    browser.save_screenshot(str(ARTIFACTS / "audit-6-mood-chart.png"))
    axis = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#mood-timeline .axis-label")]
    assert {"happy", "neutral", "angry", "high", "medium", "low"} <= set(axis), axis
    assert len([label for label in axis if re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}", label)]) >= 3, axis  # "Nov 4"
    # and the History page still has every staff action, with before and after
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_history', args=[arjun.pk])}")
    history = browser.find_element(By.ID, "change-history").text
    assert not [line for line in expected if line not in history], history

    # when they erase the contact
    browser.set_window_size(1280, 900)
    browser.get(f"{live_server.url}{reverse('admin:contacts_contact_erase', args=[arjun.pk])}")
    browser.find_element(By.ID, "id_confirmation").send_keys("arjun")
    _submit(browser, browser.find_element(By.CSS_SELECTOR, "input.rapport-danger-button"))
    browser.save_screenshot(str(ARTIFACTS / "audit-4-erased.png"))

    # then one line survives: who erased which contact id, and the receipt; the rest of the trail went with them
    lines = LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Contact), object_id=str(arjun.pk))
    [erased] = lines
    assert (erased.user.username, erased.action_flag) == ("sam", DELETION)
    assert erased.change_message.startswith("Erased (GDPR). Receipt: {")
    assert "Works at TCS" not in erased.change_message
