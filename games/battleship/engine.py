"""Battleship engine: probability density over every placement still consistent with what it saw.

Hunt: count, per cell, the placements of the remaining ships that avoid known misses and
sunk ships. Target: once a hit belongs to no sunk ship, weight placements through such
hits heavily, so the engine finishes a wounded ship before hunting again.
"""

from __future__ import annotations

import random
from functools import cache

from games.base import Cell
from games.battleship.fleet import placements
from games.battleship.rules import BattleshipView

TARGET_WEIGHT = 50


@cache
def placement_masks(size: int, length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every placement of a ship as (bit mask, cells), both orientations."""
    runs = placements(size, length, False) + placements(size, length, True)
    return tuple((sum(1 << i for i in run), run) for run in runs)


def density(view: BattleshipView) -> list[int]:
    """Weighted placement counts per cell; cells already shot score 0."""
    size = view.size
    sunk_cells = {c for ship in view.sunk for c in ship.cells}
    blocked = sum(1 << i for i in view.misses | sunk_cells)
    open_hits = view.hits - sunk_cells
    open_mask = sum(1 << i for i in open_hits)
    counts = [0] * (size * size)
    for length in view.remaining_lengths:
        for mask, run in placement_masks(size, length):
            if mask & blocked:
                continue
            covered = (mask & open_mask).bit_count()
            weight = 1 + TARGET_WEIGHT * covered * covered if open_mask else 1
            for i in run:
                counts[i] += weight
    for i in view.hits | view.misses:
        counts[i] = 0
    return counts


def best_shot(view: BattleshipView, rng: random.Random) -> Cell:
    """The densest unshot cell, ties broken at random (seeded)."""
    counts = density(view)
    top = max(counts)
    if top == 0:
        shot = view.hits | view.misses
        choices = [i for i in range(view.size * view.size) if i not in shot]
    else:
        choices = [i for i, v in enumerate(counts) if v == top]
    return Cell(*divmod(rng.choice(choices), view.size))
