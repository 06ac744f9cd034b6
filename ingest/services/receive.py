"""``POST /ingest``: the message goes into the ledger first (its contact and conversation created on
first sight; a contact erased since the message was sent refuses it), then the immediate tier runs, then
the deferred tier is enqueued. Nothing after the ledger write can lose the message: a failure of
the immediate tier leaves it pending for the deferred task, which runs the immediate tier itself."""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import RedisError

from config import clock
from contacts.history import history_append
from contacts.models import Contact, ContactState, Conversation, Message, Tenant
from ingest.services.pipeline import message_process_inline
from metrics.instruments import ingest_accepted
from privacy.services import contact_erased_at

logger = logging.getLogger(__name__)


class IngestConflict(Exception):
    """The request contradicts stored data (an id reused with another body, a foreign conversation)."""


class IngestGone(IngestConflict):
    """The message is for a contact erased after it was sent (410 Gone)."""


@dataclass(frozen=True)
class IngestPayload:
    contact_id: str
    message: str
    role: str
    conversation_id: str
    message_id: str = ""
    timestamp: datetime | None = None
    display_name: str = ""
    channel: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """Hash of the body without its id: a replay must carry the very same message."""
        body = {**asdict(self), "message_id": None}
        body["timestamp"] = self.timestamp.isoformat() if self.timestamp else None
        return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class IngestReceipt:
    message_id: str
    status: str = "accepted"
    replayed: bool = False


def message_ingest(*, tenant: Tenant, payload: IngestPayload, idempotency_key: str = "") -> IngestReceipt:
    """Store and process one message. Idempotent on ``message_id`` (or the Idempotency-Key)."""
    client_id = payload.message_id or idempotency_key or f"msg_{uuid.uuid4().hex}"
    fingerprint = payload.fingerprint()
    replay = _replay(tenant, client_id, fingerprint)
    if replay is not None:
        return replay
    try:
        message = _ledger_append(tenant, payload, client_id, fingerprint)
    except IntegrityError:
        replay = _replay(tenant, client_id, fingerprint)  # a concurrent request with this id won
        if replay is None:
            raise
        return replay
    ingest_accepted.inc()  # a replay is not counted: it stored nothing
    _process(message)
    return IngestReceipt(message_id=client_id)


def messages_ingest_batch(*, tenant: Tenant, payloads: Sequence[IngestPayload]) -> list[dict[str, str]]:
    """Ingest in order; one item's conflict does not stop the others."""
    results = []
    for payload in payloads:
        try:
            receipt = message_ingest(tenant=tenant, payload=payload)
            results.append({"message_id": receipt.message_id, "status": receipt.status})
        except IngestConflict as exc:
            outcome = "gone" if isinstance(exc, IngestGone) else "conflict"
            results.append({"message_id": payload.message_id, "status": outcome, "error": str(exc)})
    return results


def _replay(tenant: Tenant, client_id: str, fingerprint: str) -> IngestReceipt | None:
    stored = (
        Message.objects.filter(tenant=tenant, client_message_id=client_id)
        .values_list("request_hash", flat=True)
        .first()
    )
    if stored is None:
        return None
    if stored != fingerprint:
        raise IngestConflict(f"message_id {client_id!r} was already used for a different message.")
    return IngestReceipt(message_id=client_id, replayed=True)


def _ledger_append(tenant: Tenant, payload: IngestPayload, client_id: str, fingerprint: str) -> Message:
    sent_at = payload.timestamp or clock.now()
    with transaction.atomic():
        contact = contact_get_or_create(
            tenant=tenant, external_id=payload.contact_id, display_name=payload.display_name,
            channel=payload.channel, at=sent_at,
        )  # fmt: skip
        conversation = conversation_get_or_create(contact=contact, external_id=payload.conversation_id, at=sent_at)
        return Message.objects.create(
            tenant=tenant,
            contact=contact,
            conversation=conversation,
            client_message_id=client_id,
            role=payload.role,
            content=payload.message,
            sent_at=sent_at,
            metadata=payload.metadata,
            request_hash=fingerprint,
        )


def contact_get_or_create(
    *, tenant: Tenant, external_id: str, display_name: str = "", channel: str = "", at: datetime | None = None
) -> Contact:
    """The tenant's contact with this id, created (with its state) on first sight. A name or
    channel sent later fills in blanks and updates changes. Creating one for a message sent at or
    before the id's erasure raises IngestGone (the caller's transaction rolls the creation back)."""
    contact, created = Contact.objects.get_or_create(
        tenant=tenant, external_id=external_id, defaults={"display_name": display_name, "channel": channel}
    )
    if created:
        _refuse_if_erased(tenant, external_id, at)
        ContactState.objects.create(contact=contact)
        return contact
    changed = {
        field: value
        for field, value in (("display_name", display_name), ("channel", channel))
        if value and getattr(contact, field) != value
    }
    if changed:
        Contact.objects.filter(pk=contact.pk).update(**changed)
        for field, value in changed.items():
            setattr(contact, field, value)
    return contact


def _refuse_if_erased(tenant: Tenant, external_id: str, at: datetime | None) -> None:
    # Only new contacts pay this query.
    erased_at = contact_erased_at(tenant=tenant, external_id=external_id)
    if erased_at is not None and (at is None or at <= erased_at):
        raise IngestGone(f"Contact {external_id!r} was erased; messages sent before the erasure are refused.")


def conversation_get_or_create(*, contact: Contact, external_id: str, at: datetime) -> Conversation:
    conversation, created = Conversation.objects.get_or_create(
        tenant_id=contact.tenant_id,
        external_id=external_id,
        defaults={"contact": contact, "started_at": at, "last_message_at": at},
    )
    if conversation.contact_id != contact.pk:
        raise IngestConflict(f"conversation_id {external_id!r} belongs to another contact of this tenant.")
    if not created and at > conversation.last_message_at:
        Conversation.objects.filter(pk=conversation.pk).update(last_message_at=at)
        conversation.last_message_at = at
    return conversation


def _process(message: Message) -> None:
    try:
        message_process_inline(message_id=message.pk)
    except Exception:
        # Deliberately broad: the message is safe in the ledger and the deferred task retries
        # the immediate tier; the caller still gets its 202.
        logger.exception("immediate tier failed for message %s; left for the deferred tier", message.pk)
    transaction.on_commit(lambda: _enqueue(message.pk))
    history_append(conversation=message.conversation, message=message)


def _enqueue(message_id: int) -> None:
    from ingest.tasks import process_message

    try:
        process_message.delay(message_id)
    except (KombuOperationalError, RedisError):  # broker down: the message stays pending
        logger.exception("could not enqueue message %s; it stays pending", message_id)
