"""Connect-Four search over the compiled core: exact scores, per-column scores, a best move, anytime play.

Scores follow Pascal Pons: 0 for a draw; if the side to move wins with its winning stone
played when `n` stones are on the board the score is `(rows * cols + 1 - n) // 2`; a loss is
the negative of the opponent's score.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from games.connect_four import core
from games.connect_four.bitboard import TABLE_SIZE, Layout
from games.connect_four.book import BOOK_PLY, OpeningBook, OutcomeBook
from games.search_control import STOP, SearchControl

G_BOOKS, G_SALT = 5, 7  # geo's slots: books on/off, the table keys' salt (games.connect_four.search)

EMPTY_BOOK = (np.zeros(0, np.int32), np.zeros(0, np.int8), np.zeros(0, np.int64), np.zeros(0, np.uint8))


class SearchTimeout(Exception):
    """The search was stopped at its deadline before it finished."""


@dataclass(frozen=True)
class SearchResult:
    """A chosen column with its score; `exact` when proven, else the heuristic value at `depth` plies."""

    column: int
    score: int
    exact: bool
    depth: int
    nodes: int


def cell_weights(layout: Layout) -> np.ndarray:
    """For every bit of the board, how many lines of four pass through that cell (0 off the board)."""
    weights = np.zeros(64, dtype=np.int64)
    rows, cols = layout.rows, layout.cols
    for col in range(cols):
        for row in range(rows):
            count = 0
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                for start in range(-3, 1):
                    cells = [(row + (start + i) * dr, col + (start + i) * dc) for i in range(4)]
                    if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                        count += 1
            weights[col * (rows + 1) + row] = count
    return weights


@dataclass
class Solver:
    """One board size's search state: transposition table, books, timer; positions as (mover, all stones, ply)."""

    rows: int = 6
    cols: int = 7
    book: OpeningBook | None = None
    outcome_book: OutcomeBook | None = None
    # Reads both books on the first search that can reach them (12 stones or fewer): later positions never need them.
    book_loader: Callable[[], tuple[OpeningBook | None, OutcomeBook | None]] | None = field(default=None, repr=False)
    layout: Layout = field(init=False)
    nodes: int = field(default=0, init=False)
    core: ModuleType = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if (self.rows + 1) * self.cols > 63:
            raise ValueError(f"a {self.rows}x{self.cols} board does not fit a 64-bit bitboard")
        self.layout = Layout(self.rows, self.cols)
        self.core = core.load()
        if (self.rows, self.cols) != (6, 7):
            self.book = self.outcome_book = None
            self.book_loader = None
        self.cells = self.rows * self.cols
        mid = self.cols // 2
        self.order = np.array(sorted(range(self.cols), key=lambda c: (abs(c - mid), c)), dtype=np.int64)
        odd_rows = sum(1 << (c * (self.rows + 1) + r) for c in range(self.cols) for r in range(0, self.rows, 2))
        self.geo = np.array(
            [self.rows, self.cols, self.layout.bottom, self.layout.board, self.cells, 0, odd_rows, 0], dtype=np.int64
        )
        self.key_bits = (self.rows + 1) * self.cols  # a table key (position + mask) fits in these bits
        self.generation = 0
        self.books: tuple[Any, ...] = EMPTY_BOOK
        self.use_books(self.book, self.outcome_book)
        self.tt_keys = np.zeros(TABLE_SIZE, dtype=np.int64)
        self.tt_values = np.zeros(TABLE_SIZE, dtype=np.int8)
        self.work = np.zeros((self.cells + 1, 2 * self.cols), dtype=np.int64)
        self.weights = cell_weights(self.layout)
        self.control = SearchControl()
        self.ctl = self.control.ctl
        self.warm_up()

    def use_books(self, book: OpeningBook | None, outcome_book: OutcomeBook | None) -> None:
        """Search with these books from now on (both, or none)."""
        self.book, self.outcome_book = book, outcome_book
        if book is not None and outcome_book is not None:
            self.books = (book.keys_array, book.scores_array, outcome_book.keys_array, outcome_book.results_array)
            self.geo[G_BOOKS] = 1

    def reach_books(self, moves: int) -> None:
        """Load the books before the first search from a position with 12 stones or fewer (later ones cannot
        reach them: an end game is solved without reading 21 MB)."""
        if self.book_loader is not None and moves <= BOOK_PLY:
            loader, self.book_loader = self.book_loader, None
            self.use_books(*loader())

    def warm_up(self) -> None:
        """Compile (first run) or load (later runs) the search core now, not inside a timed move."""
        self.ctl[STOP] = 1  # every entry point returns at once; only the code gets loaded
        self.core.solve(0, 0, 0, self.geo, self.order, self.tt_keys, self.tt_values, self.books, self.work, self.ctl)
        self.core.negamax(
            0, 0, 0, 0, 1, self.geo, self.order, self.tt_keys, self.tt_values, self.books, self.work, self.ctl
        )
        self.core.heuristic_root(0, 0, 0, 1, -1, self.geo, self.order, self.weights, self.ctl)
        self.ctl[STOP] = 0

    def clear(self) -> None:
        """Forget every stored bound (a cold start, as for a benchmark)."""
        self.tt_keys.fill(0)
        self.tt_values.fill(0)

    def fresh_table(self) -> None:
        """Make the table empty for the searches that follow, as if cleared, without writing 38 MB.

        Keys are salted with a generation number in the bits above the position's; at the last generation
        the table is cleared for real and the count starts again.
        """
        self.generation += 1
        if self.generation >= 1 << (62 - self.key_bits):
            self.clear()
            self.generation = 1
        self.geo[G_SALT] = self.generation << self.key_bits

    def deadline(self, seconds: float | None, nodes: int | None = None) -> AbstractContextManager[None]:
        """Stop every search started inside when `seconds` have passed or after `nodes` more positions
        (None: no such bound)."""
        return self.control.deadline(seconds, nodes)

    @property
    def stopped(self) -> bool:
        """True once the current deadline has passed."""
        return self.control.stopped

    def count_nodes(self) -> int:
        """Nodes visited since the solver was made."""
        return self.control.nodes()

    def possible(self, mask: int) -> int:
        """Cells where a stone can be dropped now."""
        return (mask + self.layout.bottom) & self.layout.board

    def column_bit(self, mask: int, col: int) -> int:
        """The cell a stone dropped in `col` lands on (0 if the column is full)."""
        return self.possible(mask) & self.layout.column_mask(col)

    def columns(self, mask: int) -> list[int]:
        """Playable columns, centre first."""
        return [int(c) for c in self.order if self.column_bit(mask, int(c))]

    def wins_now(self, position: int, mask: int) -> int | None:
        """A column that wins at once, if any."""
        winning = self.layout.winning_cells(position, mask)
        return next((c for c in self.columns(mask) if self.column_bit(mask, c) & winning), None)

    def tables(self) -> tuple[Any, ...]:
        """What every search call takes after the window: geometry, order, table, books, scratch, control."""
        return (self.geo, self.order, self.tt_keys, self.tt_values, self.books, self.work, self.ctl)

    def finished(self, score: int) -> int:
        """A search's score, or SearchTimeout if the deadline stopped it."""
        if self.stopped:
            raise SearchTimeout
        return int(score)

    def solve(self, position: int, mask: int, moves: int) -> int:
        """The exact score of a position that is not over; SearchTimeout if the deadline passes first."""
        self.reach_books(moves)
        return self.finished(self.core.solve(position, mask, moves, *self.tables()))

    def null_window(self, position: int, mask: int, moves: int, alpha: int) -> int:
        """negamax with the window (alpha, alpha + 1): a bound that tells whether the score exceeds alpha."""
        self.reach_books(moves)
        return self.finished(self.core.negamax(position, mask, moves, alpha, alpha + 1, *self.tables()))

    def child_score(self, position: int, mask: int, moves: int, col: int) -> int:
        """The exact score, for the side to move, of playing `col`."""
        bit = self.column_bit(mask, col)
        if bit & self.layout.winning_cells(position, mask):
            return (self.cells + 1 - moves) // 2
        if moves + 1 == self.cells:
            return 0
        return -self.solve(position ^ mask, mask | bit, moves + 1)

    def move_scores(self, position: int, mask: int, moves: int) -> dict[int, int]:
        """Exact score, for the side to move, of every playable column (Pons' `analyze`)."""
        return {col: self.child_score(position, mask, moves, col) for col in self.columns(mask)}

    def safe_moves(self, position: int, mask: int) -> int:
        """Playable cells that do not hand the opponent a win at once (Pons' `possibleNonLosingMoves`)."""
        possible = self.possible(mask)
        threats = self.layout.winning_cells(position ^ mask, mask)
        forced = possible & threats
        if forced & (forced - 1):
            return 0
        return (forced or possible) & ~(threats >> 1)

    def best_column(self, position: int, mask: int, moves: int) -> tuple[int, int]:
        """(a column with the best exact score, that score): centre-most on ties, lost positions included."""
        winner = self.wins_now(position, mask)
        if winner is not None:
            return winner, (self.cells + 1 - moves) // 2
        safe = self.safe_moves(position, mask)
        if not safe:
            # Every move loses at once: block one of the opponent's threats (the loss comes a move later).
            threats = self.possible(mask) & self.layout.winning_cells(position ^ mask, mask)
            columns = self.columns(mask)
            blocking = [c for c in columns if self.column_bit(mask, c) & threats]
            return (blocking or columns)[0], -((self.cells - moves) // 2)
        if moves + 1 == self.cells:
            return self.columns(mask)[0], 0
        best = self.solve(position, mask, moves)
        for col in self.columns(mask):
            bit = self.column_bit(mask, col)
            if not bit & safe:
                continue
            # The child scores at least -best; one null-window search (the table is warm) tells whether it equals it.
            if self.null_window(position ^ mask, mask | bit, moves + 1, -best) <= -best:
                return col, best
        raise AssertionError(f"no column reaches the solved score {best}")

    def anytime(self, position: int, mask: int, moves: int, budget: float) -> SearchResult:
        """Iterative deepening with the heuristic at the horizon until `budget` seconds pass or the result is proven."""
        start = time.perf_counter()
        nodes = self.count_nodes()
        first = self.columns(mask)[0]
        best = SearchResult(first, 0, False, 0, 0)
        remaining = self.cells - moves
        with self.deadline(budget):
            for depth in range(1, remaining + 1):
                column, value = (
                    int(v)
                    for v in self.core.heuristic_root(
                        position, mask, moves, depth, best.column, self.geo, self.order, self.weights, self.ctl
                    )
                )
                if self.stopped or column < 0:
                    break
                proven = abs(value) >= core.PROVEN
                score = (value - core.PROVEN if value > 0 else value + core.PROVEN) if proven else value
                best = SearchResult(column, score, proven or depth >= remaining, depth, self.count_nodes() - nodes)
                if best.exact or time.perf_counter() - start > budget / 2:
                    break  # the next iteration would most likely not finish in time
        return SearchResult(best.column, best.score, best.exact, best.depth, self.count_nodes() - nodes)
