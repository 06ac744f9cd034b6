"""The key check of both transports: the REST API's keys, rule and headers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from contacts.authentication import api_key_get
from contacts.models import Tenant, TenantAPIKey
from contacts.services import api_key_create
from mcpserver.auth import api_key_from_headers


def test_a_valid_key_is_its_tenants(tenant: Tenant, api_key: str) -> None:
    # given a tenant's key

    # when it is checked
    found = api_key_get(key=api_key)

    # then it is that tenant's
    assert found is not None and found.tenant == tenant


def test_a_revoked_expired_or_unknown_key_is_no_tenants(tenant: Tenant, api_key: str) -> None:
    # given a revoked key, an expired one, a made-up one and one whose secret part is wrong
    TenantAPIKey.objects.filter(tenant=tenant).update(revoked=True)
    _, expired = api_key_create(tenant=tenant, expiry_date=timezone.now() - timedelta(minutes=1))
    _, valid = api_key_create(tenant=tenant)
    prefix = valid.partition(".")[0]

    # when they are checked
    found = [api_key_get(key=key) for key in (api_key, expired, "rk_unknown.key", f"{prefix}.wrong")]

    # then none of them is a tenant's
    assert found == [None, None, None, None]


@pytest.mark.parametrize(
    ("headers", "key"),
    [
        ({"authorization": "Bearer abc.def"}, "abc.def"),
        ({"authorization": "bearer  abc.def "}, "abc.def"),
        ({"x-api-key": " abc.def "}, "abc.def"),
        ({"authorization": "Bearer abc.def", "x-api-key": "other.key"}, "abc.def"),
        ({"authorization": "Token abc.def"}, None),
        ({"authorization": "Bearer "}, None),
        ({}, None),
    ],
)
def test_the_key_is_read_from_the_headers_the_rest_api_reads(headers: dict[str, str], key: str | None) -> None:
    assert api_key_from_headers(headers) == key
