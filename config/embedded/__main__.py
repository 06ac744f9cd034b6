"""Manage the embedded services by hand.

python -m config.embedded start          start (or find running) Postgres and Redis
python -m config.embedded stop           stop them
python -m config.embedded run -- CMD...  run CMD with them up; stop afterwards what it started
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from config.embedded import ensure_postgres, ensure_redis, stop_postgres, stop_redis
from config.embedded.session import configured_data_dir, embedded_services


def main(argv: list[str]) -> int:
    own, command = _split_at_double_dash(argv)
    parser = argparse.ArgumentParser(prog="python -m config.embedded")
    parser.add_argument("action", choices=["start", "stop", "run"])
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args(own)
    data_dir = args.data_dir or configured_data_dir()
    if args.action == "start":
        pg, rd = ensure_postgres(data_dir), ensure_redis(data_dir)
        print(f"postgres {'started' if pg.started else 'running'}: {pg.url}")
        print(f"redis {'started' if rd.started else 'running'}: {rd.url}")
    elif args.action == "stop":
        print(f"postgres {'stopped' if stop_postgres(data_dir) else 'was not running'}")
        print(f"redis {'stopped' if stop_redis(data_dir) else 'was not running'}")
    else:
        if not command:
            parser.error("run needs a command after --")
        with embedded_services(data_dir):
            return subprocess.run(command, check=False).returncode
    return 0


def _split_at_double_dash(argv: list[str]) -> tuple[list[str], list[str]]:
    if "--" not in argv:
        return argv, []
    index = argv.index("--")
    return argv[:index], argv[index + 1 :]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
