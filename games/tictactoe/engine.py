"""Exact tic-tac-toe minimax: value, then fastest win / slowest loss, then best odds against random."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from games.base import Cell
from games.mnk import GridState

MAX_EXACT_CELLS = 12  # beyond this the full solve no longer fits in memory and seconds


def line_masks(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Bit masks of every k-long line on the board (bit r * cols + c)."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    masks.append(sum(1 << ((r + dr * i) * cols + c + dc * i) for i in range(k)))
    return tuple(masks)


@dataclass(frozen=True)
class MoveScore:
    """A move's game value for the mover (+1/0/-1) and the number of marks when play ends."""

    index: int
    value: int
    depth: int


@dataclass
class Solver:
    """Memoised minimax over (mover's stones, opponent's stones) bit masks."""

    rows: int = 3
    cols: int = 3
    k: int = 3
    lines: tuple[int, ...] = field(init=False)
    full: int = field(init=False)

    def __post_init__(self) -> None:
        if self.rows * self.cols > MAX_EXACT_CELLS:
            raise ValueError(f"exact solve is limited to {MAX_EXACT_CELLS} cells")
        self.lines = line_masks(self.rows, self.cols, self.k)
        self.full = (1 << (self.rows * self.cols)) - 1
        self.node = lru_cache(maxsize=None)(self._node)
        self.win_chance = lru_cache(maxsize=None)(self._win_chance)

    def has_line(self, stones: int) -> bool:
        """True if `stones` contain a full line."""
        return any(stones & m == m for m in self.lines)

    def terminal(self, mine: int, theirs: int) -> tuple[int, int] | None:
        """(value, depth) for the mover if the position is over, else None."""
        if self.has_line(theirs):
            return -1, (mine | theirs).bit_count()
        if (mine | theirs) == self.full:
            return 0, self.full.bit_count()
        return None

    def _node(self, mine: int, theirs: int) -> tuple[int, int]:
        """Best (value, end depth) for the mover under the depth tie-break."""
        done = self.terminal(mine, theirs)
        if done is not None:
            return done
        return max((self.child(mine, theirs, i) for i in self.empty(mine, theirs)), key=rank)

    def child(self, mine: int, theirs: int, index: int) -> tuple[int, int]:
        """(value, depth) for the mover of playing `index`."""
        value, depth = self.node(theirs, mine | (1 << index))
        return -value, depth

    def empty(self, mine: int, theirs: int) -> list[int]:
        """Indices of empty cells."""
        taken = mine | theirs
        return [i for i in range(self.rows * self.cols) if not taken >> i & 1]

    def scores(self, mine: int, theirs: int) -> list[MoveScore]:
        """Value and depth of every legal move."""
        return [MoveScore(i, *self.child(mine, theirs, i)) for i in self.empty(mine, theirs)]

    def best_moves(self, mine: int, theirs: int) -> list[int]:
        """Moves with the best (value, depth), then the best odds of winning against random."""
        optimal = self.best_moves_no_odds(mine, theirs)
        odds = {i: self.win_chance(theirs, mine | (1 << i), False) for i in optimal}
        best = max(odds.values())
        return [i for i in optimal if odds[i] >= best - 1e-12]

    def _win_chance(self, mine: int, theirs: int, engine_to_move: bool) -> float:
        """Chance the engine wins from here, playing `best_moves_no_odds`, the opponent uniform random."""
        done = self.terminal(mine, theirs)
        if done is not None:
            # A line belongs to the side that just moved: the engine iff the random side is to move.
            return 1.0 if (done[0] == -1 and not engine_to_move) else 0.0
        if engine_to_move:
            i = self.best_moves_no_odds(mine, theirs)
            return max(self.win_chance(theirs, mine | (1 << j), False) for j in i)
        moves = self.empty(mine, theirs)
        return sum(self.win_chance(theirs, mine | (1 << j), True) for j in moves) / len(moves)

    def best_moves_no_odds(self, mine: int, theirs: int) -> list[int]:
        """Moves with the best (value, depth) only."""
        scores = self.scores(mine, theirs)
        top = max(rank((s.value, s.depth)) for s in scores)
        return [s.index for s in scores if rank((s.value, s.depth)) == top]


def rank(score: tuple[int, int]) -> tuple[int, int]:
    """Order (value, depth): higher value first; a win prefers small depth, else large depth."""
    value, depth = score
    return (value, -depth if value > 0 else depth)


def masks_of(state: GridState) -> tuple[int, int]:
    """(mover's stones, opponent's stones) of a grid state."""
    mover = state.to_move + 1
    mine = theirs = 0
    for i, v in enumerate(state.cells):
        if v == mover:
            mine |= 1 << i
        elif v:
            theirs |= 1 << i
    return mine, theirs


_SOLVERS: dict[tuple[int, int, int], Solver] = {}


def solver_for(rows: int, cols: int, k: int) -> Solver:
    """A shared solver per board shape (its memo tables are reused)."""
    key = (rows, cols, k)
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(rows, cols, k)
    return _SOLVERS[key]


def best_move(state: GridState, k: int) -> Cell:
    """The engine's move: optimal value, then depth, then odds against random; lowest index on ties."""
    solver = solver_for(state.rows, state.cols, k)
    index = solver.best_moves(*masks_of(state))[0]
    return Cell(*divmod(index, state.cols))
