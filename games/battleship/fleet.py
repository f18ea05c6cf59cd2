"""Random fleet placement that never drops a ship: it succeeds or raises."""

from __future__ import annotations

import random
from dataclasses import dataclass

SHIP_NAMES = {5: "carrier", 4: "battleship", 3: "cruiser", 2: "destroyer", 1: "boat"}


@dataclass(frozen=True)
class Ship:
    """A placed ship: its name and the board indices (row * size + col) it covers."""

    name: str
    cells: tuple[int, ...]


def placements(size: int, length: int, vertical: bool) -> list[tuple[int, ...]]:
    """Every straight run of `length` cells on a size x size board, in one orientation."""
    runs = []
    for r in range(size):
        for c in range(size):
            if vertical and r + length <= size:
                runs.append(tuple((r + i) * size + c for i in range(length)))
            if not vertical and c + length <= size:
                runs.append(tuple(r * size + c + i for i in range(length)))
    return runs


def _halo(cells: tuple[int, ...], size: int) -> set[int]:
    """The cells and their eight neighbours."""
    around = set()
    for index in cells:
        r, c = divmod(index, size)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    around.add((r + dr) * size + c + dc)
    return around


def place_fleet(
    rng: random.Random,
    size: int,
    lengths: tuple[int, ...],
    vertical_allowed: bool = True,
    touching_allowed: bool = True,
    attempts: int = 200,
) -> tuple[Ship, ...]:
    """Place every ship at random, longest first; raise ValueError if the fleet cannot fit."""
    options = {
        length: placements(size, length, False) + (placements(size, length, True) if vertical_allowed else [])
        for length in set(lengths)
    }
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    for _ in range(attempts):
        blocked: set[int] = set()
        placed: dict[int, Ship] = {}
        for i in order:
            free = [run for run in options[lengths[i]] if blocked.isdisjoint(run)]
            if not free:
                break
            run = rng.choice(free)
            placed[i] = Ship(SHIP_NAMES.get(lengths[i], f"ship of {lengths[i]}"), run)
            blocked |= set(run) if touching_allowed else _halo(run, size)
        else:
            return tuple(placed[i] for i in range(len(lengths)))
    raise ValueError(f"cannot place ships {list(lengths)} on a {size}x{size} board")
