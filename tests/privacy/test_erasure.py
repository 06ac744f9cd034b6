"""GDPR: export and erasure of a contact, proven by scanning every table and every Redis key afterwards."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.test import APIClient

from config import clock
from config.embedded import ensure_redis, stop_redis
from config.redis_client import redis_client
from consolidation.services.deferred import contact_consolidate_deferred
from consolidation.services.run import consolidation_run
from contacts.models import Contact, Conversation, Message, Tenant
from contacts.services import api_key_create
from ingest.tasks import process_message
from memories.models import ContactEntity, Memory
from memories.services.records import memory_create
from memories.tasks import embed_memories, record_access
from moods.models import Insight, MoodLog, ReviewFlag, Trigger
from privacy.models import ErasureTombstone
from privacy.services import contact_erase
from tests.factories import TenantFactory
from tests.memories.helpers import ingest, ledger_message
from tests.openapi import assert_documented, openapi_schema, response_schema

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


@pytest.fixture
def marker() -> str:
    """A string found nowhere else, in the contact's id and in what they say."""
    return f"zq{uuid.uuid4().hex[:10]}"


def _a_full_life(tenant: Tenant, client: APIClient, marker: str) -> Contact:
    """Ingest a conversation and run every tier over it: inline, deferred (mood, embeddings, merge), the
    deferred contact pass, a periodic pass, /context with a query, history, a crisis flag, a trigger."""
    Tenant.objects.filter(pk=tenant.pk).update(settings={"crisis_review_enabled": True})
    tenant.refresh_from_db()
    texts = [
        f"My dog {marker.title()}dog ate my shoes again",
        f"I work at {marker}corp as a developer",
        "I'm so sad today 😢",
        "I'm really worried and nervous",
        "I'm furious, I can't take this anymore",
    ]
    for n, text in enumerate(texts):
        ingest(tenant, text, message_id=f"{marker}-m{n}", contact_id=f"{marker}-user", conversation_id=f"{marker}-c",
               at=NOW - timedelta(minutes=10 - n), display_name=f"{marker.title()}son")  # fmt: skip
        process_message.delay(ledger_message(tenant, f"{marker}-m{n}").pk)
    ingest(tenant, f"Sorry to hear that about {marker}corp", message_id=f"{marker}-a1", role="assistant",
           contact_id=f"{marker}-user", conversation_id=f"{marker}-c", at=NOW - timedelta(minutes=4))  # fmt: skip
    contact = Contact.objects.get(tenant=tenant, external_id=f"{marker}-user")
    contact_consolidate_deferred(contact_id=contact.pk)
    consolidation_run(contact=contact, tenant=tenant, now=NOW)
    assert client.get(f"/context/{marker}-user", {"query": f"how is {marker.title()}dog?"}).status_code == 200
    assert client.get(f"/conversations/{marker}-c/history").status_code == 200
    return contact


def _table_hits(needles: list[str]) -> dict[str, int]:
    hits = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            condition = " OR ".join(["row_to_json(t)::text ILIKE %s"] * len(needles))
            cursor.execute(f'SELECT count(*) FROM "{table}" t WHERE {condition}', [f"%{n}%" for n in needles])  # noqa: S608
            count = cursor.fetchone()[0]
            if count:
                hits[table] = count
    return hits


def _redis_hits(needles: list[str]) -> list[str]:
    client = redis_client()
    found = []
    for key in client.scan_iter(count=1000):
        kind = client.type(key).decode()
        if kind == "string":
            values = [client.get(key) or b""]
        elif kind == "list":
            values = client.lrange(key, 0, -1)
        elif kind == "set":
            values = list(client.smembers(key))
        elif kind == "hash":
            values = [b"%s=%s" % item for item in client.hgetall(key).items()]
        else:
            values = []
        blob = key + b" " + b" ".join(values)
        if any(n.encode() in blob.lower() for n in needles):
            found.append(key.decode())
    return found


