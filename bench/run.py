"""Benchmarks for issue 2: prints one Markdown table per part. Run: python -m bench.run [part ...]."""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from arena.match.records import MatchRecord
from arena.runner.tournament import TournamentPlan, play_tournament
from arena.store import MatchStore
from arena.store.recorder import GroupRecorder
from bench.adaptive import bench_adaptive
from bench.analysis import bench_analysis
from bench.chess import bench_chess
from bench.connect_four import bench_connect_four
from bench.gomoku import bench_gomoku
from bench.gomoku_openings import bench_gomoku_openings
from bench.gomoku_strength import bench_gomoku_strength
from bench.imports import bench_imports
from bench.levels import bench_levels
from bench.limits import bench_limits
from bench.llm_path import bench_llm_path
from bench.poker import bench_poker
from bench.ratings import bench_ratings
from bench.ray_backend import bench_ray
from bench.report_scale import bench_report_scale
from bench.scale import bench_scale
from bench.site import bench_site
from bench.startup import bench_startup
from bench.store import bench_store
from bench.tables import table
from bench.tasks import bench_tasks
from bench.tui import bench_tui
from games.tictactoe.engine import Solver as TicTacToeSolver
from tests.factories import sample_record


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def bench_tictactoe_solve() -> None:
    """Full solve of every reachable position, from a cold memo table."""
    times = []
    for _ in range(7):
        start = time.perf_counter()
        solver = TicTacToeSolver()
        solver.node(0, 0)
        times.append(time.perf_counter() - start)
    positions = solver.node.cache_info().currsize
    table(
        "Tic-tac-toe full solve (target < 50 ms)",
        ("positions", "median", "min", "max"),
        [(str(positions), ms(statistics.median(times)), ms(min(times)), ms(max(times)))],
    )


def bench_recorded_matches() -> None:
    """10,000 tic-tac-toe matches minimax vs random, recorded as `arena --batch` records them (group commit)."""
    with tempfile.TemporaryDirectory() as folder:
        store = MatchStore(Path(folder) / "arena")
        recorder = GroupRecorder(store)
        plan = TournamentPlan("tictactoe", ("minimax", "random"), games=10_000, seed=1)
        wins = 0

        async def play() -> None:
            def count(record: MatchRecord) -> Awaitable[None]:
                nonlocal wins
                wins += record.outcome.winner == 0
                return recorder.put(record)

            try:
                await play_tournament(plan, (), 1, None, count)
            finally:
                await recorder.aclose()

        start = time.perf_counter()
        asyncio.run(play())
        store.close()
        elapsed = time.perf_counter() - start
    table(
        "10,000 tic-tac-toe matches, minimax vs random, recorded (target < 20 s)",
        ("matches", "minimax wins", "total", "per match"),
        [("10000", f"{wins / 10_000:.2%}", f"{elapsed:.1f} s", ms(elapsed / 10_000))],
    )


def bench_recording() -> None:
    """5,000 records of 20 KB: per-insert cost must stay flat; the merge is paid once at close."""
    records = [sample_record(i, 20_000) for i in range(5_000)]
    size = len(records[0].model_dump_json())
    with tempfile.TemporaryDirectory() as folder:
        store = MatchStore(Path(folder) / "arena.json")
        costs: list[float] = []
        start = time.perf_counter()
        for record in records:
            began = time.perf_counter()
            store.add(record)
            costs.append(time.perf_counter() - began)
        merge_start = time.perf_counter()
        store.close()
        merge = time.perf_counter() - merge_start
        total = time.perf_counter() - start
        reopen_start = time.perf_counter()
        count = len(MatchStore(Path(folder) / "arena.json").matches())
        reopen = time.perf_counter() - reopen_start
    # The journal is merged every 1,000 records: compare whole blocks of 1,000, each with its merge.
    first, last = sum(costs[:1000]), sum(costs[-1000:])
    table(
        "Recording 5,000 matches of ~20 KB one by one (targets: total < 30 s, last 1,000 <= 3x first 1,000)",
        ("record size", "first 1,000", "last 1,000", "ratio", "merge at close", "total", "read back"),
        [
            (
                f"{size / 1000:.1f} KB",
                ms(first),
                ms(last),
                f"{last / first:.2f}",
                f"{merge:.1f} s",
                f"{total:.1f} s",
                f"{count} in {reopen:.1f} s",
            )
        ],
    )


def bench_dataset() -> None:
    """CloudWalk's dataset from nothing: solve, categorise, pick the top 50, write both files."""
    from arena.quiz.dataset import write_dataset

    times = []
    for _ in range(5):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            write_dataset(Path(folder))
            times.append(time.perf_counter() - start)
    table(
        "Hard-boards dataset: build and write dataset.json + dataset_top50.json (target < 2 s)",
        ("runs", "median", "min", "max"),
        [(str(len(times)), ms(statistics.median(times)), ms(min(times)), ms(max(times)))],
    )


PARTS: dict[str, Callable[[], None]] = {
    "analysis": bench_analysis,
    "ratings": bench_ratings,
    "tasks": bench_tasks,
    "poker": bench_poker,
    "store": bench_store,
    "scale": bench_scale,
    "llm-path": bench_llm_path,
    "gomoku": bench_gomoku,
    "gomoku-strength": bench_gomoku_strength,
    "gomoku-openings": bench_gomoku_openings,
    "levels": bench_levels,
    "tui": bench_tui,
    "site": bench_site,
    "tictactoe": bench_tictactoe_solve,
    "dataset": bench_dataset,
    "connect-four": bench_connect_four,
    "matches": bench_recorded_matches,
    "recording": bench_recording,
    "imports": bench_imports,
    "chess": bench_chess,
    "report-scale": bench_report_scale,
    "startup": bench_startup,
    "limits": bench_limits,
    "adaptive": bench_adaptive,
    "ray": bench_ray,
}


def main(argv: list[str]) -> int:
    """Run the named parts, or all of them."""
    unknown = [a for a in argv if a not in PARTS]
    if unknown:
        print(f"bench: unknown part {unknown[0]!r} (choose from {', '.join(PARTS)})", file=sys.stderr)
        return 2
    for name in argv or list(PARTS):
        PARTS[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
