"""Faults with real processes (issue 9, "Nothing lost"): a worker killed mid-task, Redis stopped under ingest,
Postgres restarted under load. One stack of real processes (tests/reliability/processes.py) on services of its own;
each test leaves it running for the next. Figures are printed (``pytest -s``) for RELIABILITY.md.

The deferred task of every message here calls the LLM twice through a local stub — extraction, then mood — and the
stub can hold the mood call, so a test knows the task is mid-way: extraction's memories committed, mood not yet.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.openai_stub import OpenAIStub
from tests.reliability.processes import Stack, wait_for

pytestmark = pytest.mark.slow

MESSAGE = "My dog Bruno chewed my new shoes again, I love him but I'm so tired of it"
LLM_MEMORY = "Has a dog called Bruno who chews shoes"
EXTRACTION = (
    '{"memories": [{"type": "fact", "content": "%s", "category": "other", "subject": "", "detail": "", '
    '"polarity": "none", "lifetime": "permanent", "importance": "high"}], "entities": []}'
)
MOOD = '{"mood": "frustrated", "energy": "medium", "style": "casual"}'


class HoldingStub(OpenAIStub):
    """Answers the extraction prompt with one memory and the mood prompt with a mood; ``hold_next_mood()`` makes
    the next mood call wait (``held`` is set while it waits) until ``release()``."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()
        self.held = threading.Event()
        self._hold = False
        self._released = threading.Event()

    def hold_next_mood(self) -> None:
        self.held.clear()
        self._released.clear()
        self._hold = True

    def release(self) -> None:
        self._released.set()

    def answer(self, path: str, body: dict) -> tuple[int, bytes, str]:  # type: ignore[type-arg]
        system = body.get("messages", [{}])[0].get("content", "")
        is_mood = system.startswith("Classify this message's emotion")
        self.calls["mood" if is_mood else "extraction"] += 1
        if is_mood and self._hold:
            self._hold = False
            self.held.set()
            self._released.wait(timeout=120)
        self.reply_chat(MOOD if is_mood else EXTRACTION % LLM_MEMORY)
        return super().answer(path, body)


@pytest.fixture(scope="module")
def stub() -> Iterator[HoldingStub]:
    stub = HoldingStub()
    yield stub
    stub.release()
    stub.stop()


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, stub: HoldingStub) -> Iterator[Stack]:
    stack = Stack(
        tmp_path_factory.mktemp("faults") / "data",
        OPENAI_API_KEY="stub-key",
        OPENAI_BASE_URL=stub.base_url,
        LLM_EXTRACTION_ENABLED="true",
        MOOD_TIMEOUT_MS="60000",  # a held mood call must not time out into the keyword fallback
        SWEEP_AFTER_SECONDS="3",
    )
    try:
        stack.start_services()
        stack.sweep_every_second()
        stack.start_web()
        stack.start_beat()
        yield stack
    finally:
        stack.stop_all()


@pytest.fixture
def worker(stack: Stack) -> Iterator[None]:
    stack.start_worker()
    try:
        yield
    finally:
        if "worker" in stack.processes:
            stack.kill("worker")


@pytest.fixture
def no_sweeps(stack: Stack) -> Iterator[None]:
    """celery-beat stopped, so the sweeper cannot re-enqueue anything: whatever finishes a message, the broker did."""
    stack.stop("beat")
    try:
        yield
    finally:
        stack.start_beat()


def _status(stack: Stack, message_id: str) -> str:
    rows = stack.sql("SELECT processing_status FROM contacts_message WHERE client_message_id = %s", message_id)
    return rows[0][0] if rows else "missing"


def _sweeps(stack: Stack, message_id: str) -> int:
    """How many times the sweeper re-enqueued the message (each sweep claims one processing attempt)."""
    query = "SELECT processing_attempts FROM contacts_message WHERE client_message_id = %s"
    return int(stack.sql(query, message_id)[0][0])


def _done(stack: Stack, message_ids: list[str], timeout: float) -> bool:
    return wait_for(lambda: all(_status(stack, m) == "done" for m in message_ids), timeout, interval=0.5)


def _outcome(stack: Stack, contact_id: str) -> dict[str, Any]:
    """What processing left for a contact, in terms that do not depend on ids or times."""
    memories = stack.sql(
        "SELECT m.memory_type, m.content, m.importance, m.status, m.source FROM memories_memory m "
        "JOIN contacts_contact c ON c.id = m.contact_id WHERE c.external_id = %s ORDER BY 1, 2, 4",
        contact_id,
    )
    moods = stack.sql(
        "SELECT l.mood, l.source FROM moods_moodlog l JOIN contacts_contact c ON c.id = l.contact_id "
        "WHERE c.external_id = %s",
        contact_id,
    )
    return {"memories": memories, "moods": moods}


