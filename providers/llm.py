"""The one seam for LLM calls (OpenAI or any OpenAI-compatible server at settings.OPENAI_BASE_URL).

Callers own the fallback: every failure is one exception, LLMUnavailable, and nothing here retries.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from functools import lru_cache

import openai
from django.conf import settings
from openai.types.chat import ChatCompletion

from metrics.instruments import llm_call_record

# Calls run on these threads so `timeout` bounds the wall-clock time of the whole call: the HTTP client's
# timeouts are per phase (connect, each read), which a server trickling bytes could stretch indefinitely.
_CALL_THREADS = 16
_CALLS = ThreadPoolExecutor(max_workers=_CALL_THREADS, thread_name_prefix="llm")


class LLMUnavailable(Exception):
    """Not configured, unreachable, timed out, errored, or answered something unusable."""


class LLMTimeout(LLMUnavailable):
    """The call did not finish within its timeout (the provider may be up but slow)."""


def llm_configured() -> bool:
    return bool(settings.OPENAI_API_KEY)


def complete_json(
    *, system: str, user: str, model: str | None = None, timeout: float = 10.0, max_tokens: int = 300
) -> dict:
    """Ask for a JSON object (JSON mode, temperature 0) and return it parsed."""
    return _parsed(_complete(system, user, model, timeout, max_tokens, response_format={"type": "json_object"}))


def complete_structured(
    *, system: str, user: str, name: str, schema: dict, model: str | None = None, timeout: float = 10.0,
    max_tokens: int = 300,
) -> dict:  # fmt: skip
    """Ask for a JSON object constrained to ``schema`` (structured output, strict, temperature 0) and return it
    parsed. The form OpenAI, vLLM, llama.cpp's server and Ollama's /v1 endpoint accept; a server that ignores it
    answers whatever it likes, so the caller still validates the answer against its schema."""
    response_format = {"type": "json_schema", "json_schema": {"name": name, "strict": True, "schema": schema}}
    return _parsed(_complete(system, user, model, timeout, max_tokens, response_format=response_format))


def complete_text(
    *, system: str, user: str, model: str | None = None, timeout: float = 10.0, max_tokens: int = 300
) -> str:
    """Ask for plain text (temperature 0), e.g. a summary."""
    return _complete(system, user, model, timeout, max_tokens, response_format=None)


def _parsed(content: str) -> dict:
    try:
        answer = json.loads(content)
    except json.JSONDecodeError as err:
        raise LLMUnavailable("LLM answered invalid JSON") from err
    if not isinstance(answer, dict):
        raise LLMUnavailable(f"LLM answered JSON {type(answer).__name__}, not an object")
    return answer


def _complete(
    system: str, user: str, model: str | None, timeout: float, max_tokens: int, *, response_format: dict | None
) -> str:
    if not llm_configured():
        raise LLMUnavailable("LLM not configured (OPENAI_API_KEY is empty)")
    started = time.perf_counter()
    try:
        content = _call(system, user, model, timeout, max_tokens, response_format=response_format)
    except LLMUnavailable as err:
        outcome = "timeout" if isinstance(err, LLMTimeout) else "error"
        llm_call_record(seconds=time.perf_counter() - started, outcome=outcome)
        raise
    llm_call_record(seconds=time.perf_counter() - started, outcome="ok")
    return content


def _call(
    system: str, user: str, model: str | None, timeout: float, max_tokens: int, *, response_format: dict | None
) -> str:
    client = _client(settings.OPENAI_BASE_URL, settings.OPENAI_API_KEY, timeout)
    future = _CALLS.submit(_create, client, model or settings.LLM_MODEL, system, user, max_tokens, response_format)
    try:
        completion = future.result(timeout=timeout)
    except FutureTimeout as err:
        future.cancel()  # drops it if still queued; a running call ends at the client's own timeouts
        raise LLMTimeout(f"LLM timed out after {timeout}s") from err
    except openai.APITimeoutError as err:
        raise LLMTimeout("LLM timed out") from err
    except Exception as err:  # by contract any failure, even a malformed body, means "no LLM answer"
        raise LLMUnavailable(_describe(err)) from err
    content = completion.choices[0].message.content if completion.choices else None
    if not content:
        raise LLMUnavailable("LLM answered no content")
    return content


def _create(
    client: openai.OpenAI, model: str, system: str, user: str, max_tokens: int, response_format: dict | None
) -> ChatCompletion:
    return client.chat.completions.create(
        model=model,
        messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
        temperature=0,
        max_tokens=max_tokens,
        response_format=openai.omit if response_format is None else response_format,  # type: ignore[arg-type]
    )


def _describe(err: Exception) -> str:
    # Built from the error's type and status only: provider messages can echo request details.
    if isinstance(err, openai.APIConnectionError):
        return "LLM unreachable"
    if isinstance(err, openai.APIStatusError):
        return f"LLM answered HTTP {err.status_code}"
    return f"LLM answered something unusable ({type(err).__name__})"


@lru_cache(maxsize=8)
def _client(base_url: str, api_key: str, timeout: float) -> openai.OpenAI:
    # One client per configuration keeps its connection pool alive across calls in this process.
    return openai.OpenAI(api_key=api_key, base_url=base_url or None, timeout=timeout, max_retries=0)


def _forget_parent_state() -> None:
    # A forked worker (Celery prefork, gunicorn --preload) must not share the parent's threads or sockets.
    global _CALLS
    _CALLS = ThreadPoolExecutor(max_workers=_CALL_THREADS, thread_name_prefix="llm")
    _client.cache_clear()


os.register_at_fork(after_in_child=_forget_parent_state)
