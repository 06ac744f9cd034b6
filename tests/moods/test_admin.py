"""Staff see open review flags in the admin and close flags and triggers through the services."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse
from django_celery_beat.models import PeriodicTask

from moods.models import ReviewFlag, Trigger
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _flag(excerpt: str, **fields) -> ReviewFlag:  # type: ignore[no-untyped-def]
    contact = ContactFactory()
    return ReviewFlag.objects.create(
        tenant=contact.tenant, contact=contact, kind="crisis", category="hopelessness", excerpt=excerpt, **fields
    )


def test_staff_see_open_flags(admin_client: Client) -> None:
    _flag("I can't take this anymore")
    _flag("I want to die", resolved_at=T0, resolved_by="staff:sam")

    response = admin_client.get(reverse("admin:moods_reviewflag_changelist"), {"state": "open"})

    assert response.status_code == 200
    assert b"I can&#x27;t take this anymore" in response.content
    assert b"I want to die" not in response.content


def test_resolving_flags_records_who_and_is_idempotent(admin_client: Client, admin_user) -> None:  # type: ignore[no-untyped-def]
    flag = _flag("I can't take this anymore")
    url = reverse("admin:moods_reviewflag_changelist")

    admin_client.post(url, {"action": "resolve", "_selected_action": [flag.pk]})
    flag.refresh_from_db()
    first = flag.resolved_at
    admin_client.post(url, {"action": "resolve", "_selected_action": [flag.pk]})
    flag.refresh_from_db()

    assert first is not None and flag.resolved_at == first
    assert flag.resolved_by == f"staff:{admin_user.username}"


def test_completing_triggers_from_the_admin(admin_client: Client) -> None:
    contact = ContactFactory()
    trigger = Trigger.objects.create(
        tenant=contact.tenant, contact=contact, kind="check_in", reason="r", due_at=T0, dedupe_key="k"
    )

    admin_client.post(
        reverse("admin:moods_trigger_changelist"), {"action": "complete", "_selected_action": [trigger.pk]}
    )

    trigger.refresh_from_db()
    assert trigger.completed_at is not None


def test_the_mood_pattern_pass_is_scheduled_every_six_hours_in_the_database() -> None:
    task = PeriodicTask.objects.get(task="moods.tasks.detect_mood_patterns")

    assert (task.interval.every, task.interval.period, task.enabled) == (6, "hours", True)
