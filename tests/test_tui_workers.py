"""The app grades a large backlog on worker processes, as the report does: spawned from inside Textual, whose
stand-in stderr has no file descriptor (multiprocessing refused it: "bad value(s) in fds_to_keep", which also broke
the Leaderboard's `w` at real size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.analysis.cache import CACHE_FILE, read_cache
from arena.analysis.parallel import cost_of, worker_count
from arena.tui.app import ArenaApp
from tests.processes import run_arena
from tests.tui_helpers import wait_for


@pytest.mark.asyncio
async def test_the_background_analysis_runs_on_workers_inside_the_app(tmp_path: Path) -> None:
    db = tmp_path / "db"
    played = run_arena("--batch", "--game", "chess", "--players", "random", "random", "--games", "8", "--max-plies",
                       "4", "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert worker_count(cost_of(["chess"] * 8)) == 2  # the backlog is large enough for workers
    app = ArenaApp(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.kept is not None and "chess" in app.kept.parts, timeout=300)
        assert app.kept is not None and len(app.kept.analyses) == 8 and not app.kept.parts["chess"].failed
        assert not [w for w in app.store.warnings if "fds_to_keep" in w or "cannot" in w], app.store.warnings
    cached, _ = read_cache(db / CACHE_FILE)
    assert len(cached) == 8 and all(entry["grader"].startswith("Stockfish") for entry in cached.values())
