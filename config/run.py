"""``make run``: embedded services, migrations, the demo tenant, then web + worker + beat.

Everything runs in the foreground under honcho; Ctrl-C (or SIGTERM) stops the three processes and
then the embedded services this run started (services someone else started are left running).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import environ

from config.embedded import default_data_dir, ensure_postgres, ensure_redis, stop_postgres, stop_redis

BASE_DIR = Path(__file__).resolve().parent.parent


def main() -> int:
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)
    data_dir = Path(os.environ.get("RAPPORT_DATA_DIR") or default_data_dir()).resolve()
    stops = start_embedded_services(data_dir)
    try:
        manage("migrate", "--noinput")
        api_key = manage("ensure_demo_tenant", capture=True).strip().splitlines()[-1]
        print_banner(api_key)
        return run_processes()
    finally:
        for stop in reversed(stops):
            stop(data_dir)


def start_embedded_services(data_dir: Path) -> list[Callable[[Path], bool]]:
    stops: list[Callable[[Path], bool]] = []
    if not os.environ.get("DATABASE_URL") and ensure_postgres(data_dir).started:
        stops.append(stop_postgres)
    if not os.environ.get("REDIS_URL") and ensure_redis(data_dir).started:
        stops.append(stop_redis)
    return stops


def manage(*args: str, capture: bool = False) -> str:
    result = subprocess.run(
        [sys.executable, str(BASE_DIR / "manage.py"), *args],
        check=True,
        text=True,
        stdout=subprocess.PIPE if capture else None,
    )
    return result.stdout or ""


def print_banner(api_key: str) -> None:
    port = os.environ.get("PORT", "8000")
    base = f"http://127.0.0.1:{port}"
    print(
        f"\nRapport is starting on {base}\n"
        f"  health:  curl {base}/health\n"
        f"  API docs: {base}/api/docs/\n"
        f"  demo tenant API key: {api_key}\n"
        f"  try:     curl -H 'Authorization: Bearer {api_key}' {base}/contacts/some-contact\n",
        flush=True,
    )


def run_processes() -> int:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
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
