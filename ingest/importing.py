"""Reading history exports for ``import_history``: JSONL (one ingest payload per line) or CSV (a
header row naming ingest payload fields, then one message per row).

A reader turns the file into ``Row``s numbered as a person finds them: JSONL lines from 1, CSV rows
as a spreadsheet shows them (the header is row 1, so the first message is row 2; a quoted newline
does not start a new row). A row holds the raw payload for ``IngestInputSerializer`` or why it could
not be read. Rows without a ``message_id`` get one derived from their content, so importing the same
file again replays instead of duplicating.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.serializers import IngestInputSerializer

UNITS = {"jsonl": "line", "csv": "row"}  # the formats, and what the reports call one record


class FileFormatError(ValueError):
    """The file cannot be imported at all (not UTF-8, a bad CSV header or quoting): nothing is."""


@dataclass(frozen=True)
class Row:
    number: int
    raw: dict[str, Any] | None = None
    error: str = ""  # why ``raw`` is None


def file_format_for(path: Path) -> str:
    return "csv" if path.suffix.lower() == ".csv" else "jsonl"


def rows_read(path: Path, file_format: str) -> list[Row]:
    """Every row of the file; raises FileFormatError before returning any."""
    return list(read_csv(path) if file_format == "csv" else read_jsonl(path))


def derived_message_id(source: str) -> str:
    return "import-" + hashlib.sha256(source.encode()).hexdigest()[:32]


def read_jsonl(path: Path) -> Iterator[Row]:
    # Split on newlines only: str.splitlines() also splits on U+2028, U+2029 and U+0085, which JSON
    # allows unescaped inside strings. (Reading translates \r\n and \r to \n.)
    lines = _text(path, newline=None).split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        yield _jsonl_row(number, line)


def _jsonl_row(number: int, line: str) -> Row:
    if not line.strip():
        return Row(number, error="empty line")
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        return Row(number, error=f"not JSON ({exc.msg})")
    if not isinstance(raw, dict):
        return Row(number, error="not a JSON object")
    # The id derives from the line as written, as it always has: changing that would re-import
    # every id-less line of an export that was already imported.
    return Row(number, _with_message_id(raw, line))


def read_csv(path: Path) -> Iterator[Row]:
    """Checks the header at once, before any row is read; raises FileFormatError for a missing
    header, unknown or duplicated columns, or missing required ones."""
    records = csv.reader(io.StringIO(_text(path, newline="")))
    try:
        header = next(records, None)
    except csv.Error as exc:
        raise FileFormatError(f"row 1: {exc}") from exc
    return _csv_rows(records, _csv_columns(header))


def _csv_rows(records: Iterator[list[str]], columns: list[str]) -> Iterator[Row]:
    number = 1
    try:
        for number, cells in enumerate(records, start=2):
            yield _csv_row(number, cells, columns)
    except csv.Error as exc:  # e.g. an unclosed quote that swallowed the rest of the file
        raise FileFormatError(f"row {number + 1}: {exc}") from exc


def _csv_columns(header: list[str] | None) -> list[str]:
    fields = IngestInputSerializer().fields
    known = f"(the columns are ingest payload fields: {', '.join(fields)})"
    if not header or not any(name.strip() for name in header):
        raise FileFormatError(f"no header row {known}.")
    columns = [name.strip() for name in header]
    unknown = [name for name in columns if name not in fields]
    if unknown:
        raise FileFormatError(f"unknown columns {', '.join(map(repr, unknown))} {known}.")
    duplicated = sorted({name for name in columns if columns.count(name) > 1})
    if duplicated:
        raise FileFormatError(f"duplicated columns {', '.join(map(repr, duplicated))}.")
    missing = [name for name, field in fields.items() if field.required and name not in columns]
    if missing:
        raise FileFormatError(f"missing required columns {', '.join(map(repr, missing))}.")
    return columns


def _csv_row(number: int, cells: list[str], columns: list[str]) -> Row:
    if not any(cells):
        return Row(number, error="empty row")
    if len(cells) != len(columns):
        return Row(number, error=f"{len(cells)} cells, but the header has {len(columns)} columns")
    raw: dict[str, Any] = {column: cell for column, cell in zip(columns, cells, strict=True) if cell != ""}
    if "metadata" in raw:
        try:
            raw["metadata"] = json.loads(raw["metadata"])
        except json.JSONDecodeError as exc:
            return Row(number, error=f"metadata is not JSON ({exc.msg})")
    # Derived from the row's content, not its text: reordered columns or reformatted metadata
    # still replay.
    return Row(number, _with_message_id(raw, json.dumps(raw, sort_keys=True)))


def _with_message_id(raw: dict[str, Any], source: str) -> dict[str, Any]:
    return raw if raw.get("message_id") else {**raw, "message_id": derived_message_id(source)}


def _text(path: Path, *, newline: str | None) -> str:
    try:
        with path.open(encoding="utf-8-sig", newline=newline) as file:  # -sig: drops a byte order mark
            return file.read()
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start}).") from exc
