"""/context latency against the number of memories: `python -m bench.plot LOAD.json … [--out PNG]`.

Reads bench/load.py's JSON figures (one file per scale) and draws the client-side p50/p95/p99 of the
``context`` phase (unique queries, 8 clients) and the server-side p95 from gunicorn's log, on a log x axis,
with the issue's targets as horizontal lines.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

TARGETS_MS = {"p95 target": 15, "p99 target": 30}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figures", type=Path, nargs="+", help="bench/load.py --json outputs")
    parser.add_argument("--out", type=Path, default=Path("bench/context-latency.png"))
    args = parser.parse_args()
    runs = sorted((json.loads(path.read_text()) for path in args.figures), key=lambda run: run["memories"])
    latency_plot(runs, args.out)
    print(f"wrote {args.out}")


def latency_plot(runs: list[dict[str, Any]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    from matplotlib import pyplot, ticker

    memories = [run["memories"] for run in runs]
    figure, axes = pyplot.subplots(figsize=(7, 4.5))
    for key, style in (("p50_ms", "o-"), ("p95_ms", "s-"), ("p99_ms", "^-")):
        axes.plot(memories, [run["context"][key] for run in runs], style, label=f"client {key[:3]}")
    if all("server" in run["context"] for run in runs):
        axes.plot(memories, [run["context"]["server"]["p95_ms"] for run in runs], "s--", label="server p95")
    for label, value in TARGETS_MS.items():
        axes.axhline(value, linestyle=":", color="grey")
        axes.annotate(label, (memories[0], value), textcoords="offset points", xytext=(2, 3), fontsize=8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.yaxis.set_major_formatter(ticker.ScalarFormatter())
    axes.yaxis.set_minor_formatter(ticker.NullFormatter())
    axes.set_yticks([10, 15, 20, 30, 50, 100, 200, 300, 500])
    axes.set_xlabel("memories in the database (100 per contact)")
    axes.set_ylabel("GET /context latency (ms)")
    axes.set_title(f"GET /context with a query, {runs[0]['clients']} concurrent clients, gunicorn 2 workers")
    axes.legend(fontsize=8)
    axes.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
