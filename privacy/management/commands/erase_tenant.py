"""`manage.py erase_tenant --tenant SLUG [--noinput]` — erase every contact of a tenant, then the tenant."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from privacy.management.commands._lookup import confirm, tenant_or_error
from privacy.services import tenant_erase


class Command(BaseCommand):
    help = "Hard-delete a tenant: each contact as erase_contact does, then its business memory and keys."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", required=True, help="Tenant slug")
        parser.add_argument("--noinput", action="store_true", help="Do not ask for confirmation")

    def handle(self, *args: Any, tenant: str, noinput: bool, **options: Any) -> None:
        found = tenant_or_error(tenant)
        confirm(f"This permanently erases tenant {tenant!r} and all its contacts.", tenant, noinput)
        receipt = tenant_erase(tenant=found)
        self.stdout.write(f"Erased tenant {tenant!r}: " + ", ".join(f"{k}={v}" for k, v in receipt.items()))
