"""`arena report --html` on 1,000 and 10,000 tic-tac-toe matches of 10 players, and on the seeds' published logs of
real models (prompts and replies to carry): whole process time and size."""

from __future__ import annotations

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
            rows.append((f"{count:,}", f"{seconds:.1f} s", f"{size / 1e6:.1f} MB", f"{len(files):,}", load()))
    return rows


def arena(*args: str) -> float:
    """One whole `arena` command; its seconds."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True)
    assert done.returncode == 0, done.stderr
    return time.perf_counter() - start


def published_row() -> tuple[str, ...]:
    """Both papers' published games imported, analysed once, then the site written."""
    with tempfile.TemporaryDirectory() as folder:
        db, site = str(Path(folder) / "db"), Path(folder) / "site"
        for paper in ("topsakal", "childplay"):
            arena("import", paper, "--published", "--db", db)
        with MatchStore(Path(db), read_only=True) as store:
            count = len(analyse_store(store))
        seconds = arena("report", "--db", db, "--html", str(site))
        files = [p for p in site.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        return (f"{count:,} (published logs)", f"{seconds:.1f} s", f"{size / 1e6:.1f} MB", f"{len(files):,}", load())


def bench_site() -> None:
    table(
        "`arena report --html` on tic-tac-toe matches of 10 players, analysis cached "
        "(targets: 10,000 in < 30 s, < 50 MB)",
        ("matches", "whole process", "site size", "files", "load"),
        [*site_rows(), published_row()],
    )


if __name__ == "__main__":
    bench_site()
