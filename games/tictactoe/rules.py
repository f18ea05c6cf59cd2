"""Tic-tac-toe rules: an m x n k-in-a-row game, 3x3x3 by default."""

from __future__ import annotations

from dataclasses import dataclass

from games.mnk import MNKGame


@dataclass(frozen=True)
class TicTacToe(MNKGame):
    """Tic-tac-toe; `rows`, `cols` and `k` generalise it."""

    rows: int = 3
    cols: int = 3
    k: int = 3
    name: str = "tictactoe"
