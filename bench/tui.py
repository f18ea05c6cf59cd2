"""App responsiveness: a key press while a 200 KB reasoning stream arrives, and History's filter on 20,000 matches."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual import events

from arena.players import PlayerOptions
from arena.store import MatchStore
from arena.tui.app import ArenaApp
from arena.tui.screens.history import HistoryScreen
from arena.tui.screens.match import MatchScreen
from arena.tui.series import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.reasoning import ReasoningPane
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
        keys = ["right", "down", "left", "up"] * 10
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


def bench_tui(matches: int = 20_000, history: bool = True) -> None:
    """Both tables (History's unless `history` is False)."""
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
