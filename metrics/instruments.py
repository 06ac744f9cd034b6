"""Every metric the processes record, and the few verbs the apps call to record them.

Recorded values go to this process's registry, or, when PROMETHEUS_MULTIPROC_DIR is set (gunicorn, the workers
``make run`` starts), to files there that ``/metrics`` merges (metrics/multiprocess.py). Gauges are not recorded
here: the backlog and queue depths are read at scrape time (metrics/collectors.py, ingest/metrics.py), so they need
no multi-process mode. Labels are bounded sets only (a route's pattern, never its path; a task's name; a kind).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from prometheus_client import Counter, Histogram

# Seconds. Requests and provider calls: from 5 ms to 30 s. Celery tasks and consolidation passes run longer.
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
TASK_BUCKETS = (0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0)
PASS_BUCKETS = (0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0)

http_request_duration = Histogram(
    "rapport_http_request_duration_seconds",
    "Time to answer a request, by the URL pattern it matched (<unmatched> for none), method and status.",
    ["route", "method", "status"],
    buckets=REQUEST_BUCKETS,
)
ingest_accepted = Counter(
    "rapport_ingest_messages_accepted", "Messages stored in the ledger by /ingest, /ingest/batch or an import."
)
ingest_processed = Counter(
    "rapport_ingest_messages_processed", "Messages whose deferred tier finished (processed_at set), in the worker."
)
celery_task_duration = Histogram(
    "rapport_celery_task_duration_seconds",
    "Time a Celery task ran, by task name and the state it ended in (SUCCESS, FAILURE, RETRY).",
    ["task", "state"],
    buckets=TASK_BUCKETS,
)
celery_task_failures = Counter(
    "rapport_celery_task_failures", "Celery tasks that raised, by task name and exception class.", ["task", "exception"]
)
consolidation_pass_duration = Histogram(
    "rapport_consolidation_pass_duration_seconds",
    "Time of one consolidation pass: periodic (the whole pass) or deferred (one contact's, after a message).",
    ["kind"],
    buckets=PASS_BUCKETS,
)
consolidation_changes = Counter(
    "rapport_consolidation_changes",
    "What consolidation passes did, by pass kind and step (the counts ConsolidationRun.stats records).",
    ["kind", "step"],
)
embedding_duration = Histogram(
    "rapport_embedding_request_duration_seconds",
    "Time of one embed_texts call (every text of it), by provider (local, openai).",
    ["provider"],
    buckets=REQUEST_BUCKETS,
)
embedding_errors = Counter(
    "rapport_embedding_errors", "embed_texts calls that failed, by provider and error class.", ["provider", "error"]
)
llm_duration = Histogram(
    "rapport_llm_request_duration_seconds",
    "Time of one LLM call, by outcome (ok, timeout, error).",
    ["outcome"],
    buckets=REQUEST_BUCKETS,
)
llm_errors = Counter("rapport_llm_errors", "LLM calls that gave no usable answer, by kind (timeout, error).", ["kind"])
webhook_attempts = Counter(
    "rapport_webhook_attempts",
    "Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt is scheduled), failed "
    "(failed for good), skipped (the endpoint was disabled).",
    ["outcome"],
)


def consolidation_pass_record(*, kind: str, seconds: float, stats: Mapping[str, object]) -> None:
    consolidation_pass_duration.labels(kind=kind).observe(seconds)
    for step, count in stats.items():
        if isinstance(count, int) and count > 0:  # bool is an int, and never a count here
            consolidation_changes.labels(kind=kind, step=step).inc(count)


def webhook_attempt_record(*, delivery_status: str) -> None:
    """After an attempt: a delivery still pending has another attempt scheduled."""
    webhook_attempts.labels(outcome="retrying" if delivery_status == "pending" else delivery_status).inc()


@contextmanager
def embedding_call_measured(*, provider: str) -> Iterator[None]:
    """Times the block; an exception out of it is counted as an error of ``provider`` (and raised on)."""
    started = time.perf_counter()
    try:
        yield
    except Exception as exc:
        embedding_errors.labels(provider=provider, error=type(exc).__name__).inc()
        raise
    finally:
        embedding_duration.labels(provider=provider).observe(time.perf_counter() - started)


def llm_call_record(*, seconds: float, outcome: str) -> None:
    """``outcome``: ok, timeout or error."""
    llm_duration.labels(outcome=outcome).observe(seconds)
    if outcome != "ok":
        llm_errors.labels(kind=outcome).inc()
