"""A small world for the staff admin: two tenants, Arjun (with a dog called Bruno) in the first, Bea in the
second, a superuser and a staff user of the first tenant."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from contacts.models import Contact, Tenant
from memories.models import ContactEntity, Memory
from memories.services.records import memory_create, memory_supersede
from staff.services import tenant_staff_create
from tests.factories import ContactFactory, TenantFactory

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def acme(db) -> Tenant:  # type: ignore[no-untyped-def]
    return TenantFactory(name="Acme", slug="acme")


@pytest.fixture
def globex(db) -> Tenant:  # type: ignore[no-untyped-def]
    return TenantFactory(name="Globex", slug="globex")


@pytest.fixture
def arjun(acme: Tenant) -> Contact:
    contact = ContactFactory(tenant=acme, external_id="arjun", display_name="Arjun")
    contact.state.relationship_stage = "building"
    contact.state.active_streak = 4
    contact.state.mood, contact.state.baseline_mood, contact.state.baseline_energy = "happy", "neutral", "medium"
    contact.state.churn_risk = 0.7
    contact.state.preferred_hours = [22, 23]
    contact.state.last_seen_at = T0
    contact.state.save()
    return contact


@pytest.fixture
def bea(globex: Tenant) -> Contact:
    return ContactFactory(tenant=globex, external_id="bea", display_name="Bea")


def entity(contact: Contact, ref: str, display_name: str, aliases: list[str]) -> ContactEntity:
    entity_type, key = ref.split(":")
    return ContactEntity.objects.create(
        tenant=contact.tenant, contact=contact, entity_type=entity_type, key=key, display_name=display_name,
        aliases=aliases,
    )  # fmt: skip


def memory(contact: Contact, content: str, *entities: ContactEntity, memory_type: str = "fact", **fields) -> Memory:  # type: ignore[no-untyped-def]
    return memory_create(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, content=content, source="rules",
        entities=entities, created_at=fields.pop("created_at", T0), **fields,
    )  # fmt: skip


@pytest.fixture
def bruno(arjun: Contact) -> ContactEntity:
    return entity(arjun, "pet:bruno", "Bruno", ["Bruno", "my dog"])


@pytest.fixture
def graph(arjun: Contact, bruno: ContactEntity) -> dict[str, Memory]:
    """Arjun's graph: pet:bruno with a fact, an episode and a superseded fact; workplace:infosys; an unlinked
    preference."""
    infosys = entity(arjun, "workplace:infosys", "Infosys", ["Infosys"])
    old = memory(arjun, "Has a puppy named Bruno", bruno, source_message_ids=["wa-1"])
    fact = memory(arjun, "Has a golden retriever named Bruno", bruno, source_message_ids=["wa-2"])
    memory_supersede(old=old, new=fact, at=T0 + timedelta(days=1))
    return {
        "old": old,
        "fact": fact,
        "episode": memory(arjun, "Bruno ate his shoes again", bruno, memory_type="episode"),
        "work": memory(arjun, "Works at Infosys as a software engineer", infosys),
        "food": memory(arjun, "Loves biryani", memory_type="preference"),
    }


@pytest.fixture
def superuser(db) -> User:  # type: ignore[no-untyped-def]
    return User.objects.create_superuser("root", "root@example.com", "pw")


@pytest.fixture
def root_client(superuser: User) -> Client:
    client = Client()
    client.force_login(superuser)
    return client


@pytest.fixture
def acme_staff(acme: Tenant) -> User:
    return tenant_staff_create(username="sam", password="pw", tenant=acme)


@pytest.fixture
def staff_client(acme_staff: User) -> Client:
    client = Client()
    client.force_login(acme_staff)
    return client


def contact_page_post_data(client: Client, url: str) -> dict[str, Any]:
    """What the browser sends back when the contact page is saved unchanged: the contact form, and every inline's
    management form and rows."""
    context = client.get(url).context
    form = context["adminform"].form
    data: dict[str, Any] = {name: form.initial.get(name) for name in form.fields}
    data["metadata"] = json.dumps(data["metadata"])
    for inline in context["inline_admin_formsets"]:
        formset = inline.formset
        data.update({f"{formset.prefix}-{k}": v for k, v in formset.management_form.initial.items()})
        for row in formset.forms:
            for name in row.fields:
                value = row.initial.get(name, row.fields[name].initial)
                data[row.add_prefix(name)] = getattr(value, "pk", value) if value is not None else ""
    return data


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the admin in a real headless Chromium (tests/admin)")