def _process_uninterrupted(stack: Stack, contact_id: str) -> dict[str, Any]:
    status, _, _ = stack.ingest(contact_id, f"{contact_id}-1", MESSAGE)
    assert status == 202
    assert _done(stack, [f"{contact_id}-1"], 60), stack.log_tail("worker")
    return _outcome(stack, contact_id)


def _llm_memories(stack: Stack, message_id: str) -> int:
    query = "SELECT count(*) FROM memories_memory WHERE content = %s AND %s = ANY(source_message_ids)"
    return stack.sql(query, LLM_MEMORY, message_id)[0][0]


def test_a_worker_child_killed_mid_task_is_redelivered_and_the_message_processed_once(
    stack: Stack, stub: HoldingStub, worker: None, no_sweeps: None
) -> None:
    # given what one uninterrupted run of the message leaves
    expected = _process_uninterrupted(stack, "control-child")
    assert any(content == LLM_MEMORY for _, content, *_ in expected["memories"])
    assert len(expected["moods"]) == 1

    # when the same message's task is killed (SIGKILL to the pool process) inside its mood call, after the LLM
    # extraction committed its memory
    stub.hold_next_mood()
    extraction_calls = stub.calls["extraction"]
    assert stack.ingest("killed-child", "killed-child-1", MESSAGE)[0] == 202
    assert stub.held.wait(60), stack.log_tail("worker")
    assert _llm_memories(stack, "killed-child-1") == 1
    [child] = stack.worker_children()
    os.kill(child, signal.SIGKILL)
    stub.release()

    # then the broker message, never acknowledged, is redelivered (task_reject_on_worker_lost) to a new pool
    # process, which runs the whole task again and finishes it — the broker's doing, not the sweeper's: beat is
    # stopped and the message was never swept (without task_reject_on_worker_lost the task is acknowledged as
    # failed and the message stays pending) ...
    assert _done(stack, ["killed-child-1"], 90), stack.log_tail("worker")
    assert "signal 9 (SIGKILL)" in stack.log_text("worker")
    assert _sweeps(stack, "killed-child-1") == 0
    assert stub.calls["extraction"] - extraction_calls == 2
    # ... with exactly what an uninterrupted run leaves: no memory twice, no importance reinforced by the replay,
    # one mood reading
    assert _outcome(stack, "killed-child") == expected
    print("\nFIGURES worker child SIGKILL: task runs 2, sweeps 0, LLM memories 1, outcome as an uninterrupted run")


def test_a_whole_worker_lost_mid_task_is_finished_by_the_sweeper_after_a_restart(
    stack: Stack, stub: HoldingStub, worker: None
) -> None:
    # given what one uninterrupted run leaves
    expected = _process_uninterrupted(stack, "control-node")

    # when the whole worker (main process and pool) is SIGKILLed mid-task — a lost machine: nobody is left to
    # reject the message, which stays unacknowledged in Redis until its visibility timeout (an hour)
    stub.hold_next_mood()
    assert stack.ingest("killed-node", "killed-node-1", MESSAGE)[0] == 202
    assert stub.held.wait(60), stack.log_tail("worker")
    killed_at = time.monotonic()
    stack.kill("worker")
    stub.release()
    assert _status(stack, "killed-node-1") == "pending"

    # and a new worker starts
    stack.start_worker()

    # then the sweeper re-enqueues the pending message (here after SWEEP_AFTER_SECONDS=3) and it is finished,
    # with exactly what an uninterrupted run leaves
    assert _done(stack, ["killed-node-1"], 90), stack.log_tail("worker") + stack.log_tail("beat")
    recovered = time.monotonic() - killed_at
    sweeps = _sweeps(stack, "killed-node-1")
    assert sweeps >= 1
    assert _outcome(stack, "killed-node") == expected
    print(f"\nFIGURES whole worker SIGKILL: done {recovered:.1f} s after the kill, sweeps {sweeps}")


