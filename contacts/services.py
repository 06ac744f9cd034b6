"""Writes for tenants, API keys, contacts and conversations."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import redis
from django.db import transaction
from django.utils.text import slugify

from config import clock
from config.redis_client import redis_client
from contacts.history import history_key
from contacts.models import Contact, ContactState, Conversation, Message, Role, Tenant, TenantAPIKey
from contacts.selectors import summarise_turns
from memories.models import Memory, MemorySource, MemoryStatus, MemoryType
from memories.services.records import memory_create, memory_embed_later, memory_supersede

logger = logging.getLogger(__name__)


class TenantError(ValueError):
    """A tenant request that cannot be carried out (the message says why)."""


def tenant_create(*, name: str, slug: str = "") -> Tenant:
    name = name.strip()
    if not name:
        raise TenantError("A tenant needs a name.")
    slug = slug or slugify(name)
    if not slug:
        raise TenantError(f"Cannot derive a slug from {name!r}; pass one explicitly.")
    if Tenant.objects.filter(slug=slug).exists():
        raise TenantError(f"A tenant with slug {slug!r} already exists.")
    return Tenant.objects.create(name=name, slug=slug)


def api_key_create(
    *, tenant: Tenant, name: str = "default", expiry_date: datetime | None = None
) -> tuple[TenantAPIKey, str]:
    """Create a key; the plaintext is returned once and only its hash is stored."""
    api_key, key = TenantAPIKey.objects.create_key(tenant=tenant, name=name, expiry_date=expiry_date)
    return cast(TenantAPIKey, api_key), key


class ApiKeyError(ValueError):
    """An API key request that cannot be carried out (the message says why)."""


MAX_KEY_LIFETIME_DAYS = 36_500


def api_key_expiry(*, value: str, now: datetime | None = None) -> datetime:
    """When a key created with ``--expires VALUE`` stops working: a whole number of days from ``now``, an ISO 8601
    date (the midnight UTC that starts it) or an ISO 8601 datetime (UTC when it names no offset). A moment not in
    the future is refused: such a key would never work."""
    now = now or clock.now()
    value = value.strip()
    if value.isdigit():
        if int(value) > MAX_KEY_LIFETIME_DAYS:  # also what a basic-format date (20261231) would read as
            raise ApiKeyError(f"--expires {value} days is over {MAX_KEY_LIFETIME_DAYS}; give a date instead.")
        expiry = now + timedelta(days=int(value))
    else:
        try:
            expiry = datetime.fromisoformat(value)
        except ValueError:
            raise ApiKeyError(f"--expires takes days (e.g. 90) or an ISO date/datetime, not {value!r}.") from None
        if expiry.tzinfo is None:
            expiry = expiry.replace(tzinfo=UTC)
    if expiry <= now:
        raise ApiKeyError(f"--expires {value!r} is not in the future: the key would never work.")
    return expiry


def api_key_revoke(*, prefix: str) -> TenantAPIKey:
    """Revoke the key with this prefix (the part before the dot; the admin lists it). Effective at once: every
    request looks the key up. Idempotent, and final: the library refuses to un-revoke a key."""
    api_key = TenantAPIKey.objects.select_related("tenant").filter(prefix=prefix).first()
    if api_key is None:
        raise ApiKeyError(f"No API key with prefix {prefix!r}.")
    TenantAPIKey.objects.filter(pk=api_key.pk).update(revoked=True)
    api_key.revoked = True
    logger.info("API key %s of tenant %s revoked", prefix, api_key.tenant.slug)
    return api_key


@transaction.atomic
def demo_tenant_ensure(*, key_file: Path) -> tuple[Tenant, str]:
    """The local demo tenant and a working key for it, for ``make run``.

    The plaintext key is kept in ``key_file`` (inside the git-ignored data directory) so the
    same key keeps working across restarts; a missing, revoked or foreign key is replaced.
    """
    tenant, _ = Tenant.objects.get_or_create(slug="demo", defaults={"name": "Demo"})
    saved_key = key_file.read_text().strip() if key_file.exists() else ""
    if saved_key and _key_belongs_to(saved_key, tenant):
        return tenant, saved_key
    _, key = api_key_create(tenant=tenant, name="demo (make run)")
    key_file.parent.mkdir(parents=True, exist_ok=True)
    key_file.write_text(key + "\n")
    key_file.chmod(0o600)
    return tenant, key


def _key_belongs_to(key: str, tenant: Tenant) -> bool:
    prefix, _, _ = key.partition(".")
    api_key = TenantAPIKey.objects.filter(prefix=prefix, tenant=tenant, revoked=False).first()
    return api_key is not None and not api_key.has_expired and api_key.is_valid(key)


class ConversationOwnerConflict(ValueError):
    """The conversation id is already used by another contact of the tenant."""


class ContactErased(Exception):
    """The message belongs to a contact erased after it was sent (see privacy.services.contact_erased_at)."""


def contact_get_or_create(
    *, tenant: Tenant, external_id: str, display_name: str = "", channel: str = "", at: datetime | None = None
) -> Contact:
    """The tenant's contact with this id, created (with its state) on first sight. A name or
    channel sent later fills in blanks and updates changes. Creating one for a message sent at or
    before the id's erasure raises ContactErased (the caller's transaction rolls the creation back)."""
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
    # Imported here: privacy builds on every app, contacts included. Only new contacts pay this query.
    from privacy.services import contact_erased_at

    erased_at = contact_erased_at(tenant=tenant, external_id=external_id)
    if erased_at is not None and (at is None or at <= erased_at):
        raise ContactErased(f"Contact {external_id!r} was erased; messages sent before the erasure are refused.")


def conversation_get_or_create(*, contact: Contact, external_id: str, at: datetime) -> Conversation:
    conversation, created = Conversation.objects.get_or_create(
        tenant_id=contact.tenant_id,
        external_id=external_id,
        defaults={"contact": contact, "started_at": at, "last_message_at": at},
    )
    if conversation.contact_id != contact.pk:
        raise ConversationOwnerConflict(f"conversation_id {external_id!r} belongs to another contact of this tenant.")
    if not created and at > conversation.last_message_at:
        Conversation.objects.filter(pk=conversation.pk).update(last_message_at=at)
        conversation.last_message_at = at
    return conversation


RESOLUTION_LIFETIME = timedelta(days=30)  # the medium tier: a resolution is remembered this long
RESOLUTION_CONTENT_CHARS = 500
_RESOLUTION_SUMMARY_TOKENS = 120  # a generated summary fits the memory's ~500 characters
_RESOLUTION_MESSAGES = 50  # messages summarised, and user message ids kept as provenance (latest first)


def conversation_resolve(*, conversation: Conversation, summary: str = "", at: datetime | None = None) -> Memory:
    """Resolve a conversation: its summary becomes a medium-term memory of the contact (an episode
    expiring 30 days after ``at``) and its short-term thread memory, the Redis session window, ends.

    ``summary`` is the caller's; without one it is generated from the ledger by the history
    summariser (the LLM when configured, else extractive).

    Idempotent: resolving again returns the current resolution memory and changes nothing, unless
    a *new* ``summary`` is sent, whose memory supersedes the previous one (``resolved_at`` keeps the
    first resolution's time). A resolution memory deleted meanwhile is recreated. Memory writes hold
    the contact's ContactState row lock, like every memory writer, so concurrent resolves of one
    conversation store one memory.

    Short-term memory also ends after 24 h idle: the window's TTL (HISTORY_TTL_SECONDS, renewed on
    each message) does that, nothing here. A message arriving after the resolve simply continues the
    ledger and starts a new window; ``resolved_at`` stays.
    """
    at = at or clock.now()
    summary = summary.strip()
    current = _resolution_unchanged(conversation, summary)
    if current is not None:
        return current
    # Generated before taking the lock: an LLM call may take seconds.
    text = summary or conversation.resolution_summary or _resolution_summary_generate(conversation)
    with transaction.atomic():
        ContactState.objects.select_for_update().filter(contact_id=conversation.contact_id).first()
        conversation.refresh_from_db(fields=["resolved_at", "resolution_summary"])
        current = _resolution_unchanged(conversation, summary)  # a concurrent resolve got there first
        if current is not None:
            return current
        memory = _resolution_record(conversation, text, at)
    _history_forget(conversation)
    return memory


def _resolution_unchanged(conversation: Conversation, summary: str) -> Memory | None:
    """The current resolution memory if this request would not change the resolution."""
    if conversation.resolved_at is None or summary not in ("", conversation.resolution_summary):
        return None
    return _resolution_memory(conversation)


def _resolution_memory(conversation: Conversation) -> Memory | None:
    # The latest one is current: an earlier one was superseded by it.
    return (
        Memory.objects.filter(
            contact_id=conversation.contact_id,
            memory_type=MemoryType.EPISODE,
            metadata__tier="medium_term",
            metadata__conversation_id=conversation.external_id,
        )
        .order_by("-created_at", "-pk")
        .first()
    )


def _resolution_record(conversation: Conversation, text: str, at: datetime) -> Memory:
    """Store the resolution memory, superseding the previous one; the caller holds the state lock."""
    previous = _resolution_memory(conversation) if conversation.resolved_at else None
    memory = memory_create(
        tenant=conversation.contact.tenant,
        contact=conversation.contact,
        memory_type=MemoryType.EPISODE,
        content=_trimmed(f"Resolved: {' '.join(text.split())}", RESOLUTION_CONTENT_CHARS),
        source=MemorySource.API,
        created_at=at,
        metadata={"tier": "medium_term", "conversation_id": conversation.external_id},
        source_message_ids=_user_message_ids(conversation),
        expires_at=at + RESOLUTION_LIFETIME,
        actor="api",
    )
    if previous is not None and previous.status == MemoryStatus.ACTIVE:
        memory_supersede(old=previous, new=memory, at=at, actor="api")
    conversation.resolved_at = conversation.resolved_at or at
    conversation.resolution_summary = text
    conversation.save(update_fields=["resolved_at", "resolution_summary"])
    memory_embed_later(memory)
    return memory


def _resolution_summary_generate(conversation: Conversation) -> str:
    """The opening message and the latest ones, summarised like older history turns are."""
    ordered = Message.objects.filter(conversation=conversation).order_by("sent_at", "pk").only("role", "content")
    first = list(ordered[:1])
    if not first:
        return "no messages left in the ledger"  # all of them removed by ledger retention
    latest = list(ordered.reverse()[: _RESOLUTION_MESSAGES - 1])[::-1]
    messages = first + [m for m in latest if m.pk != first[0].pk]
    turns = [{"role": m.role, "content": m.content} for m in messages]
    return summarise_turns(turns, _RESOLUTION_SUMMARY_TOKENS)


def _user_message_ids(conversation: Conversation) -> list[str]:
    ids = (
        Message.objects.filter(conversation=conversation, role=Role.USER)
        .order_by("-sent_at", "-pk")
        .values_list("client_message_id", flat=True)[:_RESOLUTION_MESSAGES]
    )
    return list(ids)[::-1]


def _trimmed(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def _history_forget(conversation: Conversation) -> None:
    """End the short-term thread memory. The ledger keeps every message (the history endpoint
    rebuilds from it), so with Redis down the window merely lives out its TTL."""
    try:
        redis_client().delete(history_key(conversation))
    except redis.RedisError:
        logger.warning(
            "session history cache unavailable; conversation %s's window expires on its own", conversation.pk
        )