def test_erasure_leaves_nothing_in_any_table_or_redis_key(tenant: Tenant, api_client: APIClient, marker: str) -> None:
    # given a contact who went through every tier (and the evidence that they did)
    contact = _a_full_life(tenant, api_client, marker)
    assert Memory.objects.filter(contact=contact).count() >= 3
    assert ReviewFlag.objects.filter(contact=contact).exists() and Trigger.objects.filter(contact=contact).exists()
    assert _table_hits([marker]) and _redis_hits([marker])
    contact_pk = contact.pk

    # when the contact is erased through the API
    response = api_client.delete(f"/contacts/{marker}-user")

    # then a receipt says what went, and no table row nor Redis key or value mentions them any more
    assert response.status_code == 200
    receipt = response.json()["erased"]
    assert receipt["contact"] == 1 and receipt["message"] == 6 and receipt["memory"] >= 3
    assert receipt["reviewflag"] == 1 and receipt["trigger"] == 1 and receipt["redis_keys"] >= 3
    assert _table_hits([marker]) == {}
    assert _redis_hits([marker]) == []
    for key in (f"recent-memories:{contact_pk}", f"consolidate:deferred:{contact_pk}",
                f"context-queries:{tenant.pk}:{contact_pk}"):  # fmt: skip
        assert not any(k.decode().endswith(key) for k in redis_client().scan_iter(match=f"*{key}"))
    assert ErasureTombstone.objects.filter(tenant=tenant).count() == 1


def test_erasure_takes_the_admin_log_lines_about_every_kind_of_row_the_contact_owns_and_no_others(
    tenant: Tenant, api_client: APIClient, marker: str
) -> None:
    # given a staff edit logged on the contact, their state and one row of each kind every app holds for them
    contact = _a_full_life(tenant, api_client, marker)
    Insight.objects.create(tenant=tenant, contact=contact, kind="boredom", summary="Bored", dedupe_key=marker)
    kinds = (Message, Conversation, Memory, ContactEntity, MoodLog, ReviewFlag, Trigger, Insight)
    owned = [contact, contact.state, *(kind._default_manager.filter(contact=contact).first() for kind in kinds)]
    # ... and on another contact's rows and on a business memory, which no erasure of this contact reaches
    ingest(tenant, "I work at Infosys", message_id="o1", contact_id="other", conversation_id="o", at=NOW)
    other = Contact.objects.get(tenant=tenant, external_id="other")
    business = memory_create(tenant=tenant, contact=None, memory_type="fact", content="Opens at nine", source="api")
    kept = [other, other.messages.get(), other.memories.first(), business]
    staff = User.objects.create_user("sam", is_staff=True)
    for row in [*owned, *kept]:
        LogEntry.objects.log_actions(staff.pk, [row], CHANGE, "edited", single_object=True)

    # when the contact is erased
    receipt = contact_erase(contact=contact)

    # then each owned row's line went, the others stay, and the receipt lists every kind in its order
    assert receipt["admin_log_entries"] == len(owned) == 10
    assert {(line.content_type, line.object_id) for line in LogEntry.objects.all()} == {
        (ContentType.objects.get_for_model(row), str(row.pk)) for row in kept
    }
    assert list(receipt) == [
        "contact", "contactstate", "conversation", "message", "contactentity", "memory", "memoryevent",
        "memory_entities", "insight", "moodlog", "reviewflag", "trigger", "admin_log_entries",
        "consolidation_runs_anonymised", "redis_keys",
    ]  # fmt: skip


def test_with_redis_down_the_postgres_erasure_stands_and_the_log_says_why_keys_remain(
    tenant: Tenant, api_client: APIClient, marker: str, settings, tmp_path: Path, caplog
) -> None:  # type: ignore[no-untyped-def]
    # given a contact with keys in Redis, and then Redis going away
    contact = _a_full_life(tenant, api_client, marker)
    contact_pk = contact.pk
    data_dir = tmp_path / "redis-down"
    settings.REDIS_URL = ensure_redis(data_dir).url
    stop_redis(data_dir)

    # when the contact is erased
    receipt = contact_erase(contact=contact)

    # then every row went, the receipt counts no Redis key, and the log says the keys are left to their TTL
    assert (receipt["contact"], receipt["message"], receipt["redis_keys"]) == (1, 6, 0)
    assert _table_hits([marker]) == {}
    assert ErasureTombstone.objects.filter(tenant=tenant).count() == 1
    assert f"Redis unavailable while erasing contact {contact_pk}: cached keys expire with their TTL" in caplog.text


