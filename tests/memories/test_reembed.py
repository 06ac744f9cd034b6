"""``reembed``: memories move to the configured embedding model in resumable batches, and retrieval keeps
working while they do. The providers are real: the local model, and the openai provider on the HTTP stub."""

from __future__ import annotations

import re
from collections.abc import Sequence
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from pytest_django import Settings
from rest_framework.test import APIClient

from contacts.models import Contact, ContactState, Tenant
from memories.models import Memory, MemoryStatus
from memories.services.enrichment import memories_embed_pending
from memories.services.records import memory_create
from tests.factories import ContactFactory, TenantFactory
from tests.openai_stub import OpenAIStub, hashed_unit_vector

pytestmark = pytest.mark.django_db
LOCAL = "all-MiniLM-L6-v2"
SMALL = "text-embedding-3-small"
LARGE = "text-embedding-3-large"
SUMMARY = re.compile(r"^re-embedded (\d+) memories in \d+\.\d s \(\d+\.\d/s\)$", re.MULTILINE)


@pytest.fixture(autouse=True)
def _data_dir(settings: Settings, tmp_path: Path) -> None:
    settings.DATA_DIR = tmp_path


@pytest.fixture
def arjun(tenant: Tenant) -> Contact:
    contact = ContactFactory(tenant=tenant, external_id="arjun", display_name="Arjun")
    # An established contact has a memory budget in /context (a new one has none).
    ContactState.objects.filter(contact=contact).update(relationship_stage="established", session_count=20)
    return contact


def _memory(tenant: Tenant, contact: Contact | None, content: str) -> Memory:
    return memory_create(tenant=tenant, contact=contact, memory_type="fact", content=content, source="rules")


def _memories(contact: Contact, *contents: str) -> list[Memory]:
    memories = [_memory(contact.tenant, contact, content) for content in contents]
    memories_embed_pending(tenant_id=contact.tenant_id, contact_id=contact.pk)
    return memories


def _switch_to_openai(settings: Settings, stub: OpenAIStub, model: str = SMALL) -> None:
    settings.EMBEDDING_PROVIDER = "openai"
    settings.EMBEDDING_MODEL = model
    stub.reply_embeddings()


def _reembed(*args: str) -> str:
    out = StringIO()
    call_command("reembed", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def _reembedded_count(output: str) -> int:
    match = SUMMARY.search(output)
    assert match is not None, output
    return int(match.group(1))


def _models(memories: list[Memory]) -> list[str]:
    by_pk = dict(Memory.objects.filter(pk__in=[m.pk for m in memories]).values_list("pk", "embedding_model"))
    return [by_pk[m.pk] for m in memories]


def _fail_request(stub: OpenAIStub, monkeypatch: pytest.MonkeyPatch, number: int) -> list[int]:
    """Make the stub's ``number``-th request (1-based) a 503, as a brief outage; returns the failed indexes."""
    answer = stub.answer
    failed: list[int] = []

    def answer_or_fail(path: str, body: dict[str, Any]) -> tuple[int, bytes, str]:
        if len(stub.requests) + 1 != number:
            return answer(path, body)
        failed.append(len(stub.requests))
        stub.fail(503)
        try:
            return answer(path, body)
        finally:
            stub.reply_embeddings()

    monkeypatch.setattr(stub, "answer", answer_or_fail)
    return failed


def _embedded_texts(stub: OpenAIStub, failed: Sequence[int] = ()) -> list[str]:
    """Every text the stub embedded successfully, in request order."""
    return [
        text
        for index, (path, body) in enumerate(stub.requests)
        if path == "/v1/embeddings" and index not in failed
        for text in body["input"]
    ]


def test_switching_to_openai_reembeds_the_local_rows_with_the_new_model(
    settings: Settings, openai_stub: OpenAIStub, tenant: Tenant, arjun: Contact
) -> None:
    # given memories embedded by the local model: arjun's, the business's, one superseded, one never embedded
    dog, job = _memories(arjun, "Has a dog named Bruno", "Works at Infosys")
    hours = _memory(tenant, None, "Open from 9 to 5 on weekdays")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=None)
    old = _memory(tenant, arjun, "Lives in Chennai")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=arjun.pk)
    Memory.objects.filter(pk=old.pk).update(status=MemoryStatus.SUPERSEDED)
    unembedded = _memory(tenant, arjun, "Lives in Pune")
    assert _models([dog, job, hours, old, unembedded]) == [LOCAL, LOCAL, LOCAL, LOCAL, ""]

    # when the provider is switched to OpenAI and the command runs
    _switch_to_openai(settings, openai_stub)
    output = _reembed()

    # then the active rows record the new model, with the vectors of the texts the pipeline embeds
    assert _reembedded_count(output) == 4
    assert _models([dog, job, hours, old, unembedded]) == [SMALL, SMALL, SMALL, LOCAL, SMALL]
    hours.refresh_from_db()
    assert list(hours.embedding) == pytest.approx(hashed_unit_vector("Business: Open from 9 to 5 on weekdays", 384))
    # in one request, in primary-key order
    assert _embedded_texts(openai_stub) == [
        "Arjun: Has a dog named Bruno", "Arjun: Works at Infosys", "Business: Open from 9 to 5 on weekdays",
        "Arjun: Lives in Pune",
    ]  # fmt: skip


