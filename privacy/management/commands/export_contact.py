"""`manage.py export_contact --tenant SLUG --contact ID [--out FILE]` — the GDPR export as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from privacy.management.commands._lookup import contact_or_error, tenant_or_error
from privacy.selectors import contact_export_get, export_json


class Command(BaseCommand):
    help = "Export everything held about a contact as one JSON document (stdout, or --out FILE)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", required=True, help="Tenant slug")
        parser.add_argument("--contact", required=True, help="The contact's external id")
        parser.add_argument("--out", type=Path, help="Write to this file instead of stdout")

    def handle(self, *args: Any, tenant: str, contact: str, out: Path | None, **options: Any) -> None:
        found = contact_or_error(tenant_or_error(tenant), contact)
        document = export_json(contact_export_get(contact=found))
        if out is None:
            self.stdout.write(document)
            return
        out.write_text(document + "\n", encoding="utf-8")
        self.stderr.write(f"Wrote {out} ({len(document)} characters).")