def test_queued_tasks_for_an_erased_contact_are_no_ops(tenant: Tenant, marker: str) -> None:
    ingest(tenant, "I work at Infosys", message_id="m1", contact_id=marker, at=NOW - timedelta(minutes=1))
    message = ledger_message(tenant, "m1")
    contact = message.contact
    memory_ids = list(Memory.objects.filter(contact=contact).values_list("pk", flat=True))
    call_command("erase_contact", "--tenant", tenant.slug, "--contact", marker, "--noinput", stdout=StringIO())

    # the tasks enqueued before the erasure now run
    process_message.delay(message.pk)
    embed_memories.delay(tenant.pk, contact.pk)
    record_access.delay(memory_ids, NOW.isoformat())
    contact_consolidate_deferred(contact_id=contact.pk)

    assert not Contact.objects.filter(pk=contact.pk).exists()
    assert not Memory.objects.filter(pk__in=memory_ids).exists()
    assert not Message.objects.filter(tenant=tenant).exists()


def test_a_late_message_from_before_the_erasure_is_refused_a_later_one_starts_afresh(
    tenant: Tenant, api_client: APIClient, marker: str
) -> None:
    ingest(tenant, "hello", message_id="m1", contact_id=marker, at=NOW - timedelta(hours=1))
    assert api_client.delete(f"/contacts/{marker}").status_code == 200
    body = {"contact_id": marker, "message": "hello again", "role": "user", "conversation_id": "c2"}

    before = (NOW - timedelta(minutes=5)).isoformat()
    late = api_client.post("/ingest", {**body, "message_id": "late", "timestamp": before}, format="json")
    batch = api_client.post(
        "/ingest/batch", {"messages": [{**body, "message_id": "late2", "timestamp": before}]}, format="json"
    )
    with clock.frozen(NOW + timedelta(minutes=1)):
        fresh = api_client.post("/ingest", {**body, "message_id": "new"}, format="json")

    assert late.status_code == 410 and "erased" in late.json()["detail"]
    assert batch.json()["results"][0]["status"] == "gone"
    assert fresh.status_code == 202
    new_contact = Contact.objects.get(tenant=tenant, external_id=marker)
    assert list(new_contact.messages.values_list("client_message_id", flat=True)) == ["new"]


def test_export_holds_everything_about_the_contact(tenant: Tenant, api_client: APIClient, marker: str) -> None:
    contact = _a_full_life(tenant, api_client, marker)
    memory_create(tenant=tenant, contact=None, memory_type="fact", content="Business fact", source="api")

    response = api_client.get(f"/contacts/{marker}-user/export")

    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="contact-{contact.pk}-export.json"'
    document = response.json()
    assert (document["schema"], document["version"], document["tenant"]) == ("rapport.contact-export", 2, tenant.slug)
    assert document["contact"]["contact_id"] == f"{marker}-user"
    assert [m["message_id"] for m in document["messages"]] == [f"{marker}-m{n}" for n in range(5)] + [f"{marker}-a1"]
    assert {m["conversation_id"] for m in document["messages"]} == {f"{marker}-c"}
    assert [log["message_id"] for log in document["mood_logs"]] == [f"{marker}-m{n}" for n in range(5)]
    assert [flag["message_id"] for flag in document["review_flags"]] == [f"{marker}-m4"]
    statuses = {m["status"] for m in document["memories"]}
    assert "active" in statuses
    assert all(m["history"] and m["history"][0]["kind"] == "created" for m in document["memories"])
    assert "Business fact" not in json.dumps(document)
    assert document["entities"] and document["mood_logs"] and document["triggers"] and document["review_flags"]
    assert len(document["mood_logs"]) == 5
    assert document["state"]["relationship_stage"] == "new"
    assert document["conversations"][0]["conversation_id"] == f"{marker}-c"


