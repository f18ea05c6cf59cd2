"""The Gomoku engine against gomokubench's `standard` AI: the first ten games of `bench.gomoku_strength`."""

from __future__ import annotations

import pytest

from bench.gomoku_strength import strength

# The positions a 1 s move searched on this machine (the median of the moves that used over half of it,
# `python -m bench.gomoku_strength` at 1 s). A budget in positions plays the same games on a loaded machine,
# where a 1 s budget searches less and its results move with the load.
ONE_SECOND = 120_000


@pytest.mark.slow
def test_no_loss_in_ten_games_against_gomokubench_at_one_second_of_positions() -> None:
    # Openings 0-4, each with both colours.
    wins, draws, losses, lost, _, _ = strength(f"nodes={ONE_SECOND}", 10)
    assert losses == 0, lost
    assert wins + draws == 10
