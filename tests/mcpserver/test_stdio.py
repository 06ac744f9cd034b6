"""``manage.py mcp`` over stdio, driven by the SDK's own client as an MCP host would: a real subprocess on the
test database (see conftest)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import pytest
from django.utils import timezone
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult

from contacts.models import Conversation, Message, Tenant, TenantAPIKey
from memories.models import Memory
from memories.services.records import memory_create
from tests.factories import ContactFactory
from tests.mcpserver.conftest import COMMITTED, ROOT, subprocess_env

pytestmark = [COMMITTED]

TIMEOUT_SECONDS = 120  # the first remember loads the local embedder in the subprocess


def _with_session(api_key: str, steps: Callable[[ClientSession], Awaitable[None]]) -> None:
    async def main() -> None:
        server = StdioServerParameters(
            command=sys.executable, args=["manage.py", "mcp"], cwd=ROOT, env=subprocess_env(api_key=api_key)
        )
        with anyio.fail_after(TIMEOUT_SECONDS):
            async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                await steps(session)

    anyio.run(main)


async def _call(session: ClientSession, tool: str, **arguments: Any) -> CallToolResult:
    return await session.call_tool(tool, arguments)


def _body(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def _error(result: CallToolResult) -> str:
    assert result.is_error, result.structured_content
    return " ".join(getattr(block, "text", "") for block in result.content)


def test_remember_then_get_context_shows_the_fact(committed_key: str) -> None:
    # given a stdio MCP server for the key's tenant
    seen: dict[str, Any] = {}

    async def steps(session: ClientSession) -> None:
        # when the client remembers what the contact said, then asks for their context
        seen["remember"] = _body(await _call(
            session, "remember", contact_id="arjun", message="I live in Chennai", conversation_id="c1"
        ))  # fmt: skip
        seen["context"] = _body(await _call(session, "get_context", contact_id="arjun", query="where do they live"))
        seen["search"] = _body(await _call(session, "search_memories", contact_id="arjun", query="Chennai"))
        seen["profile"] = _body(await _call(session, "get_profile", contact_id="arjun"))

    _with_session(committed_key, steps)

    # then the message was accepted and the fact is in the context: its memories and the prompt text
    assert seen["remember"]["status"] == "accepted"
    fact = Memory.objects.get(contact__external_id="arjun", memory_type="fact")
    assert fact.content == "Lives in Chennai"
    context = seen["context"]
    assert context["contact"]["contactId"] == "arjun"
    assert [(m["id"], m["content"]) for m in context["memories"] if m["memoryType"] == "fact"] == [
        (fact.pk, "Lives in Chennai")
    ]
    assert "Lives in Chennai" in context["context_text"]
    # and the search finds it first, with its id, type and score
    best = seen["search"]["memories"][0]
    assert (best["id"], best["memory_type"], best["content"]) == (fact.pk, "fact", "Lives in Chennai")
    assert best["score"] > 0
    # and the profile lists it among the durable memories, and its paragraph (written by the deferred consolidation,
    # which eager Celery ran before remember answered) says it
    assert [(m["id"], m["content"]) for m in seen["profile"]["durable_memories"]] == [(fact.pk, "Lives in Chennai")]
    assert seen["profile"]["summary"] == "arjun: Lives in Chennai."


def test_remember_with_the_callers_message_id_stores_a_retried_call_once(committed_key: str) -> None:
    # given a stdio MCP server for the key's tenant
    seen: list[dict[str, Any]] = []

    async def steps(session: ClientSession) -> None:
        # when a host sends the same message twice with its own id (a retry after a lost answer)
        for _ in range(2):
            seen.append(_body(await _call(
                session, "remember", contact_id="arjun", message="I live in Chennai", conversation_id="c1",
                message_id="host-42",
            )))  # fmt: skip

    _with_session(committed_key, steps)

    # then it is one message, under the host's id, and one fact
    assert [answer["message_id"] for answer in seen] == ["host-42", "host-42"]
    assert list(Message.objects.values_list("client_message_id", flat=True)) == ["host-42"]
    assert Memory.objects.filter(memory_type="fact").count() == 1


def test_calls_count_against_the_keys_rate_limits_and_a_revoked_key_stops_working(
    committed_tenant: Tenant, committed_key: str
) -> None:
    # given a tenant allowed two context reads a day, with a contact
    committed_tenant.settings = {"rate_limits": {"context": "2/day"}}
    committed_tenant.save()
    ContactFactory(tenant=committed_tenant, external_id="arjun")
    seen: dict[str, Any] = {}

    async def steps(session: ClientSession) -> None:
        # when the host reads the context three times, then its key is revoked while the process runs
        seen["reads"] = [await _call(session, "get_context", contact_id="arjun") for _ in range(3)]
        seen["profile"] = _body(await _call(session, "get_profile", contact_id="arjun"))  # another scope: allowed
        await anyio.to_thread.run_sync(
            lambda: TenantAPIKey.objects.filter(tenant=committed_tenant).update(revoked=True)
        )
        seen["revoked"] = _error(await _call(session, "get_profile", contact_id="arjun"))

    _with_session(committed_key, steps)

    # then the third read is refused as the REST API would (the same counter), saying when to retry
    first, second, third = seen["reads"]
    assert not first.is_error and not second.is_error
    assert _error(third).startswith(
        "Error executing tool get_context: Rate limit exceeded: this API key may make 2/day context requests. "
        "Retry after "
    )
    # and once the key is revoked, no tool answers
    assert seen["revoked"] == (
        "Error executing tool get_profile: RAPPORT_API_KEY is no longer a valid API key (revoked or expired)."
    )


def test_forget_memory_removes_it_and_refuses_another_contacts(committed_tenant: Tenant, committed_key: str) -> None:
    # given a contact with a fact, and another contact of the same tenant with one
    arjun = ContactFactory(tenant=committed_tenant, external_id="arjun")
    other = ContactFactory(tenant=committed_tenant, external_id="meera")
    fact = memory_create(
        tenant=committed_tenant, contact=arjun, memory_type="fact", content="Lives in Pune", source="api"
    )
    others = memory_create(
        tenant=committed_tenant, contact=other, memory_type="fact", content="Has a cat", source="api"
    )
    seen: dict[str, Any] = {}

    async def steps(session: ClientSession) -> None:
        # when the client forgets the other contact's memory through arjun, then arjun's own
        seen["foreign"] = _error(await _call(session, "forget_memory", contact_id="arjun", memory_id=others.pk))
        seen["forgotten"] = _body(await _call(session, "forget_memory", contact_id="arjun", memory_id=fact.pk))
        seen["again"] = _error(await _call(session, "forget_memory", contact_id="arjun", memory_id=fact.pk))

    _with_session(committed_key, steps)

    # then arjun's memory is gone, the other contact's is untouched, and the refusals say why
    assert seen["forgotten"] == {"contact_id": "arjun", "forgotten": fact.pk}
    assert not Memory.objects.filter(pk=fact.pk).exists()
    assert Memory.objects.filter(pk=others.pk).exists()
    refused = "Error executing tool forget_memory: Memory {} not found for contact 'arjun'."
    assert (seen["foreign"], seen["again"]) == (refused.format(others.pk), refused.format(fact.pk))


def test_unknown_contact_and_bad_input_are_tool_errors(committed_tenant: Tenant, committed_key: str) -> None:
    # given a stdio MCP server for a tenant whose one contact has a conversation and no memories
    arjun = ContactFactory(tenant=committed_tenant, external_id="arjun")
    Conversation.objects.create(
        tenant=committed_tenant, contact=arjun, external_id="arjuns-conversation",
        started_at=timezone.now(), last_message_at=timezone.now(),
    )  # fmt: skip
    seen: dict[str, str] = {}

    async def steps(session: ClientSession) -> None:
        # when the client asks about an unknown contact, and sends what the ingest refuses
        for tool in ("get_context", "search_memories", "get_profile"):
            arguments = {"query": "x"} if tool == "search_memories" else {}
            seen[tool] = _error(await _call(session, tool, contact_id="nobody", **arguments))
        seen["forget_memory"] = _error(await _call(session, "forget_memory", contact_id="nobody", memory_id=1))
        seen["blank"] = _error(await _call(
            session, "remember", contact_id="arjun", message="   ", conversation_id="c1"
        ))  # fmt: skip
        seen["budget"] = _error(await _call(session, "get_context", contact_id="arjun", budget=-1))
        seen["nul"] = _error(await _call(session, "get_context", contact_id="arjun", query="a\x00b"))
        seen["nul_contact"] = _error(await _call(session, "get_context", contact_id="ar\x00jun"))
        seen["blank_query"] = _error(await _call(session, "search_memories", contact_id="arjun", query="   "))
        seen["foreign"] = _error(await _call(
            session, "remember", contact_id="meera", message="Hi", conversation_id="arjuns-conversation"
        ))  # fmt: skip

    _with_session(committed_key, steps)

    # then each is an MCP tool error (isError) with a readable message, and nothing was stored
    unknown = "Error executing tool {}: Contact 'nobody' not found (no message from or memory of them yet)."
    tools = ("get_context", "search_memories", "get_profile", "forget_memory")
    assert [seen[tool] for tool in tools] == [unknown.format(tool) for tool in tools]
    assert seen["blank"] == (
        "Error executing tool remember: Invalid input: message: The message must not be empty or whitespace."
    )
    assert "budget" in seen["budget"]
    assert "greater than or equal to 0" in seen["budget"]
    assert seen["nul"] == "Error executing tool get_context: Invalid input: query: Null characters are not allowed."
    assert seen["nul_contact"].startswith("Error executing tool get_context: ")
    assert "contact_id" in seen["nul_contact"] and "Traceback" not in seen["nul_contact"]
    assert seen["blank_query"] == (
        "Error executing tool search_memories: Invalid input: query: This field may not be blank."
    )
    assert seen["foreign"] == (
        "Error executing tool remember: conversation_id 'arjuns-conversation' belongs to another contact of this "
        "tenant."
    )
    assert not Memory.objects.exists()


@pytest.mark.parametrize(
    ("api_key", "message"),
    [
        (None, "RAPPORT_API_KEY is not set: set it to the tenant's API key"),
        ("rk_unknown.key", "RAPPORT_API_KEY is not a valid API key (unknown, revoked or expired)."),
    ],
)
def test_a_missing_or_bad_key_exits_with_the_reason(committed_key: str, api_key: str | None, message: str) -> None:
    # given no key, or a key that is no tenant's

    # when the stdio server starts
    result = subprocess.run(
        [sys.executable, "manage.py", "mcp"],
        cwd=ROOT, env=subprocess_env(api_key=api_key), stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=TIMEOUT_SECONDS,
    )  # fmt: skip

    # then it exits non-zero before serving, the reason on stderr and nothing on stdout (the MCP channel)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""
