"""Ids in the URL's path are the client's: one no row can hold is a 404, never the database's error."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.memories.helpers import ingest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/context/ar%00jun"),
        ("get", "/contacts/ar%00jun"),
        ("delete", "/contacts/ar%00jun"),
        ("get", "/contacts/ar%00jun/memories"),
        ("get", "/contacts/ar%00jun/entities"),
        ("get", "/contacts/ar%00jun/export"),
        ("get", "/conversations/c%001/history"),
        ("post", "/conversations/c%001/resolve"),
    ],
)
def test_a_nul_in_a_path_id_is_not_found(tenant, api_client: APIClient, method: str, path: str) -> None:  # type: ignore[no-untyped-def]
    # given a contact "arjun" with a conversation "c1" (the ids without the NUL)
    ingest(tenant, "I live in Chennai", message_id="m1")

    # when a client asks for an id with a NUL in it (Postgres cannot store one: no row has it)
    response = getattr(api_client, method)(path, format="json")

    # then it is a JSON 404, not a 500 from the query
    assert (response.status_code, response.json()) == (404, {"detail": "Not found."})