def test_the_export_is_keyed_by_the_datas_names_and_documented_field_by_field(
    tenant: Tenant, api_client: APIClient, marker: str
) -> None:
    # given a contact with something in every section of the export, one memory superseded by another
    _a_full_life(tenant, api_client, marker)
    ingest(tenant, "I work at Globex now", message_id=f"{marker}-m9", contact_id=f"{marker}-user",
           conversation_id=f"{marker}-c", at=NOW - timedelta(minutes=1))  # fmt: skip
    schema = openapi_schema()

    # when exported
    document = api_client.get(f"/contacts/{marker}-user/export").json()

    # then no key is an ORM lookup, and every key is the one /api/schema/ documents, all the way down
    assert "message_id" in _keys(document) and [key for key in _keys(document) if "__" in key] == []
    assert [m["superseded_by"] is not None for m in document["memories"]].count(True) >= 1
    assert_documented(schema, response_schema(schema, "/contacts/{contact_id}/export"), document)


def _keys(value: Any) -> set[str]:
    """Every key in a JSON document but inside the free-form objects (metadata, insight data, snapshots)."""
    if isinstance(value, list):
        return set().union(*map(_keys, value))
    if not isinstance(value, dict):
        return set()
    inside = [item for key, item in value.items() if key not in {"metadata", "data", "before", "after"}]
    return set(value).union(*map(_keys, inside))


def test_the_export_command_writes_the_same_document(
    tenant: Tenant, api_client: APIClient, marker: str, tmp_path: Path
) -> None:
    ingest(tenant, "I work at Infosys", message_id="m1", contact_id=marker, at=NOW - timedelta(minutes=1))
    out = tmp_path / "export.json"

    call_command("export_contact", "--tenant", tenant.slug, "--contact", marker, "--out", str(out), stderr=StringIO())

    assert json.loads(out.read_text()) == api_client.get(f"/contacts/{marker}/export").json()


def test_another_tenant_can_neither_export_nor_erase(tenant: Tenant, marker: str) -> None:
    ingest(tenant, "I work at Infosys", message_id="m1", contact_id=marker, at=NOW - timedelta(minutes=1))
    _, key = api_key_create(tenant=TenantFactory())
    outsider = APIClient()
    outsider.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")

    export = outsider.get(f"/contacts/{marker}/export")
    erase = outsider.delete(f"/contacts/{marker}")

    assert export.status_code == erase.status_code == 404
    assert marker not in export.content.decode() + erase.content.decode()
    assert Contact.objects.filter(tenant=tenant, external_id=marker).exists()


def test_commands_explain_and_confirm(tenant: Tenant, marker: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ingest(tenant, "hello", message_id="m1", contact_id=marker, at=NOW - timedelta(minutes=1))
    with pytest.raises(CommandError, match="No tenant with slug 'nope'"):
        call_command("erase_contact", "--tenant", "nope", "--contact", marker)
    with pytest.raises(CommandError, match="No contact 'ghost'"):
        call_command("export_contact", "--tenant", tenant.slug, "--contact", "ghost")

    monkeypatch.setattr("builtins.input", lambda prompt: "something else")
    with pytest.raises(CommandError, match="Not confirmed"):
        call_command("erase_contact", "--tenant", tenant.slug, "--contact", marker)
    assert Contact.objects.filter(external_id=marker).exists()

    monkeypatch.setattr("builtins.input", lambda prompt: marker)
    out = StringIO()
    call_command("erase_contact", "--tenant", tenant.slug, "--contact", marker, stdout=out)
    assert f"Erased contact {marker!r}: " in out.getvalue() and "message=1" in out.getvalue()


def test_erasing_a_tenant_erases_every_contact_and_the_tenant(marker: str) -> None:
    tenant = TenantFactory()
    for n in range(2):
        ingest(tenant, f"I work at {marker}corp", message_id=f"m{n}", contact_id=f"{marker}-{n}",
               conversation_id=f"c{n}", at=NOW)  # fmt: skip
    memory_create(tenant=tenant, contact=None, memory_type="fact", content=f"{marker} business", source="api")
    Insight.objects.create(tenant=tenant, kind="boredom", summary=marker, dedupe_key=marker)

    call_command("erase_tenant", "--tenant", tenant.slug, "--noinput", stdout=StringIO())

    assert not Tenant.objects.filter(pk=tenant.pk).exists()
    assert _table_hits([marker]) == {}
