"""App responsiveness: keys during a 1 MB stream, History on 20,000 matches, the Leaderboard on 1,000 and
10,000 matches, the first engine move of a fresh app."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

from textual import events

from arena.analysis.cache import analyse_store
from arena.players import PlayerOptions
from arena.runner.tournament import TournamentPlan
from arena.store import MatchStore
from arena.tui.app import ArenaApp
from arena.tui.screens.history import HistoryScreen
from arena.tui.screens.match import MatchScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.reasoning import ReasoningPane
from bench.analysis import TEN_PLAYERS, record
from bench.ratings import leaderboard_open, load
from bench.tables import table
from tests.factories import sample_record
from tests.fake_llm_server import FakeServer, Reply


async def stream_latencies(db: Path, server: FakeServer, repeats: int) -> tuple[list[float], int]:
    """Key-to-screen times (the board's cursor moving) while the stream runs at full speed."""
    thought = "".join(f"weighing move {i} against the centre and the corners; " for i in range(repeats))
    server.script("bench-stream", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=8))
    app = ArenaApp(db)
    latencies: list[float] = []
    async with app.run_test(size=(120, 40)):
        llm = PlayerOptions(api_base=server.url, timeout=300, chunk_timeout=30, retries=0)
        screen = MatchScreen(
            SeriesConfig("tictactoe", ("llm:openai/bench-stream", "human"), seed=1, llm=llm), app.store
        )
        await app.push_screen(screen)
        pane = screen.query_one(ReasoningPane)
        board = screen.query_one(Board)
        while len(pane.reasoning) < 5_000:
            await asyncio.sleep(0.01)
        board.focus()
        keys = ["right", "down", "left", "up"] * 200  # pressed until the stream ends
        for key in keys:
            if len(pane.reasoning) >= len(thought):
                break
            before = board.cursor
            pressed = time.perf_counter()
            app.post_message(events.Key(key, None))
            while board.cursor == before and time.perf_counter() - pressed < 5:
                await asyncio.sleep(0.001)
            latencies.append(time.perf_counter() - pressed)
            await asyncio.sleep(0.05)
        streamed = len(pane.reasoning)
        screen.action_abort()
    return latencies, streamed


async def filter_times(db: Path) -> tuple[list[float], float]:
    """Time of each History refill (one per pause in typing) over the stored matches, and the open time."""
    app = ArenaApp(db)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        opened = time.perf_counter()
        history = HistoryScreen(app.store)
        await app.push_screen(history)
        await pilot.pause()
        open_seconds = time.perf_counter() - opened
        original = history.refill

        def timed() -> None:
            start = time.perf_counter()
            original()
            times.append(time.perf_counter() - start)

        history.refill = timed  # type: ignore[method-assign]
        await pilot.click("#player-filter")
        for text in ("r", "ra", "ran", "random", "minimax", ""):
            history.query_one("#player-filter").value = text  # type: ignore[attr-defined]
            await pilot.pause(0.3)
    return times, open_seconds


def leaderboard_rows() -> list[tuple[str, ...]]:
    """F4 to first ratings and to intervals on 1,000 and 10,000 tic-tac-toe matches of 10 players (cached)."""
    rows: list[tuple[str, ...]] = []
    for per_pair in (22, 222):
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "lb"
            pairs = combinations(TEN_PLAYERS, 2)
            record(db, [TournamentPlan("tictactoe", pair, per_pair, seed=3, swap_seats=True, tournament_id="rr",
                                       first_index=1000 * i) for i, pair in enumerate(pairs)])  # fmt: skip
            with MatchStore(db, read_only=True) as store:
                count = len(analyse_store(store))  # the cache the screen reads
            for settled, when in ((False, "F4 as the app starts"), (True, "F4 after the background load")):
                first, whole, stall = asyncio.run(leaderboard_open(db, settled))
                rows.append((f"{count:,}", when, f"{first:.2f} s", f"{whole:.2f} s", f"{stall * 1000:.0f} ms", load()))
    return rows + published_leaderboard_rows()


