"""Shared pieces of the k-in-a-row grid games: lines, move parsing and text renderings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.base import Cell, IllegalMove, InvalidMove

MARKS = ("X", "O")
EMPTY = 0
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
_INT = re.compile(r"-?\d+")
LONGEST_NUMBER = 9  # digits: a longer number (a model writing 5,000 nines) makes the answer invalid, unread


def mark_of(seat: int) -> str:
    """The mark a seat plays with: seat 0 is X, seat 1 is O."""
    return MARKS[seat]


def winning_line(cells: Sequence[int], rows: int, cols: int, index: int, k: int) -> tuple[tuple[int, int], ...]:
    """The longest line through `index` of the same stone if it is at least `k` long, else ()."""
    stone = cells[index]
    row, col = divmod(index, cols)
    best: tuple[tuple[int, int], ...] = ()
    for dr, dc in DIRECTIONS:
        run = [(row, col)]
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == stone:
                run.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        if len(run) >= k and len(run) > len(best):
            best = tuple(sorted(run))
    return best


def parse_numbers(text: str, count: int, what: str) -> list[int]:
    """Read exactly `count` integers from `text`, or raise InvalidMove naming `what`."""
    found = _INT.findall(text)
    if any(len(n.lstrip("-")) > LONGEST_NUMBER for n in found):
        raise InvalidMove(f"expected {what}, got a number of more than {LONGEST_NUMBER} digits")
    numbers = [int(n) for n in found]
    if len(numbers) != count:
        raise InvalidMove(f"expected {what}, got {text.strip()[:40]!r}")
    return numbers


def parse_cell(text: str, rows: int, cols: int) -> Cell:
    """Read a 1-based `row col` (any separator) into a 0-based Cell inside the board."""
    row, col = parse_numbers(text, 2, "a row and a column such as '2 3'")
    if not (1 <= row <= rows and 1 <= col <= cols):
        raise IllegalMove(f"{row},{col} is off the {rows}x{cols} board (rows 1-{rows}, columns 1-{cols})")
    return Cell(row - 1, col - 1)


def symbol_rows(cells: Sequence[int], rows: int, cols: int, empty: str) -> list[list[str]]:
    """The board as rows of symbols: X, O or `empty`."""
    symbols = (empty, MARKS[0], MARKS[1])
    return [[symbols[cells[r * cols + c]] for c in range(cols)] for r in range(rows)]


def render_ascii_cells(cells: Sequence[int], rows: int, cols: int) -> str:
    """ChildPlay's tic-tac-toe drawing: 0-based headers and `|`-separated cells."""
    grid = symbol_rows(cells, rows, cols, " ")
    width = len(str(max(rows, cols) - 1))
    header = " " * (width + 2) + "   ".join(f"{c:<{width}}" for c in range(cols)).rstrip()
    lines = [header]
    for r, row in enumerate(grid):
        lines.append(f"{r:<{width}}  " + " | ".join(row))
        if r < rows - 1:
            lines.append(" " * (width + 1) + "---+" * (cols - 1) + "---")
    return "\n".join(lines)


def render_list(cells: Sequence[int], rows: int, cols: int) -> str:
    """Topsakal's 'list' form: 1-based `row,col` of each player's stones, `;`-separated."""
    lines = []
    for seat, label in ((0, "first"), (1, "second")):
        taken = [f"{r + 1},{c + 1}" for r in range(rows) for c in range(cols) if cells[r * cols + c] == seat + 1]
        lines.append(f"The locations occupied by the {label} player: {'; '.join(taken) or 'None'}")
    return "\n".join(lines)


def render_illustration(cells: Sequence[int], rows: int, cols: int) -> str:
    """Topsakal's 'illustration' form: one line per row, X / O / e (empty), space-separated."""
    return "\n".join(" ".join(row) for row in symbol_rows(cells, rows, cols, "e"))
