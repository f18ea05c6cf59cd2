"""The Gomoku engine against gomokubench's `standard` AI: the first ten games of `bench.gomoku_strength`."""

from __future__ import annotations

import pytest

from bench.gomoku_strength import strength


@pytest.mark.slow
def test_no_loss_in_ten_games_against_gomokubench_at_one_second() -> None:
    # Openings 0-4, each with both colours. The bench's 100 games still lose a few as the second player.
    wins, draws, losses, lost, longest, _ = strength(1.0, 10)
    assert losses == 0, lost
    assert wins + draws == 10 and longest < 1.0
