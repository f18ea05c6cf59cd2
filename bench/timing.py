"""Timing whole processes for the benchmarks."""

from __future__ import annotations

import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(command: list[str], runs: int = 5, warmups: int = 0) -> float:
    """Median wall seconds of a whole process over `runs` runs after `warmups` uncounted ones (each must succeed)."""
    for _ in range(warmups):
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)
