"""Gomoku rules: freestyle, so an overline (six or more) also wins."""

from __future__ import annotations

from dataclasses import dataclass

from games.mnk import MNKGame


@dataclass(frozen=True)
class Gomoku(MNKGame):
    """Freestyle Gomoku on a 15x15 board."""

    rows: int = 15
    cols: int = 15
    k: int = 5
    name: str = "gomoku"
