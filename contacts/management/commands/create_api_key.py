from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contacts.models import Tenant
from contacts.services import ApiKeyError, api_key_create, api_key_expiry


class Command(BaseCommand):
    help = "Add an API key to an existing tenant (the key is the last line of output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tenant", help="Tenant slug")
        parser.add_argument("--name", default="created by create_api_key", help="Label for the key")
        parser.add_argument(
            "--expires",
            default="",
            help="When the key stops working: days from now (90), an ISO date (2026-12-31, midnight UTC) or datetime "
            "(2026-12-31T18:00:00+05:30). Default: never.",
        )

    def handle(self, *args: Any, tenant: str, name: str, expires: str, **options: Any) -> None:
        found = Tenant.objects.filter(slug=tenant).first()
        if found is None:
            raise CommandError(f"No tenant with slug {tenant!r}.")
        try:
            expiry_date = api_key_expiry(value=expires) if expires else None
        except ApiKeyError as exc:
            raise CommandError(str(exc)) from exc
        api_key, key = api_key_create(tenant=found, name=name, expiry_date=expiry_date)
        until = f", expires {expiry_date.isoformat()}" if expiry_date else ""
        self.stdout.write(f"New API key for {found.name!r} (prefix {api_key.prefix}{until}), shown once:")
        self.stdout.write(key)
