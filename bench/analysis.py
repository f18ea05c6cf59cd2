"""Issue 11: analysing recorded moves, the full report, the bootstrap; cold and cached."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import replace
from itertools import combinations
from pathlib import Path

from arena.analysis.cache import CACHE_FILE, analyse_store
from arena.analysis.ratings import Result, bradley_terry
from arena.report.files import write_report
from arena.report.load import load_report
from arena.runner.tournament import TournamentPlan, play_tournament
from arena.store import MatchStore
from arena.store.recorder import GroupRecorder
from arena.store.summaries import FIELD
from bench.tables import table

TEN_PLAYERS = (
    "minimax",
    "minimax:level=4",
    "minimax:level=3",
    "minimax:level=2",
    "minimax:level=1",
    "random",
    "minimax:0.5",
    "minimax:0.5,level=4",
    "minimax:0.5,level=3",
    "minimax:0.5,level=1",
)


def record(db: Path, plans: list[TournamentPlan]) -> None:
    """Play and record the plans (as `arena --batch` does)."""
    store = MatchStore(db)
    recorder = GroupRecorder(store)

    async def run() -> None:
        try:
            await play_tournament(plans, (), 1, None, recorder.put)
        finally:
            await recorder.aclose()

    asyncio.run(run())
    store.close()


def only(game: str) -> object:
    at = FIELD["game"]
    return lambda row: row[at] == game


def timed_analysis(db: Path, game: str) -> tuple[float, float, int]:
    """(cold seconds, cached seconds, matches): the cache file is removed first."""
    with MatchStore(db, read_only=True) as store:
        (store.folder / CACHE_FILE).unlink(missing_ok=True)
        start = time.perf_counter()
        analyses = analyse_store(store, only(game))  # type: ignore[arg-type]
        cold = time.perf_counter() - start
        start = time.perf_counter()
        analyse_store(store, only(game))  # type: ignore[arg-type]
        cached = time.perf_counter() - start
    return cold, cached, len(analyses)


def bench_analysis() -> None:
    """Three tables: move analysis cold and cached, a full report, the bootstrap."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "arena"
        record(db, [TournamentPlan("tictactoe", ("minimax", "random"), games=10_000, seed=1, tournament_id="ttt")])
        plan = TournamentPlan("connect-four", ("minimax:0.05", "random"), 1_000, seed=1, swap_seats=True)
        record(db, [replace(plan, tournament_id="c4")])
        rows = []
        for game, what in (("tictactoe", "10,000 tic-tac-toe (target cold < 10 s)"), ("connect-four", "1,000 C4")):
            cold, cached, count = timed_analysis(db, game)
            rows.append((what, str(count), f"{cold:.2f} s", f"{cold / count * 1000:.2f} ms", f"{cached:.2f} s"))
        table(
            "Move analysis of recorded matches, minimax vs random (tactics for every move, exact grades; "
            "Connect-Four solver budget 0.25 s a position, books on; cached target < 2 s)",
            ("matches", "count", "cold", "per match", "cached"),
            rows,
        )
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "arena"
        plans = [
            TournamentPlan("tictactoe", pair, 100, seed=3, swap_seats=True, tournament_id="rr", first_index=100 * i)
            for i, pair in enumerate(combinations(TEN_PLAYERS, 2))
        ]
        record(db, plans)
        with MatchStore(db, read_only=True) as store:
            start = time.perf_counter()
            report = load_report(store)
            analysed = time.perf_counter() - start
            written = write_report(Path(folder) / "report", report, store)
            total = time.perf_counter() - start
        charts = sum(1 for path in written if path.suffix == ".png")
        table(
            "`arena report --out` for a 10-player tic-tac-toe round robin of 4,500 matches, cold cache (target < 30 s)",
            ("matches", "analysis + ratings", "all files", "files", "charts"),
            [(str(len(report.analyses)), f"{analysed:.1f} s", f"{total:.1f} s", str(len(written)), str(charts))],
        )
    rng = random.Random(5)
    results = []
    for _ in range(4_500):
        first, second = rng.sample(range(10), 2)
        results.append(Result(first, second, rng.choice((0.0, 0.5, 1.0))))
    start = time.perf_counter()
    bradley_terry(results, 10, resamples=1000)
    boot = time.perf_counter() - start
    table(
        "Bradley-Terry with 1,000 bootstrap resamples, 10 players (target < 5 s)",
        ("matches", "resamples", "seconds"),
        [("4500", "1000", f"{boot:.2f} s")],
    )
