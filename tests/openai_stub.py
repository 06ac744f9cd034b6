"""A real local OpenAI-compatible HTTP server for tests (pytest plugin).

The providers talk HTTP to it through the real `openai` client, so tests exercise timeouts, status codes and
response parsing exactly as production would; only the model behind the API is fake.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import random
import struct
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

DEFAULT_EMBEDDING_DIMENSIONS = 1536  # text-embedding-3-small's size, what OpenAI returns without `dimensions`


class OpenAIStub:
    """Serves POST /v1/chat/completions and POST /v1/embeddings on 127.0.0.1 until `stop()`.

    `reply_chat` / `reply_embeddings` set what each endpoint answers and end any `reply_junk` / `fail` mode;
    `reply_junk` and `fail` apply to every endpoint until one of those is called again.
    """

    def __init__(self) -> None:
        self.requests: list[tuple[str, dict]] = []
        self.delay_seconds: float = 0.0
        self._chat_content = "{}"
        self._vectors: list[list[float]] | None = None
        self._failure: tuple[int, bytes, str] | None = None  # (status, body, content type) while failing
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, name="openai-stub", daemon=True)
        self._thread.start()

    def reply_chat(self, content: str) -> None:
        self._chat_content = content
        self._failure = None

    def reply_embeddings(self, vectors: list[list[float]] | None = None) -> None:
        self._vectors = vectors
        self._failure = None

    def reply_junk(self) -> None:
        self._failure = (200, b"<html>this is not json", "application/json")

    def fail(self, status: int = 500) -> None:
        error = {
            "error": {
                "message": f"stub failure {status}",
                "type": "server_error",
                "param": None,
                "code": None,
            }
        }
        self._failure = (status, json.dumps(error).encode(), "application/json")

    def stop(self) -> None:
        # server_close() closes the listening socket, so later connections are refused rather than hanging.
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def answer(self, path: str, body: dict) -> tuple[int, bytes, str]:
        """Record the request and build (status, body, content type) for it."""
        self.requests.append((path, body))
        if self.delay_seconds:
            time.sleep(self.delay_seconds)
        if self._failure is not None:
            return self._failure
        if path == "/v1/chat/completions":
            return 200, json.dumps(self._chat_completion(body)).encode(), "application/json"
        if path == "/v1/embeddings":
            return 200, json.dumps(self._embeddings(body)).encode(), "application/json"
        error = {"error": {"message": f"Unknown path {path}", "type": "invalid_request_error", "code": None}}
        return 404, json.dumps(error).encode(), "application/json"

    def _chat_completion(self, body: dict) -> dict[str, Any]:
        return {
            "id": f"chatcmpl-stub{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", ""),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": self._chat_content, "refusal": None},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
            "system_fingerprint": "fp_stub",
        }

    def _embeddings(self, body: dict) -> dict[str, Any]:
        raw_input = body.get("input", "")
        # A list of ints is one pre-tokenized input; any other list is a batch of inputs.
        if isinstance(raw_input, str) or (raw_input and isinstance(raw_input[0], int)):
            inputs = [raw_input]
        else:
            inputs = list(raw_input)
        dimensions = int(body.get("dimensions") or DEFAULT_EMBEDDING_DIMENSIONS)
        vectors = self._vectors or [hashed_unit_vector(item, dimensions) for item in inputs]
        data = [
            {"object": "embedding", "index": index, "embedding": _encode_vector(vector, body)}
            for index, vector in enumerate(vectors)
        ]
        usage = {"prompt_tokens": len(inputs), "total_tokens": len(inputs)}
        return {"object": "list", "data": data, "model": body.get("model", ""), "usage": usage}


def hashed_unit_vector(item: object, dimensions: int) -> list[float]:
    """A deterministic unit vector for an input: equal texts embed equally, different texts differ."""
    key = item if isinstance(item, str) else json.dumps(item)
    rng = random.Random(hashlib.sha256(key.encode()).digest())
    vector = [rng.gauss(0.0, 1.0) for _ in range(dimensions)]
    norm = math.sqrt(sum(value * value for value in vector))
    return [value / norm for value in vector]


def _encode_vector(vector: list[float], body: dict) -> list[float] | str:
    # The openai client asks for base64 (little-endian float32) unless the caller picks "float".
    if body.get("encoding_format") == "base64":
        return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
    return vector


def _handler_for(stub: OpenAIStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0 closes each connection after its response, so no pooled keep-alive connection outlives
        # stop() and a stopped stub really refuses the next request.
        protocol_version = "HTTP/1.0"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {"_unparsed": raw.decode(errors="replace")}
            status, payload, content_type = stub.answer(self.path, body)
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up first (a timeout test): nothing to answer

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep pytest output quiet

    return Handler


@pytest.fixture
def openai_stub(settings) -> Iterator[OpenAIStub]:  # type: ignore[no-untyped-def]
    stub = OpenAIStub()
    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = stub.base_url
    try:
        yield stub
    finally:
        stub.stop()
