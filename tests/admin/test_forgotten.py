"""Staff see what the lifecycle forgot (pruned, or evicted by the cap), why and when, and restore it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse

from consolidation.services.run import consolidation_run
from contacts.models import Contact
from memories.models import Memory
from tests.admin.conftest import T0, memory

pytestmark = pytest.mark.django_db


def _forgotten_preference(arjun: Contact) -> Memory:
    """A weak preference faded below the prune line, untouched for 40 days, pruned by a pass at T0."""
    preference = memory(arjun, "Likes Coldplay gigs", memory_type="preference", created_at=T0 - timedelta(days=40))
    Memory.objects.filter(pk=preference.pk).update(importance=0.05)
    consolidation_run(now=T0)
    preference.refresh_from_db()
    return preference


def test_the_memory_list_filters_forgotten_memories_and_shows_why_and_when(
    staff_client: Client, arjun: Contact
) -> None:
    # given a pruned preference and an active fact
    preference = _forgotten_preference(arjun)
    memory(arjun, "Works at Infosys")

    # when staff list the forgotten memories
    response = staff_client.get(reverse("admin:memories_memory_changelist"), {"status__exact": "forgotten"})

    # then the preference is listed, with the reason and the time, and the fact is not
    page = response.content.decode()
    assert response.status_code == 200
    assert "Likes Coldplay gigs" in page and "Works at Infosys" not in page
    assert "pruned: importance below 0.1, untouched for 30 days (2026-11-01 09:00)" in page
    # and its own page says the same
    detail = staff_client.get(reverse("admin:memories_memory_change", args=[preference.pk])).content.decode()
    assert "pruned: importance below 0.1, untouched for 30 days (2026-11-01 09:00)" in detail


def test_staff_restore_a_forgotten_memory_through_the_service_and_it_is_logged(
    staff_client: Client, arjun: Contact
) -> None:
    # given a pruned preference
    preference = _forgotten_preference(arjun)

    # when staff restore it from the list
    restore = {"action": "restore", "_selected_action": [preference.pk]}
    response = staff_client.post(reverse("admin:memories_memory_changelist"), restore, follow=True)

    # then it is active, its history says who restored it, and the contact's log has the line with everything the
    # restore changed (its importance is raised, so it is not pruned again at the next pass)
    faded = preference.importance
    preference.refresh_from_db()
    assert "Restored 1 memory(ies)." in response.content.decode()
    assert (preference.status, preference.events.get(kind="restored").actor) == ("active", "staff:sam")
    line = LogEntry.objects.get(content_type=ContentType.objects.get_for_model(Contact), object_id=str(arjun.pk))
    assert preference.importance > faded
    assert (line.user.username, line.change_message) == (
        "sam",
        f"Restored memory #{preference.pk}: status: 'forgotten' -> 'active'; "
        f"importance: {faded!r} -> {preference.importance!r}.",
    )
    # and the contact's History lists it among what consolidation removed, now active again
    history = staff_client.get(reverse("admin:contacts_contact_history", args=[arjun.pk])).content.decode()
    assert '<td class="rapport-removed-now">active (restored)</td>' in history


def test_restoring_an_active_memory_is_refused_with_a_message(staff_client: Client, arjun: Contact) -> None:
    fact = memory(arjun, "Works at Infosys")

    response = staff_client.post(
        reverse("admin:memories_memory_changelist"), {"action": "restore", "_selected_action": [fact.pk]}, follow=True
    )

    page = response.content.decode()
    assert f"Memory #{fact.pk} is active, not forgotten." in page and "Restored 0 memory(ies)." in page
    assert not fact.events.filter(kind="restored").exists()
