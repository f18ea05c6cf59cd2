"""Connect-Four rules: stones drop to the lowest free cell of a column."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import grid
from games.base import IllegalMove, InvalidMove
from games.mnk import GridGame, GridState, place


@dataclass(frozen=True)
class ConnectFour(GridGame):
    """Connect-Four on a `rows` x `cols` board; moves are 0-based column numbers."""

    rows: int = 6
    cols: int = 7
    k: int = 4
    name: str = "connect-four"

    def __post_init__(self) -> None:
        if not (4 <= self.rows <= 9 and 4 <= self.cols <= 9):
            raise ValueError("Connect-Four boards run from 4 to 9 rows and columns")

    def options(self) -> dict[str, Any]:
        """Board size."""
        return {"rows": self.rows, "cols": self.cols}

    def column_height(self, state: GridState, col: int) -> int:
        """How many stones column `col` holds."""
        cols, cells = self.cols, state.cells
        return sum(1 for r in range(self.rows) if cells[r * cols + col])

    def legal_moves(self, state: GridState) -> list[int]:
        """Columns that are not full, left to right; none once the game is over."""
        if state.over:
            return []
        return [c for c in range(self.cols) if state.cells[c] == 0]

    def apply(self, state: GridState, move: int) -> GridState:
        """Drop the mover's stone into column `move`."""
        if state.over:
            raise IllegalMove("the game is over")
        if not 0 <= move < self.cols:
            raise IllegalMove(f"column {move + 1} is off the board (columns 1-{self.cols})")
        height = self.column_height(state, move)
        if height == self.rows:
            raise IllegalMove(f"column {move + 1} is full")
        row = self.rows - 1 - height
        return place(state, row * self.cols + move, self.k)

    def play_sequence(self, moves: str, state: GridState | None = None) -> GridState:
        """Play a string of 1-based column digits (Pascal Pons' notation) from `state`."""
        state = state or self.initial_state()
        for i, ch in enumerate(moves.strip()):
            if not ch.isdigit():
                raise InvalidMove(f"position character {i + 1} is {ch!r}, not a column digit")
            if state.over:
                raise IllegalMove(f"the game is already over before move {i + 1}")
            state = self.apply(state, int(ch) - 1)
        return state

    def parse_move(self, state: GridState, text: str) -> int:
        """Read a 1-based column number and check the column has room."""
        (col,) = grid.parse_numbers(text, 1, f"one column number from 1 to {self.cols}")
        if not 1 <= col <= self.cols:
            raise IllegalMove(f"column {col} is off the board (columns 1-{self.cols})")
        if state.cells[col - 1]:
            raise IllegalMove(f"column {col} is full")
        return col - 1

    def move_text(self, move: int) -> str:
        """The 1-based column number."""
        return str(move + 1)

    def render(self, state: GridState, style: str = "ascii", seat: int | None = None) -> str:
        """ChildPlay's dotted grid, Topsakal list or illustration."""
        topsakal = self.render_topsakal(state, style)
        if topsakal is not None:
            return topsakal
        rows = grid.symbol_rows(state.cells, self.rows, self.cols, ".")
        lines = [" " + " ".join(str(c) for c in range(self.cols))]
        lines += ["|" + "|".join(row) + "|" for row in rows]
        return "\n".join(lines)
