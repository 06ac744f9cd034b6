"""Every model's admin, one module per domain app. Django's admin autodiscovery imports ``staff.admin``; importing
the modules here registers their models."""

from staff.admin import consolidation, contacts, memories, moods, privacy, webhooks

__all__ = ["consolidation", "contacts", "memories", "moods", "privacy", "webhooks"]
