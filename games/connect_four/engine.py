"""The Connect-Four engine: exact play on 6x7 (books to 12 stones, then search), depth-limited elsewhere."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache

from games.connect_four.bitboard import Layout
from games.connect_four.book import (
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
    """The engine's answer: a 0-based column, its score, and whether the score is exact."""

    column: int
    score: int
    exact: bool
    depth: int


@dataclass
class ConnectFourEngine:
    """Chooses moves for one board size; keeps its transposition table between moves."""

    rows: int = 6
    cols: int = 7
    budget: float = 1.0
    use_books: bool = True
    solver: Solver = field(init=False)

    def __post_init__(self) -> None:
        exact, outcome = shared_books() if self.use_books and (self.rows, self.cols) == (6, 7) else (None, None)
        self.solver = Solver(self.rows, self.cols, book=exact, outcome_book=outcome)
        self.layout = Layout(self.rows, self.cols)

    @property
    def has_books(self) -> bool:
        """True when both opening books are loaded (every 6x7 position then solves exactly)."""
        return self.solver.book is not None and self.solver.outcome_book is not None

    def score(self, state: GridState) -> int:
        """The exact Pons score of a position that is not over (no time limit)."""
        position, mask = self.layout.from_state(state)
        self.solver.deadline = None
        self.solver.horizon = None
        return self.solver.solve(position, mask, state.ply)

    def decide(self, state: GridState) -> Verdict:
        """A perfect move when the search completes in the budget, else the deepest finished search."""
        position, mask = self.layout.from_state(state)
        solver = self.solver
        cells = self.rows * self.cols
        if self.has_books:
            solver.deadline = solver.horizon = None
            column, score = solver.best_column(position, mask, state.ply)
            return Verdict(column, score, True, cells - state.ply)
        start = time.perf_counter()
        solver.deadline = start + self.budget
        best: Verdict | None = None
        horizon = state.ply + 2
        try:
            while True:
                solver.horizon = None if horizon >= cells else horizon
                solver.table.clear()
                column, score = solver.best_column(position, mask, state.ply)
                best = Verdict(column, score, solver.horizon is None, horizon - state.ply)
                # A score other than 0 is a forced result inside the horizon, hence exact.
                if solver.horizon is None or score != 0:
                    return Verdict(column, score, True, best.depth)
                horizon += 2
        except SearchTimeout:
            pass
        finally:
            solver.deadline = solver.horizon = None
            solver.table.clear()
        if best is None:
            legal = [c for c in solver.order if not mask & self.layout.top_bit(c)]
            return Verdict(legal[0], 0, False, 0)
        return best

    def best_move(self, state: GridState) -> int:
        """The chosen 0-based column."""
        return self.decide(state).column
