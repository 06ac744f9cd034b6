"""The contact page's context receipt (issue 19): a query (and a budget) in, the receipt of GET /context as a table
out — the memories that went in first, then the dropped ones with the reason. Tenant-scoped like every contact page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse

from contacts.models import Contact, Tenant, TenantStaff
from memories.models import Memory
from memories.services.access import memories_access_log_flush

pytestmark = pytest.mark.django_db


def _receipt_url(contact: Contact) -> str:
    return reverse("admin:contacts_contact_receipt", args=[contact.pk])


def _rows(html: str) -> list[tuple[str, str]]:
    """The table's rows as (class, the memory's text)."""
    return re.findall(r'<tr class="(receipt-[^"]+)">.*?<a href="[^"]+">([^<]+)</a>', html, re.DOTALL)


def test_the_contact_page_has_the_receipt_form(staff_client: Client, arjun: Contact) -> None:
    response = staff_client.get(reverse("admin:contacts_contact_change", args=[arjun.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert f'<form method="get" action="{_receipt_url(arjun)}" class="rapport-receipt-form">' in html
    assert 'name="query"' in html and 'name="budget"' in html


def test_the_receipt_page_shows_the_included_memories_then_the_dropped_with_the_reason(
    staff_client: Client, graph: dict[str, Memory]
) -> None:
    # given Arjun's graph (a superseded fact among his memories)
    arjun = graph["fact"].contact

    # when a staff user of his tenant asks for the receipt of a query under a budget that holds the durable facts
    response = staff_client.get(_receipt_url(arjun), {"query": "how is Bruno", "budget": "40"})

    # then the table lists what went in, in the body's order, then what was dropped and why
    assert response.status_code == 200
    explained = response.context["explained"]
    receipt = explained.receipt
    included = [item.content for item in receipt.items if item.included]
    assert included == [memory.content for memory in explained.memories] != []
    rows = _rows(response.content.decode())
    assert [content for _, content in rows] == [item.content for item in receipt.items]
    assert [css for css, _ in rows[: len(included)]] == ["receipt-included"] * len(included)
    reasons = dict((content, css) for css, content in rows)
    assert reasons["Has a puppy named Bruno"] == "receipt-dropped receipt-superseded"
    assert {css for css, _ in rows[len(included) :]} <= {
        "receipt-dropped receipt-budget", "receipt-dropped receipt-superseded",
    }  # fmt: skip
    assert "receipt-dropped receipt-budget" in reasons.values()
    assert "Query “how is Bruno”" in response.content.decode()


def test_a_staff_look_at_the_receipt_records_no_access(staff_client: Client, graph: dict[str, Memory]) -> None:
    arjun = graph["fact"].contact

    staff_client.get(_receipt_url(arjun), {"query": "how is Bruno"})
    memories_access_log_flush()

    assert list(Memory.objects.filter(contact=arjun).values_list("access_count", flat=True).distinct()) == [0]


def test_the_receipt_page_without_a_query_shows_only_the_form(staff_client: Client, arjun: Contact) -> None:
    response = staff_client.get(_receipt_url(arjun))

    assert response.status_code == 200
    assert response.context["explained"] is None
    assert "rapport-receipt-table" not in response.content.decode()


def test_a_bad_budget_is_a_form_error(staff_client: Client, arjun: Contact) -> None:
    response = staff_client.get(_receipt_url(arjun), {"query": "x", "budget": "-1"})

    assert response.status_code == 200
    assert response.context["explained"] is None
    assert response.context["form"].errors == {"budget": ["Ensure this value is greater than or equal to 0."]}


def test_another_tenants_contact_is_404(staff_client: Client, bea: Contact) -> None:
    assert staff_client.get(_receipt_url(bea), {"query": "hello"}).status_code == 404


def test_staff_without_the_contact_permission_get_403(acme: Tenant, arjun: Contact) -> None:
    user = User.objects.create_user("mo", password="pw", is_staff=True)
    TenantStaff.objects.create(user=user, tenant=acme)
    user.user_permissions.add(Permission.objects.get(codename="view_memory"))
    client = Client()
    client.force_login(user)

    assert client.get(_receipt_url(arjun), {"query": "hello"}).status_code == 403
