"""Bitboard arithmetic for Connect-Four (Pascal Pons' layout): one column = rows + 1 bits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from games.mnk import GridState

# Transposition table entries for keys `position + mask`, a prime; 8-byte keys and 1-byte bounds: 38 MB. A constant
# the compiled search reads as one, so its `key % TABLE_SIZE` is a multiplication, not a division (10% faster).
TABLE_SIZE = 4_194_301


def make_winning_cells(rows: int, board: int) -> Callable[[int, int], int]:
    """A fast, unrolled `winning_cells` for one board height (the solver's hot spot)."""
    v, h, d1, d2 = 1, rows + 1, rows, rows + 2

    def winning_cells(position: int, mask: int) -> int:
        r = (position << v) & (position << 2 * v) & (position << 3 * v)
        p = (position << h) & (position << 2 * h)
        r |= p & (position << 3 * h)
        r |= p & (position >> h)
        p = (position >> h) & (position >> 2 * h)
        r |= p & (position << h)
        r |= p & (position >> 3 * h)
        p = (position << d1) & (position << 2 * d1)
        r |= p & (position << 3 * d1)
        r |= p & (position >> d1)
        p = (position >> d1) & (position >> 2 * d1)
        r |= p & (position << d1)
        r |= p & (position >> 3 * d1)
        p = (position << d2) & (position << 2 * d2)
        r |= p & (position << 3 * d2)
        r |= p & (position >> d2)
        p = (position >> d2) & (position >> 2 * d2)
        r |= p & (position << d2)
        r |= p & (position >> 3 * d2)
        return r & (board ^ mask)

    return winning_cells


@dataclass(frozen=True)
class Layout:
    """Masks for a `rows` x `cols` board; bit `col * (rows + 1) + row` with row 0 at the bottom."""

    rows: int = 6
    cols: int = 7
    bottom: int = field(init=False)
    board: int = field(init=False)
    winning_cells: Callable[[int, int], int] = field(init=False, repr=False, compare=False)
    """Empty cells that would complete four for the owner of `position` (position, mask)."""

    def __post_init__(self) -> None:
        h1 = self.rows + 1
        bottom = sum(1 << (c * h1) for c in range(self.cols))
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "board", bottom * ((1 << self.rows) - 1))
        object.__setattr__(self, "winning_cells", make_winning_cells(self.rows, self.board))

    def top_bit(self, col: int) -> int:
        """The bit of the highest cell of `col`."""
        return 1 << (self.rows - 1 + col * (self.rows + 1))

    def column_mask(self, col: int) -> int:
        """Every cell of `col`."""
        return ((1 << self.rows) - 1) << (col * (self.rows + 1))

    def from_state(self, state: GridState) -> tuple[int, int]:
        """(stones of the side to move, all stones) of a grid state."""
        position = mask = 0
        mover = state.to_move + 1
        h1 = self.rows + 1
        for index, stone in enumerate(state.cells):
            if stone:
                row, col = divmod(index, self.cols)
                bit = 1 << (col * h1 + (self.rows - 1 - row))
                mask |= bit
                if stone == mover:
                    position |= bit
        return position, mask
