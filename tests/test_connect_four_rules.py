"""Connect-Four rules: gravity, four directions, full columns, draws, Pons notation."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalMove, InvalidMove
from games.connect_four import ConnectFour


@pytest.mark.parametrize(
    ("sequence", "winner"),
    [
        ("1122334", 0),  # horizontal
        ("1212121", 0),  # vertical
        ("12234334544", 0),  # diagonal rising to the right
        ("76654554344", 0),  # diagonal rising to the left
        ("71122334", 1),  # O on the bottom row
    ],
)
def test_four_in_a_row_in_every_direction(sequence: str, winner: int) -> None:
    game = ConnectFour()
    state = game.play_sequence(sequence)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == winner and len(outcome.line) == 4


def test_stones_fall_to_the_lowest_free_cell() -> None:
    game = ConnectFour()
    state = game.play_sequence("44")
    assert state.cells[5 * 7 + 3] == 1 and state.cells[4 * 7 + 3] == 2


def test_full_column_is_illegal_and_refused_by_the_parser() -> None:
    game = ConnectFour()
    state = game.play_sequence("444444")
    assert 3 not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match="full"):
        game.apply(state, 3)
    with pytest.raises(IllegalMove, match="full"):
        game.parse_move(state, "4")
    with pytest.raises(IllegalMove, match="off the board"):
        game.parse_move(state, "8")
    with pytest.raises(InvalidMove):
        game.parse_move(state, "the middle one")
    assert game.parse_move(state, "column 5") == 4


def test_a_full_board_without_four_is_a_draw() -> None:
    game = ConnectFour()
    rng = random.Random(0)
    for _ in range(2000):
        state = game.initial_state()
        while not state.over:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if state.winner is None:
            break
    outcome = game.outcome(state)
    assert outcome is not None and outcome.is_draw and state.full and game.legal_moves(state) == []


def test_seven_by_seven_option() -> None:
    game = ConnectFour(rows=7)
    state = game.play_sequence("4444444")
    assert game.legal_moves(state) == [0, 1, 2, 4, 5, 6]
    assert game.render(state).splitlines()[0] == " 0 1 2 3 4 5 6"
    assert len(game.render(state).splitlines()) == 8


def test_bad_position_strings() -> None:
    game = ConnectFour()
    with pytest.raises(InvalidMove):
        game.play_sequence("12a")
    with pytest.raises(IllegalMove, match="full"):
        game.play_sequence("1111111")
    with pytest.raises(IllegalMove, match="over"):
        game.play_sequence("12121212")


def test_renderings() -> None:
    game = ConnectFour()
    state = game.play_sequence("45")
    assert game.render(state).splitlines()[-1] == "|.|.|.|X|O|.|.|"
    assert "first player: 6,4" in game.render(state, "list")
    assert game.render(state, "illustration").splitlines()[-1] == "e e e X O e e"
