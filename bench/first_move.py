"""The first Gomoku engine move of a fresh app (cold or cached compiled code): run as a process, prints JSON."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from arena.tui.app import ArenaApp
from arena.tui.screens.match import MatchScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board


async def first_move(db: Path) -> dict[str, float]:
    """Seconds to the board drawn and to the first move, the move's recorded time, the loop's worst stall."""
    app = ArenaApp(db)
    stalls: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        running = True

        async def probe() -> None:  # how late the event loop wakes: what a key press would wait at most
            while running:
                asked = time.perf_counter()
                await asyncio.sleep(0.02)
                stalls.append(time.perf_counter() - asked - 0.02)

        watcher = asyncio.create_task(probe())
        start = time.perf_counter()
        screen = MatchScreen(SeriesConfig("gomoku", ("minimax", "random"), seed=1), app.store)
        await app.push_screen(screen)
        board = screen.query_one(Board)
        drawn = None
        while screen.runner is None or not screen.runner.moves:
            if drawn is None and board.grids:
                drawn = time.perf_counter() - start
            await pilot.pause(0.01)
        moved = time.perf_counter() - start
        seconds = screen.runner.moves[0].seconds
        running = False
        await watcher
        screen.action_abort()
    return {"drawn": drawn or moved, "moved": moved, "move_seconds": seconds, "worst_stall": max(stalls)}


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(asyncio.run(first_move(Path(folder) / "a.json"))))
    sys.exit(0)
