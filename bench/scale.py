"""Long runs: recording cost, memory of a run, and worker processes for engine matches."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from arena.match.records import MatchRecord
from arena.runner.tournament import TournamentPlan, play_tournament
from arena.store import MatchStore
from arena.store.recorder import GroupRecorder
from bench.store import PEAK, timed_child
from bench.tables import table

BATCH = (
    "import sys, runpy; sys.argv = ['arena', '--batch', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('arena', run_name='__main__')\nexcept SystemExit:\n    pass\n" + PEAK
)


def play(games: int, db: Path | None) -> float:
    """Seconds to play `games` tic-tac-toe matches minimax vs random, recorded to `db` if given."""
    plan = TournamentPlan("tictactoe", ("minimax", "random"), games=games, seed=1)
    store = MatchStore(db) if db is not None else None
    recorder = GroupRecorder(store) if store is not None else None

    def drop(_: MatchRecord) -> None:
        return None

    async def run() -> None:
        try:
            await play_tournament(plan, (), 1, None, recorder.put if recorder is not None else drop)
        finally:
            if recorder is not None:
                await recorder.aclose()

    start = time.perf_counter()
    asyncio.run(run())
    if store is not None:
        store.close()
    return time.perf_counter() - start


def batch(*args: str) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one `arena --batch` process."""
    wall, peak, _ = timed_child([sys.executable, "-c", BATCH, *args])
    return wall, peak


def bench_scale() -> None:
    """Four tables: recording throughput, run memory, Connect-Four and tic-tac-toe with worker processes."""
    play(200, None)  # engines warm
    bare = min(play(10_000, None) for _ in range(2))
    with tempfile.TemporaryDirectory() as folder:
        recorded = min(play(10_000, Path(folder) / f"db{run}") for run in range(2))
    table(
        "Recording 10,000 tic-tac-toe matches, minimax vs random, best of 2 "
        "(target: recorded >= 80% of unrecorded speed)",
        ("unrecorded", "recorded (group commit)", "ratio"),
        [(f"{10_000 / bare:,.0f} matches/s", f"{10_000 / recorded:,.0f} matches/s", f"{bare / recorded:.2f}")],
    )
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for games in (1_000, 100_000):
            wall, peak = batch("--games", str(games), "--workers", "1", "--db", str(Path(folder) / f"db{games}"))
            rows.append((f"{games:,}", f"{wall:.1f} s", f"{peak:.0f} MB"))
    table(
        "Run memory: arena --batch, tic-tac-toe minimax vs random (target: 100,000 within 1.5x of 1,000)",
        ("matches", "wall", "peak RSS"),
        rows,
    )
    speeds: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        runs = (("connect-four", 200, "minimax"), ("connect-four", 1_000, "minimax"), ("tictactoe", 10_000, "minimax"))
        for game, games, engine in (*runs, ("gomoku", 100, "minimax:0.2")):
            walls = []
            for workers in (1, 2):
                db = str(Path(folder) / f"{game}{games}-{workers}")
                players = (engine, "random")
                wall, _ = batch(
                    "--game", game, "--players", *players, "--games", str(games), "--workers", str(workers), "--db", db
                )
                walls.append(wall)
            speeds.append(
                (
                    f"{game}, {games:,} matches, {engine} vs random",
                    f"{games / walls[0]:,.1f}/s",
                    f"{games / walls[1]:,.1f}/s",
                    f"{walls[0] / walls[1]:.2f}x",
                )
            )
    table(
        "Worker processes: arena --batch, whole command (target: 2 workers >= 1.6x one on Gomoku)",
        ("run", "--workers 1", "--workers 2", "speed-up"),
        speeds,
    )


if __name__ == "__main__":
    bench_scale()
