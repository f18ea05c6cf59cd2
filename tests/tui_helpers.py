"""Helpers for driving the arena app through Textual's pilot."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from arena.players.human import HumanPlayer
from arena.tui.app import ArenaApp
from arena.tui.screens.leaderboard import LeaderboardScreen
from arena.tui.screens.match import MatchScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import GAP, LABEL, Board


def current(app: ArenaApp) -> Any:
    """The active screen, typed loosely so tests can narrow it with isinstance."""
    return app.screen


def human_of(screen: MatchScreen) -> HumanPlayer:
    """The person playing in a match screen."""
    return next(iter(screen.humans.values()))


def status(app: ArenaApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def drawn_text(widget: Static) -> str:
    """A Static's content as plain text, drawn at the widget's width (what a reader of the screen gets)."""
    console = Console(width=widget.region.width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def open_leaderboard(app: ArenaApp, pilot: Pilot[None]) -> LeaderboardScreen:
    """F4, then wait until the first board is rated."""
    await pilot.press("f4")
    screen = app.screen
    assert isinstance(screen, LeaderboardScreen)
    await wait_for(pilot, lambda: screen.board is not None)
    return screen


def cell_offset(board: Board, row: int, col: int, grid_index: int = 0) -> tuple[int, int]:
    """Where to click on the board widget for a cell of one of its grids."""
    left = sum(board.grid_width(g) + GAP for g in board.grids[:grid_index])
    grid = board.grids[grid_index]
    return left + LABEL + col * board.cell_width(grid) + 1, board.top + row * board.row_step


async def open_match(app: ArenaApp, pilot: Pilot[None], config: SeriesConfig) -> MatchScreen:
    screen = MatchScreen(config, app.store)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def wait_for(pilot: Pilot[None], check: object, timeout: float = 20.0) -> None:
    """Let the app run until `check()` is true."""
    waited = 0.0
    while not check():  # type: ignore[operator]
        if waited > timeout:
            raise AssertionError("the app never reached the expected state")
        await pilot.pause(0.05)
        waited += 0.05


async def click_button(pilot: Pilot[None], selector: str) -> None:
    """Click a button once its last press has shown: a Textual button ignores clicks during that effect."""
    button = pilot.app.screen.query_one(selector)
    await wait_for(pilot, lambda: not button.has_class("-active"))
    await pilot.click(selector)


def make_app(db: Path) -> ArenaApp:
    return ArenaApp(db)
