"""The memory API for callers and tools: list, add, edit, delete, history, entities, contact detail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings as django_settings
from pytest_django import Settings
from rest_framework.test import APIClient

from contacts.models import Message, Tenant
from ingest.tasks import process_message
from memories.models import ContactEntity, Memory
from tests.factories import TenantFactory
from tests.memories.helpers import ingest

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def arjun(tenant: Tenant) -> Tenant:
    ingest(tenant, "My dog Bruno is a golden retriever", message_id="m1", at=T0)
    ingest(tenant, "I live in Chennai and I love biryani", message_id="m2", at=T0 + timedelta(hours=1))
    ingest(tenant, "I moved to Pune", message_id="m3", at=T0 + timedelta(days=2))
    return tenant


def test_contact_detail_shows_state_counts_and_pending(api_client: APIClient, arjun: Tenant) -> None:
    # given three messages whose deferred tier has not run yet
    body = api_client.get("/contacts/arjun").json()
    assert body["counts"]["messages"] == 3
    assert body["counts"]["pending_messages"] == 3
    assert body["counts"]["memories_by_status"]["superseded"] == 1
    assert body["state"]["session_count"] == 3  # an hour apart, then two days: three sessions

    # when it runs
    for message in Message.objects.filter(tenant=arjun):
        process_message.delay(message.pk)

    # then nothing is pending
    assert api_client.get("/contacts/arjun").json()["counts"]["pending_messages"] == 0


def test_list_filters_by_type_status_entity_and_text(api_client: APIClient, arjun: Tenant) -> None:
    def contents(query: str) -> list[str]:
        return [m["content"] for m in api_client.get(f"/contacts/arjun/memories?{query}").json()["results"]]

    assert contents("type=preference") == ["Loves biryani"]
    assert contents("status=superseded") == ["Lives in Chennai"]
    assert set(contents("entity=pet:bruno")) == {"Has a dog named Bruno", "Bruno is a golden retriever"}
    assert contents("q=biryani&type=preference") == ["Loves biryani"]


def test_list_is_paginated(api_client: APIClient, arjun: Tenant) -> None:
    page = api_client.get("/contacts/arjun/memories?limit=2").json()

    assert len(page["results"]) == 2
    assert page["count"] == Memory.objects.filter(tenant=arjun).count()
    assert page["next"] is not None


def test_list_is_paginated_with_a_cap(api_client: APIClient, arjun: Tenant, settings: Settings) -> None:
    # given more memories than the page cap
    settings.PAGINATION_MAX_LIMIT = 3
    total = Memory.objects.filter(tenant=arjun).count()
    assert total > 3

    # when a caller asks for far more than the cap
    capped = api_client.get("/contacts/arjun/memories?limit=100000").json()

    # then exactly the cap is returned, with a link to the rest
    assert len(capped["results"]) == 3
    assert capped["count"] == total
    assert capped["next"] is not None


def test_the_page_cap_is_the_documented_200() -> None:
    assert django_settings.PAGINATION_MAX_LIMIT == 200


def test_list_rejects_unknown_filter_values(api_client: APIClient, arjun: Tenant) -> None:
    response = api_client.get("/contacts/arjun/memories?type=gossip")

    assert response.status_code == 400
    assert "type" in response.json()


def test_explicit_memory_from_another_system(
    api_client: APIClient, arjun: Tenant, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    # when a CRM posts a purchase with an expiry and an entity (and the transaction commits)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            "/contacts/arjun/memories",
            {
                "memory_type": "episode",
                "content": "Bought a dog bed for Bruno",
                "importance": 0.6,
                "expires_at": "2025-06-01T00:00:00Z",
                "entities": [{"entity_type": "pet", "display_name": "Bruno"}],
            },
            format="json",
        )

    # then it is stored with source "api", linked to the existing entity, and embedded
    assert response.status_code == 201
    memory = Memory.objects.get(pk=response.json()["id"])
    assert (memory.source, memory.importance, memory.memory_type) == ("api", 0.6, "episode")
    assert [e.ref for e in memory.entities.all()] == ["pet:bruno"]
    assert memory.embedding_model == "all-MiniLM-L6-v2"
    assert list(memory.events.values_list("kind", "actor")) == [("created", "api")]


@pytest.mark.parametrize(
    "body",
    [
        {"memory_type": "rumour", "content": "x"},
        {"memory_type": "fact", "content": ""},
        {"memory_type": "fact", "content": "x", "importance": 1.5},
        {"memory_type": "fact", "content": "x", "contact": 5},
        {"memory_type": "fact", "content": "x", "entities": [{"entity_type": "planet", "display_name": "Mars"}]},
    ],
)
def test_explicit_memory_bad_input_is_400(api_client: APIClient, arjun: Tenant, body: dict) -> None:  # type: ignore[type-arg]
    assert api_client.post("/contacts/arjun/memories", body, format="json").status_code == 400


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"pinned": "true"}, {"pinned": ["Must be a valid boolean."]}),
        ({"pinned": 1}, {"pinned": ["Must be a valid boolean."]}),
        ({"importance": "0.5"}, {"importance": ["A valid number is required."]}),
        ({"importance": True}, {"importance": ["A valid number is required."]}),
        ({"content": 42}, {"content": ["Not a valid string."]}),
    ],
)
def test_patch_takes_json_types_as_they_are(
    api_client: APIClient, arjun: Tenant, body: dict[str, object], errors: dict[str, list[str]]
) -> None:
    # given a memory
    memory = Memory.objects.get(tenant=arjun, content="Loves biryani")

    # when edited with a string for a boolean or a number, or a number for a string
    response = api_client.patch(f"/memories/{memory.pk}", body, format="json")

    # then 400 naming the field, and the memory is unchanged
    assert response.status_code == 400
    assert response.json() == errors
    memory.refresh_from_db()
    assert (memory.content, memory.pinned, memory.importance) == ("Loves biryani", False, 0.8)


def test_an_entity_with_a_number_for_its_name_is_400_naming_the_item(api_client: APIClient, arjun: Tenant) -> None:
    body = {"memory_type": "fact", "content": "Has a cat", "entities": [
        {"entity_type": "pet", "display_name": "Tom"}, {"entity_type": "pet", "display_name": 7, "key": 7},
    ]}  # fmt: skip

    response = api_client.post("/contacts/arjun/memories", body, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "entities": {"1": {"display_name": ["Not a valid string."], "key": ["Not a valid string."]}}
    }
    assert not Memory.objects.filter(content="Has a cat").exists()


def test_patch_edits_records_history_and_re_embeds(
    api_client: APIClient, arjun: Tenant, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    memory = Memory.objects.get(tenant=arjun, content="Loves biryani")
    for message in Message.objects.filter(tenant=arjun):
        process_message.delay(message.pk)
    before = Memory.objects.get(pk=memory.pk).embedding

    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.patch(
            f"/memories/{memory.pk}", {"content": "Loves Hyderabadi biryani", "pinned": True}, format="json"
        )

    memory.refresh_from_db()
    assert response.status_code == 200
    assert (memory.content, memory.pinned) == ("Loves Hyderabadi biryani", True)
    assert memory.embedding is not None and list(memory.embedding) != list(before)
    history = api_client.get(f"/memories/{memory.pk}/history").json()["results"]
    assert [e["kind"] for e in history] == ["created", "edited"]
    assert (history[1]["before"]["content"], history[1]["after"]["content"]) == (
        "Loves biryani",
        "Loves Hyderabadi biryani",
    )


def test_history_shows_supersession(api_client: APIClient, arjun: Tenant) -> None:
    old = Memory.objects.get(tenant=arjun, content="Lives in Chennai")

    history = api_client.get(f"/memories/{old.pk}/history").json()["results"]

    assert [e["kind"] for e in history] == ["created", "superseded"]
    assert history[1]["source_message_ids"] == ["m3"]


def test_delete_removes_the_memory(api_client: APIClient, arjun: Tenant) -> None:
    memory = Memory.objects.get(tenant=arjun, content="Loves biryani")

    response = api_client.delete(f"/memories/{memory.pk}")

    assert response.status_code == 204
    assert not Memory.objects.filter(pk=memory.pk).exists()
    assert api_client.get(f"/memories/{memory.pk}").status_code == 404


def test_entities_list_with_memory_counts(api_client: APIClient, arjun: Tenant) -> None:
    entities = {e["ref"]: e for e in api_client.get("/contacts/arjun/entities").json()["results"]}

    assert entities["pet:bruno"]["metadata"] == {"species": "dog"}
    assert entities["pet:bruno"]["memory_count"] == 2
    assert "location:pune" in entities


def test_entities_are_paginated_with_a_cap(api_client: APIClient, arjun: Tenant, settings: Settings) -> None:
    # given a contact naming more entities than the page cap
    settings.PAGINATION_MAX_LIMIT = 1
    refs = [e.ref for e in ContactEntity.objects.filter(tenant=arjun).order_by("entity_type", "key")]
    assert len(refs) > 1

    # when a caller asks for all of them, then for the second page
    first = api_client.get("/contacts/arjun/entities?limit=100000").json()
    second = api_client.get("/contacts/arjun/entities?limit=1&offset=1").json()

    # then each page holds the cap, in order, in the same envelope as every list
    assert (first["count"], [e["ref"] for e in first["results"]]) == (len(refs), refs[:1])
    assert first["next"] == "http://testserver/contacts/arjun/entities?limit=1&offset=1"
    assert first["previous"] is None
    assert [e["ref"] for e in second["results"]] == refs[1:2]


def test_history_is_paginated_with_a_cap(api_client: APIClient, arjun: Tenant, settings: Settings) -> None:
    # given a memory with two events (created, superseded) and a page cap of one
    settings.PAGINATION_MAX_LIMIT = 1
    old = Memory.objects.get(tenant=arjun, content="Lives in Chennai")

    # when a caller asks for its whole history, then for the second page
    first = api_client.get(f"/memories/{old.pk}/history?limit=100000").json()
    second = api_client.get(f"/memories/{old.pk}/history?limit=1&offset=1").json()

    # then one event a page, oldest first
    assert (first["count"], [e["kind"] for e in first["results"]]) == (2, ["created"])
    assert first["next"] == f"http://testserver/memories/{old.pk}/history?limit=1&offset=1"
    assert ([e["kind"] for e in second["results"]], second["next"]) == (["superseded"], None)


def test_another_tenants_memories_are_404(api_client: APIClient) -> None:
    other = TenantFactory()
    ingest(other, "I love secret sauce", message_id="x1", contact_id="priya")
    theirs = Memory.objects.get(tenant=other, memory_type="preference")

    assert api_client.get("/contacts/priya/memories").status_code == 404
    assert api_client.get("/contacts/priya/entities").status_code == 404
    assert api_client.get(f"/memories/{theirs.pk}").status_code == 404
    assert api_client.patch(f"/memories/{theirs.pk}", {"content": "hacked"}, format="json").status_code == 404
    assert api_client.delete(f"/memories/{theirs.pk}").status_code == 404
    assert api_client.get(f"/memories/{theirs.pk}/history").status_code == 404
    theirs.refresh_from_db()
    assert theirs.content == "Loves secret sauce"
