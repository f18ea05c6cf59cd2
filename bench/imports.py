"""Importing the seeds' published logs and reporting over them: whole commands, as a user runs them."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.tables import table

RUNS = 3


def run(*args: str) -> float:
    """Seconds of one whole `arena` command (start-up included); fails loudly if the command fails."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "arena", *args], check=True, capture_output=True)
    return time.perf_counter() - started


def bench_imports() -> None:
    """Each import into a fresh store, an import again (nothing added), then report --json cold and cached."""
    rows: dict[str, list[float]] = {}
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            db = str(Path(folder) / "db")
            steps = (
                ("import topsakal --published (1,200 games, 900 with moves)", ("import", "topsakal", "--published")),
                ("import childplay --published (5,122 games, 16 Shapes runs)", ("import", "childplay", "--published")),
                ("import topsakal --published again (nothing added)", ("import", "topsakal", "--published")),
                ("report --json, first run (analysis of 6,322 games)", ("report", "--json")),
                ("report --json, analysis cached", ("report", "--json")),
            )  # fmt: skip
            for label, args in steps:
                rows.setdefault(label, []).append(run(*args, "--db", db))
    load = os.getloadavg()[0]
    table(
        f"Published logs: whole commands ({RUNS} runs each, {os.cpu_count()} cores, load {load:.1f} at the end)",
        ("command", "median", "max"),
        [(label, f"{statistics.median(t):.2f} s", f"{max(t):.2f} s") for label, t in rows.items()],
    )
