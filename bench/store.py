"""The store at scale: open + record one + close, and listings, with 0 to 200,000 matches already recorded."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from arena.store import MatchStore
from bench.tables import table
from bench.tui import filter_times
from tests.factories import sample_record

ROOT = Path(__file__).resolve().parent.parent
SIZES = (0, 5_000, 50_000, 200_000)
PEAK = "import re; print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1), flush=True)"
ONE_RECORD = (
    "import sys, time; t = time.perf_counter(); from arena.store import MatchStore; "
    "from tests.factories import sample_record; s = MatchStore(sys.argv[1]); s.add(sample_record(0)); s.close(); "
    f"print(time.perf_counter() - t); {PEAK}"
)
# Peak memory is read in the child itself (VmHWM): a forked child's rusage also counts the parent's pages.
BATCH_ONE = (
    "import sys, runpy; sys.argv = ['arena', '--batch', '--games', '1', '--db', sys.argv[1]]\n"
    "try:\n    runpy.run_module('arena', run_name='__main__')\nexcept SystemExit:\n    pass\n" + PEAK
)
SHOW = (
    "import sys, runpy; sys.argv = ['arena', 'show', '--no-prompts', '--db', sys.argv[1]]\n"
    "try:\n    runpy.run_module('arena', run_name='__main__')\nexcept SystemExit:\n    pass\n" + PEAK
)


def grow(db: Path, start: int, stop: int) -> None:
    """Add matches start..stop-1 (tic-tac-toe-sized records), 5,000 per journal merge."""
    template: dict[str, Any] = sample_record(0, move_bytes=1_000).model_dump(mode="json")
    for first in range(start, stop, 5_000):
        with MatchStore(db) as store:
            store.append_many(
                "matches", [template | {"id": f"{i:032x}", "index": i} for i in range(first, min(stop, first + 5_000))]
            )


def timed_child(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MB (the last line the child printed, in KB) and stdout of one child process."""
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = result.stdout.strip().splitlines()
    peak = float(lines[-1]) / 1024 if lines and lines[-1].isdigit() else float("nan")
    return time.perf_counter() - start, peak, "\n".join(lines[:-1])


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def bench_store() -> None:
    """Open/record/close and the whole `arena --batch --games 1` command at each size; History at the largest."""
    rows = []
    with tempfile.TemporaryDirectory() as temp:
        db = Path(temp) / "arena.json"
        MatchStore(db).close()
        recorded = 0
        for size in SIZES:
            grow(db, recorded, size)
            recorded = size
            runs = [timed_child([sys.executable, "-c", ONE_RECORD, str(db)]) for _ in range(3)]
            store_seconds = sorted(float(out.splitlines()[-1]) for _, _, out in runs)[1]
            wall, rss = sorted(r[0] for r in runs)[1], max(r[1] for r in runs)
            batches = [timed_child([sys.executable, "-c", BATCH_ONE, str(db)]) for _ in range(3)]
            batch, batch_rss = sorted(r[0] for r in batches)[1], max(r[1] for r in batches)
            recorded += 6  # three one-record runs and three one-match batches
            rows.append(
                (
                    f"{size:,}",
                    f"{folder_bytes(db.with_suffix('')) / 2**20:.0f} MB",
                    f"{store_seconds * 1000:.0f} ms",
                    f"{wall:.2f} s",
                    f"{rss:.0f} MB",
                    f"{batch:.2f} s",
                    f"{batch_rss:.0f} MB",
                )
            )
        show = sorted(timed_child([sys.executable, "-c", SHOW, str(db)])[:2] for _ in range(3))[1]
        listing_start = time.perf_counter()
        with MatchStore(db, read_only=True) as store:
            count = len(store.summary_rows())
        listing = time.perf_counter() - listing_start
        refills, opened = asyncio.run(filter_times(db))
    table(
        "Store: open + record 1 + close with matches already recorded (targets: within 2x of empty; RSS < 150 MB)",
        (
            "recorded",
            "on disk",
            "open+record+close",
            "process wall",
            "peak RSS",
            "arena --batch --games 1",
            "its peak RSS",
        ),
        rows,
    )
    table(
        f"Store: listings over {count:,} matches (target: History under 1 s)",
        ("index rows read", "History opened", "History filter (max)", "arena show latest", "show peak RSS"),
        [
            (
                f"{listing:.2f} s",
                f"{opened:.2f} s",
                f"{max(refills) * 1000:.0f} ms",
                f"{show[0]:.2f} s",
                f"{show[1]:.0f} MB",
            )
        ],
    )


if __name__ == "__main__":
    bench_store()
