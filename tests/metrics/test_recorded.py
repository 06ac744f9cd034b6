"""What the processes record: Celery task durations and failures, provider calls at their seams, webhook attempts
by outcome, consolidation passes. Each is read back through /metrics."""

from __future__ import annotations

from typing import Any

import pytest
from celery import shared_task
from django.core.exceptions import ImproperlyConfigured

from consolidation.services.run import consolidation_run
from contacts.models import Tenant
from ingest.tasks import sweep_pending_messages
from providers import llm
from providers.embeddings import embed_texts
from tests.metrics.scrape import scrape, value
from tests.openai_stub import OpenAIStub
from tests.webhooks.conftest import Receiver
from webhooks.models import Endpoint
from webhooks.services.events import event_emit

pytestmark = pytest.mark.django_db


class Boom(Exception):
    pass


@shared_task(name="tests.metrics.failing_task")
def failing_task() -> None:
    raise Boom


def test_a_celery_task_records_its_duration_by_name_and_state() -> None:
    # given the counts before
    task, name = "memories.tasks.sweep_pending_messages", "rapport_celery_task_duration_seconds_count"
    before = scrape()

    # when the sweeper task runs (eagerly: the same signals fire as in a worker)
    sweep_pending_messages.delay()
    after = scrape()

    # then its duration was observed once, as a success
    assert value(after, name, task=task, state="SUCCESS") == value(before, name, task=task, state="SUCCESS") + 1


def test_a_failing_celery_task_is_counted_by_name_and_exception() -> None:
    # given the counts before
    before = scrape()

    # when a task raises in a worker (apply without throw: the error is recorded as a worker records it, not raised;
    # the test settings' eager mode would re-raise it before Celery's failure handling)
    result = failing_task.apply(throw=False)
    after = scrape()

    # then the failure is counted by task and exception class, and its duration observed as a failure
    assert isinstance(result.result, Boom)

    failures, labels = "rapport_celery_task_failures_total", {"task": "tests.metrics.failing_task", "exception": "Boom"}
    assert value(after, failures, **labels) == value(before, failures, **labels) + 1
    durations = "rapport_celery_task_duration_seconds_count"
    failed = {"task": "tests.metrics.failing_task", "state": "FAILURE"}
    assert value(after, durations, **failed) == value(before, durations, **failed) + 1


def test_embedding_calls_and_their_errors_are_recorded_at_the_seam(settings: Any) -> None:
    # given the counts before
    before = scrape()

    # when the local model embeds once, and once fails on a model name it does not have
    embed_texts(["Ana lives in Lisbon."])
    settings.EMBEDDING_MODEL = "text-embedding-3-small"
    with pytest.raises(ImproperlyConfigured):
        embed_texts(["Ana lives in Lisbon."])
    after = scrape()

    # then both calls were timed and the failed one counted as an error of the local provider
    calls = "rapport_embedding_request_duration_seconds_count"
    assert value(after, calls, provider="local") == value(before, calls, provider="local") + 2
    errors, labels = "rapport_embedding_errors_total", {"provider": "local", "error": "ImproperlyConfigured"}
    assert value(after, errors, **labels) == value(before, errors, **labels) + 1


def test_llm_calls_are_recorded_by_outcome_at_the_seam(openai_stub: OpenAIStub) -> None:
    # given a real OpenAI-compatible server that answers once, then fails
    before = scrape()
    openai_stub.reply_chat('{"mood": "happy"}')
    llm.complete_json(system="Classify.", user="I got the job!")
    openai_stub.fail(500)

    # when the failing call is made
    with pytest.raises(llm.LLMUnavailable):
        llm.complete_json(system="Classify.", user="I got the job!")
    after = scrape()

    # then one ok and one error were timed, and the error counted
    name = "rapport_llm_request_duration_seconds_count"
    assert value(after, name, outcome="ok") == value(before, name, outcome="ok") + 1
    assert value(after, name, outcome="error") == value(before, name, outcome="error") + 1
    errors = "rapport_llm_errors_total"
    assert value(after, errors, kind="error") == value(before, errors, kind="error") + 1


def test_webhook_attempts_are_counted_by_outcome(
    tenant: Tenant, endpoint: Endpoint, receiver: Receiver, django_capture_on_commit_callbacks: Any
) -> None:
    # given a receiver that fails the first delivery's attempt and takes the second's
    receiver.statuses = [500]
    before = scrape()

    # when two events are emitted (each attempt runs after commit, eagerly)
    for key in ("k1", "k2"):
        with django_capture_on_commit_callbacks(execute=True):
            event_emit(tenant_id=tenant.pk, event_type="trigger.created", dedupe_key=key, data={"trigger_id": 1})
    after = scrape()

    # then one attempt is retrying and one succeeded
    name = "rapport_webhook_attempts_total"
    assert value(after, name, outcome="retrying") == value(before, name, outcome="retrying") + 1
    assert value(after, name, outcome="succeeded") == value(before, name, outcome="succeeded") + 1


def test_a_consolidation_pass_records_its_duration_and_what_it_changed(tenant: Tenant) -> None:
    before = scrape()

    stats = consolidation_run(tenant=tenant)
    after = scrape()

    assert stats is not None
    name = "rapport_consolidation_pass_duration_seconds_count"
    assert value(after, name, kind="periodic") == value(before, name, kind="periodic") + 1
    # nothing to change in an empty tenant: no step's count moved
    changes = {key: val for key, val in after.items() if key[0] == "rapport_consolidation_changes_total"}
    assert changes == {key: val for key, val in before.items() if key[0] == "rapport_consolidation_changes_total"}
