"""The Gomoku engine: completes fives, blocks fours, meets open threes, beats weak players."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from games.base import Cell
from games.gomoku import Gomoku, search
from games.gomoku.engine import GomokuEngine
from games.gomoku.threat_rules import one_ply_move
from games.mnk import GridState
from games.search_control import NODES, SearchControl
from tests.gomoku_helpers import position

GAME = Gomoku()
ROOT = Path(__file__).resolve().parent.parent


def fast_engine() -> GomokuEngine:
    return GomokuEngine(budget=0.05)


def test_completes_five_rather_than_blocking() -> None:
    state = position([(7, 3), (7, 4), (7, 5), (7, 6), (0, 0)], [(9, 3), (9, 4), (9, 5), (9, 6), (0, 14)])
    assert fast_engine().best_move(state) in (Cell(7, 2), Cell(7, 7))


def test_completes_a_broken_five() -> None:
    state = position([(3, 3), (4, 4), (6, 6), (7, 7)], [(0, 0), (0, 1), (0, 2), (14, 14)])
    assert fast_engine().best_move(state) == Cell(5, 5)


def test_blocks_a_four() -> None:
    state = position([(7, 7), (2, 2), (12, 12)], [(3, 10), (4, 10), (5, 10), (6, 10)])
    state = GridState(15, 15, state.cells, ply=8)  # X to move
    assert fast_engine().best_move(state) in (Cell(2, 10), Cell(7, 10))


def test_blocks_a_split_four() -> None:
    state = position([(7, 7), (2, 2), (12, 12), (12, 0)], [(5, 1), (5, 2), (5, 4), (5, 5)])
    assert fast_engine().best_move(state) == Cell(5, 3)


def test_meets_an_open_three_before_it_becomes_an_open_four() -> None:
    state = position([(0, 0), (14, 14)], [(7, 6), (7, 7), (7, 8)])
    state = GridState(15, 15, state.cells, ply=6)  # X to move
    assert fast_engine().best_move(state) in (Cell(7, 5), Cell(7, 9), Cell(7, 4), Cell(7, 10))


def play(opponent: str, games: int) -> int:
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        engine = GomokuEngine(budget=0.02)
        engine_seat = seed % 2
        state = GAME.initial_state()
        while not state.over:
            if state.to_move == engine_seat:
                move = engine.best_move(state)
            elif opponent == "random":
                move = rng.choice(GAME.legal_moves(state))
            else:
                move = one_ply_move(state, rng)
            state = GAME.apply(state, move)
        wins += state.winner == engine_seat
    return wins


@pytest.mark.slow
def test_wins_100_of_100_against_random() -> None:
    assert play("random", 100) == 100


@pytest.mark.slow
def test_wins_at_least_80_percent_against_a_one_ply_engine() -> None:
    assert play("one-ply", 50) >= 40


def test_a_win_by_continuous_fours_is_found_and_played() -> None:
    # X to move: (7,6) makes a four along row 7 and another down column 6 at once; O cannot block both.
    x = [(7, 3), (7, 4), (7, 5), (8, 6), (9, 6), (10, 6)]
    o = [(7, 2), (11, 6), (0, 0), (0, 14), (14, 0), (14, 14)]
    verdict = fast_engine().decide(position(x, o))
    assert verdict.reason == "vcf" and verdict.cell == Cell(7, 6) and verdict.exact


def test_a_longer_vcf_wins_against_every_forced_block() -> None:
    # X: a closed three on row 4 and the makings of a second line; each four forces the only block.
    x = [(4, 4), (4, 5), (4, 6), (5, 8), (6, 8), (8, 8)]
    o = [(4, 3), (9, 8), (0, 0), (0, 14), (14, 0), (14, 14)]
    state = position(x, o)
    engine = fast_engine()
    first = engine.decide(state)
    assert first.reason == "vcf"
    for _ in range(10):  # X plays the engine's fours, O the forced block each time
        state = GAME.apply(state, engine.best_move(state))
        if state.over:
            break
        state = GAME.apply(state, fast_engine().best_move(state))
        assert not state.over
    assert state.over and state.winner == 0  # seat 0 is X


def test_a_win_by_two_open_threes_is_found_and_won_against_the_engine() -> None:
    # X to move has no four to make: (7,7) makes two open threes at once (row 7 and column 7), and O can stop one.
    state = position([(7, 5), (7, 6), (5, 7), (6, 7)], [(0, 0), (0, 14), (14, 0), (14, 14)])
    attacker, defender = GomokuEngine(budget=0.2), GomokuEngine(budget=0.2)
    first = attacker.decide(state)
    assert (first.reason, first.cell) == ("vct", Cell(7, 7)) and first.exact
    for _ in range(6):
        state = GAME.apply(state, attacker.best_move(state))
        if state.over:
            break
        state = GAME.apply(state, defender.best_move(state))
    assert state.over and state.winner == 0


# O to move against X's open three down column 6 (rows 5-7); from a game the engine lost to gomokubench
# by blocking at (4,6), after which X wins by five threats starting (8,6).
THREE_X = [(5, 6), (7, 7), (7, 6), (6, 6)]
THREE_O = [(4, 9), (5, 4), (7, 5)]


def test_an_answer_to_a_three_is_proven_or_refuted_by_the_threats_after_it() -> None:
    from games.gomoku.position import Position

    engine = GomokuEngine(budget=1.0)
    board = Position(position(THREE_X, THREE_O), 5)
    with engine.control.deadline(None):
        assert not engine.holds(board, 2, 4 * 15 + 6, 5)  # (4,6): X wins by threats
        assert engine.holds(board, 2, 8 * 15 + 6, 5)  # (8,6): X has no win within five threats
        assert not engine.holds(board, 2, 3 * 15 + 6, 1)  # (3,6) leaves the open four at (8,6)
    assert board.board.tolist() == Position(position(THREE_X, THREE_O), 5).board.tolist()  # every stone taken back


def test_the_engine_answers_a_three_with_a_move_that_holds() -> None:
    from games.gomoku.position import Position

    engine = GomokuEngine(budget=1.0)
    state = position(THREE_X, THREE_O)
    cell = engine.best_move(state)
    after = Position(GAME.apply(state, cell), 5)
    assert after.vct(1, 5, SearchControl().ctl) < 0, cell


LOAD_AND_PLAY = """
from games.gomoku import search
from games.gomoku.engine import GomokuEngine
from games.mnk import empty_state, place
state = place(place(empty_state(15, 15), 112, 5), 113, 5)
print(GomokuEngine(budget=0.05).best_move(state, 5))
for compiled in (search.search, search.vct):
    print(sum(compiled.stats.cache_hits.values()), sum(compiled.stats.cache_misses.values()))
