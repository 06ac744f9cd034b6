from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from contacts.services import demo_tenant_ensure


class Command(BaseCommand):
    help = "Make sure the local demo tenant exists and print its slug and a working API key for it."

    def handle(self, *args: Any, **options: Any) -> None:
        tenant, key = demo_tenant_ensure(key_file=settings.DATA_DIR / "demo-api-key")
        # make run (config/run.py) prints both: the slug from the first line, the key from the last.
        self.stdout.write(f"Demo tenant: {tenant.slug}")
        self.stdout.write("API key:")
        self.stdout.write(key)
