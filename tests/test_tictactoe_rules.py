"""Tic-tac-toe rules, including the m x n, k-in-a-row generalisation."""

from __future__ import annotations

import pytest

from games.base import Cell, IllegalMove, InvalidMove
from games.mnk import GridState
from games.tictactoe import TicTacToe


def play(game: TicTacToe, moves: list[tuple[int, int]]) -> GridState:
    state = game.initial_state()
    for r, c in moves:
        state = game.apply(state, Cell(r, c))
    return state


@pytest.mark.parametrize(
    ("x_moves", "o_moves"),
    [
        ([(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1)]),  # row
        ([(0, 1), (1, 1), (2, 1)], [(0, 0), (0, 2)]),  # column
        ([(0, 0), (1, 1), (2, 2)], [(0, 1), (0, 2)]),  # main diagonal
        ([(0, 2), (1, 1), (2, 0)], [(0, 0), (0, 1)]),  # anti-diagonal
    ],
)
def test_x_wins_on_every_line_direction(x_moves: list[tuple[int, int]], o_moves: list[tuple[int, int]]) -> None:
    game = TicTacToe()
    sequence = [m for pair in zip(x_moves, [*o_moves, None], strict=True) for m in pair if m is not None]
    state = play(game, sequence)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert set(outcome.line) == set(x_moves)
    assert game.legal_moves(state) == []


def test_o_wins() -> None:
    game = TicTacToe()
    state = play(game, [(0, 0), (1, 0), (0, 1), (1, 1), (2, 2), (1, 2)])
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 1


def test_full_board_without_line_is_a_draw() -> None:
    game = TicTacToe()
    state = play(game, [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)])
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner is None and outcome.is_draw


def test_occupied_cell_is_illegal_and_state_is_unchanged() -> None:
    game = TicTacToe()
    state = play(game, [(1, 1)])
    with pytest.raises(IllegalMove, match="already taken"):
        game.apply(state, Cell(1, 1))
    assert state.cells[4] == 1 and state.ply == 1


def test_moves_after_the_end_are_illegal() -> None:
    game = TicTacToe()
    state = play(game, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    with pytest.raises(IllegalMove, match="over"):
        game.apply(state, Cell(2, 2))


@pytest.mark.parametrize("text", ["", "hello", "2", "1 2 3", "row two col one"])
def test_unreadable_text_is_invalid(text: str) -> None:
    game = TicTacToe()
    with pytest.raises(InvalidMove):
        game.parse_move(game.initial_state(), text)


def test_parsing_reads_one_based_coordinates_and_refuses_bad_cells() -> None:
    game = TicTacToe()
    state = game.initial_state()
    assert game.parse_move(state, "2 3") == Cell(1, 2)
    assert game.parse_move(state, "(3, 1)") == Cell(2, 0)
    with pytest.raises(IllegalMove, match="off the 3x3 board"):
        game.parse_move(state, "4 1")
    with pytest.raises(IllegalMove, match="taken"):
        game.parse_move(game.apply(state, Cell(0, 0)), "1,1")
    assert game.move_text(Cell(1, 2)) == "2,3"
    assert game.parse_move(state, game.move_text(Cell(2, 1))) == Cell(2, 1)


def test_renderings() -> None:
    game = TicTacToe()
    state = play(game, [(0, 0), (1, 1)])
    assert game.render(state, "ascii").splitlines() == [
        "   0   1   2",
        "0  X |   |  ",
        "  ---+---+---",
        "1    | O |  ",
        "  ---+---+---",
        "2    |   |  ",
    ]
    assert game.render(state, "list") == (
        "The locations occupied by the first player: 1,1\nThe locations occupied by the second player: 2,2"
    )
    assert game.render(game.initial_state(), "list").count("None") == 2
    assert game.render(state, "illustration") == "X e e\ne O e\ne e e"


def test_generalised_board_needs_k_in_a_row() -> None:
    game = TicTacToe(rows=4, cols=5, k=4)
    state = play(game, [(3, 0), (0, 0), (2, 1), (0, 1), (1, 2), (0, 2)])
    assert game.outcome(state) is None
    state = game.apply(state, Cell(0, 3))  # X on the anti-diagonal's far end
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0 and len(outcome.line) == 4
    assert len(game.legal_moves(game.initial_state())) == 20


def test_impossible_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot fit"):
        TicTacToe(rows=3, cols=3, k=4)
