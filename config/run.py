"""``make run``: embedded services, migrations, the demo tenant (its slug and API key printed), then the Procfile's
processes: web, worker (the ingest, embeddings and default queues), consolidation (the consolidation queue's worker),
webhooks (the worker of webhook attempts), beat and mcp (the MCP server over streamable HTTP on MCP_PORT).

Everything runs in the foreground under honcho; Ctrl-C (or SIGTERM) stops the six processes and
then the embedded services this run started (services someone else started are left running).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from config.embedded.session import configured_data_dir, embedded_services
from metrics.multiprocess import ENV, multiprocess_dir_fresh, run_dir

BASE_DIR = Path(__file__).resolve().parent.parent


def main() -> int:
    with embedded_services():
        manage("migrate", "--noinput")
        demo = manage("ensure_demo_tenant", capture=True).strip().splitlines()
        slug = next(line.removeprefix("Demo tenant: ") for line in demo if line.startswith("Demo tenant: "))
        print_banner(slug=slug, api_key=demo[-1])
        return run_processes()


def manage(*args: str, capture: bool = False) -> str:
    result = subprocess.run(
        [sys.executable, str(BASE_DIR / "manage.py"), *args],
        check=True,
        text=True,
        stdout=subprocess.PIPE if capture else None,
    )
    return result.stdout or ""


def print_banner(*, slug: str, api_key: str) -> None:
    port = os.environ.get("PORT", "8000")
    base = f"http://127.0.0.1:{port}"
    mcp_port = os.environ.get("MCP_PORT", "8765")  # the settings' default (config.settings.MCP_PORT)
    print(
        f"\nRapport is starting on {base}\n"
        f"  health:  curl {base}/health\n"
        f"  API docs: {base}/api/docs/\n"
        f"  demo tenant: {slug} (the commands' --tenant {slug})\n"
        f"  demo tenant API key: {api_key}\n"
        f"  try:     curl -H 'Authorization: Bearer {api_key}' {base}/contacts/some-contact\n"
        f"  MCP:     http://127.0.0.1:{mcp_port}/mcp (header Authorization: Bearer <key>; stdio: manage.py mcp)\n",
        flush=True,
    )


def run_processes() -> int:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    # One emptied directory per run that web, the workers, beat and mcp all write their metrics to (METRICS.md).
    env[ENV] = str(multiprocess_dir_fresh(path=run_dir(data_dir=configured_data_dir(), name="run")))
    port = os.environ.get("PORT", "8000")
    honcho = subprocess.Popen(
        [sys.executable, "-m", "honcho", "start", "-f", str(BASE_DIR / "Procfile"), "-p", port],
        cwd=BASE_DIR,
        env=env,
    )
    # Ctrl-C reaches honcho directly (same process group); SIGTERM to us is passed on to it.
    signal.signal(signal.SIGTERM, lambda *_: honcho.terminate())
    while True:
        try:
            return honcho.wait()
        except KeyboardInterrupt:
            continue  # honcho got the same SIGINT and is stopping its processes; wait for it


if __name__ == "__main__":
    sys.exit(main())
