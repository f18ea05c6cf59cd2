"""Gomoku positions lost by force for the side to move: a proof by threat search, or "not proven".

Every move of the side to move (the defender) is tried. A move is refuted when the other side (the attacker)
then wins by at most DEPTH threats, fours and threes (`games.gomoku.search.vct`, which answers a three with
each of its blocks and with every counter-four). A move that is not refuted gets the attacker's answer from
a fixed player (any player makes a valid proof: it is one strategy of the attacker that wins against every
defence), and the defender's moves are tried again, up to LEVELS answers deep, while at most WIDTH moves
survive a level. Where the fixed player's answer does not prove the loss, the attacker's next best answers
(the threat-ranked candidates, up to ANSWERS in all) are tried in turn: one that proves it is enough. A search
that runs out of positions leaves the position unproven: "not proven" says nothing either way.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import Cell
from games.gomoku.position import Position
from games.mnk import GridState, place
from games.search_control import SearchControl

K = 5
DEPTH = 8  # threats the attacker may use to refute a move
LEVELS = 4  # the attacker's answers a proof may go through
WIDTH = 6  # more surviving moves than this in one position leave it unproven
NODES = 400_000  # positions one threat search may visit before the proof gives up
ANSWERS = 3  # the attacker's answers tried to a surviving move: the fixed player's, then the best-ranked others

Answer = Callable[[GridState], Cell]


def lost_by_force(state: GridState, answer: Answer, levels: int = LEVELS, answers: int = ANSWERS) -> bool:
    """True when every move of the side to move in `state` loses: to threats at once, or after one of the
    attacker's `answers` best answers (`answer`'s move first)."""
    return _lost(state, answer, levels, answers, SearchControl())


def attacker_answers(state: GridState, answer: Answer, answers: int) -> list[int]:
    """The attacker's answers to try in `state` (its move): `answer`'s cell, then the best-ranked candidates."""
    chosen = answer(state)
    first = chosen.row * state.cols + chosen.col
    ranked = Position(state, K).candidates(state.to_move + 1, answers) if answers > 1 else []
    return [first, *[cell for cell in ranked if cell != first][: answers - 1]]


def _lost(state: GridState, answer: Answer, levels: int, answers: int, control: SearchControl) -> bool:
    position = Position(state, K)
    defender = state.to_move + 1
    if position.completions(defender):
        return False  # the defender wins at once
    survivors: list[int] = []
    for cell in (i for i, stone in enumerate(state.cells) if not stone):
        refuted = _refuted(position, defender, cell, control)
        if refuted is None:
            return False
        if not refuted:
            survivors.append(cell)
            if len(survivors) > WIDTH:
                return False
    if survivors and levels == 0:
        return False
    for cell in survivors:
        after = place(state, cell, K)
        if after.over:
            return False  # the defender's five, or a full board
        if not any(_answer_wins(after, reply, answer, levels, answers, control)
                   for reply in attacker_answers(after, answer, answers)):  # fmt: skip
            return False
    return True


def _answer_wins(
    after: GridState, reply: int, answer: Answer, levels: int, answers: int, control: SearchControl
) -> bool:
    """True when the attacker's `reply` in `after` leaves the defender lost (or is the attacker's five)."""
    answered = place(after, reply, K)
    if answered.over:
        return answered.winner is not None
    return _lost(answered, answer, levels - 1, answers, control)


def _refuted(position: Position, defender: int, cell: int, control: SearchControl) -> bool | None:
    """True when after the defender's `cell` the attacker wins by threats; False when it does not within DEPTH
    (a four of the defender's counts as not refuted: its block is forced, and the next level goes on from it);
    None when a search ran out of positions."""
    attacker = 3 - defender
    position.play(cell, defender, 1)
    try:
        if position.completions(defender):
            return False
        with control.deadline(None, NODES):
            for depth in range(1, DEPTH + 1):  # short wins first: they are most of them and cheap
                if position.vct(attacker, depth, control.ctl) >= 0 and not control.stopped:
                    return True
                if control.stopped:
                    return None
        return False
    finally:
        position.play(cell, defender, -1)
