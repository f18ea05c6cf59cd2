"""The Connect-Four engine: exact play on 6x7 (books to 12 stones, then search), depth-limited elsewhere."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache

from games.connect_four.bitboard import Layout
from games.connect_four.book import (
    BOOK_FILE,
    OUTCOME_BOOK_FILE,
    OpeningBook,
    OutcomeBook,
    default_book_path,
)
from games.connect_four.solver import SearchTimeout, Solver
from games.mnk import GridState


@cache
def shared_books() -> tuple[OpeningBook | None, OutcomeBook | None]:
    """The opening books, read once per process (None where the package is missing)."""
    exact_path = default_book_path()
    outcome_path = default_book_path(OUTCOME_BOOK_FILE)
    exact = OpeningBook.load(exact_path) if exact_path else None
    outcome = OutcomeBook.load(outcome_path) if outcome_path else None
    return exact, outcome


@dataclass(frozen=True)
class Verdict:
    """The engine's answer: a 0-based column, its score, whether the score is proven, plies searched, nodes."""

    column: int
    score: int
    exact: bool
    depth: int
    nodes: int = 0


# Shares of the budget: the first phase stops at the first mark, everything stops at the last.
FIRST_PHASE, LAST_PHASE = 0.5, 0.9


@dataclass
class ConnectFourEngine:
    """Chooses moves for one board size; keeps its transposition table between moves."""

    rows: int = 6
    cols: int = 7
    budget: float | None = 1.0
    use_books: bool = True
    solver: Solver = field(init=False)

    def __post_init__(self) -> None:
        books = self.use_books and (self.rows, self.cols) == (6, 7)
        # Both opening books installed: every 6x7 position then solves quickly (they load on first reach).
        self.has_books = books and all(default_book_path(name) for name in (BOOK_FILE, OUTCOME_BOOK_FILE))
        self.solver = Solver(self.rows, self.cols, book_loader=shared_books if self.has_books else None)
        self.layout = Layout(self.rows, self.cols)

    def score(self, state: GridState) -> int:
        """The exact Pons score of a position that is not over (no time limit)."""
        position, mask = self.layout.from_state(state)
        with self.solver.deadline(None):
            return self.solver.solve(position, mask, state.ply)

    def decide(self, state: GridState) -> Verdict:
        """A perfect move when the search proves it within the budget, else the deepest heuristic search's."""
        start = time.perf_counter()
        position, mask = self.layout.from_state(state)
        solver, moves = self.solver, state.ply
        nodes = solver.count_nodes()
        remaining = self.rows * self.cols - moves
        if self.budget is None:
            with solver.deadline(None):
                column, score = solver.best_column(position, mask, moves)
            return Verdict(column, score, True, remaining, solver.count_nodes() - nodes)
        budget = self.budget
        if not self.has_books:
            guess = solver.anytime(position, mask, moves, budget * FIRST_PHASE)
            if guess.exact:
                return Verdict(guess.column, guess.score, True, guess.depth, solver.count_nodes() - nodes)
        try:
            share = LAST_PHASE if not self.has_books else FIRST_PHASE
            with solver.deadline(budget * share - (time.perf_counter() - start)):
                column, score = solver.best_column(position, mask, moves)
            return Verdict(column, score, True, remaining, solver.count_nodes() - nodes)
        except SearchTimeout:
            pass
        if self.has_books:
            guess = solver.anytime(position, mask, moves, budget * LAST_PHASE - (time.perf_counter() - start))
        return Verdict(guess.column, guess.score, guess.exact, guess.depth, solver.count_nodes() - nodes)

    def best_move(self, state: GridState) -> int:
        """The chosen 0-based column."""
        return self.decide(state).column
