from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from contacts.services import demo_tenant_ensure


class Command(BaseCommand):
    help = "Make sure the local demo tenant exists and print a working API key for it."

    def handle(self, *args: Any, **options: Any) -> None:
        tenant, key = demo_tenant_ensure(key_file=settings.DATA_DIR / "demo-api-key")
        self.stdout.write(f"Demo tenant {tenant.slug!r}. API key:")
        self.stdout.write(key)
