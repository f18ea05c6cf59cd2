"""The puzzle screen: Lichess-rated chess puzzles for a person, beside the hard-boards quiz.

The opponent's move is played, then the person clicks (from-square, to-square) or types a move in SAN or UCI and
presses Enter. A move that is not legal is refused and asked again, never counted; a right move plays the
opponent's reply; a wrong one ends the puzzle. Each finished puzzle is stored at once, with the solution and the
person's rating shown after it; Esc stops (a puzzle under way is asked again from its start next time).
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from arena.puzzles.session import PuzzleSession
from arena.puzzles.solvers import read_answer
from arena.sessions.records import PuzzleMove
from arena.tui.widgets.board import Board
from games.chess.puzzles import Attempt, Puzzle
from games.chess.rules import Chess, ChessState


class PuzzleScreen(Screen[None]):
    """Asks the session's remaining puzzles one at a time; each finished puzzle is stored the moment it ends."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("n", "next", "Next puzzle"),
        Binding("escape", "leave", "Stop (resume later)"),
    ]

    def __init__(self, session: PuzzleSession) -> None:
        super().__init__()
        self.session = session
        self.rules = Chess()
        self.current: tuple[int, Puzzle] | None = None
        self.attempt: Attempt | None = None
        self.moves: list[PuzzleMove] = []
        self.started = time.perf_counter()

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="puzzles", classes="panel"):
            yield Static("", id="puzzle-progress")
            yield Board(id="puzzle-board")
            yield Static("", id="puzzle-ask")
            yield Static("", id="puzzle-feedback")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Chess puzzles"
        self.query_one("#puzzles").border_title = "Lichess-rated puzzles · your rating after each one"
        self.next_puzzle()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`n` only once a puzzle has ended."""
        if action == "next":
            return self.attempt is None or self.attempt.over
        return True

    def next_puzzle(self) -> None:
        remaining = self.session.remaining()
        if not remaining:
            self.current = self.attempt = None
            self.query_one(Board).display = False
            self.query_one("#puzzle-ask", Static).update("Every puzzle of this session is done. Esc goes back.")
            self.refresh_bindings()
            return
        self.current = remaining[0]
        self.attempt = Attempt(self.current[1])
        self.moves = []
        self.started = time.perf_counter()
        number = self.current[0]
        self.query_one("#puzzle-progress", Static).update(
            f"Puzzle {number} of {len(self.session.record.order)} · {len(self.session.attempts)} done"
        )
        self.query_one("#puzzle-feedback", Static).update("")
        self.show_board()
        self.refresh_bindings()

    def show_board(self) -> None:
        """The position to move in (White at the bottom, as every chess board here), with the opponent's move."""
        assert self.attempt is not None
        board = self.attempt.board
        last = board.peek()
        before = board.copy()
        before.pop()
        side = "White" if board.turn else "Black"
        self.query_one(Board).show(self.rules, ChessState(board.copy()), viewer=None, interactive=not self.attempt.over)
        self.query_one("#puzzle-ask", Static).update(
            f"The opponent played {before.san(last)}. {side} to move: find the best move "
            "(click the piece, then its square, or type it in SAN or UCI and press Enter)."
        )
        self.query_one(Board).focus()

    def on_board_chosen(self, message: Board.Chosen) -> None:
        """Judge a move: refused if not legal (asked again), else right (the reply is played) or wrong."""
        message.stop()
        attempt = self.attempt
        if attempt is None or attempt.over or self.current is None:
            return
        move, kind, why = read_answer(attempt.board, message.text)
        feedback = self.query_one("#puzzle-feedback", Static)
        if move is None:
            feedback.update(f"{why}: try again ({kind} answers are not counted here)")
            return
        self.moves.append(PuzzleMove(raw=message.text, move=move.uci()))
        right = attempt.play(move)
        if not attempt.over:
            feedback.update("Right: keep going.")
            self.show_board()
            return
        number, puzzle = self.current
        self.session.store_attempt(number, attempt, "solved" if attempt.solved else "wrong", self.moves,
                                   time.perf_counter() - self.started)  # fmt: skip
        fit = self.session.rating()
        verdict = "Solved!" if right else "Wrong."
        feedback.update(
            f"{verdict} The solution: {' '.join(attempt.solution())} (puzzle rated {puzzle.rating}). "
            f"Your rating: {fit.rating:.0f} (95% interval {fit.low:.0f}-{fit.high:.0f}) after "
            f"{len(self.session.attempts)} puzzle{'s' if len(self.session.attempts) != 1 else ''}. "
            "Press n for the next one."
        )
        self.query_one(Board).show(self.rules, ChessState(attempt.board.copy()), viewer=None, interactive=False)
        self.query_one("#puzzle-ask", Static).update("The position after your last move.")
        self.query_one("#puzzle-progress", Static).update(
            f"Puzzle {number} of {len(self.session.record.order)} · {len(self.session.attempts)} done"
        )
        self.refresh_bindings()

    def action_next(self) -> None:
        if self.attempt is None or self.attempt.over:
            self.next_puzzle()

    def action_leave(self) -> None:
        self.app.pop_screen()
