from __future__ import annotations

import os
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from config.logging import log_to_stderr
from contacts.authentication import api_key_get
from mcpserver.http import mcp_http_serve
from mcpserver.tools import rapport_mcp


class Command(BaseCommand):
    help = (
        "Serve Rapport's MCP tools. Over stdio (the default) for the tenant whose API key is in RAPPORT_API_KEY; "
        "with --http over streamable HTTP at /mcp on MCP_PORT, each request's tenant from its API key."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--http", action="store_true", help="Streamable HTTP instead of stdio")
        parser.add_argument("--host", default=settings.MCP_HOST, help="HTTP: the address to bind (MCP_HOST)")
        parser.add_argument("--port", type=int, default=settings.MCP_PORT, help="HTTP: the port (MCP_PORT)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["http"]:
            mcp_http_serve(host=options["host"], port=options["port"])
            return
        api_key = _api_key_from_environment()
        # Tools run on worker threads with connections of their own: this thread's is not used again.
        connections.close_all()
        # Nothing may be written to stdout from here: it is the MCP channel. The logs move to stderr.
        log_to_stderr()
        rapport_mcp(api_key=api_key).run("stdio")


def _api_key_from_environment() -> str:
    """Checked before serving, so a client sees the process exit with the reason (stderr) instead of failing tools
    (and again at every tool call: a key revoked later stops working)."""
    key = os.environ.get("RAPPORT_API_KEY", "").strip()
    if not key:
        raise CommandError("RAPPORT_API_KEY is not set: set it to the tenant's API key (manage.py create_api_key).")
    if api_key_get(key=key) is None:
        raise CommandError("RAPPORT_API_KEY is not a valid API key (unknown, revoked or expired).")
    return key
