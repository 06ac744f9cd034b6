"""memory_create schedules its own embedding: no caller has to remember to."""

from __future__ import annotations

from contacts.models import Contact, Tenant
from memories.models import Memory, MemorySource, MemoryType
from memories.services.records import memory_create
from providers.embeddings import embedding_model
from tests.factories import ContactFactory


def _fact(tenant: Tenant, contact: Contact | None, **options: object) -> Memory:
    return memory_create(
        tenant=tenant, contact=contact, memory_type=MemoryType.FACT, content="Has a beagle called Bruno",
        source=MemorySource.API, **options,  # type: ignore[arg-type]
    )  # fmt: skip


def test_a_created_memory_is_embedded_once_its_transaction_commits(tenant, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    # given a contact
    contact = ContactFactory(tenant=tenant)

    # when a memory is created and the transaction commits
    with django_capture_on_commit_callbacks(execute=True):
        memory = _fact(tenant, contact)
        # then nothing is embedded inside the transaction
        assert Memory.objects.get(pk=memory.pk).embedding is None

    # and it is embedded after the commit
    memory.refresh_from_db()
    assert memory.embedding is not None
    assert memory.embedding_model == embedding_model()


def test_a_business_memory_is_embedded_too(tenant, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        memory = _fact(tenant, None)

    memory.refresh_from_db()
    assert memory.embedding is not None


def test_a_caller_that_embeds_in_its_own_deferred_step_opts_out(tenant, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    contact = ContactFactory(tenant=tenant)

    with django_capture_on_commit_callbacks(execute=True):
        memory = _fact(tenant, contact, embed_later=False)

    memory.refresh_from_db()
    assert memory.embedding is None
