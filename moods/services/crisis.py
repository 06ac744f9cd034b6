"""Crisis language: detected inline, in the ingest request, never deferred (contact-intelligence §4.2).

The contact's state remembers when (``crisis_at``) so the very next ``GET /context`` leads with
safety guidance and the tenant's helpline; a review flag is raised when the tenant enables it.
"""

from __future__ import annotations

from config import clock
from contacts.models import ContactState, Message
from moods.crisis import CrisisMatch, detect_crisis
from moods.models import ReviewFlag, ReviewFlagKind

EXCERPT_CHARS = 500


def message_crisis_check(*, message: Message, state: ContactState) -> CrisisMatch | None:
    """For one user message; the caller holds the state row lock and saves the state."""
    match = detect_crisis(message.content)
    if match is None:
        return None
    if state.crisis_at is None or message.sent_at > state.crisis_at:
        state.crisis_at = message.sent_at
    if crisis_review_enabled(message.contact.tenant.settings):
        ReviewFlag.objects.get_or_create(
            message=message,
            kind=ReviewFlagKind.CRISIS,
            defaults={
                "tenant_id": message.tenant_id, "contact_id": message.contact_id, "category": match.category,
                "excerpt": message.content[:EXCERPT_CHARS], "created_at": message.sent_at,
            },
        )  # fmt: skip
    return match


def crisis_review_enabled(tenant_settings: dict | None) -> bool:  # type: ignore[type-arg]
    return (tenant_settings or {}).get("crisis_review_enabled") is True


def review_flag_resolve(*, flag: ReviewFlag, actor: str, note: str = "") -> ReviewFlag:
    """Close a flag. Idempotent: resolving it again keeps the first resolution."""
    ReviewFlag.objects.filter(pk=flag.pk, resolved_at__isnull=True).update(
        resolved_at=clock.now(), resolved_by=actor[:150], resolution_note=note
    )
    flag.refresh_from_db()
    return flag
