"""Proofs that a Gomoku position is lost by force for the side to move (`bench.gomoku_proof`)."""

from __future__ import annotations

from bench.gomoku_proof import _refuted, lost_by_force
from bench.gomoku_strength import first_faced, gomokubench_move
from games.base import Cell
from games.gomoku.position import Position
from games.mnk import GridState
from games.search_control import SearchControl
from tests.gomoku_helpers import position


def after_first_move(seed: int) -> GridState:
    """The position the second player first faces in the strength bench's opening `seed`."""
    return first_faced((seed, False))


def test_an_opening_whose_every_reply_loses_to_threats_is_proven_lost() -> None:
    # Opening 48: after black's (7,6) every white reply loses to black's threats at once (no answer needed).
    state = after_first_move(48)
    assert lost_by_force(state, gomokubench_move, levels=0)


def test_a_proof_goes_through_the_attackers_answers() -> None:
    # Opening 15: the two blocks of black's open three survive the threats, and each loses after black's answer.
    state = after_first_move(15)
    assert not lost_by_force(state, gomokubench_move, levels=0)  # two moves survive the first level
    assert lost_by_force(state, gomokubench_move)


def test_the_attackers_next_answers_prove_what_a_poor_answer_leaves_open() -> None:
    # Opening 15 again, with an attacker that answers in the first empty corner: that answer alone proves
    # nothing, and the best-ranked candidates tried after it find the wins gomokubench's answers found.
    def corner(state: GridState) -> Cell:
        return Cell(*divmod(state.cells.index(0), state.cols))

    state = after_first_move(15)
    assert not lost_by_force(state, corner, answers=1)
    assert lost_by_force(state, corner, answers=3)


def test_a_quiet_position_and_a_defenders_five_are_not_proven_lost() -> None:
    assert not lost_by_force(after_first_move(1), gomokubench_move)  # many replies hold: too wide to prove
    fives_next = position([(7, 7), (8, 8), (9, 9), (0, 0), (0, 14)], [(3, 3), (3, 4), (3, 5), (3, 6)])
    assert fives_next.to_move == 1 and not lost_by_force(fives_next, gomokubench_move)


def test_a_defenders_four_is_never_refuted_by_the_threats_that_would_follow_a_free_move() -> None:
    # Black has an open three; white's four at (3,6) forces black's block first, so it is not refuted here
    # (the next level goes on from the block), while a quiet white move far away is refuted.
    state = position([(7, 6), (7, 7), (7, 8), (0, 0)], [(3, 3), (3, 4), (3, 5)])
    assert state.to_move == 1
    board = Position(state, 5)
    control = SearchControl()
    assert _refuted(board, 2, 3 * 15 + 6, control) is False
    assert _refuted(board, 2, 13 * 15 + 13, control) is True
    assert board.key == Position(state, 5).key  # every try was taken back