def test_with_redis_stopped_ingest_is_accepted_context_answers_and_nothing_is_lost(stack: Stack, worker: None) -> None:
    # given a contact with processed memories, and its context with Redis up
    _process_uninterrupted(stack, "redis-down")
    query = "/context/redis-down?query=how%20is%20the%20dog"
    status, _, before = stack.request("GET", query)
    assert status == 200

    # when Redis (cache and broker) stops
    stack.stop_redis()
    try:
        # then /context still answers from Postgres, the same memories and the same text
        status, _, during = stack.request("GET", query)
        assert status == 200
        assert [m["id"] for m in during["memories"]] == [m["id"] for m in before["memories"]]
        assert during["context_text"] == before["context_text"]

        # and ingest still accepts: the message is in the ledger (pending) before the 202
        ids = [f"redis-down-{n}" for n in range(2, 22)]
        statuses = [stack.ingest("redis-down", message_id, f"{MESSAGE} (take {n})")[0] for n, message_id in
                    enumerate(ids)]  # fmt: skip
        assert statuses == [202] * len(ids)
        assert {_status(stack, m) for m in ids} == {"pending"}
        health = stack.health()
        assert health is not None and health["failing"] == ["redis"]
        outage_ended = time.monotonic()
    finally:
        stack.start_redis()

    # then, Redis back, the worker and beat reconnect by themselves and the sweeper finishes every message
    assert _done(stack, ids, 120), stack.log_tail("worker") + stack.log_tail("beat")
    recovered = time.monotonic() - outage_ended
    lost = sum(_status(stack, m) != "done" for m in ids)
    print(f"\nFIGURES redis stopped: ingests {len(ids)} → 202, all done {recovered:.1f} s after restart, lost {lost}")


@dataclass(frozen=True)
class Answer:
    at: float
    kind: str
    status: int
    body: Any
    headers: dict[str, str]
    message_id: str = ""


def test_postgres_restarted_under_load_answers_503_and_recovers_by_itself(stack: Stack, worker: None) -> None:
    # given a contact with memories, and four clients calling /ingest and /context in a loop
    _process_uninterrupted(stack, "pg-restart")
    answers: list[Answer] = []
    stop = threading.Event()

    def client(number: int) -> None:
        sent = 0
        while not stop.is_set():
            sent += 1
            message_id = f"pg-restart-{number}-{sent}"
            status, headers, body = stack.ingest("pg-restart", message_id, f"I walked Bruno today ({message_id})")
            answers.append(Answer(time.monotonic(), "ingest", status, body, headers, message_id))
            status, headers, body = stack.request("GET", "/context/pg-restart?query=dog")
            answers.append(Answer(time.monotonic(), "context", status, body, headers))

    clients = [threading.Thread(target=client, args=(n,)) for n in range(4)]
    for thread in clients:
        thread.start()
    try:
        # when Postgres is stopped (fast shutdown: connections cut) for three seconds and started again
        time.sleep(2)
        down_at = time.monotonic()
        stack.stop_postgres()
        time.sleep(3)
        stack.start_postgres()
        up_at = time.monotonic()
        time.sleep(8)
    finally:
        stop.set()
        for thread in clients:
            thread.join(timeout=60)

    # then every answer was a success or a clean JSON 503 with Retry-After — never a 500, never a hang
    statuses = Counter(answer.status for answer in answers)
    assert set(statuses) <= {200, 202, 503}, statuses
    refused = [answer for answer in answers if answer.status == 503]
    assert refused, "the outage was not seen by any request"
    assert all(answer.body == {"detail": "The database is unavailable; retry shortly."} for answer in refused)
    assert all(answer.headers.get("Retry-After") == "5" for answer in refused)

    # and, with no manual step, requests succeed again soon after the restart: the last second is all successes
    first_success = min(a.at for a in answers if a.at > up_at and a.status in {200, 202})
    last_second = [a.status for a in answers if a.at > answers[-1].at - 1]
    assert set(last_second) <= {200, 202}, last_second

    # and every accepted message is processed (tasks that met the outage retry; the sweeper catches the rest)
    accepted = [a.message_id for a in answers if a.kind == "ingest" and a.status == 202]
    assert _done(stack, accepted, 180), Counter(_status(stack, m) for m in accepted)
    health = stack.health()
    assert health is not None and health["status"] == "ok", health
    assert stack.processes["beat"].poll() is None, stack.log_tail("beat")
    print(
        f"\nFIGURES postgres restart: {len(answers)} requests, {statuses[503]} x 503, 0 x 500, "
        f"outage {up_at - down_at:.1f} s, first success {first_success - up_at:.2f} s after the start, "
        f"accepted {len(accepted)}, lost 0"
    )


def test_the_stack_logs_no_secret(stack: Stack) -> None:
    # the API key went over HTTP in every request above; it must not be in any log
    for name in ("web", "worker", "beat"):
        assert stack.api_key not in stack.log_text(name)
