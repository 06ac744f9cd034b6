"""``make run``'s entry point, end to end: real web, worker and beat on their own embedded services."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from config.embedded.paths import socket_dir_for

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _post(port: int, key: str, path: str, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


def _get(port: int, key: str, path: str) -> dict:  # type: ignore[type-arg]
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _post_request_id(port: int, key: str, body: dict) -> str:  # type: ignore[type-arg]
    """POST /ingest with no X-Request-ID: the id the response returned."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/ingest", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 202
        return str(response.headers["X-Request-ID"])


def _status_and_body(port: int, path: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _process_lines(lines: list[str]) -> list[tuple[str, str]]:
    """(process, what it wrote) for each line honcho relays ("12:00:01 web.1 | ..."), its own lines left out."""
    found = []
    for line in lines:
        prefix, bar, payload = line.partition(" | ")
        process = prefix.split()[-1] if bar and prefix.split() else ""
        if process != "system" and "." in process:
            found.append((process.split(".")[0], payload.strip()))
    return found


def _processes_logging(lines: list[str], request_id: str) -> set[str]:
    found = set()
    for process, payload in _process_lines(lines):
        try:
            if json.loads(payload).get("request_id") == request_id:
                found.add(process)
        except ValueError:
            continue
    return found


def _not_json(lines: list[str]) -> list[str]:
    bad = []
    for process, payload in _process_lines(lines):
        try:
            assert isinstance(json.loads(payload), dict)
        except (ValueError, AssertionError):
            bad.append(f"{process}: {payload}")
    return bad


def _mcp_status(port: int, key: str) -> int:
    """The status of an MCP ``tools/list`` request to the ``mcp`` process (``key``: none if empty)."""
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/mcp", data=json.dumps(body).encode(), method="POST",
        headers={**headers, **({"Authorization": f"Bearer {key}"} if key else {})},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0  # not listening yet


def _wait_for(condition, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.25)
    return False


def _metrics_status(port: int, token: str) -> int:
    try:
        _metrics_text(port, token)
    except urllib.error.HTTPError as error:
        return error.code
    return 200


def _metrics_text(port: int, token: str) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/metrics", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(response.read().decode())


@pytest.mark.slow
def test_run_serves_health_with_workers_and_beat_and_stops_everything_on_sigterm(tmp_path: Path) -> None:
    # given a data directory of its own and a free port
    data_dir = tmp_path / "data"
    port, mcp_port = _free_port(), _free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(RAPPORT_DATA_DIR=str(data_dir), PORT=str(port), MCP_PORT=str(mcp_port), PYTHONUNBUFFERED="1")
    # make run's own settings: pytest-django exports the test settings', whose tasks run in place (eager), never
    # reaching the worker
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["METRICS_TOKEN"] = "make-run-metrics-token"
    process = subprocess.Popen(
        [sys.executable, "-m", "config.run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or []), daemon=True)
    reader.start()

    def health_ok() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    try:
        # when it has started
        served = _wait_for(health_ok, timeout=120)
        worker_and_beat = _wait_for(
            lambda: (
                all(
                    any(name in line and " ready." in line for line in lines)
                    for name in ("worker.1", "consolidation.1", "webhooks.1")
                )
                and any("beat: Starting" in line for line in lines)
            ),
            timeout=60,
        )

        # then the web answers /health, the three workers (ingest, consolidation, webhooks) are ready and beat is
        # scheduling
        output = "".join(lines)
        assert served, output
        assert worker_and_beat, output
        # and the banner names the demo tenant's slug (what --tenant takes) and its key
        key = (data_dir / "demo-api-key").read_text().strip()
        assert "  demo tenant: demo (the commands' --tenant demo)\n" in output
        assert f"  demo tenant API key: {key}\n" in output

        # and a message posted with the printed key is processed by the real worker via Redis
        assert _post(port, key, "/ingest", {"contact_id": "arjun", "message": "I live in Chennai", "role": "user",
                                            "conversation_id": "c1", "message_id": "m1"})[0] == 202  # fmt: skip
        processed = _wait_for(lambda: _get(port, key, "/contacts/arjun")["counts"]["pending_messages"] == 0, timeout=60)
        assert processed, "".join(lines)
        # and /metrics (its token set) shows the ingest's latency and the worker's processed count: every process of
        # the run writes to one directory
        assert _metrics_status(port, token="") == 401
        metrics = _metrics_text(port, token="make-run-metrics-token")
        assert 'rapport_http_request_duration_seconds_count{method="POST",route="/ingest",status="202"} 1.0' in metrics
        assert "rapport_ingest_messages_processed_total 1.0" in metrics
        assert "rapport_ingest_pending_messages 0.0" in metrics
        memories = _get(port, key, "/contacts/arjun/memories?type=fact")["results"]
        assert [(m["content"], m["embedding_model"]) for m in memories] == [("Lives in Chennai", "all-MiniLM-L6-v2")]

        # and the log is JSON lines: the X-Request-ID a response returned is on the web's line of the request and on
        # the worker's lines of the task it enqueued; an unrouted path is a JSON 404 (DEBUG is on)
        request_id = _post_request_id(port, key, {"contact_id": "arjun", "message": "I work at Acme", "role": "user",
                                                  "conversation_id": "c1", "message_id": "m2"})  # fmt: skip
        assert _wait_for(lambda: {"web", "worker"} <= _processes_logging(lines, request_id), timeout=60), "".join(lines)
        assert _status_and_body(port, "/contacts/x/") == (404, {"detail": "Not found."})

        # and the MCP server (the mcp process) answers on its own port: 401 without the key, its tools with it
        assert _wait_for(lambda: _mcp_status(mcp_port, key="") == 401, timeout=60), "".join(lines)
        # (waited for too: on a loaded machine the first keyed request, a key hash and the tool list, can pass 10 s)
        assert _wait_for(lambda: _mcp_status(mcp_port, key=key) == 200, timeout=60), "".join(lines)
        # (what every process wrote while running; stopping adds notices that are not logs - Celery's "Warm
        # shutdown" to the terminal, honcho's own - and honcho may then join two processes' lines)
        running_output = list(lines)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        reader.join(timeout=5)

    # and after SIGTERM everything has stopped, including the embedded services it started
    output = "".join(lines)
    assert _not_json(running_output) == [], output
    assert process.returncode is not None
    assert not (socket_dir_for(data_dir) / "redis.sock").exists(), output
    assert not (data_dir / "postgres" / "postmaster.pid").exists(), output
    assert not health_ok()
