"""The mood chart's layout (staff.charts) and the review queue's pages and writes (staff.review_queue and its admin),
without a browser: exact coordinates and labels, tenant scoping, permissions, idempotency."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from contacts.models import Contact, Tenant, TenantStaff
from moods.models import MoodLog, ReviewFlag, Trigger
from privacy.selectors import contact_export_get
from staff.charts import MOOD_SCALE, mood_chart_get
from tests.admin.moods_world import START, mood_world

pytestmark = pytest.mark.django_db


def test_the_chart_names_the_moods_dates_the_axis_and_marks_the_flag_and_trigger(
    arjun: Contact, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # given 26 readings, 13 h apart from Nov 3 08:00, a crisis flag on the 17th and a trigger on the 18th
    world = mood_world(arjun)

    # when the chart is laid out
    with django_assert_num_queries(3):
        chart = mood_chart_get(contact=arjun, state=arjun.state)

    # then every mood of the scale has its named lane, most positive on top, negatives below neutral
    assert [lane.label for lane in chart.mood_lanes] == list(MOOD_SCALE)
    assert [lane.label for lane in chart.mood_lanes if lane.negative] == [
        "confused", "bored", "anxious", "frustrated", "sad", "angry",
    ]  # fmt: skip
    assert [lane.label for lane in chart.energy_lanes] == ["high", "medium", "low"]
    # and the time axis has a tick every other day, at midnight
    assert [tick.label for tick in chart.time_ticks] == ["Nov 4", "Nov 6", "Nov 8", "Nov 10", "Nov 12", "Nov 14",
                                                         "Nov 16"]  # fmt: skip
    # and the first and last readings sit just inside the plot, each in its mood's lane, with its message
    first, sad = chart.readings[0], chart.readings[16]
    assert (first.x, chart.readings[-1].x) == (106.0, 870.0)
    assert (sad.mood, sad.mood_y, sad.message_id) == ("sad", chart.mood_lanes[9].y, world.messages[16].pk)
    assert sad.excerpt == "Message 16: feeling sad today"
    # and the flag and the trigger are marked where their readings are
    crisis, trigger = chart.markers
    assert (crisis.kind, crisis.x, crisis.flag_id, crisis.message_id, crisis.closed) == (
        "crisis", sad.x, world.flag.pk, world.messages[16].pk, False,
    )  # fmt: skip
    assert (trigger.kind, trigger.x, trigger.trigger_id) == ("trigger", chart.readings[17].x, world.trigger.pk)
    # and the baseline is the contact's
    assert (chart.baseline_mood_y, chart.baseline_energy_y) == (chart.mood_lanes[4].y, chart.energy_lanes[1].y)


def test_a_crisis_known_only_to_the_state_is_marked_once(arjun: Contact) -> None:
    # given readings, the flag on the 17th message, and the state's crisis_at at that message and at a later one
    world = mood_world(arjun)
    arjun.state.crisis_at = world.messages[16].sent_at
    arjun.state.save()
    same = mood_chart_get(contact=arjun, state=arjun.state)
    arjun.state.crisis_at = world.messages[20].sent_at
    arjun.state.save()

    # when the chart is laid out
    later = mood_chart_get(contact=arjun, state=arjun.state)

    # then the flag's crisis is marked once, and the later one (no flag: review not enabled) is marked without a link
    assert [(m.kind, m.flag_id) for m in same.markers] == [("crisis", world.flag.pk), ("trigger", None)]
    assert [(m.kind, m.flag_id, m.message_id, m.closed) for m in later.markers][2] == ("crisis", None, None, False)
    assert later.markers[2].x == later.readings[20].x
    assert later.markers[2].title == "2026-11-14 04:00 — crisis language (no review flag raised)"


def test_one_reading_gets_an_hourly_axis_and_no_reading_no_chart(arjun: Contact) -> None:
    # given one reading at 08:00 (and none for a second contact)
    MoodLog.objects.create(tenant=arjun.tenant, contact=arjun, mood="happy", energy="high", style="casual",
                           confidence=0.7, source="llm", logged_at=START)  # fmt: skip

    # when the chart is laid out
    chart = mood_chart_get(contact=arjun, state=arjun.state)

    # then the reading is in the middle of a two-hour axis, labelled with the day and hour
    assert [tick.label for tick in chart.time_ticks] == ["Nov 3, 07:00", "Nov 3, 08:00", "Nov 3, 09:00"]
    assert chart.readings[0].x == 488.0
    html = render_to_string("admin/contacts/contact/_mood_timeline.html", {"chart": chart})
    assert 'class="mood-point"' in html and '<a class="mood-point-link"' not in html  # no message to link to
    arjun.mood_logs.all().delete()
    empty = mood_chart_get(contact=arjun, state=None)
    assert render_to_string("admin/contacts/contact/_mood_timeline.html", {"chart": empty}).strip() == (
        "<p>No mood readings yet.</p>"
    )


def test_the_contact_page_links_each_reading_to_its_message(root_client: Client, arjun: Contact) -> None:
    world = mood_world(arjun)

    html = root_client.get(reverse("admin:contacts_contact_change", args=[arjun.pk])).content.decode()

    for message in world.messages:
        assert f'href="{reverse("admin:contacts_message_change", args=[message.pk])}"' in html
    assert html.count('<text class="axis-label time-axis-label"') == 7
    assert "marker marker-crisis" in html and "marker marker-trigger" in html


@pytest.fixture
def queue(arjun: Contact, bea: Contact) -> dict[str, object]:
    world = mood_world(arjun)
    theirs = ReviewFlag.objects.create(tenant=bea.tenant, contact=bea, kind="crisis", excerpt="Bea's words",
                                       created_at=START + timedelta(days=30))  # fmt: skip
    return {"flag": world.flag, "trigger": world.trigger, "theirs": theirs}


def test_tenant_staff_see_their_tenant_queue_newest_first(staff_client: Client, root_client: Client, queue) -> None:  # type: ignore[no-untyped-def]
    url = reverse("admin:moods_reviewqueue_changelist")

    mine = staff_client.get(url)
    everyone = root_client.get(url)

    assert [(item.kind, item.pk) for item in mine.context["items"]] == [
        ("trigger", queue["trigger"].pk), ("crisis", queue["flag"].pk),
    ]  # fmt: skip
    assert "Message 17: feeling frustrated today" in mine.content.decode()  # the trigger's last message before it
    assert "Bea" not in mine.content.decode()
    assert [item.pk for item in everyone.context["items"]][0] == queue["theirs"].pk
    # and the admin's index leads to it
    assert f'href="{url}"' in staff_client.get(reverse("admin:index")).content.decode()


def test_acknowledging_is_scoped_permitted_post_only_and_logged_once(staff_client: Client, acme: Tenant, queue) -> None:  # type: ignore[no-untyped-def]
    flag, theirs = queue["flag"], queue["theirs"]
    ack = lambda kind, pk: reverse("admin:moods_reviewqueue_acknowledge", args=[kind, pk])  # noqa: E731
    viewer = User.objects.create_user("vic", password="pw", is_staff=True)
    TenantStaff.objects.create(user=viewer, tenant=acme)
    viewer.user_permissions.add(Permission.objects.get(codename="view_reviewflag"))
    viewer_client = Client()
    viewer_client.force_login(viewer)

    # another tenant's flag is a 404, a GET is a 405, view-only staff get a 403 (and no form)
    assert staff_client.post(ack("crisis", theirs.pk), {"note": "x"}).status_code == 404
    assert staff_client.get(ack("crisis", flag.pk)).status_code == 405
    assert viewer_client.post(ack("crisis", flag.pk), {"note": "x"}).status_code == 403
    viewed = viewer_client.get(reverse("admin:moods_reviewqueue_changelist"))
    assert 'value="Acknowledge"' not in viewed.content.decode()
    assert [item.kind for item in viewed.context["items"]] == ["crisis"]  # no permission to view triggers
    assert staff_client.post(ack("insight", flag.pk)).status_code == 404

    # acknowledging twice resolves once, with the first note, and logs once
    staff_client.post(ack("crisis", flag.pk), {"note": "Called them."}, follow=True)
    again = staff_client.post(ack("crisis", flag.pk), {"note": "Again."}, follow=True)

    flag.refresh_from_db()
    theirs.refresh_from_db()
    assert (flag.resolved_by, flag.resolution_note, theirs.resolved_at) == ("staff:sam", "Called them.", None)
    assert [str(m) for m in again.context["messages"]] == ["It was already acknowledged."]
    lines = LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Contact))
    assert [(line.object_id, line.user.username) for line in lines] == [(str(flag.contact_id), "sam")]


def test_acknowledging_a_trigger_keeps_who_and_the_note(staff_client: Client, queue) -> None:  # type: ignore[no-untyped-def]
    trigger = queue["trigger"]

    staff_client.post(reverse("admin:moods_reviewqueue_acknowledge", args=["trigger", trigger.pk]), {"note": "Texted."})

    trigger = Trigger.objects.get(pk=trigger.pk)
    assert (trigger.completed_by, trigger.completion_note, trigger.completed_at is not None) == (
        "staff:sam", "Texted.", True,
    )  # fmt: skip
    # and the chart draws it as done (hollow), the open crisis flag still filled
    chart = mood_chart_get(contact=trigger.contact, state=trigger.contact.state)
    assert [(marker.kind, marker.closed) for marker in chart.markers] == [("crisis", False), ("trigger", True)]
    [line] = LogEntry.objects.filter(object_id=str(trigger.contact_id))
    assert line.change_message.startswith(f"Acknowledged check-in trigger #{trigger.pk} (due 2026-11-12 23:00 UTC):")
    assert "completion_note: '' -> 'Texted.'" in line.change_message


def test_the_contacts_history_shows_an_acknowledgements_times_to_the_minute(staff_client: Client, queue) -> None:  # type: ignore[no-untyped-def]
    # given a crisis flag and a trigger acknowledged in the review queue
    flag, trigger = queue["flag"], queue["trigger"]
    for kind, item in (("crisis", flag), ("trigger", trigger)):
        staff_client.post(reverse("admin:moods_reviewqueue_acknowledge", args=[kind, item.pk]), {"note": "Called."})

    # when staff open the contact's History page
    page = staff_client.get(reverse("admin:contacts_contact_history", args=[flag.contact_id])).content.decode()

    # then when each was closed reads as the lines' other times do (to the minute, the zone named), not in ISO
    resolved_at, completed_at = (ReviewFlag.objects.get(pk=flag.pk).resolved_at,
                                 Trigger.objects.get(pk=trigger.pk).completed_at)  # fmt: skip
    assert f"resolved_at: (none) -&gt; {resolved_at:%Y-%m-%d %H:%M} UTC;" in page
    assert f"completed_at: (none) -&gt; {completed_at:%Y-%m-%d %H:%M} UTC;" in page
    assert not re.search(r"\d{2}:\d{2}:\d{2}\.\d{6}", page)


def test_the_gdpr_export_carries_who_completed_a_trigger_and_the_note(staff_client: Client, queue) -> None:  # type: ignore[no-untyped-def]
    # given a trigger acknowledged with a note about the person
    trigger = queue["trigger"]
    staff_client.post(reverse("admin:moods_reviewqueue_acknowledge", args=["trigger", trigger.pk]), {"note": "Texted."})

    # when the contact's data is exported
    [exported] = contact_export_get(contact=trigger.contact)["triggers"]

    # then the note and who wrote it are in it, as a resolved flag's are
    assert (exported["completed_by"], exported["completion_note"]) == ("staff:sam", "Texted.")
