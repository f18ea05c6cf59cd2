"""A Gomoku position as the arrays the compiled search works on: line windows, stone counts, keys."""

from __future__ import annotations

from functools import cache

import numpy as np

from games.gomoku import search
from games.mnk import GridState

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
THREAT_SLOTS = 1 << 18  # positions the threat search remembers (4 MB)


@cache
def board_windows(rows: int, cols: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every k-long segment (windows x k cells), and for every cell the windows through it (-1 padded)."""
    windows = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    windows.append([(r + dr * i) * cols + c + dc * i for i in range(k)])
    through: list[list[int]] = [[] for _ in range(rows * cols)]
    for w, cells in enumerate(windows):
        for cell in cells:
            through[cell].append(w)
    cell_windows = np.full((rows * cols, max(1, max(len(t) for t in through))), -1, dtype=np.int64)
    for cell, ws in enumerate(through):
        cell_windows[cell, : len(ws)] = ws
    return np.array(windows, dtype=np.int64).reshape(-1, k), cell_windows


@cache
def zobrist_keys(cells: int) -> np.ndarray:
    """A random 64-bit number for every (cell, player): a position's key is the XOR of its stones' numbers."""
    keys = np.random.default_rng(20261125).integers(-(1 << 62), 1 << 62, size=(cells, 3), dtype=np.int64)
    keys[:, 0] = 0
    return keys


Arrays = tuple[np.ndarray, ...]
# board, counts, windows, cell windows, near, totals, fours, fives, work
Tables = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]


class Position:
    """A grid position loaded into the arrays the compiled search works on."""

    def __init__(self, state: GridState, k: int) -> None:
        self.k, self.cols = k, state.cols
        self.windows, self.cell_windows = board_windows(state.rows, state.cols, k)
        cells = state.rows * state.cols
        self.board = np.zeros(cells, dtype=np.int8)
        self.counts = np.zeros((len(self.windows), 3), dtype=np.int64)
        self.near = np.zeros(cells, dtype=np.int64)
        self.totals = np.zeros(3, dtype=np.int64)
        self.fours = np.zeros(3, dtype=np.int64)
        self.fives = np.zeros(3, dtype=np.int64)
        self.work = np.zeros((search.MAX_PLY, cells, 2), dtype=np.int64)
        self.zobrist = zobrist_keys(cells)
        self.threat_table = np.zeros((THREAT_SLOTS, 2), dtype=np.int64)  # pages are touched as it fills
        self.key = 0
        for index, stone in enumerate(state.cells):
            if stone:
                self.play(index, stone, 1)

    def arrays(
        self,
    ) -> tuple[int, int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The arguments `place` takes after the cell, the player and the sign."""
        return (
            self.k,
            self.cols,
            self.board,
            self.counts,
            self.cell_windows,
            self.near,
            self.totals,
            self.fours,
            self.fives,
        )

    def tables(self) -> Tables:
        """The arrays `search` and `find_vcf` take after their numbers, up to the control block."""
        return (
            self.board,
            self.counts,
            self.windows,
            self.cell_windows,
            self.near,
            self.totals,
            self.fours,
            self.fives,
            self.work,
        )

    def play(self, cell: int, player: int, sign: int) -> None:
        """Place (sign 1) or take back (sign -1) a stone, keeping the key up to date."""
        search.place(cell, player, sign, *self.arrays())
        self.key ^= int(self.zobrist[cell, player])

    def vct(self, player: int, depth: int, ctl: np.ndarray) -> int:
        """The first cell of `player`'s win by at most `depth` threats from here, `player` to move; or -1."""
        arrays = (*self.tables(), self.zobrist, self.threat_table)
        return int(search.vct(player, depth, 0, search.ATTACKING, self.key, self.k, self.cols, arrays, ctl))

    def candidates(self, player: int, width: int) -> list[int]:
        """The `width` most promising empty cells near play for `player`, best first."""
        scratch = self.work[0]
        arrays = (self.board, self.counts, self.cell_windows, self.near, scratch)
        return [int(cell) for cell in scratch[: search.candidates(player, self.k, *arrays, width, False), 0]]

    def completions(self, player: int) -> list[int]:
        """Cells that would give `player` k in a row now."""
        out = np.zeros(len(self.board), dtype=np.int64)
        n = search.completion_cells(player, self.k, self.windows, self.counts, self.board, out)
        return [int(c) for c in out[:n]]
