"""The tic-tac-toe engine: never loses, never misses a forced win, prefers fast wins, beats random."""

from __future__ import annotations

import random

from games.base import Cell
from games.mnk import GridState
from games.tictactoe import TicTacToe
from games.tictactoe.engine import Solver, best_move, masks_of

GAME = TicTacToe()


def reachable() -> list[GridState]:
    seen: dict[tuple[int, ...], GridState] = {}
    frontier = [GAME.initial_state()]
    while frontier:
        state = frontier.pop()
        if state.cells in seen:
            continue
        seen[state.cells] = state
        frontier.extend(GAME.apply(state, m) for m in GAME.legal_moves(state))
    return list(seen.values())


def test_full_solve_covers_5478_positions() -> None:
    solver = Solver()
    assert solver.node(0, 0) == (0, 9)
    assert len(reachable()) == 5478


def test_engine_never_loses_against_any_line_of_play() -> None:
    for engine_seat in (0, 1):
        frontier = [GAME.initial_state()]
        while frontier:
            state = frontier.pop()
            outcome = GAME.outcome(state)
            if outcome is not None:
                assert outcome.winner in (None, engine_seat)
                continue
            if state.to_move == engine_seat:
                frontier.append(GAME.apply(state, best_move(state, 3)))
            else:
                frontier.extend(GAME.apply(state, m) for m in GAME.legal_moves(state))


def test_engine_never_misses_a_forced_win_and_takes_the_fastest() -> None:
    solver = Solver()
    for state in reachable():
        if GAME.outcome(state) is not None:
            continue
        mine, theirs = masks_of(state)
        scores = solver.scores(mine, theirs)
        move = best_move(state, 3)
        chosen = next(s for s in scores if s.index == move.row * 3 + move.col)
        assert chosen.value == max(s.value for s in scores)
        if chosen.value == 1:
            assert chosen.depth == min(s.depth for s in scores if s.value == 1)


def test_immediate_win_is_preferred_over_a_slower_one() -> None:
    # X: 1,1 and 1,2; O: 2,1 and 3,3. X wins at once on 1,3.
    state = GridState(3, 3, (1, 1, 0, 2, 0, 0, 0, 0, 2), ply=4)
    assert best_move(state, 3) == Cell(0, 2)


def test_x_beats_random_in_at_least_99_2_percent_of_10000_seeded_games() -> None:
    rng = random.Random(2024)
    wins = losses = 0
    for _ in range(10_000):
        state = GAME.initial_state()
        while not state.over:
            move = best_move(state, 3) if state.to_move == 0 else rng.choice(GAME.legal_moves(state))
            state = GAME.apply(state, move)
        wins += state.winner == 0
        losses += state.winner == 1
    assert losses == 0
    assert wins >= 9920
