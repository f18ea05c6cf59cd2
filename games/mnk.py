"""m x n boards where k in a row wins: the rules behind tic-tac-toe and Gomoku."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from games import grid
from games.base import Cell, IllegalMove, Outcome

MAX_SIDE = 30  # Gomoku's 15x15 twice over: a board past this is a typo, not a game


@dataclass(frozen=True)
class GridState:
    """An immutable grid position: cells hold 0 (empty), 1 (seat 0) or 2 (seat 1)."""

    rows: int
    cols: int
    cells: tuple[int, ...]
    ply: int = 0
    last: int | None = None
    winner: int | None = None
    line: tuple[tuple[int, int], ...] = field(default=(), compare=False)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self.ply % 2

    @property
    def full(self) -> bool:
        """True when no cell is empty."""
        return self.ply >= self.rows * self.cols

    @property
    def over(self) -> bool:
        """True when someone has won or the board is full."""
        return self.winner is not None or self.full

    def outcome(self) -> Outcome | None:
        """The outcome if the game is over."""
        if self.winner is not None:
            return Outcome(self.winner, f"{grid.mark_of(self.winner)} made a line", self.line)
        if self.full:
            return Outcome(None, "board full")
        return None


def empty_state(rows: int, cols: int) -> GridState:
    """An empty board."""
    return GridState(rows, cols, (0,) * (rows * cols))


def place(state: GridState, index: int, k: int) -> GridState:
    """The state after the side to move puts a stone on empty cell `index`."""
    cells = list(state.cells)
    cells[index] = state.to_move + 1
    line = grid.winning_line(cells, state.rows, state.cols, index, k)
    return replace(
        state,
        cells=tuple(cells),
        ply=state.ply + 1,
        last=index,
        winner=state.to_move if line else None,
        line=line,
    )


@dataclass(frozen=True)
class GridGame:
    """What every grid game shares: size, empty start, alternate turns, outcome, Topsakal renderings."""

    rows: int = 3
    cols: int = 3
    k: int = 3
    name: str = "grid"

    def options(self) -> dict[str, Any]:
        """Board size and line length."""
        return {"rows": self.rows, "cols": self.cols, "k": self.k}

    def initial_state(self, rng: random.Random | None = None) -> GridState:
        """The empty board."""
        return empty_state(self.rows, self.cols)

    def to_move(self, state: GridState) -> int:
        """The seat to move."""
        return state.to_move

    def ply(self, state: GridState) -> int:
        """Moves played so far."""
        return state.ply

    def outcome(self, state: GridState) -> Outcome | None:
        """A line of k, a full board, or None."""
        return state.outcome()

    def render_topsakal(self, state: GridState, style: str) -> str | None:
        """Topsakal's list or illustration form, or None for another style."""
        if style == "list":
            return grid.render_list(state.cells, self.rows, self.cols)
        if style == "illustration":
            return grid.render_illustration(state.cells, self.rows, self.cols)
        return None


@dataclass(frozen=True)
class MNKGame(GridGame):
    """k in a row on an m x n board; the first player is X (seat 0)."""

    name: str = "mnk"

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or self.k < 1:
            raise ValueError("rows, cols and k must be positive")
        if self.rows > MAX_SIDE or self.cols > MAX_SIDE:
            raise ValueError(f"boards run up to {MAX_SIDE} rows and columns, not {self.rows}x{self.cols}")
        if self.k > max(self.rows, self.cols):
            raise ValueError(f"k={self.k} cannot fit on a {self.rows}x{self.cols} board")

    def legal_moves(self, state: GridState) -> list[Cell]:
        """Empty cells in reading order, none once the game is over."""
        if state.over:
            return []
        cols = self.cols
        return [Cell(*divmod(i, cols)) for i, v in enumerate(state.cells) if v == 0]

    def apply(self, state: GridState, move: Cell) -> GridState:
        """Place the mover's stone on `move`."""
        if state.over:
            raise IllegalMove("the game is over")
        if not (0 <= move.row < self.rows and 0 <= move.col < self.cols):
            raise IllegalMove(f"{move} is off the {self.rows}x{self.cols} board")
        index = move.row * self.cols + move.col
        if state.cells[index]:
            raise IllegalMove(f"{move} is already taken by {grid.mark_of(state.cells[index] - 1)}")
        return place(state, index, self.k)

    def parse_move(self, state: GridState, text: str) -> Cell:
        """Read `row col` (1-based) and check that the cell is free."""
        cell = grid.parse_cell(text, self.rows, self.cols)
        if state.cells[cell.row * self.cols + cell.col]:
            raise IllegalMove(f"{cell} is already taken")
        return cell

    def move_text(self, move: Cell) -> str:
        """`row,col`, 1-based."""
        return str(move)

    def render(self, state: GridState, style: str = "ascii", seat: int | None = None) -> str:
        """ASCII grid, Topsakal list or illustration."""
        return self.render_topsakal(state, style) or grid.render_ascii_cells(state.cells, self.rows, self.cols)
