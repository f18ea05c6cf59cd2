"""The Leaderboard's `w` writes the web page from inside the app at real size: from 2,000 matches the site writer
spawns worker processes, which failed under Textual's stand-in stderr ("bad value(s) in fds_to_keep")."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.tui.web_report import site_folder
from tests.processes import run_arena
from tests.tui_helpers import make_app, wait_for

MATCHES = 6_000


@pytest.mark.slow  # thousands of matches analysed and written as pages
async def test_w_writes_the_site_of_6000_matches_from_the_app(db_path: Path) -> None:
    played = run_arena("--batch", "--game", "tictactoe", "--players", "random", "minimax:level=1,budget=0.01",
                       "--games", str(MATCHES), "--db", str(db_path))  # fmt: skip
    assert played.returncode == 0, played.stderr
    app = make_app(db_path)
    said: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.notify = lambda message, **_: said.append(str(message))  # type: ignore[method-assign]
        await pilot.press("f4")
        await wait_for(pilot, lambda: bool(getattr(app.screen, "rows", None)), timeout=600)
        await pilot.press("w")
        await wait_for(pilot, lambda: any("web page" in words for words in said), timeout=1200)
    assert any(words.startswith("web page written: open ") for words in said), said
    folder = site_folder(app.store)
    index = (folder / "index.html").read_text()
    assert f"{MATCHES:,}" in index or str(MATCHES) in index  # every match counted on the overview
    assert len(list((folder / "data").glob("matches-*.js"))) > 1  # written in chunks, by the workers
