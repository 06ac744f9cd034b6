"""``import_history``: a backfill through the same pipeline yields what live ingestion yields."""

from __future__ import annotations

import csv
import json
import random
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from contacts.models import Contact, ContactState, Conversation, Message, Tenant
from contacts.services import api_key_create
from memories.models import Memory
from tests.factories import TenantFactory

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 1, 6, 8, 0, tzinfo=UTC)

USER_LINES = [
    "I live in Chennai", "I moved to Pune", "I work at Infosys", "I work at Google now", "I love biryani",
    "I hate spicy food", "I don't like coffee", "I love coffee", "My dog Bruno is a golden retriever",
    "Bruno ate my shoes again", "my dog chewed the sofa today", "I'm 29 years old", "I'm 30 years old",
    "Don't talk about politics", "can we talk about cricket?", "My mom lives in Mumbai",
    "My wife Priya got a promotion", "I play Valorant on weekends", "Work was so stressful today",
    "We went hiking in the hills", "lol", "ok", "hmm", "😂", "I have two kids", "I have 2 kids",
    "I'm a software engineer", "I work as a software engineer", "My favourite colour is blue",
    "Finished reading a great novel about space",
]  # fmt: skip
ASSISTANT_LINES = ["That sounds lovely!", "Oh no, how are you feeling?", "Tell me more about that.", "Haha, nice."]


def _messages(count: int) -> list[dict[str, Any]]:
    rng = random.Random(7)
    messages = []
    for n in range(count):
        contact = f"contact-{n % 5}"
        day = n // 25
        at = T0 + timedelta(days=day, minutes=n % 25 * 3)
        role = "assistant" if n % 3 == 2 else "user"
        text = rng.choice(ASSISTANT_LINES if role == "assistant" else USER_LINES)
        messages.append(
            {
                "contact_id": contact, "message": text, "role": role, "conversation_id": f"{contact}-day{day}",
                "message_id": f"msg-{n}", "timestamp": at.isoformat(), "display_name": contact.title(),
            }
        )  # fmt: skip
    return messages


def _beliefs(tenant: Tenant) -> list[tuple[Any, ...]]:
    # Everything believed, without row ids (two tenants can only match on content).
    memories = Memory.objects.filter(tenant=tenant).select_related("contact").prefetch_related("entities")
    return sorted(
        (
            m.contact.external_id, m.memory_type, m.content, m.status, round(m.importance, 6), m.slot,
            tuple(sorted(m.source_message_ids)), tuple(sorted(e.ref for e in m.entities.all())), m.created_at,
            m.embedding_model,
        )
        for m in memories
    )  # fmt: skip


def _states(tenant: Tenant) -> list[tuple[Any, ...]]:
    return sorted(
        ContactState.objects.filter(contact__tenant=tenant).values_list(
            "contact__external_id", "session_count", "active_streak", "relationship_stage", "last_seen_at"
        )
    )


