"""Every engine answers with a legal move from every legal, unfinished position, lost ones included."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.battleship.engine import best_shot
from games.connect_four import ConnectFour
from games.connect_four.engine import ConnectFourEngine
from games.gomoku.engine import GomokuEngine
from games.mnk import GridState, empty_state, place
from games.registry import make_game
from games.tictactoe.engine import best_move, masks_of, solver_for


def random_positions(game: Any, count: int, seed: int) -> Iterator[Any]:
    """`count` unfinished positions reached by uniformly random play of random length."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = game.initial_state(rng)
        for _ in range(rng.randrange(0, 60)):
            after = game.apply(state, rng.choice(list(game.legal_moves(state))))
            if game.outcome(after) is not None:
                break
            state = after
        made += 1
        yield state


def deep_positions(game: Any, count: int, seed: int, plies: range) -> Iterator[Any]:
    """Unfinished positions of a number of stones drawn from `plies`, by random play restarted when it ends."""
    rng = random.Random(seed)
    for _ in range(count):
        target = rng.choice(plies)
        state = game.initial_state(rng)
        while game.ply(state) < target:
            after = game.apply(state, rng.choice(list(game.legal_moves(state))))
            state = game.initial_state(rng) if game.outcome(after) is not None else after
        yield state


def lost_connect_four_positions(game: ConnectFour, engine: ConnectFourEngine, count: int, seed: int) -> list[Any]:
    """Positions where the side to move cannot stop a win next move (two threats, or a stone under one)."""
    found: list[Any] = []
    for state in random_positions(game, 100 * count, seed):
        position, mask = engine.layout.from_state(state)
        if engine.solver.wins_now(position, mask) is None and not engine.solver.safe_moves(position, mask):
            found.append(state)
            if len(found) == count:
                break
    return found


def test_connect_four_every_move_is_legal_and_its_exact_score_holds() -> None:
    game = ConnectFour()
    engine = ConnectFourEngine(budget=None)
    checked = 0
    for state in random_positions(game, 1500, seed=11):
        verdict = engine.decide(state)
        assert verdict.column in game.legal_moves(state) and verdict.exact
        after = game.apply(state, verdict.column)
        if after.over:
            assert game.outcome(after) is not None
            continue
        # The claimed score is the score of the chosen child, and no other column scores more.
        assert -engine.score(after) == verdict.score
        if checked % 5 == 0:
            position, mask = engine.layout.from_state(state)
            assert verdict.score == max(engine.solver.move_scores(position, mask, state.ply).values())
        checked += 1
    assert checked > 300  # the rest were won on the spot


