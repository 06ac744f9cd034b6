"""API keys map to tenants; a tenant never sees another tenant's contacts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from contacts.models import Tenant, TenantAPIKey
from contacts.services import api_key_create
from tests.factories import ContactFactory, TenantFactory

pytestmark = pytest.mark.django_db


def test_request_without_a_key_is_401_with_a_bearer_challenge() -> None:
    # given a contact that exists
    ContactFactory(external_id="arjun")

    # when asked for without credentials
    response = APIClient().get("/contacts/arjun")

    # then the caller is told to authenticate
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("header", ["Bearer nope.nope", "Bearer ", "Token abc"])
def test_unknown_or_malformed_keys_are_401(header: str, tenant: Tenant) -> None:
    # given a contact of the tenant
    ContactFactory(tenant=tenant, external_id="arjun")

    # when called with a bad Authorization header
    response = APIClient().get("/contacts/arjun", HTTP_AUTHORIZATION=header)

    # then 401, and the key is not echoed back
    assert response.status_code == 401
    assert "nope" not in response.content.decode()


ACCEPTED = 'Send the API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".'


@pytest.mark.parametrize("scheme", ["Token {key}", "{key}", "Basic {key}", "Bearer", "Bearer    "])
def test_a_key_in_the_wrong_form_is_401_naming_the_accepted_headers(scheme: str, api_key: str) -> None:
    # when a valid key is sent in a form we do not read (or no key after Bearer)
    response = APIClient().get("/contacts/arjun", HTTP_AUTHORIZATION=scheme.format(key=api_key))

    # then the answer says which headers are accepted, without echoing the header
    assert response.status_code == 401
    assert response.json() == {"detail": f"Unsupported Authorization header. {ACCEPTED}"}
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_no_key_at_all_is_401_naming_the_accepted_headers() -> None:
    response = APIClient().get("/contacts/arjun")

    assert response.status_code == 401
    assert response.json() == {"detail": f"Authentication credentials were not provided. {ACCEPTED}"}


def test_a_wrong_scheme_beside_a_valid_x_api_key_still_reads(api_key: str, tenant: Tenant) -> None:
    ContactFactory(tenant=tenant, external_id="arjun")

    response = APIClient().get("/contacts/arjun", HTTP_AUTHORIZATION="Token whatever", HTTP_X_API_KEY=api_key)

    assert response.status_code == 200


def test_bearer_key_reads_own_contact(api_client: APIClient, tenant: Tenant) -> None:
    # given the tenant's contact
    ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")

    # when read with the tenant's key
    response = api_client.get("/contacts/arjun")

    # then it is returned with its state
    assert response.status_code == 200
    body = response.json()
    assert body["contact_id"] == "arjun"
    assert body["display_name"] == "Arjun"
    assert body["state"]["relationship_stage"] == "new"


def test_x_api_key_header_is_accepted(api_key: str, tenant: Tenant) -> None:
    ContactFactory(tenant=tenant, external_id="arjun")

    response = APIClient().get("/contacts/arjun", HTTP_X_API_KEY=api_key)

    assert response.status_code == 200


def test_another_tenants_contact_is_404_and_reveals_nothing(api_client: APIClient) -> None:
    # given a contact of a different tenant
    ContactFactory(tenant=TenantFactory(), external_id="priya", display_name="Priyanka-Secret")

    # when our tenant asks for that id
    response = api_client.get("/contacts/priya")

    # then it looks exactly like a missing contact
    assert response.status_code == 404
    assert "Priyanka-Secret" not in response.content.decode()
    assert response.json() == APIClient.get(api_client, "/contacts/does-not-exist").json()


def test_same_external_id_in_two_tenants_resolves_to_each_callers_own(api_client: APIClient, tenant: Tenant) -> None:
    # given the same external id in two tenants
    ContactFactory(tenant=tenant, external_id="sam", display_name="Ours")
    ContactFactory(tenant=TenantFactory(), external_id="sam", display_name="Theirs")

    # when read
    response = api_client.get("/contacts/sam")

    # then only our tenant's contact is seen
    assert response.json()["display_name"] == "Ours"


def test_revoked_key_is_401(api_key: str, tenant: Tenant) -> None:
    ContactFactory(tenant=tenant, external_id="arjun")
    TenantAPIKey.objects.filter(tenant=tenant).update(revoked=True)

    response = APIClient().get("/contacts/arjun", HTTP_AUTHORIZATION=f"Bearer {api_key}")

    assert response.status_code == 401


def test_expired_key_is_401(tenant: Tenant) -> None:
    ContactFactory(tenant=tenant, external_id="arjun")
    _, key = api_key_create(tenant=tenant, expiry_date=timezone.now() - timedelta(minutes=1))

    response = APIClient().get("/contacts/arjun", HTTP_AUTHORIZATION=f"Bearer {key}")

    assert response.status_code == 401


def test_keys_are_stored_hashed(tenant: Tenant) -> None:
    # when a key is created
    api_key, key = api_key_create(tenant=tenant)

    # then only its prefix and a hash are stored, never the key
    stored = TenantAPIKey.objects.get(pk=api_key.pk)
    secret_part = key.partition(".")[2]
    assert stored.prefix == key.partition(".")[0]
    assert secret_part not in stored.hashed_key
    assert stored.is_valid(key)
