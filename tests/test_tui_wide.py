"""Layouts grow with the terminal: at 160x50 the live match's left column holds the score lines unwrapped (it stayed 28
columns wide and wrapped), and the replay's move list takes the height its short detail leaves (it got 15 rows
beside 30 empty ones)."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Static

from arena.store import MatchStore
from arena.tui.screens.replay import ReplayScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.moves import MoveList
from tests.processes import run_arena
from tests.tui_helpers import make_app, open_match, wait_for


async def test_the_live_match_grows_with_the_terminal(db_path: Path) -> None:
    config = SeriesConfig("tictactoe", ("minimax:level=1,budget=0.01", "random"), games=3, seed=4)
    app = make_app(db_path)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_match(app, pilot, config)
        score = screen.query_one("#score", Static)
        await wait_for(pilot, lambda: "minimax" in str(score.render()), timeout=60)
        await pilot.pause()
        assert app.has_class("-wide")
        assert screen.query_one("#left").outer_size.width >= 160 * 0.45
        lines = str(score.render()).splitlines()
        assert score.size.height == len(lines), lines  # no line wrapped
    async with make_app(db_path).run_test(size=(80, 24)) as pilot:
        await open_match(pilot.app, pilot, config)  # type: ignore[arg-type]
        assert not pilot.app.has_class("-wide")


async def test_the_replays_move_list_takes_the_room_there_is(db_path: Path) -> None:
    played = run_arena("--batch", "--game", "connect-four", "--players", "random", "random", "--games", "1",
                       "--seed", "2", "--db", str(db_path))  # fmt: skip
    assert played.returncode == 0, played.stderr
    with MatchStore(db_path, read_only=True) as store:
        record = store.matches()[0]
    app = make_app(db_path)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = ReplayScreen(record)
        await app.push_screen(screen)
        await pilot.pause()
        moves, detail = screen.query_one(MoveList), screen.query_one("#replay-detail")
        assert moves.size.height >= 30 > detail.size.height  # the short summary leaves its room to the moves
        assert moves.size.height >= min(len(record.moves), 30)


async def test_a_late_event_never_takes_the_board_from_a_person_to_move(db_path: Path) -> None:
    """Under load the opponent's move event was drawn after the person's turn began: the board was redrawn not
    interactive and every click was ignored (a person could not move at all)."""
    from arena.tui.widgets.board import Board
    from tests.tui_helpers import human_of

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("random", "human"), seed=3))
        await wait_for(pilot, lambda: human_of(screen).waiting)
        view = human_of(screen).view
        assert view is not None and screen.runner is not None
        start = screen.runner.game.initial_state(random.Random(0))
        screen.draw(start)  # the start of the game, drawn late
        board = screen.query_one(Board)
        assert board.interactive  # still the person's move
        assert board.grids[0].symbols != [["."] * 3] * 3  # their position (the opponent's first mark), not the late one
        await pilot.press("a")