def _write(path: Path, messages: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    return path


def _import(path: Path, tenant: Tenant, *extra: str) -> str:
    out = StringIO()
    call_command("import_history", str(path), "--tenant", tenant.slug, *extra, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_backfill_of_500_messages_matches_live_ingestion(
    tenant: Tenant, tmp_path: Path, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    messages = _messages(500)
    # given the messages arriving live, one POST at a time, each transaction committing
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {api_key_create(tenant=tenant)[1]}")
    for message in messages:
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post("/ingest", message, format="json").status_code == 202

    # when the same messages are imported as history into another tenant
    backfilled = TenantFactory()
    with django_capture_on_commit_callbacks(execute=True):  # the command's commits enqueue like live ones
        output = _import(_write(tmp_path / "export.jsonl", messages), backfilled)

    # then both tenants believe exactly the same things, and every message is fully processed
    assert "500 imported" in output
    assert _beliefs(backfilled) == _beliefs(tenant)
    assert _states(backfilled) == _states(tenant)
    assert len(_beliefs(tenant)) > 50
    assert not Message.objects.filter(processed_at__isnull=True).exists()


def test_import_resumes_after_the_last_line_done_and_replays_are_no_ops(
    tenant: Tenant, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    messages = _messages(30)
    path = _write(tmp_path / "export.jsonl", messages[:20])
    assert "20 imported" in _import(path, tenant)
    before = _beliefs(tenant)

    # when the file grows and the import runs again, it continues after line 20
    _write(path, messages)
    assert "10 imported, 0 replayed" in _import(path, tenant)

    # and ends where an uninterrupted import ends
    after = _beliefs(tenant)
    uninterrupted = TenantFactory()
    _import(path, uninterrupted)
    assert after == _beliefs(uninterrupted)
    assert len(after) > len(before)

    # and a full restart replays everything as no-ops
    assert "0 imported, 30 replayed" in _import(path, tenant, "--restart")
    assert _beliefs(tenant) == after


def test_bad_lines_are_reported_and_skipped(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    good = _messages(1)[0]
    path = tmp_path / "export.jsonl"
    path.write_text("\n".join([json.dumps(good), "{not json", json.dumps({**good, "message_id": "x", "role": "bot"})]))

    output = _import(path, tenant)

    assert "1 imported, 0 replayed, 0 conflicts, 2 invalid" in output
    assert Message.objects.filter(tenant=tenant).count() == 1


def test_lines_without_message_id_get_a_stable_one(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    line = {k: v for k, v in _messages(1)[0].items() if k != "message_id"}
    path = _write(tmp_path / "export.jsonl", [line])

    _import(path, tenant)
    _import(path, tenant, "--restart")

    assert Message.objects.filter(tenant=tenant).count() == 1


def test_unknown_tenant_or_missing_file_fails_clearly(tenant: Tenant, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No tenant"):
        call_command("import_history", str(tmp_path / "x.jsonl"), "--tenant", "ghost")
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_history", str(tmp_path / "x.jsonl"), "--tenant", tenant.slug)


# --- CSV, --format, --dry-run ---------------------------------------------------------------------

CSV_COLUMNS = [
    "message_id",
    "contact_id",
    "conversation_id",
    "role",
    "message",
    "timestamp",
    "display_name",
    "metadata",
]


def _write_csv(path: Path, messages: list[dict[str, Any]], columns: list[str] = CSV_COLUMNS) -> Path:
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=columns)
        writer.writeheader()
        for message in messages:
            metadata = {"metadata": json.dumps(message["metadata"])} if "metadata" in message else {}
            writer.writerow({**message, **metadata})
    return path


def _run(path: Path, tenant: Tenant, *extra: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_history", str(path), "--tenant", tenant.slug, *extra, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def _row_counts() -> tuple[int, ...]:
    return (
        Message.objects.count(), Contact.objects.count(), Conversation.objects.count(), Memory.objects.count(),
        ContactState.objects.count(),
    )  # fmt: skip


def _message(n: int, contact: str, text: str, **fields: Any) -> dict[str, Any]:
    return {
        "message_id": f"m{n}", "contact_id": contact, "conversation_id": f"{contact}-1", "role": "user",
        "message": text, "timestamp": (T0 + timedelta(minutes=n)).isoformat(), **fields,
    }  # fmt: skip


# A BOM, CRLF row ends, columns in another order than the payload, quoted commas, quotes and
# newlines, a metadata JSON column, empty optional cells, and a row without a message_id.
EXPORT_CSV = (
    "\ufeffmessage_id,contact_id,conversation_id,role,message,timestamp,display_name,channel,metadata\r\n"
    'c1,ana,ana-1,user,"I live in Chennai, near the beach",2025-01-06T08:00:00+00:00,Ana,whatsapp,'
    '"{""source"": ""export"", ""tags"": [""a"", ""b""]}"\r\n'
    'c2,ana,ana-1,assistant,"Lovely!\nTell me more.",2025-01-06T08:01:00+00:00,,,\r\n'
    ',ben,ben-1,user,"He said ""hi""",2025-01-06T08:02:00+00:00,,,\r\n'
)


def test_csv_import_runs_the_pipeline_with_quoting_bom_metadata_and_empty_cells(
    tenant: Tenant, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    # given a CSV export as a spreadsheet writes it
    path = tmp_path / "export.csv"
    path.write_bytes(EXPORT_CSV.encode())

    # when it is imported
    out, err = _run(path, tenant)

    # then every row became the message the ingest API would have stored
    assert out == f"{path}: 3 imported, 0 replayed, 0 conflicts, 0 invalid.\n"
    assert err == ""
    stored = Message.objects.filter(tenant=tenant).order_by("sent_at")
    assert [(m.contact.external_id, m.conversation.external_id, m.role, m.content, m.metadata) for m in stored] == [
        ("ana", "ana-1", "user", "I live in Chennai, near the beach", {"source": "export", "tags": ["a", "b"]}),
        ("ana", "ana-1", "assistant", "Lovely!\nTell me more.", {}),
        ("ben", "ben-1", "user", 'He said "hi"', {}),
    ]
    assert [m.client_message_id[:7] for m in stored] == ["c1", "c2", "import-"]
    assert [m.sent_at for m in stored] == [T0, T0 + timedelta(minutes=1), T0 + timedelta(minutes=2)]
    # an empty display_name cell is absent, so it does not blank the name an earlier row gave
    assert list(
        Contact.objects.filter(tenant=tenant)
        .order_by("external_id")
        .values_list("external_id", "display_name", "channel")
    ) == [
        ("ana", "Ana", "whatsapp"),
        ("ben", "", ""),
    ]
    assert list(Memory.objects.filter(tenant=tenant, memory_type="fact").values_list("content", flat=True)) == [
        "Lives in Chennai"
    ]
    assert not Message.objects.filter(processed_at__isnull=True).exists()


def test_csv_rerun_and_reordered_columns_replay_as_no_ops(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    path = tmp_path / "export.csv"
    path.write_bytes(EXPORT_CSV.encode())
    _run(path, tenant)
    before = _row_counts(), _beliefs(tenant)

    # when the same file is imported again from the start
    restarted, _ = _run(path, tenant, "--restart")
    # and when the same rows come in another file, columns reordered and metadata reformatted
    rows = list(csv.DictReader(EXPORT_CSV.removeprefix("\ufeff").splitlines(keepends=True)))
    for row in rows:
        row["metadata"] = json.dumps(json.loads(row["metadata"]), indent=2) if row["metadata"] else ""
    reordered = tmp_path / "reordered.csv"
    with reordered.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=sorted(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    again, _ = _run(reordered, tenant)

    # then both replay everything (the id-less row included) and nothing changes
    assert restarted == f"{path}: 0 imported, 3 replayed, 0 conflicts, 0 invalid.\n"
    assert again == f"{reordered}: 0 imported, 3 replayed, 0 conflicts, 0 invalid.\n"
    assert (_row_counts(), _beliefs(tenant)) == before


@pytest.mark.parametrize(
    ("header", "error"),
    [
        (
            "contact_id,message,role,conversation_id,colour,tenant_id",
            r"unknown columns 'colour', 'tenant_id' \(the columns are ingest payload fields: contact_id, message, "
            r"role, conversation_id, message_id, timestamp, display_name, channel, metadata\)",
        ),
        ("contact_id,message,conversation_id", r"missing required columns 'role'\."),
        ("contact_id,message,role,conversation_id,message", r"duplicated columns 'message'\."),
        ("", r"no header row"),
    ],
)
def test_csv_with_bad_columns_fails_before_importing_anything(
    tenant: Tenant, tmp_path: Path, settings, header: str, error: str
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    path = tmp_path / "export.csv"
    path.write_text(header + "\nana,I live in Chennai,user,ana-1,x,y\n" if header else "")

    with pytest.raises(CommandError, match=error):
        _run(path, tenant)

    assert not Message.objects.exists()
    assert not (tmp_path / "imports").exists()


def test_bad_csv_rows_are_reported_with_their_row_number(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    # given rows numbered as a spreadsheet shows them: the header is row 1, a quoted newline stays in its row
    path = tmp_path / "export.csv"
    path.write_text(
        "contact_id,conversation_id,role,message,metadata\n"
        'ana,ana-1,user,"I live in Chennai\nand work at Infosys",\n'  # row 2, two lines
        "ana,ana-1,bot,hello,\n"  # row 3: no such role
        "ana,ana-1,user\n"  # row 4: short
        "ana,ana-1,user,hello,{oops}\n"  # row 5: metadata is not JSON
        "\n"  # row 6: empty
        'ana,ana-1,user,hello,"[1, 2]"\n'  # row 7: metadata is not an object
        ",,user,hello,\n"  # row 8: required cells empty
        "ana,ana-1,user,I love biryani,\n"  # row 9
    )

    out, err = _run(path, tenant)

    assert out == f"{path}: 2 imported, 0 replayed, 0 conflicts, 6 invalid.\n"
    assert err.splitlines() == [
        'row 3: {"role": ["\\"bot\\" is not a valid choice."]}',
        "row 4: 3 cells, but the header has 5 columns",
        "row 5: metadata is not JSON (Expecting property name enclosed in double quotes)",
        "row 6: empty row",
        'row 7: {"metadata": ["Expected a dictionary of items but got type \\"list\\"."]}',
        'row 8: {"contact_id": ["This field is required."], "conversation_id": ["This field is required."]}',
    ]
    assert sorted(Message.objects.filter(tenant=tenant).values_list("content", flat=True)) == [
        "I live in Chennai\nand work at Infosys",
        "I love biryani",
    ]


def test_csv_import_resumes_after_an_interruption(tenant: Tenant, tmp_path: Path, settings, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    path = _write_csv(tmp_path / "export.csv", _messages(12))
    # given an import that dies while ingesting the fifth message (row 6)
    from ingest.management.commands import import_history

    ingest, calls = import_history.message_ingest, []

    def ingest_then_die(**kwargs: Any) -> Any:
        calls.append(kwargs["payload"].message_id)
        if len(calls) == 5:
            raise RuntimeError("power cut")
        return ingest(**kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(import_history, "message_ingest", ingest_then_die)
        with pytest.raises(RuntimeError, match="power cut"):
            _run(path, tenant)
    assert Message.objects.filter(tenant=tenant).count() == 4

    # when it runs again, it continues at row 6
    out, _ = _run(path, tenant)

    # then it ends where an uninterrupted import ends
    assert out == f"{path}: 8 imported, 0 replayed, 0 conflicts, 0 invalid.\n"
    uninterrupted = TenantFactory()
    _run(path, uninterrupted)
    assert _beliefs(tenant) == _beliefs(uninterrupted)
    assert _states(tenant) == _states(uninterrupted)


def test_format_option_overrides_the_extension(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    path = _write_csv(tmp_path / "export.txt", [_message(1, "ana", "I love biryani")])

    as_jsonl, _ = _run(path, tenant, "--dry-run")
    as_csv, _ = _run(path, tenant, "--format", "csv")

    assert (
        as_jsonl.splitlines()[0]
        == f"{path} (dry run, nothing written): 0 to import, 0 replayed, 0 conflicts, 2 invalid."
    )
    assert as_csv == f"{path}: 1 imported, 0 replayed, 0 conflicts, 0 invalid.\n"


def test_jsonl_lines_split_on_newlines_only(tenant: Tenant, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    # JSON allows U+2028 unescaped in a string; str.splitlines() used to cut such a line in two.
    settings.DATA_DIR = tmp_path
    path = tmp_path / "export.jsonl"
    path.write_text(json.dumps(_message(1, "ana", "I love tea\u2028and cake"), ensure_ascii=False) + "\n")

    out, _ = _run(path, tenant)

    assert out == f"{path}: 1 imported, 0 replayed, 0 conflicts, 0 invalid.\n"
    assert Message.objects.get(tenant=tenant).content == "I love tea\u2028and cake"


def test_jsonl_dry_run_reports_what_the_import_then_does_and_writes_nothing(
    tenant: Tenant, tmp_path: Path, settings, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    # given a tenant that already has three messages
    chennai = _message(1, "ana", "I live in Chennai")
    lovely = _message(2, "ana", "That sounds lovely!", role="assistant")
    _import(_write(tmp_path / "seed.jsonl", [chennai, lovely, _message(3, "ben", "lol")]), tenant, "--defer")
    biryani = {k: v for k, v in _message(8, "cara", "I love biryani").items() if k != "message_id"}
    lines = [
        json.dumps(chennai),  # 1: replayed
        json.dumps(lovely),  # 2: replayed
        json.dumps({**chennai, "message": "I live in Pune"}),  # 3: conflict, m1 carried another message
        json.dumps(_message(4, "ana", "I work at Infosys", conversation_id="ana-2")),  # 4: new conversation
        json.dumps(_message(5, "cara", "My dog Bruno is a golden retriever")),  # 5: new contact and conversation
        json.dumps(_message(6, "cara", "That sounds lovely!", role="assistant")),  # 6: new, no candidates
        json.dumps(_message(7, "dan", "I love biryani", conversation_id="ben-1")),  # 7: conflict, ben's conversation
        json.dumps(biryani),  # 8: new, derived id
        json.dumps(biryani),  # 9: replayed (the same derived id, within the file)
        "{not json",  # 10: invalid
        json.dumps(_message(11, "ana", "hi", role="bot")),  # 11: invalid
        "",  # 12: invalid
        json.dumps(_message(13, "erin", "I hate spicy food", conversation_id="cara-1")),  # 13: conflict (row 5's)
    ]
    path = tmp_path / "export.jsonl"
    path.write_text("\n".join(lines) + "\n")
    before, checkpoints = _row_counts(), sorted((tmp_path / "imports").iterdir())

    # when it is imported as a dry run
    with django_assert_num_queries(4):  # the tenant, then one lookup each for messages, contacts, conversations
        out, err = _run(path, tenant, "--dry-run")

    # then it reports what would happen, and nothing was written, not even a checkpoint
    assert out.splitlines() == [
        f"{path} (dry run, nothing written): 4 to import, 3 replayed, 3 conflicts, 3 invalid.",
        "Would create 1 contacts and 2 conversations.",
        "≈ 4 candidate memories (estimate from the extraction rules alone: before dedup and supersession, "
        "without episodes or LLM extraction).",
    ]
    assert err.splitlines() == [
        "line 3: message_id 'm1' was already used for a different message.",
        "line 7: conversation_id 'ben-1' belongs to another contact of this tenant.",
        "line 10: not JSON (Expecting property name enclosed in double quotes)",
        'line 11: {"role": ["\\"bot\\" is not a valid choice."]}',
        "line 12: empty line",
        "line 13: conversation_id 'cara-1' belongs to another contact of this tenant.",
    ]
    assert _row_counts() == before
    assert sorted((tmp_path / "imports").iterdir()) == checkpoints

    # and the import then does exactly that
    imported, import_err = _run(path, tenant, "--defer")
    assert imported == f"{path}: 4 imported, 3 replayed, 3 conflicts, 3 invalid.\n"
    assert import_err == err
    assert Contact.objects.count() == before[1] + 1
    assert Conversation.objects.count() == before[2] + 2


def test_csv_dry_run_reports_counts_and_the_checkpoint_and_writes_nothing(
    tenant: Tenant, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.DATA_DIR = tmp_path
    # given an export whose first two rows were imported before it grew
    first = [_message(1, "ana", "I live in Chennai", metadata={"k": 1}), _message(2, "ana", "I love biryani")]
    path = _write_csv(tmp_path / "export.csv", first)
    _run(path, tenant, "--defer")
    grown = [
        *first,
        _message(1, "ana", "I live in Chennai", metadata={"k": 2}),  # row 4: conflict, other metadata
        _message(4, "ben", "My dog Bruno is a golden retriever"),  # row 5: new contact and conversation
        _message(5, "ben", "That sounds lovely!", role="assistant"),  # row 6
        {**_message(6, "ben", "hi"), "role": ""},  # row 7: invalid, no role
    ]
    _write_csv(path, grown)
    checkpoint = next((tmp_path / "imports").iterdir())
    saved, before = checkpoint.read_text(), _row_counts()

    # when it is imported as a dry run
    out, err = _run(path, tenant, "--dry-run")

    # then
    assert out.splitlines() == [
        f"{path} (dry run, nothing written): 2 to import, 2 replayed, 1 conflicts, 1 invalid.",
        "Would create 1 contacts and 1 conversations.",
        "≈ 2 candidate memories (estimate from the extraction rules alone: before dedup and supersession, "
        "without episodes or LLM extraction).",
        "A checkpoint is at row 3: a real import continues after it (--restart starts over).",
    ]
    assert err.splitlines() == [
        "row 4: message_id 'm1' was already used for a different message.",
        'row 7: {"role": ["This field is required."]}',
    ]
    assert _row_counts() == before
    assert checkpoint.read_text() == saved
    assert list((tmp_path / "imports").iterdir()) == [checkpoint]
