"""Whole-process start-up of the commands people run most, beside BitBully's whole-process Connect-Four solve.
Run: python -m bench.startup (or python -m bench.run startup).

BitBully is AGPL-3.0, so it is no dependency of the arena: `pip install bitbully==0.0.79` to see its row.
"""

from __future__ import annotations

import os
import subprocess
import sys

from bench.tables import table
from bench.timing import median_seconds

RUNS = 7
POSITIONS = ("4455", "7346255533123363557")  # an opening, and a lost position (score -11)


def seconds(command: list[str]) -> float:
    """Median wall seconds of a whole process over RUNS runs after one warm-up."""
    return median_seconds(command, RUNS, warmups=1)


def has_bitbully() -> bool:
    return subprocess.run([sys.executable, "-c", "import bitbully"], capture_output=True).returncode == 0


def bench_startup() -> None:
    """`--version`, `--help` and `solve connect-four` as whole processes; BitBully's solve when installed."""
    arena = [sys.executable, "-m", "arena"]
    rows = [
        ("arena --version", f"{seconds([*arena, '--version']):.3f} s", "goal < 0.1 s"),
        ("arena --help", f"{seconds([*arena, '--help']):.3f} s", "goal < 0.1 s"),
    ]
    for position in POSITIONS:
        ours = seconds([*arena, "solve", "connect-four", position])
        if has_bitbully():
            theirs = seconds([sys.executable, "-m", "bench.bitbully_solve", position])
            reference = f"BitBully {theirs:.3f} s ({ours / theirs:.1f}x; goal 1.5x)"
        else:
            reference = "BitBully not installed (pip install bitbully==0.0.79)"
        rows.append((f"arena solve connect-four {position}", f"{ours:.3f} s", reference))
    table(
        f"Start-up, whole processes, median of {RUNS} (load {os.getloadavg()[0]:.1f} at the end)",
        ("command", "the arena", "reference"),
        rows,
    )


if __name__ == "__main__":
    bench_startup()
