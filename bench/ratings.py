"""Issue 20: rating fits, `arena report` on a small database, and the Leaderboard screen on 1,000 matches."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

from arena.analysis.cache import analyse_store
from arena.analysis.ratings import Result, bradley_terry
from arena.runner.tournament import TournamentPlan
from arena.store import MatchStore
from bench.analysis import TEN_PLAYERS, record
from bench.tables import table

ROOT = Path(__file__).resolve().parent.parent


def load() -> str:
    """The machine's load while measuring: every figure is read beside it."""
    return "load {:.1f}/{:.1f}/{:.1f}".format(*os.getloadavg())


def simulated(matches: int, players: int, seed: int) -> list[Result]:
    """Random pairs with both seat orders, draws included."""
    rng = random.Random(seed)
    pairs = [rng.sample(range(players), 2) for _ in range(matches)]
    return [Result(first, second, rng.choice((0.0, 0.5, 1.0))) for first, second in pairs]


def fit_times() -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for matches, players in ((24, 3), (4_500, 10), (20, 2)):
        results = simulated(matches, players, 1) if players > 2 else [Result(0, 1, 1.0)] * matches
        times = []
        for _ in range(5):
            start = time.perf_counter()
            bradley_terry(results, players, resamples=1000)
            times.append(time.perf_counter() - start)
        label = f"{matches:,} matches, {players} players" + (" (20-0: perfect separation)" if players == 2 else "")
        rows.append((label, "1000", f"{statistics.median(times):.3f} s", f"{max(times):.3f} s"))
    return rows


def report_times(db: Path) -> list[tuple[str, ...]]:
    """Whole `arena report --json` processes: the first analyses and caches, the next read the cache."""
    rows: list[tuple[str, ...]] = []
    for label in ("cold (analysis)", "cached", "cached"):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(db), "--json"], capture_output=True)
        assert done.returncode == 0, done.stderr
        rows.append((label, f"{time.perf_counter() - start:.2f} s"))
    return rows


async def leaderboard_open(db: Path, settled: bool = False) -> tuple[float, float, float]:
    """Seconds from F4 to the first ratings on screen and to the intervals (analysis cached), and the event
    loop's worst stall meanwhile (what a key press would wait at most). F4 is pressed as the app starts, or
    `settled`: once the app's background load of the analyses is done (a person setting up first)."""
    from textual import events

    from arena.tui.app import ArenaApp
    from arena.tui.screens.leaderboard import LeaderboardScreen

    app = ArenaApp(db)
    async with app.run_test(size=(120, 40)):
        while settled and any(worker.group == "analyses" and worker.is_running for worker in app.workers):
            await asyncio.sleep(0.05)
        start = time.perf_counter()
        app.post_message(events.Key("f4", None))  # not pilot.press: it waits until the screen is idle
        while not isinstance(app.screen, LeaderboardScreen):
            await asyncio.sleep(0.005)
        screen = app.screen
        first, stall = None, 0.0
        while not screen.rated:
            if first is None and screen.board is not None:
                first = time.perf_counter() - start
            asked = time.perf_counter()
            await asyncio.sleep(0.005)
            stall = max(stall, time.perf_counter() - asked - 0.005)
        whole = time.perf_counter() - start
    return first if first is not None else whole, whole, stall


def bench_ratings() -> None:
    """Three tables: the fits, a 24-match report as a whole process, the Leaderboard on 1,000 matches."""
    table(
        f"Bradley-Terry MAP fit + 1,000 bootstrap resamples, single BLAS thread ({load()}; targets: 24 matches < 1 s, "
        "4,500 matches x 10 players < 2 s)",
        ("sample", "resamples", "median of 5", "max"),
        fit_times(),
    )
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "small"
        pairs = list(combinations(("minimax", "random", "minimax:level=1"), 2))
        record(db, [TournamentPlan("tictactoe", pair, 8, seed=i, first_index=10 * i) for i, pair in enumerate(pairs)])
        table(f"`arena report --json` on 24 tic-tac-toe matches, whole process ({load()}; target < 1 s cached)",
              ("run", "wall"), report_times(db))  # fmt: skip
        big = Path(folder) / "big"
        plans = [
            TournamentPlan("tictactoe", pair, 22, seed=3, swap_seats=True, tournament_id="rr", first_index=100 * i)
            for i, pair in enumerate(combinations(TEN_PLAYERS, 2))
        ]
        record(big, plans)
        with MatchStore(big, read_only=True) as store:
            count = len(analyse_store(store))  # the cache the screen reads
        first, whole, stall = asyncio.run(leaderboard_open(big))
        table(
            f"Leaderboard screen (F4) on {count:,} matches, 10 players, analysis cached ({load()}; target < 1 s)",
            ("matches", "first ratings shown", "intervals shown", "loop's worst stall"),
            [(f"{count:,}", f"{first:.2f} s", f"{whole:.2f} s", f"{stall * 1000:.0f} ms")],
        )