"""


@pytest.mark.skipif(not search.COMPILED, reason="numba is not installed: nothing is compiled or cached")
def test_a_later_process_loads_the_search_from_the_cache_and_plays() -> None:
    # The recursive search was compiled anew in every process (2.6 s): loading it from numba's cache crashed
    # the process while it called itself with a literal argument (-1), which numba compiles as another type.
    runs = [
        subprocess.run([sys.executable, "-c", LOAD_AND_PLAY], capture_output=True, text=True, cwd=ROOT, timeout=300)
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], runs[-1].stderr[-500:]
    move, *counts = runs[1].stdout.split("\n")[:3]
    assert [part.isdigit() for part in move.split(",")] == [True, True]  # a cell, "row,col"
    assert counts == ["1 0", "1 0"]  # the alpha-beta and the threat search: one cache hit each, no compilation


def deepen(state: GridState, depth: int, slots: int) -> tuple[list[int], int, int]:
    """Iterative deepening to `depth` with a table of `slots` rows: (value at each depth, best cell, nodes)."""
    from games.gomoku.position import Position

    position = Position(state, 5)
    table = np.zeros((slots, 3), dtype=np.int64)
    ctl = SearchControl().ctl
    values, best = [], -1
    for ply in range(1, depth + 1):
        value = search.search(
            state.to_move + 1, ply, 0, -search.WIN - 1, search.WIN + 1, best, 5, 15, 12,
            position.key, *position.tables(), position.zobrist, table, ctl,
        )  # fmt: skip
        values.append(int(value))
        best = int(ctl[search.BEST])
    return values, best, int(ctl[NODES])


def seeded_position(seed: int, stones: int = 6) -> GridState:
    """`stones` stones at random in the central 7x7 square, the players alternating."""
    rng, cells = random.Random(seed), [0] * 225
    for ply in range(stones):
        cell = rng.choice([i for i in range(225) if not cells[i] and 4 <= i // 15 <= 10 and 4 <= i % 15 <= 10])
        cells[cell] = ply % 2 + 1
    return GridState(15, 15, tuple(cells), ply=stones)


def test_the_table_saves_nodes_and_keeps_the_choice() -> None:
    # A one-row table remembers almost nothing: the same search with the full table must agree and cost less.
    remembered = forgetful = 0
    for seed in range(4):
        state = seeded_position(seed)
        values, best, nodes = deepen(state, 7, 1 << 20)
        plain_values, plain_best, plain_nodes = deepen(state, 7, 1)
        assert (values[-1], best) == (plain_values[-1], plain_best), seed
        remembered, forgetful = remembered + nodes, forgetful + plain_nodes
    assert remembered < 0.85 * forgetful  # 0.73 when written


def test_a_remembered_win_keeps_its_distance() -> None:
    # X wins by continuous fours: stored wins count from their own position, so the table must not move the five.
    x = [(4, 4), (4, 5), (4, 6), (5, 8), (6, 8), (8, 8)]
    o = [(4, 3), (9, 8), (0, 0), (0, 14), (14, 0), (14, 14)]
    values, _, _ = deepen(position(x, o), 7, 1 << 20)
    plain_values, _, _ = deepen(position(x, o), 7, 1)
    assert values == plain_values and values[-1] >= search.WIN - 10


@pytest.mark.parametrize("seed", [0, 3])
def test_a_budget_in_positions_repeats_every_move_exactly(seed: int) -> None:
    # With a time budget the moves depend on how much of the second the machine gives; with a node budget
    # every phase stops at the same position, so a loaded machine plays the same game as an idle one.
    state = seeded_position(seed)
    first, again = (GomokuEngine(nodes=20_000).decide(state) for _ in range(2))
    assert first == again
    assert first.reason in ("search", "answer") and 0 < first.nodes <= 20_000


def test_a_budget_of_no_positions_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one position"):
        GomokuEngine(nodes=0)
