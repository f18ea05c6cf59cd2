"""Chess in the app at 80x24: a person plays Stockfish by clicking from- and to-squares and by typing SAN."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static

from arena.players import PlayerOptions
from arena.tui.screens.match import MatchScreen
from arena.tui.screens.replay import ReplayScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.eval_graph import EvalGraph
from tests.tui_helpers import cell_offset, human_of, make_app, open_match, status, wait_for

os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"  # Debian's Stockfish


def mine(screen: MatchScreen) -> int:
    """The person's accepted moves so far."""
    assert screen.runner is not None
    return len([m for m in screen.runner.moves if m.seat == 0 and m.valid])


def square(name: str) -> tuple[int, int]:
    """A square's (row, column) on the board drawn from White's side."""
    return 8 - int(name[1]), "abcdefgh".index(name[0])


async def test_a_person_plays_stockfish_by_clicks_and_by_typing(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("chess", ("human", "stockfish:elo=1350"), seed=5))
        board = screen.query_one(Board)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        grid = board.grids[0]
        assert grid.files == "abcdefgh" and grid.symbols[6][4] == "P" and grid.symbols[0][4] == "k"
        await pilot.click(board, offset=cell_offset(board, *square("e2")))
        assert board.picked == square("e2")  # waiting for the to-square
        await pilot.click(board, offset=cell_offset(board, *square("e4")))
        await wait_for(pilot, lambda: human_of(screen).waiting and screen.runner is not None
                       and len(screen.runner.moves) >= 2)  # fmt: skip
        assert board.grids[0].moved  # the engine's reply is marked
        await pilot.click(board, offset=cell_offset(board, *square("e1")))
        await pilot.click(board, offset=cell_offset(board, *square("e3")))  # not a king's move
        await pilot.pause()
        assert "Refused" in status(app) and human_of(screen).waiting
        board.focus()
        for key in "Nf3":
            await pilot.press(key)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.runner is not None and mine(screen) == 2)
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.records)
    record = screen.records[0]
    played = [m.move for m in record.moves if m.seat == 0 and m.valid]
    assert played == ["e2e4", "g1f3"] and record.game == "chess" and record.outcome.status == "aborted"
    replay = make_app(db_path)
    async with replay.run_test(size=(80, 24)) as pilot:
        screen_of = ReplayScreen(record)
        await replay.push_screen(screen_of)
        await wait_for(pilot, lambda: screen_of.grades, timeout=60)  # graded by Stockfish, then cached
        await pilot.press("right")
        shown = str(screen_of.query_one("#status", Static).render())
        assert "1. e4" in shown and "(+0." in shown  # 1. e4 keeps White's small edge
        assert "(Stockfish, White's view: +0." in shown  # the verdict in words, as on the web
        graph = screen_of.query_one("#evals", EvalGraph)
        assert len(graph.values) == len(record.moves) and graph.current == 0  # the first move marked


@pytest.mark.slow  # the real local model answers every move of a short game
async def test_the_local_model_plays_chess_in_the_app(db_path: Path) -> None:
    app = make_app(db_path)
    options = PlayerOptions(temperature=0.0, constrained=True)
    config = SeriesConfig("chess", ("llm:local", "random"), seed=2, game_options={"max_plies": 4}, llm=options)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: screen.records, timeout=300)
    record = screen.records[0]
    model_moves = [m for m in record.moves if m.seat == 0]
    assert record.outcome.status == "finished" and model_moves
    assert all(m.valid or m.error for m in model_moves)  # a refused answer always says why
