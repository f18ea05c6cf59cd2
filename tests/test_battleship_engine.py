"""The Battleship engine: density targeting sinks the classic fleet in at most 46 shots on average."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from games.battleship import Battleship
from games.battleship.engine import best_shot, density

GAME = Battleship("classic")


def shots_to_sink(seed: int) -> int:
    """Shots seat 0 needs to sink seat 1's fleet (seat 1's own shots do not matter here)."""
    rng = random.Random(seed)
    state = GAME.initial_state(rng)
    fired: tuple[int, ...] = ()
    while True:
        view = GAME.observe(replace(state, shots=(fired, ())), 0)
        if not view.remaining_lengths:
            return len(fired)
        cell = best_shot(view, rng)
        assert cell.row * 10 + cell.col not in fired
        fired += (cell.row * 10 + cell.col,)


@pytest.mark.slow
def test_average_over_1000_seeded_games_is_at_most_46_shots() -> None:
    mean = statistics.mean(shots_to_sink(seed) for seed in range(1000))
    assert mean <= 46


def test_density_uses_only_the_players_own_view() -> None:
    state = GAME.initial_state(random.Random(9))
    view = GAME.observe(state, 0)
    counts = density(view)
    enemy_cells = {c for ship in state.fleets[1] for c in ship.cells}
    # With nothing seen, the density is symmetric and the same for every fleet layout.
    other = GAME.observe(GAME.initial_state(random.Random(10)), 0)
    assert density(other) == counts
    assert counts[0] == counts[99] and counts[45] > counts[0]
    assert enemy_cells  # the fleet exists but is not in the view
    assert not hasattr(view, "fleets")
