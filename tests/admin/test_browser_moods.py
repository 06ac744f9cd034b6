"""The mood chart and the review queue in a real headless Chromium (the setup of test_browser.py): the chart's axes
are labelled (dates, mood names), a crisis flag and a trigger are marked, a reading opens its message; the queue
lists an open flag and trigger newest first and acknowledging one with a note takes it off and logs it on the
contact. Screenshots in test-artifacts/admin-browser/."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from contacts.models import Contact
from moods.models import ReviewFlag, Trigger
from tests.admin import test_browser
from tests.admin.moods_world import mood_world
from tests.admin.test_browser import ARTIFACTS, _log_in, _wait
from tests.factories import ContactFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
# test_browser's module-wide Chromium session, as the fixture "chromium" here
chromium = test_browser.browser


@pytest.fixture
def arjun(db) -> Contact:  # type: ignore[no-untyped-def]
    contact = ContactFactory(external_id="arjun", display_name="Arjun")
    contact.state.baseline_mood, contact.state.baseline_energy = "neutral", "medium"
    contact.state.save()
    return contact


def _texts(chromium, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    return [element.text for element in chromium.find_elements(By.CSS_SELECTOR, selector)]


def test_the_mood_chart_has_axes_markers_and_links_to_messages(chromium, live_server, arjun: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    # given 26 readings from Nov 3 to Nov 16, a crisis flag on the 17th reading's message and a trigger after it
    world = mood_world(arjun)
    _log_in(chromium, live_server)

    # when staff open the contact
    chromium.get(f"{live_server.url}{reverse('admin:contacts_contact_change', args=[arjun.pk])}")
    chart = _wait(chromium, ec.visibility_of_element_located((By.ID, "mood-timeline")))
    chromium.execute_script("arguments[0].scrollIntoView()", chart)
    chromium.save_screenshot(str(ARTIFACTS / "mood-1-chart.png"))
    chart.screenshot(str(ARTIFACTS / "mood-2-chart-only.png"))

    # then the y axis names every mood of the scale and the energy levels, and the x axis carries dates
    moods = _texts(chromium, "#mood-timeline .mood-axis-label")
    assert moods == ["happy", "excited", "grateful", "flirty", "neutral", "confused", "bored", "anxious",
                     "frustrated", "sad", "angry"]  # fmt: skip
    assert _texts(chromium, "#mood-timeline .energy-axis-label") == ["high", "medium", "low"]
    dates = _texts(chromium, "#mood-timeline .time-axis-label")
    assert dates[0] == "Nov 4" and "Nov 16" in dates and len(dates) >= 5, dates
    # and the labels are drawn apart, none on top of another
    boxes = chromium.execute_script(
        "return [...document.querySelectorAll('#mood-timeline .axis-label')].map(t => t.getBBox())"
        ".map(b => [b.x, b.y, b.x + b.width, b.y + b.height])"
    )
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if _overlap(a, b)]
    # and a crisis marker and a trigger marker sit on the time axis, at the reading they belong to
    crisis = chromium.find_element(By.CSS_SELECTOR, "#mood-timeline .marker-crisis")
    trigger = chromium.find_element(By.CSS_SELECTOR, "#mood-timeline .marker-trigger")
    points = chromium.find_elements(By.CSS_SELECTOR, "#mood-timeline .mood-point")
    assert len(points) == 26
    x_of = lambda element: float(element.find_element(By.CSS_SELECTOR, "line").get_attribute("x1"))  # noqa: E731
    assert x_of(crisis) == float(points[16].get_attribute("cx"))
    assert x_of(trigger) == float(points[17].get_attribute("cx"))
    assert "self harm (open)" in crisis.find_element(By.TAG_NAME, "title").get_attribute("textContent")
    # and the baseline is drawn at "neutral"
    baseline = chromium.find_element(By.CSS_SELECTOR, "#mood-timeline .baseline-mood")
    neutral = chromium.find_element(
        By.XPATH, "//*[@id='mood-timeline']//*[@class='axis-label mood-axis-label'][.='neutral']"
    )
    assert float(baseline.get_attribute("y1")) == float(neutral.get_attribute("y"))

    # when they click the 17th reading (sad)
    chromium.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", points[16])

    # then its message opens
    _wait(chromium, ec.url_contains(reverse("admin:contacts_message_change", args=[world.messages[16].pk])))
    assert "Message 16: feeling sad today" in chromium.find_element(By.ID, "content").text
    chromium.save_screenshot(str(ARTIFACTS / "mood-3-message-of-a-reading.png"))


def test_mood_log_rows_show_the_message_they_were_read_from(chromium, live_server, arjun: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    # given the readings
    world = mood_world(arjun)
    _log_in(chromium, live_server)

    # when staff open the contact's mood logs
    chromium.get(f"{live_server.url}{reverse('admin:moods_moodlog_changelist')}?contact__id__exact={arjun.pk}")
    _wait(chromium, ec.presence_of_element_located((By.ID, "result_list")))
    chromium.save_screenshot(str(ARTIFACTS / "mood-4-mood-logs.png"))

    # then each row says what was read, with the words it was read from linked to the message
    first = chromium.find_element(By.CSS_SELECTOR, "#result_list tbody tr:first-child")
    link = first.find_element(By.CSS_SELECTOR, "a.rapport-message-excerpt")
    assert ("sad" in first.text, link.text) == (False, "“Message 25: feeling anxious today”")
    link.click()
    _wait(chromium, ec.url_contains(reverse("admin:contacts_message_change", args=[world.messages[25].pk])))

    # when they look at the recent mood logs on the contact's page
    chromium.get(f"{live_server.url}{reverse('admin:contacts_contact_change', args=[arjun.pk])}")
    inline = _wait(chromium, ec.presence_of_element_located((By.ID, "mood_logs-group")))
    chromium.execute_script("arguments[0].scrollIntoView()", inline)
    chromium.save_screenshot(str(ARTIFACTS / "mood-5-mood-logs-inline.png"))

    # then each row shows its message too, the newest first
    excerpts = _texts(chromium, "#mood_logs-group a.rapport-message-excerpt")
    assert excerpts[:2] == ["“Message 25: feeling anxious today”", "“Message 24: feeling bored today”"]
    assert len(excerpts) == 26


def test_staff_acknowledge_a_crisis_flag_with_a_note_in_the_review_queue(chromium, live_server, arjun: Contact) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    # given an open crisis flag (Nov 11) and a newer open trigger (Nov 11, 13 h later), and a resolved flag
    world = mood_world(arjun)
    old = world.messages[3]
    ReviewFlag.objects.create(
        tenant=arjun.tenant, contact=arjun, message=old, kind="crisis", excerpt="old", created_at=old.sent_at,
        resolved_at=world.messages[4].sent_at,
    )  # fmt: skip
    _log_in(chromium, live_server)

    # when staff open the review queue from the admin's index
    chromium.get(f"{live_server.url}{reverse('admin:index')}")
    chromium.find_element(By.LINK_TEXT, "Review queue").click()
    _wait(chromium, ec.presence_of_element_located((By.ID, "review-queue")))
    chromium.save_screenshot(str(ARTIFACTS / "mood-6-review-queue.png"))

    # then the open trigger and flag are listed, newest first, with the message and the contact
    items = chromium.find_elements(By.CSS_SELECTOR, "#review-queue > li")
    assert [item.get_attribute("id") for item in items] == [
        f"review-trigger-{world.trigger.pk}",
        f"review-crisis-{world.flag.pk}",
    ]
    assert "Message 16: feeling sad today" in items[1].text and "Arjun" in items[1].text

    # when they acknowledge the flag, saying what was done
    items[1].find_element(By.NAME, "note").send_keys("Called Arjun; he is safe and talking to his sister.")
    items[1].find_element(By.CSS_SELECTOR, "input[type=submit]").click()

    # then it is off the open list, resolved with the note, and logged on the contact's history
    _wait(chromium, ec.presence_of_element_located((By.CSS_SELECTOR, ".messagelist .success")))
    chromium.save_screenshot(str(ARTIFACTS / "mood-7-acknowledged.png"))
    remaining = chromium.find_elements(By.CSS_SELECTOR, "#review-queue > li")
    assert [item.get_attribute("id") for item in remaining] == [f"review-trigger-{world.trigger.pk}"]
    world.flag.refresh_from_db()
    assert (world.flag.resolved_by, world.flag.resolution_note) == (
        "staff:staffer",
        "Called Arjun; he is safe and talking to his sister.",
    )
    line = LogEntry.objects.get(content_type=ContentType.objects.get_for_model(Contact), object_id=str(arjun.pk))
    assert line.user.username == "staffer"
    assert "resolution_note: '' -> 'Called Arjun; he is safe and talking to his sister.'" in line.change_message
    chromium.get(f"{live_server.url}{reverse('admin:contacts_contact_history', args=[arjun.pk])}")
    assert f"Acknowledged crisis flag #{world.flag.pk}" in chromium.find_element(By.ID, "change-history").text
    chromium.save_screenshot(str(ARTIFACTS / "mood-8-contact-history.png"))

    # when they acknowledge the trigger too
    chromium.get(f"{live_server.url}{reverse('admin:moods_reviewqueue_changelist')}")
    chromium.find_element(By.CSS_SELECTOR, f"#review-trigger-{world.trigger.pk} input[type=submit]").click()

    # then the queue is empty and the trigger completed by them
    _wait(chromium, ec.presence_of_element_located((By.ID, "review-queue-empty")))
    assert Trigger.objects.get(pk=world.trigger.pk).completed_by == "staff:staffer"


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