def test_a_second_run_finds_nothing_to_do(settings: Settings, openai_stub: OpenAIStub, arjun: Contact) -> None:
    # given memories re-embedded once
    _memories(arjun, "Has a dog named Bruno", "Works at Infosys")
    _switch_to_openai(settings, openai_stub)
    _reembed()
    openai_stub.requests.clear()

    # when the command runs again
    output = _reembed()

    # then nothing is embedded
    assert output == "re-embedded 0 memories in 0.0 s (0.0/s)\n"
    assert openai_stub.requests == []


def test_model_option_selects_only_that_models_rows(
    settings: Settings, openai_stub: OpenAIStub, tenant: Tenant, arjun: Contact
) -> None:
    # given memories of the local model, of text-embedding-3-large, and one never embedded
    local = _memories(arjun, "Has a dog named Bruno", "Works at Infosys")
    priya = ContactFactory(tenant=tenant, external_id="priya", display_name="Priya")
    _switch_to_openai(settings, openai_stub, LARGE)
    large = _memories(priya, "Loves biryani")
    unembedded = _memory(tenant, arjun, "Lives in Pune")

    # when text-embedding-3-small is configured and only the local model's rows are re-embedded
    settings.EMBEDDING_MODEL = SMALL
    output = _reembed("--model", LOCAL)

    # then only those moved to the new model
    assert _reembedded_count(output) == 2
    assert _models([*local, *large, unembedded]) == [SMALL, SMALL, LARGE, ""]


def test_tenant_option_limits_the_run_to_one_tenant(
    settings: Settings, openai_stub: OpenAIStub, tenant: Tenant, arjun: Contact
) -> None:
    # given two tenants with locally embedded memories
    ours = _memories(arjun, "Has a dog named Bruno")
    other_tenant = TenantFactory()
    theirs = _memories(ContactFactory(tenant=other_tenant), "Works at Google")

    # when one tenant is re-embedded
    _switch_to_openai(settings, openai_stub)
    output = _reembed("--tenant", tenant.slug)

    # then the other tenant's memories are untouched
    assert _reembedded_count(output) == 1
    assert _models(ours + theirs) == [SMALL, LOCAL]


