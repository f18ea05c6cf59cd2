"""`arena report --html` on 1,000 and 10,000 tic-tac-toe matches of 10 players, and on the seeds' published logs of
real models (prompts and replies to carry): whole process time and size."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

from arena.analysis.cache import analyse_store
from arena.runner.tournament import TournamentPlan
from arena.store import MatchStore
from bench.analysis import TEN_PLAYERS, record
from bench.ratings import load
from bench.tables import table


def site_rows() -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for per_pair in (22, 222):
        with tempfile.TemporaryDirectory() as folder:
            db, site = Path(folder) / "db", Path(folder) / "site"
            pairs = combinations(TEN_PLAYERS, 2)
            record(db, [TournamentPlan("tictactoe", pair, per_pair, seed=3, swap_seats=True, tournament_id="rr",
                                       first_index=1000 * i) for i, pair in enumerate(pairs)])  # fmt: skip
            with MatchStore(db, read_only=True) as store:
                count = len(analyse_store(store))  # analysed once, as after any earlier report
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(db), "--html", str(site)],
                                  capture_output=True)  # fmt: skip
            assert done.returncode == 0, done.stderr
            seconds = time.perf_counter() - start
            files = [p for p in site.rglob("*") if p.is_file()]
            size = sum(p.stat().st_size for p in files)
            rows.append((f"{count:,}", f"{seconds:.1f} s", "", f"{size / 1e6:.1f} MB", f"{len(files):,}", load()))
    return rows


def arena(*args: str) -> float:
    """One whole `arena` command; its seconds."""
    return arena_measured(*args)[0]


def arena_measured(*args: str) -> tuple[float, float]:
    """One whole `arena` command: its seconds and its peak memory (resident MB)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "arena", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    assert os.waitstatus_to_exitcode(status) == 0, child.stderr.read() if child.stderr else ""
    return seconds, usage.ru_maxrss / 1024


def published_row(chess: bool) -> tuple[str, ...]:
    """The seeds' published games imported (and analysed at import), then the site written; with `chess` the LLM
    Chess sample too (its grading at import takes minutes)."""
    with tempfile.TemporaryDirectory() as folder:
        db, site = str(Path(folder) / "db"), Path(folder) / "site"
        for paper in ("topsakal", "childplay", *(("llm-chess",) if chess else ())):
            arena("import", paper, "--published", "--db", db)
        with MatchStore(Path(db), read_only=True) as store:
            count = len(analyse_store(store))
        seconds, peak = arena_measured("report", "--db", db, "--html", str(site))
        files = [p for p in site.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        label = f"{count:,} (published logs{', chess too' if chess else ''})"
        return (label, f"{seconds:.1f} s", f"{peak:.0f} MB", f"{size / 1e6:.1f} MB", f"{len(files):,}", load())


def bench_site(chess: bool = "--chess" in sys.argv) -> None:
    table(
        "`arena report --html`, analysis cached: tic-tac-toe matches of 10 players (targets: 10,000 in < 30 s, "
        "< 50 MB) and the published games (targets < 10 s, < 200 MB of memory)",
        ("matches", "whole process", "peak memory", "site size", "files", "load"),
        [*site_rows(), published_row(chess)],
    )


if __name__ == "__main__":
    bench_site()
