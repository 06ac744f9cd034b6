from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from contacts.services import TenantError, api_key_create, tenant_create


class Command(BaseCommand):
    help = "Create a tenant and print a new API key for it (the key is the last line of output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="Display name of the business")
        parser.add_argument("--slug", default="", help="URL-safe identifier (default: from the name)")

    def handle(self, *args: Any, name: str, slug: str, **options: Any) -> None:
        try:
            with transaction.atomic():
                tenant = tenant_create(name=name, slug=slug)
                _, key = api_key_create(tenant=tenant, name="created with the tenant")
        except TenantError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Created tenant {tenant.name!r} (slug: {tenant.slug}). API key, shown once:")
        self.stdout.write(key)
