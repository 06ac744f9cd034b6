"""Erasure of what moods holds for a contact (see contacts/erasure.py for the shape every app follows)."""

from __future__ import annotations

from collections import Counter

from contacts.admin_log import admin_log_forget
from contacts.erasure import Forgotten
from contacts.models import Contact
from moods.models import Insight, MoodLog, ReviewFlag, Trigger


def contact_forget(*, contact: Contact) -> Forgotten:
    """The contact's mood logs, review flags, triggers and insights, and the admin log's lines about them. Moods keeps
    nothing of a contact in Redis."""
    deleted: Counter[str] = Counter()
    lines = 0
    for model in (MoodLog, ReviewFlag, Trigger, Insight):
        rows = model._default_manager.filter(contact=contact)
        lines += admin_log_forget(model=model, ids=rows)
        deleted.update(rows.delete()[1])
    return Forgotten(rows=deleted, admin_log_entries=lines)
