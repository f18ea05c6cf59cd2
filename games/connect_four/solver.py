"""Exact Connect-Four solver: bitboard negamax, null-window search, transposition table, opening book.

Scores follow Pascal Pons: 0 for a draw; if the side to move wins with its winning stone
played when `n` stones are on the board the score is `(rows * cols + 1 - n) // 2`; a loss is
the negative of the opponent's score.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from games.connect_four.bitboard import Layout
from games.connect_four.book import BOOK_PLY, OUTCOME_BOOK_PLY, OpeningBook, OutcomeBook

TT_LIMIT = 4_000_000


def _half(value: int) -> int:
    """Halve, rounding toward zero as C does (Python's // floors negatives)."""
    return -(-value // 2) if value < 0 else value // 2


class SearchTimeout(Exception):
    """The search ran past its deadline."""


@dataclass
class Solver:
    """Solves positions given as (stones of the side to move, all stones, stones played)."""

    rows: int = 6
    cols: int = 7
    book: OpeningBook | None = None
    outcome_book: OutcomeBook | None = None
    layout: Layout = field(init=False)
    order: list[int] = field(init=False)
    table: dict[int, int] = field(default_factory=dict, init=False)
    nodes: int = field(default=0, init=False)
    deadline: float | None = field(default=None, init=False)
    horizon: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.layout = Layout(self.rows, self.cols)
        mid = self.cols // 2
        self.order = sorted(range(self.cols), key=lambda c: (abs(c - mid), c))
        self.cells = self.rows * self.cols
        self.min_score = -(self.cells // 2) + 3
        self.max_score = (self.cells + 1) // 2 - 3
        self.column_masks = [self.layout.column_mask(c) for c in self.order]
        self.winning = self.layout.winning_cells
        self.bottom, self.board = self.layout.bottom, self.layout.board
        if (self.rows, self.cols) != (6, 7):
            self.book = self.outcome_book = None

    def possible(self, mask: int) -> int:
        """Cells where a stone can be dropped now."""
        return (mask + self.layout.bottom) & self.layout.board

    def can_win_next(self, position: int, mask: int) -> bool:
        """True if the side to move wins with one stone."""
        return bool(self.layout.winning_cells(position, mask) & self.possible(mask))

    def non_losing_moves(self, position: int, mask: int) -> int:
        """Playable cells that do not hand the opponent an immediate win."""
        possible = self.possible(mask)
        threats = self.layout.winning_cells(position ^ mask, mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return 0
            possible = forced
        return possible & ~(threats >> 1)

    def negamax(self, position: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Score within (alpha, beta); assumes the side to move cannot win at once."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise SearchTimeout
        winning = self.winning
        possible = (mask + self.bottom) & self.board
        threats = winning(position ^ mask, mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return -((self.cells - moves) // 2)
            possible = forced
        candidates = possible & ~(threats >> 1)
        if not candidates:
            return -((self.cells - moves) // 2)
        if moves >= self.cells - 2:
            return 0
        if self.horizon is not None and moves >= self.horizon:
            return 0  # depth-limited search: what lies beyond the horizon counts as a draw
        if moves == BOOK_PLY and self.book is not None:
            exact = self.book.score(position, mask)
            if exact is not None:
                return exact
        if moves == OUTCOME_BOOK_PLY and self.outcome_book is not None:
            # Win/draw/loss only: a draw is exact, a win or loss bounds the score.
            result = self.outcome_book.outcome(position, mask)
            if result == 0:
                return 0
            if result > 0 and alpha < 1:
                alpha = 1
            elif result < 0 and beta > -1:
                beta = -1
            if alpha >= beta:
                return alpha if result > 0 else beta
        low = -((self.cells - 2 - moves) // 2)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (self.cells - 1 - moves) // 2
        key = position + mask
        stored = self.table.get(key)
        if stored is not None:
            if stored > self.max_score - self.min_score + 1:
                low = stored + 2 * self.min_score - self.max_score - 2
                if alpha < low:
                    alpha = low
                    if alpha >= beta:
                        return alpha
            else:
                high = stored + self.min_score - 1
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        ranked = []
        for i, column in enumerate(self.column_masks):
            move = candidates & column
            if move:
                ranked.append((-winning(position | move, mask).bit_count(), i, move))
        ranked.sort()
        opponent = position ^ mask
        for _, _, move in ranked:
            score = -self.negamax(opponent, mask | move, moves + 1, -beta, -alpha)
            if score >= beta:
                self.store(key, score + self.max_score - 2 * self.min_score + 2)
                return score
            if score > alpha:
                alpha = score
        self.store(key, alpha - self.min_score + 1)
        return alpha

    def store(self, key: int, value: int) -> None:
        """Keep a bound; the table is emptied when it grows past its limit."""
        if len(self.table) >= TT_LIMIT:
            self.table.clear()
        self.table[key] = value

    def solve(self, position: int, mask: int, moves: int) -> int:
        """The exact score of a position that is not over."""
        if self.can_win_next(position, mask):
            return (self.cells + 1 - moves) // 2
        low = -((self.cells - moves) // 2)
        high = (self.cells + 1 - moves) // 2
        while low < high:
            med = low + (high - low) // 2
            if med <= 0 and _half(low) < med:
                med = _half(low)
            elif med >= 0 and high // 2 > med:
                med = high // 2
            result = self.negamax(position, mask, moves, med, med + 1)
            if result <= med:
                high = result
            else:
                low = result
        return low

    def column_bit(self, mask: int, col: int) -> int:
        """The cell a stone dropped in `col` lands on (0 if the column is full)."""
        return self.possible(mask) & self.layout.column_mask(col)

    def move_scores(self, position: int, mask: int, moves: int) -> dict[int, int]:
        """Exact score, for the side to move, of every playable column."""
        scores = {}
        winning = self.layout.winning_cells(position, mask)
        for col in self.order:
            bit = self.column_bit(mask, col)
            if not bit:
                continue
            if winning & bit:
                scores[col] = (self.cells + 1 - moves) // 2
            elif moves + 1 == self.cells:
                scores[col] = 0
            else:
                child = position ^ mask
                scores[col] = -self.solve(child, mask | bit, moves + 1)
        return scores

    def best_column(self, position: int, mask: int, moves: int) -> tuple[int, int]:
        """(a column with the best exact score, that score); centre-most on ties."""
        winning = self.layout.winning_cells(position, mask)
        for col in self.order:
            bit = self.column_bit(mask, col)
            if bit & winning:
                return col, (self.cells + 1 - moves) // 2
        best = self.solve(position, mask, moves)
        for col in self.order:
            bit = self.column_bit(mask, col)
            if not bit:
                continue
            if moves + 1 == self.cells:
                return col, 0
            child, child_mask = position ^ mask, mask | bit
            if self.can_win_next(child, child_mask):
                continue
            # The child scores at least -best; one null-window search tells whether it equals it.
            if self.negamax(child, child_mask, moves + 1, -best, -best + 1) <= -best:
                return col, best
        raise AssertionError("no move reaches the solved score")