def published_leaderboard_rows() -> list[tuple[str, ...]]:
    """The same on the seeds' published games (Topsakal's and ChildPlay's), analysed at import."""
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "published"
        for paper in ("topsakal", "childplay"):
            done = subprocess.run([sys.executable, "-m", "arena", "import", paper, "--published", "--db", str(db)],
                                  capture_output=True)  # fmt: skip
            assert done.returncode == 0, done.stderr
        with MatchStore(db, read_only=True) as store:
            count = len(store)
        for settled, when in ((False, "F4 as the app starts"), (True, "F4 after the background load")):
            first, whole, stall = asyncio.run(leaderboard_open(db, settled))
            rows.append((f"{count:,} published", when, f"{first:.2f} s", f"{whole:.2f} s", f"{stall * 1000:.0f} ms",
                         load()))  # fmt: skip
    return rows


def first_move_rows(runs: int = 3) -> list[tuple[str, ...]]:
    """A fresh process each run: compiled code cold (an empty numba cache) and cached."""
    rows: list[tuple[str, ...]] = []
    for label, cold in (("cold (compiles)", True), ("cached", False)):
        found = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as cache:
                env = dict(os.environ, **({"NUMBA_CACHE_DIR": cache} if cold else {}))
                done = subprocess.run([sys.executable, "-m", "bench.first_move"], env=env, capture_output=True)
                assert done.returncode == 0, done.stderr
                found.append(json.loads(done.stdout.decode().strip().splitlines()[-1]))
        median = {key: statistics.median(run[key] for run in found) for key in found[0]}
        worst = {key: max(run[key] for run in found) for key in found[0]}
        rows.append(
            (
                label,
                f"{median['drawn']:.2f} s",
                f"{median['moved']:.2f} s (max {worst['moved']:.2f} s)",
                f"{worst['move_seconds']:.3f} s",
                f"{worst['worst_stall'] * 1000:.0f} ms",
            )
        )
    return rows


def bench_tui(matches: int = 20_000, history: bool = True) -> None:
    """Every table (History's unless `history` is False)."""
    table(
        f"App: first Gomoku engine move of a fresh app, 3 runs each ({load()}; target: loop's worst stall < 100 ms)",
        ("compiled code", "board drawn", "first move shown", "move's recorded time (max)", "loop's worst stall"),
        first_move_rows(),
    )
    table(
        "App: Leaderboard (F4), analysis cached: tic-tac-toe matches of 10 players, and the published games "
        "(targets: rows < 1 s, intervals < 2 s)",
        ("matches", "when", "first ratings shown", "intervals shown", "loop's worst stall", "load"),
        leaderboard_rows(),
    )
    rows = []
    for label, repeats in (("200 KB", 3_600), ("1 MB", 18_000)):
        server = FakeServer()
        try:
            with tempfile.TemporaryDirectory() as folder:
                latencies, streamed = asyncio.run(stream_latencies(Path(folder) / "a.json", server, repeats))
        finally:
            server.close()
        rows.append(
            (
                label,
                str(len(latencies)),
                f"{streamed:,} chars",
                f"{statistics.median(latencies) * 1000:.1f} ms",
                f"{max(latencies) * 1000:.1f} ms",
            )
        )
    table(
        "App: key press to screen update while a reasoning stream arrives at full speed (target < 100 ms)",
        ("stream", "keys", "streamed when done", "median", "max"),
        rows,
    )
    if not history:
        return
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "h.json"
        with MatchStore(db) as store:
            for index in range(matches):
                store.add(sample_record(index, move_bytes=400))
        times, opened = asyncio.run(filter_times(db))
    table(
        f"App: History on {matches:,} matches (target: filtering under 100 ms per key)",
        ("open the screen", "filter refills", "median refill", "max refill"),
        [
            (
                f"{opened:.2f} s",
                str(len(times)),
                f"{statistics.median(times) * 1000:.1f} ms",
                f"{max(times) * 1000:.1f} ms",
            )
        ],
    )


if __name__ == "__main__":
    bench_tui()
