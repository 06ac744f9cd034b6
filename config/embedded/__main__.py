"""``python -m config.embedded start|stop|status`` — manage the embedded services by hand."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from config.embedded import default_data_dir, ensure_postgres, ensure_redis, stop_postgres, stop_redis


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m config.embedded")
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument(
        "--data-dir", type=Path, default=Path(os.environ.get("RAPPORT_DATA_DIR") or default_data_dir())
    )
    args = parser.parse_args()
    if args.action == "start":
        pg = ensure_postgres(args.data_dir)
        rd = ensure_redis(args.data_dir)
        print(f"postgres {'started' if pg.started else 'running'}: {pg.url}")
        print(f"redis {'started' if rd.started else 'running'}: {rd.url}")
    else:
        print(f"postgres {'stopped' if stop_postgres(args.data_dir) else 'was not running'}")
        print(f"redis {'stopped' if stop_redis(args.data_dir) else 'was not running'}")


if __name__ == "__main__":
    main()
