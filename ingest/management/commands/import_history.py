"""Backfill a history export through the same pipeline as live traffic.

JSONL (one ingest payload per line: ``{"contact_id", "message", "role", "conversation_id",
"timestamp", "message_id"?, ...}``) or CSV (a header row naming those fields, one message per row;
``metadata`` as a JSON string); see ``ingest.importing``. Idempotent: a row already imported
replays as a no-op (rows without a ``message_id`` get one derived from their content). Resumable: a
checkpoint under the data directory remembers the last line or row done, so an interrupted import
continues where it stopped. ``--dry-run`` reads the whole file and the database, writes nothing
(no checkpoint either) and reports what an import would do.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Model, QuerySet
from tqdm import tqdm

from contacts.models import Contact, Conversation, Message, Tenant
from ingest.importing import UNITS, FileFormatError, Row, file_format_for, rows_read
from ingest.serializers import IngestInputSerializer
from ingest.services.pipeline import message_process_deferred
from ingest.services.receive import IngestConflict, IngestPayload, message_ingest
from memories.extraction import extract

OUTCOMES = ("imported", "replayed", "conflicts", "invalid")
LOOKUP_BATCH = 5000  # ids per query when a dry run looks up what the database already has


class Command(BaseCommand):
    help = "Import a history export (JSONL or CSV, one ingest payload per line or row) for a tenant."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--tenant", required=True, help="Tenant slug")
        parser.add_argument(
            "--format", choices=sorted(UNITS), dest="file_format", help="Default: csv for a .csv file, else jsonl"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Validate every row and report what would be imported; write nothing"
        )
        parser.add_argument("--restart", action="store_true", help="Ignore the checkpoint; start at the first row")
        parser.add_argument(
            "--defer", action="store_true", help="Leave the deferred tier to the Celery workers (default: run it here)"
        )

    def handle(
        self,
        *args: Any,
        file: Path,
        tenant: str,
        file_format: str | None,
        dry_run: bool,
        restart: bool,
        defer: bool,
        **options: Any,
    ) -> None:
        found = Tenant.objects.filter(slug=tenant).first()
        if found is None:
            raise CommandError(f"No tenant with slug {tenant!r}.")
        if not file.is_file():
            raise CommandError(f"No such file: {file}")
        file_format = file_format or file_format_for(file)
        try:
            rows = rows_read(file, file_format)
        except FileFormatError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        checkpoint = _Checkpoint(found, file, restart=restart)
        if dry_run:
            self._forecast(found, file, rows, UNITS[file_format], checkpoint)
        else:
            self._import(found, file, rows, UNITS[file_format], checkpoint, defer=defer)

    def _import(
        self, tenant: Tenant, file: Path, rows: list[Row], unit: str, checkpoint: _Checkpoint, *, defer: bool
    ) -> None:
        todo = [row for row in rows if row.number > checkpoint.line]
        counts = dict.fromkeys(OUTCOMES, 0)
        bar = tqdm(total=len(rows), initial=len(rows) - len(todo), unit="msg", file=self.stderr, disable=None)
        for row in todo:
            counts[self._import_row(tenant, row, unit, defer)] += 1
            checkpoint.save(row.number)
            bar.update(1)
        bar.close()
        self.stdout.write(f"{file}: {', '.join(f'{n} {outcome}' for outcome, n in counts.items())}.")

    def _import_row(self, tenant: Tenant, row: Row, unit: str, defer: bool) -> str:
        payload = _validated(row)
        if isinstance(payload, str):
            self.stderr.write(f"{unit} {row.number}: {payload}")
            return "invalid"
        try:
            receipt = message_ingest(tenant=tenant, payload=payload)
        except IngestConflict as exc:
            self.stderr.write(f"{unit} {row.number}: {exc}")
            return "conflicts"
        if not defer:
            message = Message.objects.get(tenant=tenant, client_message_id=receipt.message_id)
            message_process_deferred(message_id=message.pk)
        return "replayed" if receipt.replayed else "imported"

    def _forecast(self, tenant: Tenant, file: Path, rows: list[Row], unit: str, checkpoint: _Checkpoint) -> None:
        checked = [(row.number, _validated(row)) for row in rows]
        forecast = _Forecast(tenant, [payload for _, payload in checked if not isinstance(payload, str)])
        for number, payload in checked:  # problems reported in file order, as the import reports them
            problem = payload if isinstance(payload, str) else forecast.add(payload)
            if problem:
                self.stderr.write(f"{unit} {number}: {problem}")
        counts = {**forecast.counts, "invalid": sum(isinstance(payload, str) for _, payload in checked)}
        self.stdout.write(
            f"{file} (dry run, nothing written): {counts['imported']} to import, {counts['replayed']} replayed, "
            f"{counts['conflicts']} conflicts, {counts['invalid']} invalid."
        )
        self.stdout.write(f"Would create {forecast.contacts} contacts and {forecast.conversations} conversations.")
        self.stdout.write(
            f"≈ {forecast.candidates} candidate memories (estimate from the extraction rules alone: before "
            "dedup and supersession, without episodes or LLM extraction)."
        )
        if checkpoint.line:
            self.stdout.write(
                f"A checkpoint is at {unit} {checkpoint.line}: a real import continues after it "
                "(--restart starts over)."
            )


def _validated(row: Row) -> IngestPayload | str:
    """The row validated as the ingest API validates a request, or why it is invalid."""
    if row.raw is None:
        return row.error
    serializer = IngestInputSerializer(data=row.raw)
    if not serializer.is_valid():
        return json.dumps(serializer.errors)
    return serializer.payload()


class _Forecast:
    """What ``message_ingest`` would decide for each payload, in file order, from reads only: a
    message_id in the ledger replays (same request_hash) or conflicts (another one); a conversation
    owned by another contact conflicts; otherwise the message is new, and so are its contact and its
    conversation unless the database or an earlier row has them."""

    def __init__(self, tenant: Tenant, payloads: list[IngestPayload]) -> None:
        self.counts = {"imported": 0, "replayed": 0, "conflicts": 0}
        self.contacts = self.conversations = self.candidates = 0  # to be created / extracted
        messages = Message.objects.filter(tenant=tenant)
        self._hashes = dict(_lookup(messages, "client_message_id", {p.message_id for p in payloads}, "request_hash"))
        contacts = Contact.objects.filter(tenant=tenant)
        self._contact_ids = {row[0] for row in _lookup(contacts, "external_id", {p.contact_id for p in payloads})}
        conversations = Conversation.objects.filter(tenant=tenant)
        ids = {p.conversation_id for p in payloads}
        self._owners = dict(_lookup(conversations, "external_id", ids, "contact__external_id"))

    def add(self, payload: IngestPayload) -> str:
        """Count one payload as the next row of the import; returns why it conflicts, or ""."""
        fingerprint = payload.fingerprint()
        stored = self._hashes.get(payload.message_id)
        if stored is not None:
            if stored == fingerprint:
                self.counts["replayed"] += 1
                return ""
            self.counts["conflicts"] += 1
            return f"message_id {payload.message_id!r} was already used for a different message."
        owner = self._owners.get(payload.conversation_id)
        if owner is not None and owner != payload.contact_id:
            self.counts["conflicts"] += 1
            return f"conversation_id {payload.conversation_id!r} belongs to another contact of this tenant."
        self.counts["imported"] += 1
        self._hashes[payload.message_id] = fingerprint
        self.contacts += payload.contact_id not in self._contact_ids
        self._contact_ids.add(payload.contact_id)
        self.conversations += owner is None
        self._owners[payload.conversation_id] = payload.contact_id
        self.candidates += len(extract(payload.message, role=payload.role).candidates)
        return ""


def _lookup(queryset: QuerySet[Model], field: str, values: Iterable[str], *columns: str) -> Iterator[tuple[Any, ...]]:
    """``(field, *columns)`` of the rows whose ``field`` is one of ``values``, a batch per query."""
    ordered = sorted(values)
    for start in range(0, len(ordered), LOOKUP_BATCH):
        batch = ordered[start : start + LOOKUP_BATCH]
        yield from queryset.filter(**{f"{field}__in": batch}).values_list(field, *columns)


class _Checkpoint:
    """The last line or row imported from this file for this tenant. Reading it writes nothing."""

    def __init__(self, tenant: Tenant, file: Path, *, restart: bool) -> None:
        digest = hashlib.sha256(f"{tenant.pk}:{file.resolve()}".encode()).hexdigest()[:16]
        self.path = Path(settings.DATA_DIR) / "imports" / f"{digest}.json"
        self.line = 0 if restart or not self.path.exists() else json.loads(self.path.read_text())["line"]

    def save(self, line: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"line": line}))
        self.line = line
