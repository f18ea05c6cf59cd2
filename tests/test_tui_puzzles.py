"""The puzzle screen at 80x24: the opponent's move played, a move typed or clicked, an illegal one refused and
asked again, right or wrong at once, the solution and the person's rating after each puzzle, resumed later."""

from __future__ import annotations

from pathlib import Path

import chess
from textual.widgets import Static

from arena.puzzles.baseline import gives_mate
from arena.puzzles.session import start_puzzle_session
from arena.puzzles.sets import load_set
from arena.store import MatchStore
from arena.store.tables import PUZZLE_ATTEMPTS
from arena.tui.app import ArenaApp
from arena.tui.screens.puzzles import PuzzleScreen
from arena.tui.widgets.board import Board
from tests.tui_helpers import cell_offset, current


def feedback(screen: PuzzleScreen) -> str:
    return str(screen.query_one("#puzzle-feedback", Static).render())


async def test_a_person_solves_fails_is_refused_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "db"
    puzzle_set = load_set()
    with MatchStore(db) as store:
        session = start_puzzle_session(store, "human:tui", puzzle_set, 3, 5, {})
    first, second, _ = (puzzle_set.puzzles[ident] for ident in session.record.order)
    app = ArenaApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        screen = current(app)
        assert isinstance(screen, PuzzleScreen) and screen.current is not None and screen.current[1] == first
        ask = str(screen.query_one("#puzzle-ask", Static).render())
        assert "The opponent played" in ask and "to move" in ask
        await pilot.press(*"h9h9", "enter")
        await pilot.pause()
        assert "try again" in feedback(screen) and not screen.session.attempts  # refused, never counted
        for move in first.moves[1::2]:  # the whole line, typed in UCI
            await pilot.press(*move, "enter")
            await pilot.pause()
        assert "Solved!" in feedback(screen) and "Your rating:" in feedback(screen)
        await pilot.press("n")
        await pilot.pause()
        assert screen.current is not None and screen.current[1] == second
        board = screen.query_one(Board)
        line = chess.Move.from_uci(second.moves[1])
        position = screen.attempt.board  # type: ignore[union-attr]
        wrong = next(m for m in position.legal_moves if m != line and not gives_mate(position, m))
        for square in (wrong.from_square, wrong.to_square):  # clicked: the piece, then its square
            row, col = 7 - chess.square_rank(square), chess.square_file(square)
            await pilot.click(board, offset=cell_offset(board, row, col))
            await pilot.pause()
        assert "Wrong. The solution:" in feedback(screen) and "Your rating:" in feedback(screen)
        await pilot.press("escape")
        await pilot.pause()
    with MatchStore(db, read_only=True) as store:
        attempts = sorted(store.documents(PUZZLE_ATTEMPTS), key=lambda a: a["number"])
    assert [(a["puzzle"], a["solved"]) for a in attempts] == [(first.id, True), (second.id, False)]
    app = ArenaApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        screen = current(app)
        assert isinstance(screen, PuzzleScreen) and screen.session.record.id == session.record.id
        assert screen.current is not None and screen.current[0] == 3  # resumed at the third puzzle
