"""History uses the terminal it has: after a resize its columns fit again (at 80 columns the result and the move
count were off screen and the second player one character wide), and every match is reachable, the list growing
as the cursor nears its end (it showed the newest 100 only)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arena.tui.screens.history import MAX_ROWS, HistoryScreen
from tests.processes import run_arena
from tests.tui_helpers import make_app, wait_for


async def test_history_fits_after_a_resize_and_pages_through_every_match(db_path: Path) -> None:
    played = run_arena("--batch", "--game", "tictactoe", "--players", "minimax:level=1,budget=0.01", "random",
                       "--games", "230", "--db", str(db_path))  # fmt: skip
    assert played.returncode == 0, played.stderr
    app = make_app(db_path)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        table = app.screen.query_one("#matches", DataTable)
        await wait_for(pilot, lambda: table.row_count == MAX_ROWS)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen.width_used == 14)  # type: ignore[attr-defined]
        await pilot.pause()
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert sum(widths) <= 80 - 2 and min(widths) >= 5, widths  # every column on screen, none squeezed to one
        table.focus()
        for _ in range(2 * MAX_ROWS + 40):
            await pilot.press("down")
        await wait_for(pilot, lambda: table.row_count == 230)
        assert table.cursor_row == 229


async def test_history_filters_on_the_leaderboards_names(db_path: Path) -> None:
    for players in (["minimax:level=1,budget=0.01", "random"], ["random", "random"]):
        played = run_arena("--batch", "--game", "tictactoe", "--players", *players, "--games", "3", "--db",
                           str(db_path))  # fmt: skip
        assert played.returncode == 0, played.stderr
    app = make_app(db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f4")
        await wait_for(pilot, lambda: bool(getattr(app.screen, "rows", None)), timeout=60)
        names = [row.player for row in app.screen.rows]  # type: ignore[attr-defined]
        assert "minimax L1 0.01s" in names  # the Leaderboard's name, not the spec typed
        await pilot.press("escape", "f2")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        table = app.screen.query_one("#matches", DataTable)
        await wait_for(pilot, lambda: table.row_count == 6)
        app.screen.query_one("#player-filter").value = "minimax L1 0.01s"  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: table.row_count == 3)
        app.screen.query_one("#player-filter").value = "level=1"  # type: ignore[attr-defined]  # the spec still works
        await wait_for(pilot, lambda: table.row_count == 3)
        app.screen.query_one("#player-filter").value = "L2"  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: table.row_count == 0)
