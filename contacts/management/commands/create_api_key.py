from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contacts.models import Tenant
from contacts.services import api_key_create


class Command(BaseCommand):
    help = "Add an API key to an existing tenant (the key is the last line of output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tenant", help="Tenant slug")
        parser.add_argument("--name", default="created by create_api_key", help="Label for the key")

    def handle(self, *args: Any, tenant: str, name: str, **options: Any) -> None:
        found = Tenant.objects.filter(slug=tenant).first()
        if found is None:
            raise CommandError(f"No tenant with slug {tenant!r}.")
        _, key = api_key_create(tenant=found, name=name)
        self.stdout.write(f"New API key for {found.name!r}, shown once:")
        self.stdout.write(key)
