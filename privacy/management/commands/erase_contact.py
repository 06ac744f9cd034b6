"""`manage.py erase_contact --tenant SLUG --contact ID [--noinput]` — GDPR erasure, with a receipt."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from privacy.management.commands._lookup import confirm, contact_or_error, tenant_or_error
from privacy.services import contact_erase


class Command(BaseCommand):
    help = "Hard-delete a contact and everything derived from them (Postgres and Redis); prints a receipt."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", required=True, help="Tenant slug")
        parser.add_argument("--contact", required=True, help="The contact's external id")
        parser.add_argument("--noinput", action="store_true", help="Do not ask for confirmation")

    def handle(self, *args: Any, tenant: str, contact: str, noinput: bool, **options: Any) -> None:
        found = contact_or_error(tenant_or_error(tenant), contact)
        confirm(f"This permanently erases contact {contact!r} of {tenant!r}.", contact, noinput)
        receipt = contact_erase(contact=found)
        self.stdout.write(f"Erased contact {contact!r}: " + ", ".join(f"{k}={v}" for k, v in receipt.items()))
