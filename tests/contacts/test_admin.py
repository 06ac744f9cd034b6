from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from contacts.models import TenantAPIKey
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db

PROJECT_APPS = {"contacts", "memories", "moods"}


def test_every_project_model_is_registered_in_the_admin() -> None:
    from django.apps import apps

    project_models = {m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS}

    assert project_models - set(admin.site._registry) == set()


def test_every_changelist_loads_for_a_superuser(admin_client: Client) -> None:
    # given some data to list
    ContactFactory()

    for model in admin.site._registry:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert admin_client.get(url).status_code == 200, url


def test_creating_an_api_key_in_the_admin_shows_it_once_and_it_works(admin_client: Client, tenant) -> None:  # type: ignore[no-untyped-def]
    # when staff create a key through the admin
    response = admin_client.post(
        reverse("admin:contacts_tenantapikey_add"), {"name": "staff key", "tenant": tenant.pk}, follow=True
    )

    # then the key is shown in a message and authenticates as the tenant
    messages = [str(m) for m in response.context["messages"]]
    key = next(m for m in messages if "The API key for staff key is:" in m).split("is: ")[1].split(" ")[0]
    stored = TenantAPIKey.objects.get(name="staff key")
    assert stored.tenant == tenant
    assert stored.is_valid(key)
    assert User.objects.filter(is_superuser=True).exists()
