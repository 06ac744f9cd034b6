"""Register and remove a tenant's webhook endpoints."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction

from config import clock
from contacts.models import Tenant
from webhooks.models import Endpoint
from webhooks.targets import target_check

SECRET_PREFIX = "whsec_"  # noqa: S105 (the spec's prefix, not a secret)
SECRET_BYTES = 32  # HMAC-SHA256's own key size (the Standard Webhooks spec asks for 24 to 64)


def secret_generate() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


class EndpointLimitReached(ValueError):
    """The tenant has WEBHOOK_MAX_ENDPOINTS endpoints already (the message says so, for the client)."""


def endpoint_create(*, tenant: Tenant, url: str, events: Sequence[str]) -> Endpoint:
    """Raises webhooks.targets.UnsafeTarget for a URL we will not send to, EndpointLimitReached past the tenant's
    cap. The caller shows the secret once."""
    target_check(url=url)
    with transaction.atomic():
        # Under the tenant's row lock: two concurrent registrations cannot both take the last place.
        Tenant.objects.select_for_update().filter(pk=tenant.pk).first()
        limit = settings.WEBHOOK_MAX_ENDPOINTS
        if Endpoint.objects.filter(tenant=tenant).count() >= limit:
            raise EndpointLimitReached(f"A tenant may register at most {limit} webhook endpoints.")
        return Endpoint.objects.create(
            tenant=tenant, url=url, events=sorted(set(events)), secret=secret_generate(), created_at=clock.now()
        )


def endpoint_delete(*, endpoint: Endpoint) -> None:
    """The endpoint and its delivery log; attempts already queued find nothing and do nothing."""
    endpoint.delete()


def endpoint_enable(*, endpoint: Endpoint) -> Endpoint:
    """Back on after an automatic (or manual) disable, with a clean failure count."""
    Endpoint.objects.filter(pk=endpoint.pk).update(
        enabled=True, disabled_at=None, disabled_reason="", consecutive_failures=0, failing_since=None
    )
    endpoint.refresh_from_db()
    return endpoint