def test_connect_four_lost_positions_block_a_threat_and_score_the_loss() -> None:
    game = ConnectFour()
    engine = ConnectFourEngine(budget=0.5)
    lost = lost_connect_four_positions(game, engine, 200, seed=3)
    assert len(lost) == 200
    for state in lost:
        verdict = engine.decide(state)
        assert verdict.column in game.legal_moves(state)
        assert verdict.exact and verdict.score == -((42 - state.ply) // 2)
        position, mask = engine.layout.from_state(state)
        threats = engine.solver.possible(mask) & engine.layout.winning_cells(position ^ mask, mask)
        if threats:  # a playable threat of the opponent exists: the move blocks one
            assert engine.solver.column_bit(mask, verdict.column) & threats
        after = game.apply(state, verdict.column)
        if not after.over:
            position, mask = engine.layout.from_state(after)
            assert engine.solver.wins_now(position, mask) is not None  # the opponent still wins next


@pytest.mark.parametrize(("sequence", "score"), [("7346255533123363557", -11), ("252346723413221475325437", -9)])
def test_connect_four_positions_that_crashed_the_engine(sequence: str, score: int) -> None:
    game = ConnectFour()
    state = game.play_sequence(sequence)
    for budget in (None, 0.2):
        verdict = ConnectFourEngine(budget=budget).decide(state)
        assert verdict.column in game.legal_moves(state) and verdict.score == score and verdict.exact


def test_connect_four_seven_by_seven_moves_are_legal_under_a_small_budget() -> None:
    game = ConnectFour(rows=7)
    engine = ConnectFourEngine(rows=7, budget=0.02)
    proven = 0
    for state in [*random_positions(game, 300, seed=5), *deep_positions(game, 100, 6, range(25, 45))]:
        verdict = engine.decide(state)
        assert verdict.column in game.legal_moves(state)
        if verdict.exact and 49 - state.ply <= 26:
            after = game.apply(state, verdict.column)
            if not after.over:
                assert -engine.score(after) == verdict.score
                proven += 1
    assert proven > 10


def test_connect_four_pure_python_fallback_gives_the_same_scores() -> None:
    import subprocess
    import sys

    positions = ["2252576253462244111563365343671351441", "7346255533123363557", "44455554221"]
    script = (
        "from games.connect_four import ConnectFour\n"
        "from games.connect_four import search\n"
        "from games.connect_four.engine import ConnectFourEngine\n"
        "assert not search.COMPILED\n"
        f"for s in {positions!r}:\n"
        "    e = ConnectFourEngine(budget=None)\n"
        "    print(e.score(ConnectFour().play_sequence(s)))\n"
    )
    env = {"ARENA_PURE_PYTHON": "1", "PATH": ""}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    engine = ConnectFourEngine(budget=None)
    compiled = [str(engine.score(ConnectFour().play_sequence(s))) for s in positions]
    assert out.stdout.split() == compiled


def tictactoe_positions(rows: int, cols: int, k: int) -> Iterator[GridState]:
    """Every reachable unfinished position of a small board, by depth-first search."""
    seen: set[tuple[int, ...]] = set()
    stack = [empty_state(rows, cols)]
    while stack:
        state = stack.pop()
        if state.cells in seen or state.over:
            continue
        seen.add(state.cells)
        yield state
        stack.extend(place(state, i, k) for i, v in enumerate(state.cells) if not v)


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (3, 4, 3)])
def test_tictactoe_every_reachable_position_gets_a_best_legal_move(rows: int, cols: int, k: int) -> None:
    solver = solver_for(rows, cols, k)
    count = lost = 0
    for state in tictactoe_positions(rows, cols, k):
        if 0 not in state.cells:
            continue
        cell = best_move(state, k)
        index = cell.row * cols + cell.col
        assert state.cells[index] == 0
        scores = {s.index: s.value for s in solver.scores(*masks_of(state))}
        assert scores[index] == max(scores.values())
        lost += max(scores.values()) < 0
        count += 1
    assert count > 4000 and lost > 100  # lost positions are among them


def gomoku_lost_positions(count: int, seed: int) -> list[GridState]:
    """X to move while O has an open four (both ends free): every move loses."""
    rng = random.Random(seed)
    found: list[GridState] = []
    while len(found) < count:
        r, c = rng.randrange(2, 13), rng.randrange(0, 10)
        x_cells = [rng.choice((0, 14)) * 15 + 3 * i + rng.randrange(2) for i in range(4)]  # spread out, no line
        state = empty_state(15, 15)
        for i in range(4):
            state = place(state, x_cells[i], 5)
            state = place(state, r * 15 + c + 1 + i, 5)
        found.append(state)
    return found


@pytest.mark.slow
def test_gomoku_moves_are_legal_from_random_and_lost_positions() -> None:
    game = make_game("gomoku")
    engine = GomokuEngine(budget=0.005)
    states = list(random_positions(game, 1000, seed=8)) + gomoku_lost_positions(100, seed=2)
    for state in states:
        cell = engine.best_move(state, 5)
        assert state.cells[cell.row * 15 + cell.col] == 0


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 4), (5, 5, 4), (6, 6, 5)])
def test_larger_k_in_a_row_boards_get_legal_moves(rows: int, cols: int, k: int) -> None:
    game = make_game("tictactoe", rows=rows, cols=cols, k=k)
    engine = GomokuEngine(budget=0.005)
    for state in random_positions(game, 700, seed=rows * 10 + k):
        cell = engine.best_move(state, k)
        assert state.cells[cell.row * cols + cell.col] == 0


@pytest.mark.parametrize("preset", ["classic", "childplay"])
def test_battleship_shots_are_legal_from_random_positions(preset: str) -> None:
    game = make_game("battleship", preset=preset)
    rng = random.Random(4)
    for state in random_positions(game, 1000, seed=9):
        seat = game.to_move(state)
        shot = best_shot(game.observe(state, seat), rng)
        assert shot in list(game.legal_moves(state))
