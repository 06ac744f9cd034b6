"""`manage.py create_tenant_staff TENANT_SLUG USERNAME [--password PW]`: a staff user who sees only that tenant."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contacts.models import Tenant
from staff.services import TENANT_STAFF_GROUP, tenant_staff_create


class Command(BaseCommand):
    help = (
        "Create (or move) a staff user who sees and edits only one tenant's contacts in the admin. "
        "Without --password, set one with `manage.py changepassword USERNAME`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tenant", help="The tenant's slug")
        parser.add_argument("username")
        parser.add_argument("--password", default=None)

    def handle(self, *args: Any, tenant: str, username: str, password: str | None, **options: Any) -> None:
        found = Tenant.objects.filter(slug=tenant).first()
        if found is None:
            raise CommandError(f"No tenant {tenant!r}.")
        user = tenant_staff_create(username=username, password=password, tenant=found)
        self.stdout.write(f"{user.username} is staff of {found.name} (group {TENANT_STAFF_GROUP!r}).")
