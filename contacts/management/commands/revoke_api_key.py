from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contacts.services import ApiKeyError, api_key_revoke


class Command(BaseCommand):
    help = "Revoke an API key by its prefix (the part before the dot); requests with it get 401 at once."

    def add_arguments(self, parser: CommandParser) -> None:
        # The prefix, never the whole key: a key pasted into a command line lands in shell history.
        parser.add_argument("prefix", help="The key's prefix (shown by create_api_key and in the admin)")

    def handle(self, *args: Any, prefix: str, **options: Any) -> None:
        if "." in prefix:
            raise CommandError("Pass only the key's prefix (the part before the dot), not the whole key.")
        try:
            api_key = api_key_revoke(prefix=prefix)
        except ApiKeyError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Revoked API key {api_key.prefix} ({api_key.name!r}) of tenant {api_key.tenant.slug!r}.")