def test_a_reembed_interrupted_halfway_resumes_without_embedding_a_row_twice(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given five locally embedded memories, and an API that fails on the second request
    contents = ["Has a dog named Bruno", "Works at Infosys", "Lives in Pune", "Loves biryani", "Plays cricket"]
    memories = _memories(arjun, *contents)
    _switch_to_openai(settings, openai_stub)
    failed = _fail_request(openai_stub, monkeypatch, 2)

    # when the command runs two memories per batch
    with pytest.raises(CommandError) as caught:
        _reembed("--batch", "2")

    # then it stops, saying what was done and how to go on; the first batch is stored, the rest is not
    assert str(caught.value) == (
        "OpenAI embeddings request failed: InternalServerError (HTTP 503). "
        "Re-embedded 2 of 5 memories before the failure; run the command again to resume."
    )
    assert _models(memories) == [SMALL, SMALL, LOCAL, LOCAL, LOCAL]

    # when it runs again
    output = _reembed("--batch", "2")

    # then it finishes the other three, and each memory was embedded exactly once
    assert _reembedded_count(output) == 3
    assert _models(memories) == [SMALL] * 5
    assert failed == [1]
    assert _embedded_texts(openai_stub, failed) == [f"Arjun: {content}" for content in contents]


def test_context_works_while_memories_are_half_reembedded(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact, api_client: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a re-embed to OpenAI interrupted after its first batch: two memories moved, three still local
    memories = _memories(
        arjun, "Works at Infosys", "Lives in Pune", "Loves biryani", "Plays cricket", "Has a dog named Bruno"
    )
    _switch_to_openai(settings, openai_stub)
    _fail_request(openai_stub, monkeypatch, 2)
    with pytest.raises(CommandError):
        _reembed("--batch", "2")
    assert _models(memories) == [SMALL, SMALL, LOCAL, LOCAL, LOCAL]

    # when the context is asked for with a query
    response = api_client.get("/context/arjun", {"query": "How is Bruno the dog?"})

    # then every memory is there, and the still-local memory matching the query's words ranks first
    assert response.status_code == 200, response.content
    contents = [memory["content"] for memory in response.json()["memories"]]
    assert sorted(contents) == sorted(m.content for m in memories)
    assert contents[0] == "Has a dog named Bruno"
    # and the query was embedded by the configured model
    assert openai_stub.requests[-1][1]["input"] == ["How is Bruno the dog?"]


def test_all_reembeds_rows_already_on_the_current_model(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact
) -> None:
    # given memories already embedded by the configured model
    _switch_to_openai(settings, openai_stub)
    memories = _memories(arjun, "Has a dog named Bruno", "Works at Infosys")
    openai_stub.requests.clear()
    assert _reembedded_count(_reembed()) == 0

    # when every memory is re-embedded
    output = _reembed("--all")

    # then both were embedded again
    assert _reembedded_count(output) == 2
    assert _embedded_texts(openai_stub) == ["Arjun: Has a dog named Bruno", "Arjun: Works at Infosys"]
    assert _models(memories) == [SMALL, SMALL]


def test_all_interrupted_resumes_from_its_checkpoint(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # given five memories on the configured model, and an --all run that failed on its second batch
    _switch_to_openai(settings, openai_stub)
    contents = ["Has a dog named Bruno", "Works at Infosys", "Lives in Pune", "Loves biryani", "Plays cricket"]
    _memories(arjun, *contents)
    openai_stub.requests.clear()
    failed = _fail_request(openai_stub, monkeypatch, 2)
    with pytest.raises(CommandError, match="Re-embedded 2 of 5 memories"):
        _reembed("--all", "--batch", "2")
    assert len(list((tmp_path / "reembed").iterdir())) == 1

    # when it runs again
    output = _reembed("--all", "--batch", "2")

    # then it continues after the last batch done, and forgets its checkpoint once finished
    assert _reembedded_count(output) == 3
    assert _embedded_texts(openai_stub, failed) == [f"Arjun: {content}" for content in contents]
    assert list((tmp_path / "reembed").iterdir()) == []
    # so the next --all starts over
    assert _reembedded_count(_reembed("--all")) == 5


def test_all_restart_ignores_the_checkpoint(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given an --all run that failed after its first batch
    _switch_to_openai(settings, openai_stub)
    _memories(arjun, "Has a dog named Bruno", "Works at Infosys", "Lives in Pune")
    openai_stub.requests.clear()
    _fail_request(openai_stub, monkeypatch, 2)
    with pytest.raises(CommandError):
        _reembed("--all", "--batch", "2")

    # when it runs again with --restart, then it starts from the first memory
    assert _reembedded_count(_reembed("--all", "--restart")) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tenant", "nope"], "No tenant with slug 'nope'."),
        (["--batch", "0"], "--batch must be between 1 and 1024, not 0."),
        (["--batch", "1025"], "--batch must be between 1 and 1024, not 1025."),
        (["--model", LOCAL], f"{LOCAL} is the configured model: add --all to re-embed its memories anyway."),
    ],
)
def test_bad_arguments_are_refused(arjun: Contact, args: list[str], message: str) -> None:
    # given a memory to re-embed
    memory = _memory(arjun.tenant, arjun, "Has a dog named Bruno")

    # when the command runs with a bad argument, then it says what is wrong and changes nothing
    with pytest.raises(CommandError) as caught:
        _reembed(*args)
    assert str(caught.value) == message
    assert _models([memory]) == [""]


def test_a_misconfigured_provider_is_a_command_error(
    settings: Settings, openai_stub: OpenAIStub, arjun: Contact
) -> None:
    # given OpenAI configured without a key
    memories = _memories(arjun, "Has a dog named Bruno")
    _switch_to_openai(settings, openai_stub)
    settings.OPENAI_API_KEY = ""

    # when the command runs, then the missing setting is named and nothing changed
    with pytest.raises(CommandError, match="EMBEDDING_PROVIDER=openai needs OPENAI_API_KEY"):
        _reembed()
    assert _models(memories) == [LOCAL]
