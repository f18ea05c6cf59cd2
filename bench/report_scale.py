"""`arena report --json` over 10,000 cached tic-tac-toe matches, beside two floors: reading the index files and a
pandas count of the exported matches. Run: python -m bench.report_scale [MATCHES_PER_PAIR] (or bench.run report-scale).

pandas is no dependency of the arena: `pip install pandas` to see that row (else it says it is missing).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.tables import table
from bench.timing import ROOT, median_seconds

PLAYERS = ("minimax", "random", "minimax:level=1", "minimax:level=2")  # 6 pairs
INDEX_COUNT = (
    "import json, sys, collections, pathlib\n"
    "wins = collections.Counter()\n"
    "for path in sorted(pathlib.Path(sys.argv[1]).glob('matches-*.index.json')):\n"
    "    for row in json.loads(path.read_bytes())['rows']:\n"
    "        wins[(tuple(row[2]), row[6])] += 1\n"
    "print(len(wins))\n"
)
PANDAS_COUNT = (
    "import sys, pandas\n"
    "frame = pandas.read_csv(sys.argv[1])\n"
    "print(frame.groupby(['first', 'second', 'winner'], dropna=False).size().shape)\n"
)


def arena(*args: str) -> list[str]:
    return [sys.executable, "-m", "arena", *args]


def has_pandas() -> bool:
    return subprocess.run([sys.executable, "-c", "import pandas"], capture_output=True).returncode == 0


def bench_report_scale(per_pair: int = 1668) -> None:
    """Record the tournament, analyse it once, then time the cached report and the floors."""
    with tempfile.TemporaryDirectory() as temp:
        db = Path(temp) / "arena.json"
        played = time.perf_counter()
        batch = ("--batch", "--players", *PLAYERS, "--games", str(per_pair), "--swap-seats", "--db", str(db))
        subprocess.run(arena(*batch), cwd=ROOT, check=True, capture_output=True)
        played = time.perf_counter() - played
        first = median_seconds(arena("report", "--json", "--db", str(db)), runs=1)
        cached = median_seconds(arena("report", "--json", "--db", str(db)))
        out = Path(temp) / "out"
        subprocess.run(arena("report", "--out", str(out), "--db", str(db)), cwd=ROOT, check=True, capture_output=True)
        matches = sum(1 for _ in (out / "matches.csv").open()) - 1
        index = median_seconds([sys.executable, "-c", INDEX_COUNT, str(db.with_suffix(""))])
        if has_pandas():
            pandas = median_seconds([sys.executable, "-c", PANDAS_COUNT, str(out / "matches.csv")])
            pandas_cell = f"{pandas:.2f} s ({cached / pandas:.1f}x)"
        else:
            pandas_cell = "not installed (pip install pandas)"
    load = os.getloadavg()[0]
    table(
        f"`arena report --json` over {matches:,} tic-tac-toe matches of 4 players, whole processes, median of 5 "
        f"(target: < 0.5 s cached; load {load:.1f}; recorded in {played:.0f} s, first report {first:.1f} s)",
        ("report --json, analysis cached", "floor: read every index file, count", "pandas count of matches.csv"),
        [(f"{cached:.2f} s", f"{index:.2f} s ({cached / index:.1f}x)", pandas_cell)],
    )


if __name__ == "__main__":
    bench_report_scale(*(int(arg) for arg in sys.argv[1:2]))
