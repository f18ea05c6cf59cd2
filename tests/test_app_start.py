"""The app's first screen loads no engine, no model library and no screen it does not show."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.processes import ROOT

# Run in a fresh interpreter: this test process has imported everything already.
SCRIPT = """
import asyncio, sys
from pathlib import Path
from arena.tui.app import ArenaApp
from arena.tui.screens.setup import SetupScreen

HEAVY = ("numba", "games.gomoku.search", "games.connect_four.solver", "games.connect_four.engine",
         "arena.players.registry", "arena.players.engine_player", "arena.engines.stockfish", "chess.engine",
         "litellm", "arena.runner.match", "arena.tui.screens.match", "arena.tui.screens.history",
         "arena.tui.screens.replay")
LATER = ("arena.match.records", "arena.tui.series", "pydantic")  # the match machinery: the analyses load it

async def main() -> None:
    print("imported:", *sorted(m for m in HEAVY + LATER if m in sys.modules))
    app = ArenaApp(Path(sys.argv[1]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), app.screen
        print("shown:", *sorted(m for m in HEAVY if m in sys.modules))
        await app.workers.wait_for_complete()  # the background analysis of the (empty) store is done too
        print("after:", *sorted(m for m in HEAVY if m in sys.modules))

asyncio.run(main())
"""


def test_the_setup_screen_imports_no_engine(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "db")], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["imported:", "shown:", "after:"]
