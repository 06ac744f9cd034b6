"""Crisis language: detected inline, in the ingest request, never deferred (contact-intelligence §4.2).

The contact's state remembers when (``crisis_at``) so the very next ``GET /context`` leads with
safety guidance and the tenant's helpline; a review flag is raised when the tenant enables it.
"""

from __future__ import annotations

from django.db import transaction

from config import clock
from contacts.models import ContactState, Message, Role
from moods.crisis import CrisisMatch, detect_crisis
from moods.models import ReviewFlag, ReviewFlagKind
from webhooks.models import EventType
from webhooks.services.events import event_emit, event_is_live

EXCERPT_CHARS = 500


def message_crisis_record(*, message_id: int) -> CrisisMatch | None:
    """Inline, before extraction and in its own transaction: a failing extraction must not take the
    crisis record with it (that would defer it to the worker). Idempotent; only for user messages
    whose immediate tier has not run yet."""
    text = (
        Message.objects.filter(pk=message_id, role=Role.USER, extracted_at__isnull=True)
        .values_list("content", flat=True)
        .first()
    )
    if text is None or detect_crisis(text) is None:
        return None
    with transaction.atomic():
        message = Message.objects.select_related("contact__tenant").get(pk=message_id)
        state = ContactState.objects.select_for_update().get(contact_id=message.contact_id)
        match = message_crisis_check(message=message, state=state)
        state.save(update_fields=["crisis_at", "updated_at"])
    return match


def message_crisis_check(*, message: Message, state: ContactState) -> CrisisMatch | None:
    """For one user message; the caller holds the state row lock and saves the state."""
    match = detect_crisis(message.content)
    if match is None:
        return None
    if state.crisis_at is None or message.sent_at > state.crisis_at:
        state.crisis_at = message.sent_at
    # Imported history (older than the crisis window) is not a live emergency: no review flag for it.
    live = event_is_live(at=message.sent_at)
    if live:
        _crisis_announce(message, match)
    if live and crisis_review_enabled(message.contact.tenant.settings):
        ReviewFlag.objects.get_or_create(
            message=message,
            kind=ReviewFlagKind.CRISIS,
            defaults={
                "tenant_id": message.tenant_id, "contact_id": message.contact_id, "category": match.category,
                "excerpt": message.content[:EXCERPT_CHARS], "created_at": message.sent_at,
            },
        )  # fmt: skip
    return match


def _crisis_announce(message: Message, match: CrisisMatch) -> None:
    """``crisis.flagged`` to the tenant's webhooks: which contact, message and kind of words, never the words."""
    event_emit(
        tenant_id=message.tenant_id,
        event_type=EventType.CRISIS_FLAGGED,
        dedupe_key=f"message:{message.pk}",
        data=lambda: {
            "contact_id": message.contact.external_id,
            "conversation_id": message.conversation.external_id,
            "message_id": message.client_message_id,
            "category": match.category,
            "sent_at": message.sent_at.isoformat(),
        },
    )


def crisis_review_enabled(tenant_settings: dict | None) -> bool:  # type: ignore[type-arg]
    return (tenant_settings or {}).get("crisis_review_enabled") is True


def review_flag_resolve(*, flag: ReviewFlag, actor: str, note: str = "") -> ReviewFlag:
    """Close a flag. Idempotent: resolving it again keeps the first resolution."""
    ReviewFlag.objects.filter(pk=flag.pk, resolved_at__isnull=True).update(
        resolved_at=clock.now(), resolved_by=actor[:150], resolution_note=note
    )
    flag.refresh_from_db()
    return flag
