"""Backfill a JSONL export through the same pipeline as live traffic.

One ingest payload per line (``{"contact_id", "message", "role", "conversation_id", "timestamp",
"message_id"?, ...}``). Idempotent: a line already imported replays as a no-op (lines without a
``message_id`` get one derived from their content). Resumable: a checkpoint under the data
directory remembers the last line done, so an interrupted import continues where it stopped.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from contacts.models import Message, Tenant
from memories.serializers import IngestInputSerializer
from memories.services.enrichment import message_process_deferred
from memories.services.ingest import IngestConflict, message_ingest


class Command(BaseCommand):
    help = "Import a JSONL history export (one ingest payload per line) for a tenant."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--tenant", required=True, help="Tenant slug")
        parser.add_argument("--restart", action="store_true", help="Ignore the checkpoint; start at line 1")
        parser.add_argument(
            "--defer", action="store_true", help="Leave the deferred tier to the Celery workers (default: run it here)"
        )

    def handle(self, *args: Any, file: Path, tenant: str, restart: bool, defer: bool, **options: Any) -> None:
        found = Tenant.objects.filter(slug=tenant).first()
        if found is None:
            raise CommandError(f"No tenant with slug {tenant!r}.")
        if not file.is_file():
            raise CommandError(f"No such file: {file}")
        checkpoint = _Checkpoint(found, file, restart=restart)
        lines = file.read_text(encoding="utf-8").splitlines()
        counts = {"imported": 0, "replayed": 0, "conflicts": 0, "invalid": 0}
        bar = tqdm(total=len(lines), initial=checkpoint.line, unit="msg", file=self.stderr, disable=None)
        for number, line in enumerate(lines[checkpoint.line :], start=checkpoint.line + 1):
            outcome = self._import_line(found, number, line, defer)
            counts[outcome] += 1
            checkpoint.save(number)
            bar.update(1)
        bar.close()
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stdout.write(f"{file}: {summary}.")

    def _import_line(self, tenant: Tenant, number: int, line: str, defer: bool) -> str:
        if not line.strip():
            return "invalid"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            self.stderr.write(f"line {number}: not JSON ({exc.msg})")
            return "invalid"
        if isinstance(raw, dict) and not raw.get("message_id"):
            raw["message_id"] = "import-" + hashlib.sha256(line.encode()).hexdigest()[:32]
        serializer = IngestInputSerializer(data=raw)
        if not serializer.is_valid():
            self.stderr.write(f"line {number}: {json.dumps(serializer.errors)}")
            return "invalid"
        try:
            receipt = message_ingest(tenant=tenant, payload=serializer.payload())
        except IngestConflict as exc:
            self.stderr.write(f"line {number}: {exc}")
            return "conflicts"
        if not defer:
            message = Message.objects.get(tenant=tenant, client_message_id=receipt.message_id)
            message_process_deferred(message_id=message.pk)
        return "replayed" if receipt.replayed else "imported"


class _Checkpoint:
    def __init__(self, tenant: Tenant, file: Path, *, restart: bool) -> None:
        digest = hashlib.sha256(f"{tenant.pk}:{file.resolve()}".encode()).hexdigest()[:16]
        self.path = Path(settings.DATA_DIR) / "imports" / f"{digest}.json"
        self.line = 0 if restart or not self.path.exists() else json.loads(self.path.read_text())["line"]

    def save(self, line: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"line": line}))
        self.line = line
