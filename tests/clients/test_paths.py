"""Path segments: an id is one segment whatever it holds, so a request never lands on another path."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from rapport_client import NotFoundError, RapportClient


def _recording_client(seen: list[httpx.Request]) -> RapportClient:
    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(404, json={"detail": "Contact not found."})

    return RapportClient("http://rapport.test/api", "key", max_retries=0, http_transport=httpx.MockTransport(answer))


@pytest.mark.parametrize(
    ("call", "method", "path"),
    [
        (lambda rapport: rapport.erase(".."), "DELETE", b"/api/contacts/%2E%2E"),
        (lambda rapport: rapport.erase("."), "DELETE", b"/api/contacts/%2E"),
        (lambda rapport: rapport.context("."), "GET", b"/api/context/%2E"),
        (lambda rapport: rapport.context(".."), "GET", b"/api/context/%2E%2E"),
        (lambda rapport: rapport.export(".."), "GET", b"/api/contacts/%2E%2E/export"),
        (lambda rapport: rapport.get_contact("..."), "GET", b"/api/contacts/%2E%2E%2E"),
        (lambda rapport: rapport.get_contact("a/../b"), "GET", b"/api/contacts/a%2F..%2Fb"),
    ],
)
def test_an_id_made_of_dots_stays_one_segment(
    call: Callable[[RapportClient], object], method: str, path: bytes
) -> None:
    # given a client that records the requests it sends
    seen: list[httpx.Request] = []

    # when an operation names a contact whose id is dots (or holds slashes)
    with _recording_client(seen) as rapport, pytest.raises(NotFoundError):
        call(rapport)

    # then the request went to that contact's path, not to the one the dots would climb to
    assert [(request.method, request.url.raw_path) for request in seen] == [(method, path)]


@pytest.mark.parametrize("call", [lambda rapport: rapport.erase(""), lambda rapport: rapport.context("")])
def test_an_empty_id_is_refused_before_sending(call: Callable[[RapportClient], object]) -> None:
    # given a client that records the requests it sends
    seen: list[httpx.Request] = []

    # when an operation names a contact with an empty id (DELETE /contacts/ would be another route)
    with _recording_client(seen) as rapport, pytest.raises(ValueError, match="must not be empty"):
        call(rapport)

    # then nothing was sent
    assert seen == []
