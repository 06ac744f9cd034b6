from __future__ import annotations

import json
import os
import time

import pytest

from providers.llm import (
    LLMTimeout,
    LLMUnavailable,
    complete_json,
    complete_structured,
    complete_text,
    llm_configured,
)
from tests.openai_stub import OpenAIStub


def test_complete_json_returns_the_answered_object(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat('{"mood": "happy", "confidence": 0.9}')

    # when
    answer = complete_json(system="Classify the mood.", user="I got the job!")

    # then
    assert answer == {"mood": "happy", "confidence": 0.9}


def test_complete_json_sends_model_messages_and_json_mode(openai_stub: OpenAIStub) -> None:
    # when
    complete_json(system="Classify the mood.", user="I got the job!", model="gpt-test", max_tokens=50)

    # then
    assert len(openai_stub.requests) == 1
    path, body = openai_stub.requests[0]
    assert path == "/v1/chat/completions"
    assert body["model"] == "gpt-test"
    assert body["messages"] == [
        {"role": "system", "content": "Classify the mood."},
        {"role": "user", "content": "I got the job!"},
    ]
    assert body["response_format"] == {"type": "json_object"}
    assert body["temperature"] == 0
    assert body["max_tokens"] == 50


SCHEMA = {
    "type": "object",
    "properties": {"mood": {"type": "string", "enum": ["happy", "sad"]}},
    "required": ["mood"],
    "additionalProperties": False,
}


def test_complete_structured_asks_for_the_strict_json_schema_and_returns_the_object(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat('{"mood": "happy"}')

    # when
    answer = complete_structured(system="Classify.", user="I got the job!", name="mood", schema=SCHEMA, max_tokens=40)

    # then the answer is parsed, and the request carried the structured-output form every server named accepts
    assert answer == {"mood": "happy"}
    body = openai_stub.requests[0][1]
    assert body["response_format"] == {
        "type": "json_schema", "json_schema": {"name": "mood", "strict": True, "schema": SCHEMA},
    }  # fmt: skip
    assert (body["temperature"], body["max_tokens"]) == (0, 40)


@pytest.mark.parametrize("reply", ["not json at all", "[1, 2]"])
def test_complete_structured_answer_that_is_not_a_json_object_is_unavailable(
    openai_stub: OpenAIStub, reply: str
) -> None:
    # given
    openai_stub.reply_chat(reply)

    # when / then
    with pytest.raises(LLMUnavailable):
        complete_structured(system="s", user="u", name="mood", schema=SCHEMA)


def test_complete_structured_keeps_the_timeout_contract(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.delay_seconds = 0.5

    # when
    started = time.monotonic()
    with pytest.raises(LLMTimeout):
        complete_structured(system="s", user="u", name="mood", schema=SCHEMA, timeout=0.2)

    # then
    assert time.monotonic() - started < 0.45
    assert len(openai_stub.requests) == 1


def test_complete_json_defaults_to_the_configured_model(openai_stub: OpenAIStub, settings) -> None:  # type: ignore[no-untyped-def]
    # given
    settings.LLM_MODEL = "gpt-configured"

    # when
    complete_json(system="s", user="u")

    # then
    assert openai_stub.requests[0][1]["model"] == "gpt-configured"


def test_slow_server_is_cut_off_at_the_timeout(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.delay_seconds = 0.5

    # when
    started = time.monotonic()
    with pytest.raises(LLMTimeout) as raised:
        complete_json(system="s", user="u", timeout=0.2)
    elapsed = time.monotonic() - started

    # then it gave up once, without retrying, with the timeout kind of unavailability (callers tell them apart)
    assert isinstance(raised.value, LLMUnavailable)
    assert elapsed < 0.45
    assert "timed out" in str(raised.value)
    assert len(openai_stub.requests) == 1


def test_junk_body_is_unavailable(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_junk()

    # when / then
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")
    assert str(raised.value) == "LLM answered something unusable (JSONDecodeError)"


def test_http_error_is_unavailable_without_retry(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.fail(500)

    # when
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")

    # then
    assert str(raised.value) == "LLM answered HTTP 500"
    assert len(openai_stub.requests) == 1


def test_stopped_server_is_unavailable(openai_stub: OpenAIStub) -> None:
    # given a client already used (and cached) while the server was up
    complete_json(system="s", user="u")
    openai_stub.stop()

    # when
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")

    # then
    assert str(raised.value) == "LLM unreachable"
    assert not isinstance(raised.value, LLMTimeout)


def test_answer_that_is_not_json_is_unavailable(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat("I feel happy")

    # when / then
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")
    assert str(raised.value) == "LLM answered invalid JSON"


def test_json_that_is_not_an_object_is_unavailable(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat('["happy"]')

    # when / then
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")
    assert str(raised.value) == "LLM answered JSON list, not an object"


def test_not_configured_is_unavailable_and_sends_nothing(openai_stub: OpenAIStub, settings) -> None:  # type: ignore[no-untyped-def]
    # given
    settings.OPENAI_API_KEY = ""

    # when
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")

    # then
    assert llm_configured() is False
    assert openai_stub.requests == []
    assert "test-key" not in str(raised.value)


def test_error_messages_never_carry_the_api_key(openai_stub: OpenAIStub, settings) -> None:  # type: ignore[no-untyped-def]
    # given
    settings.OPENAI_API_KEY = "sk-secret-123"
    openai_stub.fail(401)

    # when
    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")

    # then
    assert str(raised.value) == "LLM answered HTTP 401"


def test_complete_text_returns_plain_content_without_json_mode(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat("They like hiking and moved to Lisbon.")

    # when
    summary = complete_text(system="Summarise.", user="...")

    # then
    assert summary == "They like hiking and moved to Lisbon."
    assert "response_format" not in openai_stub.requests[0][1]


def test_complete_text_is_unavailable_on_http_error(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.fail(503)

    # when / then
    with pytest.raises(LLMUnavailable) as raised:
        complete_text(system="s", user="u")
    assert str(raised.value) == "LLM answered HTTP 503"


def test_empty_answer_is_unavailable(openai_stub: OpenAIStub) -> None:
    # given
    openai_stub.reply_chat("")

    # when / then
    with pytest.raises(LLMUnavailable) as raised:
        complete_text(system="s", user="u")
    assert str(raised.value) == "LLM answered no content"


def test_client_is_reused_across_calls(openai_stub: OpenAIStub) -> None:
    # given
    from providers.llm import _client

    _client.cache_clear()

    # when
    complete_json(system="s", user="u")
    complete_json(system="s", user="u")

    # then
    info = _client.cache_info()
    assert (info.misses, info.hits) == (1, 1)


def test_a_forked_worker_can_call_after_its_parent_did(openai_stub: OpenAIStub) -> None:
    # given the parent started the call threads and cached a client (as a preloading master might)
    complete_json(system="s", user="u")
    openai_stub.reply_chat('{"from": "child"}')
    read_end, write_end = os.pipe()

    # when a forked child calls
    pid = os.fork()
    if pid == 0:
        try:
            os.write(write_end, json.dumps(complete_json(system="s", user="u", timeout=2.0)).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    answer = os.read(read_end, 1000)
    os.waitpid(pid, 0)

    # then
    assert json.loads(answer) == {"from": "child"}
