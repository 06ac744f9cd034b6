"""GET /metrics: the token, the request latency by route, the ingest counters and the pending backlog."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.checks import run_checks
from django.test import Client
from kombu import Queue
from rest_framework.test import APIClient

from config.redis_client import redis_client
from tests.metrics.scrape import scrape, value

pytestmark = pytest.mark.django_db
TOKEN = "s3cret-metrics-token"
MESSAGE = {"contact_id": "c-1", "conversation_id": "conv-1", "message_id": "m-1", "role": "user",
           "message": "My sister Ana lives in Lisbon."}  # fmt: skip


def test_with_a_token_set_metrics_answers_401_without_it_or_with_a_wrong_one(settings: Any) -> None:
    # given a metrics token
    settings.METRICS_TOKEN = TOKEN

    # when /metrics is asked without it, with another, and with it
    missing = Client().get("/metrics")
    wrong = Client().get("/metrics", headers={"Authorization": "Bearer not-the-token"})
    right = Client().get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})

    # then only the right one is served, in Prometheus text format; the others get a JSON 401
    assert (missing.status_code, wrong.status_code, right.status_code) == (401, 401, 200)
    assert missing.json() == {"detail": "A valid metrics token is required (Authorization: Bearer)."}
    assert missing["WWW-Authenticate"] == 'Bearer realm="metrics"'
    assert right["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert b"# TYPE rapport_http_request_duration_seconds histogram" in right.content


def test_without_a_token_metrics_is_open(settings: Any) -> None:
    settings.METRICS_TOKEN = ""

    assert Client().get("/metrics").status_code == 200


def test_production_without_a_token_is_warned_about(settings: Any) -> None:
    # given DEBUG off and no token
    settings.DEBUG, settings.METRICS_TOKEN = False, ""

    # when Django's checks run (migrate runs them at every start)
    ids = [message.id for message in run_checks()]

    # then the metrics warning is among them; a token silences it
    assert "metrics.W001" in ids
    settings.METRICS_TOKEN = TOKEN
    assert "metrics.W001" not in [message.id for message in run_checks()]


def test_after_an_ingest_the_latency_histogram_and_the_backlog_show_it(settings: Any, api_client: APIClient) -> None:
    # given the counts before
    settings.METRICS_TOKEN = TOKEN
    before = scrape(token=TOKEN)

    # when a message is ingested through the API, its deferred task not yet run (it runs after commit)
    response = api_client.post("/ingest", MESSAGE, format="json")
    after = scrape(token=TOKEN)

    # then the ingest route's histogram counted it under its pattern and status, and it is pending
    assert response.status_code == 202
    labels = {"route": "/ingest", "method": "POST", "status": "202"}
    name = "rapport_http_request_duration_seconds"
    assert value(after, f"{name}_count", **labels) == value(before, f"{name}_count", **labels) + 1
    assert (
        value(after, f"{name}_bucket", le="+Inf", **labels) == value(before, f"{name}_bucket", le="+Inf", **labels) + 1
    )
    assert value(after, f"{name}_sum", **labels) > value(before, f"{name}_sum", **labels)
    accepted = "rapport_ingest_messages_accepted_total"
    assert value(after, accepted) == value(before, accepted) + 1
    assert value(after, "rapport_ingest_pending_messages") == 1
    assert value(after, "rapport_ingest_oldest_pending_seconds") >= 0


def test_the_worker_finishing_a_message_counts_it_processed_and_empties_the_backlog(
    api_client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    # given the processed count before
    before = scrape()

    # when a message is ingested and its deferred task runs (eagerly, after commit, as the worker would)
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post("/ingest", MESSAGE, format="json")
    # and the same message is sent again (a replay stores nothing)
    api_client.post("/ingest", MESSAGE, format="json")
    after = scrape()

    # then it was accepted and processed once, and nothing is pending
    accepted, processed = "rapport_ingest_messages_accepted_total", "rapport_ingest_messages_processed_total"
    assert value(after, accepted) == value(before, accepted) + 1
    assert value(after, processed) == value(before, processed) + 1
    assert value(after, "rapport_ingest_pending_messages") == 0
    assert value(after, "rapport_ingest_oldest_pending_seconds") == 0


def test_latency_is_labelled_by_the_routes_pattern_never_the_raw_path(api_client: APIClient) -> None:
    # given requests to two contacts and to a path no route matches
    api_client.get("/contacts/alice")
    api_client.get("/contacts/bob")
    api_client.get("/no/such/path/42")

    # when scraped
    samples = scrape()

    # then each is under its pattern: one series for both contacts, none naming a contact or the path
    routes = {dict(labels).get("route") for (name, labels) in samples if name.startswith("rapport_http_request")}
    assert "/contacts/<str:contact_id>" in routes
    assert "<unmatched>" in routes
    assert not any(route and ("alice" in route or "bob" in route or "42" in route) for route in routes)


def test_queue_depth_is_each_celery_queues_length_in_redis() -> None:
    # given two tasks waiting in the webhooks queue and none in the default one (the broker's lists, in Redis)
    client = redis_client()
    client.delete("celery", "webhooks")
    client.lpush("webhooks", "task-1", "task-2")
    try:
        # when scraped
        samples = scrape()
    finally:
        client.delete("webhooks")

    # then each queue's depth is its list's length
    assert value(samples, "rapport_celery_queue_length", queue="webhooks") == 2
    assert value(samples, "rapport_celery_queue_length", queue="celery") == 0


def test_every_declared_or_routed_queue_is_measured(settings: Any) -> None:
    # given a queue declared and another only routed to (as Celery settings may name them)
    settings.CELERY_TASK_QUEUES = [Queue("celery"), Queue("embeddings")]
    settings.CELERY_TASK_ROUTES = {"x.task": {"queue": "consolidation"}, "y.task": {"queue": "webhooks"}}

    # when scraped
    samples = scrape()

    # then each has its depth, the default queue too
    queues = {dict(labels)["queue"] for (name, labels) in samples if name == "rapport_celery_queue_length"}
    assert queues == {"celery", "embeddings", "consolidation", "webhooks"}
