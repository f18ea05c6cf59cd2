"""Quitting while the app grades a backlog is immediate: the analysis under way is dropped, what was cached stays
whole, and the next start grades the rest (before, Ctrl+Q waited for every match to be graded)."""

from __future__ import annotations

from pathlib import Path

from arena.analysis.cache import CACHE_FILE, read_cache
from arena.tui.analyses import AnalysisKeeper
from arena.tui.app import ArenaApp
from tests.processes import run_arena
from tests.tui_helpers import wait_for

GAMES = 4


def grading(keeper: AnalysisKeeper) -> bool:
    """The keeper is analysing chess (it holds the game's lock while it runs)."""
    lock = keeper.locks.get("chess")
    return lock is not None and lock.locked()


async def test_ctrl_q_drops_the_analysis_under_way_and_the_next_start_finishes_it(tmp_path: Path) -> None:
    db = tmp_path / "db"
    played = run_arena("--batch", "--game", "chess", "--players", "random", "random", "--games", str(GAMES),
                       "--max-plies", "30", "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    app = ArenaApp(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.kept is not None and grading(app.kept), timeout=60)  # grading began
        await pilot.press("ctrl+q")
    assert app.kept is not None
    with app.kept.locks["chess"]:  # the analysis has ended (it holds the game's lock while it runs)
        pass
    cached, _ = read_cache(db / CACHE_FILE)
    assert len(cached) < GAMES  # dropped part-way, not graded to the end before quitting
    assert all(
        entry["grader"].startswith("Stockfish") and not entry.get("grading_problem") for entry in cached.values()
    )
    again = ArenaApp(db)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: again.kept is not None and "chess" in again.kept.parts, timeout=600)
    cached, _ = read_cache(db / CACHE_FILE)
    assert len(cached) == GAMES
