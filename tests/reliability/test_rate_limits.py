"""Rate limits per API key (429 + Retry-After), never failing with the cache down, and request size limits."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from config.redis_client import redis_client
from contacts import throttling
from contacts.models import Tenant, TenantAPIKey
from contacts.services import api_key_create
from contacts.throttling import ApiKeyRateThrottle
from tests.factories import TenantFactory

pytestmark = pytest.mark.django_db
# A fixed clock for the throttle: 15 seconds into a minute (and an hour), so windows never roll over mid-test.
T = 60 * 60 * 500_000 + 15.0
DEAD_REDIS = "unix:///nonexistent/rapport-redis.sock"


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(ApiKeyRateThrottle, "timer", lambda self: T)
    monkeypatch.setattr(throttling, "_cache_outage", False)
    monkeypatch.setattr(throttling, "_warned_overrides", set())
    yield


def _limited(tenant: Tenant, **rates: str) -> Tenant:
    tenant.settings = {"rate_limits": rates}
    tenant.save(update_fields=["settings"])
    return tenant


def _client(tenant: Tenant) -> APIClient:
    _, key = api_key_create(tenant=tenant)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def _throttling_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "contacts.throttling"]


def _ingest(client: APIClient, n: int, **fields: Any) -> Any:
    body = {"contact_id": "arjun", "message": f"hello {n}", "role": "user", "conversation_id": "c1", **fields}
    return client.post("/ingest", data=json.dumps(body), content_type="application/json")


def test_a_key_over_its_tenants_limit_gets_429_with_retry_after(tenant: Tenant, api_client: APIClient) -> None:
    # given a tenant limited to 2 requests a minute on the default scope
    _limited(tenant, default="2/min")

    # when its key makes three requests in one minute
    statuses = [api_client.get("/contacts/nobody").status_code for _ in range(3)]
    response = api_client.get("/contacts/nobody")

    # then the first two are served, then 429 with the seconds left in the window and a JSON detail
    assert statuses == [404, 404, 429]
    assert response.status_code == 429
    assert response["Retry-After"] == "45"
    assert response.json() == {
        "detail": "Rate limit exceeded: this API key may make 2/min default requests. Expected available in 45 seconds."
    }


def test_other_keys_and_tenants_are_not_affected(tenant: Tenant, api_client: APIClient) -> None:
    # given a key that used up its tenant's limit
    _limited(tenant, default="1/min")
    api_client.get("/contacts/nobody")
    assert api_client.get("/contacts/nobody").status_code == 429

    # when another key of that tenant, and a key of another tenant, call the same endpoint
    same_tenant = _client(tenant).get("/contacts/nobody")
    other_tenant = _client(_limited(TenantFactory(), default="1/min")).get("/contacts/nobody")

    # then both are served: the limit is per API key
    assert (same_tenant.status_code, other_tenant.status_code) == (404, 404)


def test_ingest_has_its_own_limit(tenant: Tenant, api_client: APIClient) -> None:
    # given a tenant allowed one ingest and two other requests a minute
    _limited(tenant, ingest="1/min", default="2/min")

    # when its key ingests twice, then reads
    first, second = _ingest(api_client, 1), _ingest(api_client, 2)
    read = api_client.get("/contacts/arjun")

    # then the second ingest is refused but the read still counts against its own scope only
    assert (first.status_code, second.status_code, read.status_code) == (202, 429, 200)
    assert "1/min ingest requests" in second.json()["detail"]


def test_the_configured_rates_apply_without_a_tenant_override(api_client: APIClient) -> None:
    # given a deployment configured for 2 requests a minute by default
    rates = {**settings.API_RATE_LIMITS, "default": "2/min"}
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}):
        # when a key makes three requests
        statuses = [api_client.get("/contacts/nobody").status_code for _ in range(3)]

    # then the third is refused
    assert statuses == [404, 404, 429]


def test_the_default_limits_are_the_documented_ones() -> None:
    assert settings.API_RATE_LIMITS == {"ingest": "6000/min", "context": "6000/min", "default": "1200/min"}


def test_lowering_a_limit_mid_window_still_sends_retry_after(tenant: Tenant, api_client: APIClient) -> None:
    # given a key that made three requests under a limit of five
    _limited(tenant, default="5/hour")
    for _ in range(3):
        api_client.get("/contacts/nobody")

    # when staff lower the tenant's limit to one
    _limited(tenant, default="1/hour")
    response = api_client.get("/contacts/nobody")

    # then the refusal still says when to come back (the end of the hour)
    assert response.status_code == 429
    assert response["Retry-After"] == str(3600 - 15)


def test_an_invalid_override_is_ignored_with_one_warning(
    tenant: Tenant, api_client: APIClient, caplog: pytest.LogCaptureFixture
) -> None:
    # given a tenant whose override is not a rate
    _limited(tenant, default="lots")

    # when its key makes two requests
    with caplog.at_level(logging.WARNING, logger="contacts.throttling"):
        statuses = [api_client.get("/contacts/nobody").status_code for _ in range(2)]

    # then the configured rate applies, and the mistake is logged once
    assert statuses == [404, 404]
    assert _throttling_log(caplog) == [
        f"tenant {tenant.slug}: ignoring invalid rate_limits['default']='lots' (expected e.g. '100/min')"
    ]


def test_health_is_never_limited(tenant: Tenant, api_client: APIClient) -> None:
    # given a tenant limited to one request a minute
    _limited(tenant, default="1/min")

    # when a monitor sends the tenant's key to /health repeatedly
    statuses = {api_client.get("/health").status_code for _ in range(3)}

    # then none is refused
    assert 429 not in statuses


def test_with_the_cache_down_requests_are_served_and_one_warning_logged(
    tenant: Tenant, api_client: APIClient, caplog: pytest.LogCaptureFixture
) -> None:
    # given a tenant limited to one request a minute, and the cache (Redis) unreachable
    _limited(tenant, default="1/min", ingest="1/min")
    with override_settings(REDIS_URL=DEAD_REDIS), caplog.at_level(logging.INFO, logger="contacts.throttling"):
        # when its key makes more requests than the limit allows
        reads = [api_client.get("/contacts/nobody").status_code for _ in range(3)]
        ingests = [_ingest(api_client, n).status_code for n in range(2)]
        outage_log = _throttling_log(caplog)

    # then every request was served, and the outage logged once
    assert reads == [404, 404, 404]
    assert ingests == [202, 202]
    assert outage_log == ["rate limiting is off: the cache is unavailable (requests are let through)"]

    # when the cache is back
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="contacts.throttling"):
        statuses = [api_client.get("/contacts/nobody").status_code for _ in range(2)]

    # then limits apply again, and the recovery is logged
    assert statuses == [404, 429]
    assert _throttling_log(caplog) == ["rate limiting is back on: the cache answers again"]


def test_a_5_mb_message_gets_a_json_400_naming_the_field(api_client: APIClient) -> None:
    # given a 5 MB message: under the body limit (which fits a full batch) but far over the message limit
    body = json.dumps({"contact_id": "arjun", "message": "x" * 5_000_000, "role": "user", "conversation_id": "c1"})

    # when it is posted
    response = api_client.post("/ingest", data=body, content_type="application/json")

    # then validation refuses it with the sizes
    assert response.status_code == 400
    assert response.json() == {"message": ["The message is 5000000 bytes; the limit is 16384 bytes (UTF-8)."]}


def test_a_body_over_the_limit_gets_a_json_413(api_client: APIClient) -> None:
    # given a body one byte over the limit
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = json.dumps({"contact_id": "arjun", "message": "", "role": "user", "conversation_id": "c1"})
    body = body.replace('"message": ""', '"message": "' + "x" * (limit + 1 - len(body)) + '"')

    # when it is posted
    response = api_client.post("/ingest", data=body, content_type="application/json")

    # then it is refused with a JSON 413 naming the limit (before the body is read)
    assert len(body) == limit + 1
    assert response.status_code == 413
    assert response.json() == {"detail": f"The request body is {limit + 1} bytes; the limit is {limit} bytes."}


def test_a_full_batch_of_escaped_maximum_messages_fits_the_body_limit(api_client: APIClient) -> None:
    # given the largest valid batch: 100 messages of 16 KB of 2-byte UTF-8 text (JSON-escaped as \u00e9: three
    # times the size) with 8 KB of metadata and 255-character ids; one item invalid, so nothing is ingested
    message = "é" * (settings.INGEST_MAX_MESSAGE_BYTES // 2)
    item = {
        "contact_id": "c" * 255, "conversation_id": "v" * 255, "message_id": "m" * 255, "display_name": "d" * 255,
        "role": "user", "message": message, "metadata": {"k": "x" * (settings.INGEST_MAX_METADATA_BYTES - 20)},
    }  # fmt: skip
    items = [item] * (settings.INGEST_BATCH_MAX - 1) + [{**item, "role": "robot"}]
    body = json.dumps({"messages": items})

    # when it is posted
    response = api_client.post("/ingest/batch", data=body, content_type="application/json")

    # then it is read and validated (400 on the bad item only), not refused for its size
    assert len(body) <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert response.status_code == 400
    assert response.json() == {"messages": {"99": {"role": ['"robot" is not a valid choice.']}}}


def test_a_window_counter_expires_with_its_window(tenant: Tenant, api_client: APIClient) -> None:
    # given a limit per minute
    _limited(tenant, default="5/min")

    # when a request is counted
    api_client.get("/contacts/nobody")

    # then its window's counter holds 1 and expires within the minute (never a counter without a TTL)
    [api_key] = TenantAPIKey.objects.filter(tenant=tenant)
    [key] = list(redis_client().scan_iter(match=f"throttle:default:{api_key.id}:*"))
    assert int(redis_client().get(key)) == 1
    assert 0 < redis_client().ttl(key) <= 60
