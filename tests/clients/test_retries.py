"""Retries: what is retried (429; 503 and a lost connection for a repeatable request), how long the client waits,
that a retried ingest never stores the message twice, and what an ingest that failed anyway says."""

from __future__ import annotations

import asyncio
import email.utils
import time
from collections.abc import Callable
from typing import Any

import anyio
import pytest
from rapport_client import (
    AsyncRapportClient,
    ContactExport,
    IngestMessage,
    NotFoundError,
    RapportClient,
    RapportConnectionError,
    RateLimitedError,
    ServerError,
)
from rapport_client.errors import retry_after_seconds

from contacts.models import Message, Tenant
from tests.clients.conftest import DROP, FAST_RETRIES, FORWARD, FORWARD_THEN_DROP, Reply, ScriptedServer

Scripted = Callable[..., ScriptedServer]
EXPORT = {
    "schema": "rapport.contact-export",
    "version": 2,
    "exported_at": "2025-06-01T09:00:00Z",
    "tenant": "acme",
    "contact": {"contact_id": "arjun", "display_name": "Arjun"},
    "state": None,
    "messages": [],
}
MEMORY = {
    "id": 7,
    "memory_type": "fact",
    "content": "Has a dog named Bruno",
    "importance": 0.7,
    "status": "active",
    "source": "rules",
    "pinned": False,
    "created_at": "2025-05-31T12:00:00Z",
    "updated_at": "2025-05-31T12:00:00.123456+00:00",
}


def test_a_503_with_retry_after_is_retried_after_waiting(scripted: Scripted) -> None:
    # given a server that is unavailable for a second, then answers
    server = scripted([Reply(503, {"detail": "Busy"}, {"Retry-After": "1"}), Reply(200, EXPORT)])

    # when the client reads through it
    with RapportClient(server.url, "key") as rapport:
        export = rapport.export("arjun")

    # then it asked twice, the second time a second or more after the first, and got the answer
    assert isinstance(export, ContactExport) and export.raw == EXPORT
    assert [seen.path for seen in server.seen] == ["/contacts/arjun/export"] * 2
    assert server.seen[1].at - server.seen[0].at >= 1.0


def test_a_429_without_retry_after_is_retried_with_backoff(scripted: Scripted) -> None:
    # given a server refusing twice without saying how long to wait
    server = scripted([Reply(429, {"detail": "Slow down"}), Reply(429, {"detail": "Slow down"}), Reply(200, MEMORY)])

    # when the client reads a memory
    with RapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport:
        memory = rapport.get_memory(7)

    # then the third attempt's answer is parsed
    assert (memory.id, len(server.seen)) == (7, 3)


def test_the_client_gives_up_after_max_retries(scripted: Scripted) -> None:
    server = scripted([Reply(503, {"detail": "Down"})])

    with RapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport, pytest.raises(ServerError) as caught:
        rapport.get_memory(7)

    # one attempt and three retries, then the last error
    assert (caught.value.status, len(server.seen)) == (503, 4)


def test_a_503_is_retried_for_a_read_but_not_for_a_create(scripted: Scripted) -> None:
    # given servers that answer 503 once (for the create, it may have stored the memory before failing), then succeed
    reads = scripted([Reply(503, {"detail": "Busy"}), Reply(200, MEMORY)])
    creates = scripted([Reply(503, {"detail": "Busy"}), Reply(201, MEMORY)])

    # when a read and a create go through them
    with RapportClient(reads.url, "key", retry_policy=FAST_RETRIES) as rapport:
        memory = rapport.get_memory(7)
    client = RapportClient(creates.url, "key", retry_policy=FAST_RETRIES)
    with client as rapport, pytest.raises(ServerError) as caught:
        rapport.create_memory("arjun", memory_type="fact", content="Has a dog named Bruno")

    # then the read was retried; the create was sent once and its 503 raised (a second send could store it twice)
    assert (memory.id, len(reads.seen)) == (7, 2)
    assert (caught.value.status, len(creates.seen)) == (503, 1)


