"""Gomoku positions for tests, written as lists of stones."""

from __future__ import annotations

from games.mnk import GridState


def position(x: list[tuple[int, int]], o: list[tuple[int, int]]) -> GridState:
    """A 15x15 board with the given stones; X to move when the counts are equal, O when X has one more."""
    cells = [0] * 225
    for r, c in x:
        cells[r * 15 + c] = 1
    for r, c in o:
        cells[r * 15 + c] = 2
    return GridState(15, 15, tuple(cells), ply=len(x) + len(o))
