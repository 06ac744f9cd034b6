"""Session history (working memory): the last HISTORY_WINDOW messages of a conversation in Redis.

Key ``chat:{tenant_id}:{conversation}:history``, a list of JSON turns, HISTORY_TTL_SECONDS after
the last write. The first turn of the conversation is always kept (it holds the opening context).
The ledger is the source of truth: a cold or unavailable cache is rebuilt from Postgres.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import redis
from django.conf import settings

from config.redis_client import redis_client
from contacts.models import Conversation, Message

logger = logging.getLogger(__name__)

# Append one turn if the list exists; past the window, drop the *second* oldest so the first stays.
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[1])
local window = tonumber(ARGV[2])
if redis.call('LLEN', KEYS[1]) > window then
  local first = redis.call('LPOP', KEYS[1])
  redis.call('LTRIM', KEYS[1], -(window - 1), -1)
  redis.call('LPUSH', KEYS[1], first)
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""


def history_key(conversation: Conversation) -> str:
    return f"chat:{conversation.tenant_id}:{conversation.external_id}:history"


def history_append(*, conversation: Conversation, message: Message) -> None:
    try:
        client = redis_client()
        appended = client.eval(
            _APPEND,
            1,
            history_key(conversation),
            _encode(message),
            settings.HISTORY_WINDOW,
            settings.HISTORY_TTL_SECONDS,
        )
        if not appended:
            _rebuild(client, conversation)
    except redis.RedisError:
        logger.warning("session history cache unavailable; the ledger still has the message")


def history_get(*, conversation: Conversation) -> list[dict[str, Any]]:
    """The window, oldest first: from Redis, else rebuilt from the ledger."""
    try:
        client = redis_client()
        raw = client.lrange(history_key(conversation), 0, -1)
        if not raw:
            return _rebuild(client, conversation)
        return _dedupe([json.loads(item) for item in raw])
    except redis.RedisError:
        logger.warning("session history cache unavailable; reading the ledger")
        return [_turn(m) for m in _window_from_ledger(conversation)]


def _rebuild(client: redis.Redis, conversation: Conversation) -> list[dict[str, Any]]:
    messages = _window_from_ledger(conversation)
    key = history_key(conversation)
    if messages:
        pipe = client.pipeline(transaction=True)
        pipe.delete(key)
        pipe.rpush(key, *[_encode(m) for m in messages])
        pipe.expire(key, settings.HISTORY_TTL_SECONDS)
        pipe.execute()
    return [_turn(m) for m in messages]


def _window_from_ledger(conversation: Conversation) -> list[Message]:
    window = settings.HISTORY_WINDOW
    ordered = Message.objects.filter(conversation=conversation).order_by("sent_at", "pk")
    first = list(ordered[:1])
    latest = list(ordered.reverse()[: window - 1])[::-1]
    return first + [m for m in latest if not first or m.pk != first[0].pk]


def _dedupe(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # A concurrent rebuild and append can store one message twice; the message id tells.
    seen: set[str] = set()
    unique = []
    for turn in turns:
        if turn["message_id"] not in seen:
            seen.add(turn["message_id"])
            unique.append(turn)
    return unique


def _turn(message: Message) -> dict[str, Any]:
    return {
        "message_id": message.client_message_id,
        "role": message.role,
        "content": message.content,
        "timestamp": message.sent_at.isoformat(),
    }


def _encode(message: Message) -> str:
    return json.dumps(_turn(message))
