"""Erasure's ground floor. Every app that stores personal data has one ``contact_forget`` that deletes what the app
holds for a contact — its rows, the admin log's lines about them, its Redis keys — and returns a ``Forgotten``.
``privacy.services.contact_erase`` calls them in one transaction, the top app first and this one last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from config.redis_client import redis_client
from contacts.admin_log import admin_log_forget
from contacts.history import history_key
from contacts.models import Contact, ContactState, Conversation, Message


def _no_keys() -> int:
    return 0


@dataclass(frozen=True)
class Forgotten:
    """What one app's ``contact_forget`` did in Postgres, and the deletion of its Redis keys, which the caller runs once
    that has committed (run earlier, a reader could cache again the rows the transaction is still deleting)."""

    rows: Mapping[str, int] = field(default_factory=dict)  # rows deleted, by model label (as QuerySet.delete counts)
    admin_log_entries: int = 0
    changed: Mapping[str, int] = field(default_factory=dict)  # rows kept but changed, by receipt line
    forget_cached: Callable[[], int] = _no_keys  # deletes the app's Redis keys, returns how many; may raise RedisError


def contact_forget(*, contact: Contact) -> Forgotten:
    """The contact, their state, ledger messages (the stored idempotency replies among them) and conversations, with
    the admin log's lines about them; then the conversations' history windows. Whatever an app above left for the
    contact goes too, by cascade."""
    history_keys = [history_key(conversation) for conversation in contact.conversations.all()]
    owned = (
        (Contact, Contact.objects.filter(pk=contact.pk)),
        (ContactState, ContactState.objects.filter(contact=contact)),
        (Message, contact.messages.all()),
        (Conversation, contact.conversations.all()),
    )
    lines = sum(admin_log_forget(model=model, ids=rows) for model, rows in owned)
    _, deleted = contact.delete()
    return Forgotten(rows=deleted, admin_log_entries=lines, forget_cached=lambda: _keys_delete(history_keys))


def _keys_delete(keys: list[str]) -> int:
    return int(redis_client().delete(*keys)) if keys else 0