def test_a_429_is_retried_for_a_create(scripted: Scripted) -> None:
    # given a server throttling the first attempt (throttling refuses before the view: nothing was stored)
    server = scripted([Reply(429, {"detail": "Slow down"}), Reply(201, MEMORY)])

    # when a memory is created through it
    with RapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport:
        memory = rapport.create_business_memory(memory_type="fact", content="Has a dog named Bruno")

    # then the create was sent again and its answer parsed
    assert (memory.id, [seen.method for seen in server.seen]) == (7, ["POST", "POST"])


def test_an_ingest_that_failed_names_its_generated_id(scripted: Scripted) -> None:
    # given a server that never answers
    server = scripted([DROP])

    # when a message without an id is ingested through it
    client = RapportClient(server.url, "key", retry_policy=FAST_RETRIES)
    with client as rapport, pytest.raises(RapportConnectionError) as caught:
        rapport.ingest("arjun", "My dog Bruno ate my shoes again", conversation_id="conv-1")

    # then every attempt carried one generated id, and the error names it for a caller who retries by themselves
    sent_ids = {seen.body["message_id"] for seen in server.seen}
    assert len(server.seen) == 4 and len(sent_ids) == 1
    assert caught.value.message_id == sent_ids.pop()
    assert caught.value.message_id is not None and caught.value.message_id.startswith("sdk-")


def test_a_batch_or_an_ingest_refused_after_its_retries_names_its_ids(scripted: Scripted) -> None:
    # given a server that is unavailable, then one that throttles
    unavailable = scripted([Reply(503, {"detail": "Busy"})])
    throttling = scripted([Reply(429, {"detail": "Slow down"})])
    batch = [
        IngestMessage(contact_id="arjun", message="I live in Porto", conversation_id="conv-1"),
        IngestMessage(contact_id="arjun", message="I work at Infosys", conversation_id="conv-1", message_id="m-2"),
    ]

    # when a batch goes to the first and a message with its own id to the second
    client = RapportClient(unavailable.url, "key", retry_policy=FAST_RETRIES)
    with client as rapport, pytest.raises(ServerError) as batch_error:
        rapport.ingest_batch(batch)
    client = RapportClient(throttling.url, "key", retry_policy=FAST_RETRIES)
    with client as rapport, pytest.raises(RateLimitedError) as ingest_error:
        rapport.ingest("arjun", "Thanks!", conversation_id="conv-1", message_id="wa-9")

    # then each error names the ids that were sent (a batch has no single one)
    sent = tuple(item["message_id"] for item in unavailable.seen[-1].body["messages"])
    assert batch_error.value.message_ids == sent and sent[1] == "m-2" and sent[0].startswith("sdk-")
    assert batch_error.value.message_id is None
    assert (ingest_error.value.message_id, ingest_error.value.message_ids) == ("wa-9", ("wa-9",))


def test_an_error_of_another_call_names_no_message(scripted: Scripted) -> None:
    server = scripted([Reply(503, {"detail": "Busy"})])

    with RapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport, pytest.raises(ServerError) as caught:
        rapport.get_memory(7)

    assert (caught.value.message_id, caught.value.message_ids) == (None, ())


def test_other_4xx_are_not_retried(scripted: Scripted) -> None:
    server = scripted([Reply(404, {"detail": "Memory not found."}), Reply(200, MEMORY)])

    with RapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport, pytest.raises(NotFoundError):
        rapport.get_memory(7)

    assert len(server.seen) == 1


def test_a_lost_connection_is_retried_for_a_read_but_not_for_a_create(scripted: Scripted) -> None:
    # given a server that drops the first connection of each request
    reads = scripted([DROP, Reply(200, MEMORY)])
    creates = scripted([DROP, Reply(201, MEMORY)])

    # when a read and a create go through them
    with RapportClient(reads.url, "key", retry_policy=FAST_RETRIES) as rapport:
        memory = rapport.get_memory(7)
    client = RapportClient(creates.url, "key", retry_policy=FAST_RETRIES)
    with client as rapport, pytest.raises(RapportConnectionError) as caught:
        rapport.create_memory("arjun", memory_type="fact", content="Has a dog named Bruno")

    # then the read was retried; the create was not (it might have been stored), and says it has no status
    assert (memory.content, len(reads.seen)) == ("Has a dog named Bruno", 2)
    assert (len(creates.seen), caught.value.status) == (1, None)


