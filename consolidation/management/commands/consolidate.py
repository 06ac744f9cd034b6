"""Run the periodic consolidation pass now: `manage.py consolidate [--tenant SLUG] [--contact ID] [--dry-run]`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from consolidation.services.run import consolidation_run
from contacts.models import Contact, Tenant


class Command(BaseCommand):
    help = "Consolidate memories now: expiry, decay, pruning, compression, caps, stages and churn, profiles."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", help="Tenant slug (default: every tenant)")
        parser.add_argument("--contact", help="A contact's external id (needs --tenant if several tenants use it)")
        parser.add_argument("--dry-run", action="store_true", help="Report what would change, change nothing")

    def handle(self, *args: Any, tenant: str | None, contact: str | None, dry_run: bool, **options: Any) -> None:
        found_tenant = self._tenant(tenant)
        found_contact = self._contact(contact, found_tenant)
        scope = f"contact {contact}" if contact else f"tenant {tenant}" if tenant else "all tenants"
        self.stdout.write(f"Consolidating {scope}{' (dry run: nothing is saved)' if dry_run else ''}…")
        stats = consolidation_run(tenant=found_tenant, contact=found_contact, dry_run=dry_run, progress=self._progress)
        if stats is None:
            raise CommandError("Another consolidation pass is running; try again when it has finished.")
        self.stdout.write(self.style.SUCCESS("Done: " + ", ".join(f"{k}={v}" for k, v in stats.items())))

    def _progress(self, step: str, result: int | tuple[int, int]) -> None:
        self.stdout.write(f"  {step}: {result}")

    def _tenant(self, slug: str | None) -> Tenant | None:
        if slug is None:
            return None
        tenant = Tenant.objects.filter(slug=slug).first()
        if tenant is None:
            raise CommandError(f"No tenant with slug {slug!r}.")
        return tenant

    def _contact(self, external_id: str | None, tenant: Tenant | None) -> Contact | None:
        if external_id is None:
            return None
        matches = Contact.objects.filter(external_id=external_id)
        if tenant is not None:
            matches = matches.filter(tenant=tenant)
        found = list(matches[:2])
        if not found:
            raise CommandError(f"No contact {external_id!r}{f' in tenant {tenant.slug!r}' if tenant else ''}.")
        if len(found) > 1:
            raise CommandError(f"Several tenants have a contact {external_id!r}: add --tenant.")
        return found[0]
