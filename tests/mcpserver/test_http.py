"""``manage.py mcp --http``: the tools over streamable HTTP (the ``mcp`` process of ``make run``), a real subprocess on
the test database (see conftest), every request authenticated by its API key."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from contacts.models import Tenant
from contacts.services import api_key_create
from tests.factories import TenantFactory
from tests.mcpserver.conftest import COMMITTED, ROOT, subprocess_env

pytestmark = [COMMITTED]

TIMEOUT_SECONDS = 120


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _post(url: str, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream", **headers},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _serving(url: str) -> bool:
    try:
        return _post(url, {})[0] == 401
    except OSError:
        return False


@pytest.fixture
def mcp_url(committed_tenant: Tenant, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    log = tmp_path / "mcp.log"
    with log.open("w") as output:  # a file, not a pipe: nobody reads it while the tests run, and a pipe fills up
        process = subprocess.Popen(
            [sys.executable, "manage.py", "mcp", "--http", "--port", str(port)],
            cwd=ROOT, env=subprocess_env(), stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while not _serving(url):
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "the MCP HTTP server did not start"
            time.sleep(0.25)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def _tool_calls(url: str, headers: dict[str, str], calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    async def main() -> list[Any]:
        results = []
        with anyio.fail_after(TIMEOUT_SECONDS):
            async with (
                httpx2.AsyncClient(headers=headers, timeout=TIMEOUT_SECONDS) as http,
                streamable_http_client(url, http_client=http) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                for tool, arguments in calls:
                    results.append(await session.call_tool(tool, arguments))
        return results

    return anyio.run(main)


@pytest.mark.parametrize(
    ("headers", "detail"),
    [
        ({}, "Authentication credentials were not provided."),
        ({"Authorization": "Bearer rk_unknown.key"}, "Invalid API key."),
        ({"X-API-Key": "rk_unknown.key"}, "Invalid API key."),
        ({"Authorization": "Token rk_unknown.key"}, "Unsupported Authorization header."),
    ],
)
def test_a_request_without_a_valid_key_is_refused(mcp_url: str, headers: dict[str, str], detail: str) -> None:
    # given the HTTP server

    # when a request comes without a key, with an unknown one, or in a scheme the API does not take
    status, body = _post(mcp_url, headers)

    # then it is a 401 saying what was wrong and how to send the key, before any MCP handling
    assert status == 401
    assert body == {"detail": f'{detail} Send the API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".'}


def test_a_tool_call_with_a_key_works_for_that_keys_tenant(mcp_url: str, committed_key: str) -> None:
    # given the HTTP server, and another tenant's key
    _, other_key = api_key_create(tenant=TenantFactory())

    # when a client with the key remembers a fact and reads the context, and the other tenant asks for the contact
    remembered, context = _tool_calls(
        mcp_url, {"Authorization": f"Bearer {committed_key}"},
        [
            ("remember", {"contact_id": "arjun", "message": "I live in Chennai", "conversation_id": "c1"}),
            ("get_context", {"contact_id": "arjun"}),
        ],
    )  # fmt: skip
    (foreign,) = _tool_calls(mcp_url, {"X-API-Key": other_key}, [("get_profile", {"contact_id": "arjun"})])

    # then the key's tenant has the fact in the context
    assert not remembered.is_error, remembered.content
    assert not context.is_error, context.content
    assert "Lives in Chennai" in context.structured_content["context_text"]
    # and the other tenant does not see the contact at all
    assert foreign.is_error
    assert "Contact 'arjun' not found" in foreign.content[0].text