def test_unknown_fields_are_ignored(scripted: Scripted) -> None:
    # given a newer server that adds fields to a memory
    server = scripted([Reply(200, {**MEMORY, "sentiment": "positive", "graph": {"nodes": []}})])

    # when an older client reads it
    with RapportClient(server.url, "key") as rapport:
        memory = rapport.get_memory(7)

    # then it reads the fields it knows
    assert (memory.id, memory.content, memory.created_at.isoformat()) == (
        7,
        "Has a dog named Bruno",
        "2025-05-31T12:00:00+00:00",
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_retried_ingest_whose_answer_was_lost_stores_one_message(
    scripted: Scripted, live_server: Any, api_key: str, tenant: Tenant
) -> None:
    # given a proxy to the real service that loses the service's first answer (the message was stored)
    proxy = scripted([FORWARD_THEN_DROP, FORWARD], upstream=live_server.url)

    # when a message without an id is ingested through it
    with RapportClient(proxy.url, api_key, retry_policy=FAST_RETRIES) as rapport:
        receipt = rapport.ingest("arjun", "My dog Bruno ate my shoes again", conversation_id="conv-1")

    # then the retry carried the same id (body and Idempotency-Key), and the ledger holds the message once
    first, retry = proxy.seen
    assert first.body == retry.body and first.body["message_id"] == receipt.message_id
    assert first.headers["Idempotency-Key"] == retry.headers["Idempotency-Key"] == receipt.message_id
    assert list(Message.objects.filter(tenant=tenant).values_list("client_message_id", flat=True)) == [
        receipt.message_id
    ]


def test_the_async_client_retries_after_waiting(scripted: Scripted) -> None:
    # given a server unavailable for a second
    server = scripted([Reply(503, {"detail": "Busy"}, {"Retry-After": "1"}), Reply(200, MEMORY)])

    # when the async client reads through it
    async def read() -> Any:
        async with AsyncRapportClient(server.url, "key") as rapport:
            return await rapport.get_memory(7)

    started = time.monotonic()
    memory = asyncio.run(read())

    # then it waited, retried and parsed the answer
    assert (memory.id, len(server.seen)) == (7, 2)
    assert time.monotonic() - started >= 1.0


def test_the_async_client_retries_under_trio(scripted: Scripted) -> None:
    # given a server throttling the first request, and trio (not asyncio) running the event loop
    pytest.importorskip("trio")
    server = scripted([Reply(429, {"detail": "Slow down"}), Reply(200, MEMORY)])

    async def read() -> Any:
        async with AsyncRapportClient(server.url, "key", retry_policy=FAST_RETRIES) as rapport:
            return await rapport.get_memory(7)

    # when the async client reads through it
    memory = anyio.run(read, backend="trio")

    # then it slept between the attempts without asyncio and parsed the answer
    assert (memory.id, len(server.seen)) == (7, 2)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_async_client_ingests_then_reads_the_context(live_server: Any, api_key: str) -> None:
    # given an async client of the real service
    async def turn() -> Any:
        async with AsyncRapportClient(live_server.url, api_key) as rapport:
            await rapport.ingest("arjun", "My dog Bruno ate my shoes again", conversation_id="conv-1")
            return await rapport.context("arjun", query="how is Bruno?")

    # when a message is ingested and the context read
    context = asyncio.run(turn())

    # then the fact is in it
    assert "Has a dog named Bruno" in [memory.content for memory in context.memories]


def test_retry_after_is_read_as_seconds_or_as_an_http_date() -> None:
    # given Retry-After as delta-seconds, as an HTTP date 30 s ahead, and unreadable
    in_30_seconds = email.utils.formatdate(time.time() + 30, usegmt=True)

    # then each is seconds from now (None when it cannot be read)
    assert retry_after_seconds("7") == 7.0
    assert 28 <= (retry_after_seconds(in_30_seconds) or 0) <= 30
    assert retry_after_seconds("soon") is None
