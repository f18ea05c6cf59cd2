"""Gomoku rules: five or more in a row on 15x15."""

from __future__ import annotations

import pytest

from games.base import Cell
from games.gomoku import Gomoku


@pytest.mark.parametrize(("dr", "dc"), [(0, 1), (1, 0), (1, 1), (1, -1)])
def test_five_wins_in_every_direction(dr: int, dc: int) -> None:
    game = Gomoku()
    state = game.initial_state()
    for i in range(5):
        state = game.apply(state, Cell(7 + dr * i, 7 + dc * i))
        if i < 4:
            assert game.outcome(state) is None
            state = game.apply(state, Cell(0, i * 2))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0 and len(outcome.line) == 5


def test_four_does_not_win_and_an_overline_does() -> None:
    game = Gomoku()
    state = game.initial_state()
    for col in (0, 1, 2, 4, 5):
        state = game.apply(state, Cell(7, col))
        state = game.apply(state, Cell(14, col * 2))
    assert game.outcome(state) is None
    state = game.apply(state, Cell(7, 3))  # joins 0-2 and 4-5: six in a row
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0 and len(outcome.line) == 6


def test_board_size() -> None:
    game = Gomoku()
    assert len(game.legal_moves(game.initial_state())) == 225
    assert game.options() == {"rows": 15, "cols": 15, "k": 5}
