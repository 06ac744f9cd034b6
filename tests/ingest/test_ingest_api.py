"""POST /ingest and /ingest/batch: validation, idempotency, the ledger first."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from contacts.models import Contact, Message, Tenant
from memories.models import Memory

pytestmark = pytest.mark.django_db


def _body(**overrides: Any) -> dict[str, Any]:
    return {
        "contact_id": "arjun",
        "message": "My dog Bruno ate my shoes again",
        "role": "user",
        "conversation_id": "conv-1",
        "message_id": "m-1",
        **overrides,
    }


def test_ingest_accepts_stores_and_creates_the_contact(api_client: APIClient, tenant: Tenant) -> None:
    # when a first message arrives for an unknown contact
    response = api_client.post("/ingest", _body(display_name="Arjun", channel="whatsapp"), format="json")

    # then 202 with the message id, the contact exists in the caller's tenant, the message is in the ledger
    assert response.status_code == 202
    assert response.json() == {"message_id": "m-1", "status": "accepted"}
    contact = Contact.objects.get(tenant=tenant, external_id="arjun")
    assert (contact.display_name, contact.channel) == ("Arjun", "whatsapp")
    assert Message.objects.get(tenant=tenant, client_message_id="m-1").content == "My dog Bruno ate my shoes again"
    assert Memory.objects.filter(contact=contact, content="Has a dog named Bruno").exists()


def test_replayed_message_id_returns_the_first_response_and_changes_nothing(api_client: APIClient) -> None:
    first = api_client.post("/ingest", _body(), format="json")
    memories_before = list(Memory.objects.order_by("pk").values_list("pk", "importance", "source_message_ids"))

    again = api_client.post("/ingest", _body(), format="json")

    assert again.status_code == 202
    assert again.json() == first.json()
    assert Message.objects.count() == 1
    assert list(Memory.objects.order_by("pk").values_list("pk", "importance", "source_message_ids")) == memories_before


def test_same_message_id_with_a_different_body_is_409(api_client: APIClient) -> None:
    api_client.post("/ingest", _body(), format="json")

    response = api_client.post("/ingest", _body(message="Something else entirely"), format="json")

    assert response.status_code == 409
    assert "m-1" in response.json()["detail"]
    assert Message.objects.count() == 1


def test_idempotency_key_header_works_like_message_id(api_client: APIClient) -> None:
    body = _body()
    del body["message_id"]

    first = api_client.post("/ingest", body, format="json", HTTP_IDEMPOTENCY_KEY="key-7")
    second = api_client.post("/ingest", body, format="json", HTTP_IDEMPOTENCY_KEY="key-7")
    conflict = api_client.post("/ingest", {**body, "message": "other"}, format="json", HTTP_IDEMPOTENCY_KEY="key-7")

    assert first.json() == second.json() == {"message_id": "key-7", "status": "accepted"}
    assert conflict.status_code == 409
    assert Message.objects.count() == 1


def test_without_any_id_each_post_is_a_new_message(api_client: APIClient) -> None:
    body = _body()
    del body["message_id"]

    ids = {api_client.post("/ingest", body, format="json").json()["message_id"] for _ in range(2)}

    assert len(ids) == 2
    assert Message.objects.count() == 2


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"message": ""}, "message"),
        ({"message": "   \n\t "}, "message"),
        ({"message": "x" * (16 * 1024 + 1)}, "message"),
        ({"message": "é" * (8 * 1024 + 1)}, "message"),  # 16 KB counted in UTF-8 bytes
        ({"role": "system"}, "role"),
        ({"timestamp": "yesterday at noon"}, "timestamp"),
        ({"timestamp": "2026-13-45T99:00:00Z"}, "timestamp"),
        ({"contact_id": "c" * 256}, "contact_id"),
        ({"conversation_id": "c" * 256}, "conversation_id"),
        ({"message_id": "m" * 256}, "message_id"),
        ({"contact_id": ""}, "contact_id"),
        ({"metadata": "not an object"}, "metadata"),
        ({"tenant_id": 99}, "tenant_id"),
        ({"message": "null byte \x00 here"}, "message"),
    ],
)
def test_bad_input_is_400_naming_the_field(api_client: APIClient, overrides: dict[str, Any], field: str) -> None:
    response = api_client.post("/ingest", _body(**overrides), format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert Message.objects.count() == 0


@pytest.mark.parametrize(
    ("overrides", "errors"),
    [
        ({"message": 42}, {"message": ["Not a valid string."]}),
        ({"contact_id": 123}, {"contact_id": ["Not a valid string."]}),
        (
            {"conversation_id": 1.5, "display_name": True},
            {
                "conversation_id": ["Not a valid string."],
                "display_name": ["Not a valid string."],
            },
        ),  # fmt: skip
        (
            {"message_id": 7, "channel": ["web"]},
            {
                "message_id": ["Not a valid string."],
                "channel": ["Not a valid string."],
            },
        ),  # fmt: skip
    ],
)
def test_a_number_where_a_string_belongs_is_400_not_coerced(
    api_client: APIClient, overrides: dict[str, Any], errors: dict[str, list[str]]
) -> None:
    # when a JSON number (or boolean, or list) is sent for a text field
    response = api_client.post("/ingest", _body(**overrides), format="json")

    # then it is refused naming the field, and nothing is stored as its string
    assert response.status_code == 400
    assert response.json() == errors
    assert Message.objects.count() == 0


def test_a_batch_item_with_a_number_for_a_string_is_400_naming_the_item(api_client: APIClient) -> None:
    response = api_client.post("/ingest/batch", {"messages": [_body(), _body(message=42)]}, format="json")

    assert response.status_code == 400
    assert response.json() == {"messages": {"1": {"message": ["Not a valid string."]}}}


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
def test_a_form_post_is_415_saying_bodies_are_json(api_client: APIClient, content_type: str) -> None:
    # when a form is posted where JSON is expected
    response = api_client.post("/ingest", data="contact_id=arjun&message=hi", content_type=content_type)

    # then the answer says what to send instead, and nothing is stored
    assert response.status_code == 415
    media_type = content_type.split(";")[0]
    assert response.json() == {
        "detail": f'Unsupported media type "{content_type}": request bodies are JSON (Content-Type: application/json).'
    }
    assert media_type in response.json()["detail"]
    assert Message.objects.count() == 0


def test_missing_required_fields_are_named(api_client: APIClient) -> None:
    response = api_client.post("/ingest", {}, format="json")

    assert response.status_code == 400
    assert set(response.json()) == {"contact_id", "message", "role", "conversation_id"}


def test_a_message_of_exactly_the_limit_is_accepted(api_client: APIClient) -> None:
    response = api_client.post("/ingest", _body(message="x" * (16 * 1024)), format="json")

    assert response.status_code == 202


def test_timestamp_is_the_message_time(api_client: APIClient) -> None:
    api_client.post("/ingest", _body(timestamp="2025-03-01T10:00:00+05:30"), format="json")

    message = Message.objects.get()
    assert message.sent_at.isoformat() == "2025-03-01T04:30:00+00:00"
    assert Contact.objects.get().state.last_seen_at == message.sent_at
    assert Memory.objects.filter(content="Has a dog named Bruno").get().created_at == message.sent_at


def test_conversation_of_another_contact_is_409(api_client: APIClient) -> None:
    api_client.post("/ingest", _body(), format="json")

    response = api_client.post("/ingest", _body(contact_id="priya", message_id="m-2"), format="json")

    assert response.status_code == 409
    assert "conv-1" in response.json()["detail"]


def test_batch_ingests_in_order_and_reports_each(api_client: APIClient) -> None:
    messages = [
        _body(message_id="b-1", message="I live in Chennai", timestamp="2025-01-01T10:00:00Z"),
        _body(message_id="b-2", message="I moved to Pune", timestamp="2025-02-01T10:00:00Z"),
        _body(message_id="b-1", message="different body", timestamp="2025-01-01T10:00:00Z"),
    ]

    response = api_client.post("/ingest/batch", {"messages": messages}, format="json")

    assert response.status_code == 202
    assert [r["status"] for r in response.json()["results"]] == ["accepted", "accepted", "conflict"]
    assert Memory.objects.get(slot="location", status="active").content == "Lives in Pune (moved there)"


def test_batch_over_the_limit_or_invalid_item_is_400_and_stores_nothing(api_client: APIClient) -> None:
    too_many = [_body(message_id=f"x-{i}") for i in range(101)]
    invalid = [_body(message_id="ok-1"), _body(message_id="bad", role="robot")]

    over = api_client.post("/ingest/batch", {"messages": too_many}, format="json")
    bad = api_client.post("/ingest/batch", {"messages": invalid}, format="json")

    assert over.status_code == 400
    assert bad.status_code == 400
    assert bad.json()["messages"]["1"]["role"]
    assert Message.objects.count() == 0


def test_ingest_requires_a_key() -> None:
    assert APIClient().post("/ingest", _body(), format="json").status_code == 401


def test_ingest_still_accepts_and_extracts_when_redis_is_down(
    api_client: APIClient, tenant: Tenant, settings, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    # given Redis (history window, recent-memory cache) pointing at a server that was stopped
    from config.embedded import ensure_redis, stop_redis

    data_dir = tmp_path / "redis-down"
    url = ensure_redis(data_dir).url
    stop_redis(data_dir)
    settings.REDIS_URL = url
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}

    # when messages arrive
    first = api_client.post("/ingest", _body(message="I love biryani"), format="json")
    second = api_client.post("/ingest", _body(message_id="m-2", message="I love biryani"), format="json")

    # then they are accepted, stored and processed, dedup falling back to Postgres
    assert (first.status_code, second.status_code) == (202, 202)
    assert Message.objects.count() == 2
    [preference] = Memory.objects.filter(memory_type="preference")
    assert preference.source_message_ids == ["m-1", "m-2"]
