"""A client generated from /api/schema/ with openapi-python-client works as a new user would try it: every module
imports, and it ingests a message with metadata (as JSON) and reads the context back as typed objects.

Generated offline from the schema ``manage.py spectacular`` writes, once per test session.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from django.core.management import call_command
from openapi_python_client import generate
from openapi_python_client.config import Config, ConfigFile, MetaType

from contacts.models import Message

PACKAGE = "rapport_generated_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    # given the schema as the command writes it, and a client generated from it (no formatter hooks: offline)
    root = tmp_path_factory.mktemp("generated")
    schema_file = root / "schema.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(schema_file))
    config = Config.from_sources(
        ConfigFile(post_hooks=[]), MetaType.NONE, schema_file, "utf-8", overwrite=True, output_path=root / PACKAGE
    )
    errors = generate(config=config)
    assert [str(error) for error in errors] == []  # a warning means a piece of the API left out of the client
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_every_generated_module_imports(generated: ModuleType) -> None:
    # when every module of the generated package is imported
    names = [module.name for module in pkgutil.walk_packages(generated.__path__, f"{PACKAGE}.")]
    failures = {name: repr(exc) for name in names if (exc := _import_error(name))}

    # then none fails (three did, with NameError: Unset, while bodies were also advertised as form and multipart)
    assert failures == {}
    assert f"{PACKAGE}.api.ingest.ingest" in names and len(names) > 80


# serialized_rollback, as the browser tests: the flush after a transactional test would otherwise emit post_migrate
# without the `apps` that config.beat.beat_schedules_sync requires.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_generated_client_ingests_with_metadata_and_reads_the_context_typed(
    generated: ModuleType, live_server: Any, api_key: str
) -> None:
    models = importlib.import_module(f"{PACKAGE}.models")
    ingest = importlib.import_module(f"{PACKAGE}.api.ingest.ingest")
    context = importlib.import_module(f"{PACKAGE}.api.context.context_retrieve")
    memories = importlib.import_module(f"{PACKAGE}.api.contacts.contact_memories_list")
    client = generated.AuthenticatedClient(base_url=live_server.url, token=api_key)

    # when a message is ingested through the generated client, metadata set
    body = models.IngestInput(
        contact_id="arjun", message="My dog Bruno ate my shoes again", role=models.RoleEnum.USER,
        conversation_id="conv-1", message_id="m-1",
        metadata=models.IngestInputMetadata.from_dict({"source": "sdk", "tags": ["a", "b"], "depth": {"n": 1}}),
    )  # fmt: skip
    accepted = ingest.sync_detailed(client=client, body=body)

    # then it was sent as JSON and accepted, metadata stored as sent
    assert accepted.status_code == 202
    assert isinstance(accepted.parsed, models.IngestOutput)
    assert (accepted.parsed.message_id, accepted.parsed.status) == ("m-1", "accepted")
    assert Message.objects.get(client_message_id="m-1").metadata == {
        "source": "sdk",
        "tags": ["a", "b"],
        "depth": {"n": 1},
    }

    # and the context reads back as typed objects, not dicts
    read = context.sync(contact_id="arjun", client=client, query="how is Bruno?", explain=True)
    assert isinstance(read, models.ContextOutput)
    assert isinstance(read.contact, models.ContextContactOutput) and read.contact.contact_id == "arjun"
    assert isinstance(read.state, models.ContextStateOutput)
    assert read.state.relationship_stage == models.RelationshipStageEnum.NEW
    assert isinstance(read.emotional, models.EmotionalOutput)
    assert isinstance(read.emotional.crisis, models.CrisisOutput) and read.emotional.crisis.active is False
    assert [type(memory) for memory in read.memories] == [models.ContactMemoryOutput] * len(read.memories)
    assert "Has a dog named Bruno" in [memory.content for memory in read.memories]
    assert [(entity.entity_type, entity.key) for entity in read.entities] == [(models.EntityTypeEnum.PET, "bruno")]
    assert isinstance(read.receipt, models.ContextReceiptOutput)
    assert {item.id for item in read.receipt.items} >= {memory.id for memory in read.memories}

    # and a list reads back as a typed page, every key of it set
    page = memories.sync(contact_id="arjun", client=client)
    assert isinstance(page, models.PaginatedMemoryOutputList)
    assert (page.count, page.next_, page.previous) == (len(page.results), None, None)
    assert {type(memory) for memory in page.results} == {models.MemoryOutput}


def _import_error(name: str) -> Exception | None:
    try:
        importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001 - any failure to import is the finding
        return exc
    return None
