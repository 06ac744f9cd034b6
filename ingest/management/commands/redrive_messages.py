"""Re-drive messages the sweeper gave up on.

    manage.py redrive_messages [--tenant SLUG]

A message still pending after SWEEP_MAX_ATTEMPTS sweeps is marked ``failed`` (and an error logged). Once the
cause is fixed, this puts every failed message back to pending with no sweeps counted and enqueues it; the
deferred task is idempotent, so a message that was in fact half done is finished, not duplicated.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contacts.models import Tenant
from ingest.services.sweeper import failed_messages_redrive


class Command(BaseCommand):
    help = "Put messages marked failed back to pending and enqueue them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", help="Tenant slug (default: every tenant)")

    def handle(self, *args: Any, tenant: str | None, **options: Any) -> None:
        if tenant is not None and not Tenant.objects.filter(slug=tenant).exists():
            raise CommandError(f"No tenant with slug {tenant!r}.")
        count = failed_messages_redrive(tenant_slug=tenant)
        self.stdout.write(f"Re-driven {count} failed message(s).")
