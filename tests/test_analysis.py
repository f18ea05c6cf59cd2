"""Per-move analysis: missed wins, blocks and sinks on hand-built positions; exact grades against published values."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

from arena.analysis.moves import analyse, invalid_kind
from arena.analysis.ratings import CENTRE, ELO_SCALE, Result, bradley_terry, column_percentiles, elo, wilson
from games.base import Cell
from games.battleship.rules import Battleship, BattleshipState
from games.connect_four.rules import ConnectFour
from games.gomoku.rules import Gomoku
from games.grading import grade
from games.mnk import GridState
from games.tactics import Tactics, tactics
from games.tictactoe.rules import TicTacToe

DATA = Path(__file__).parent / "data"


def grid(rows: int, cols: int, marks: dict[int, int]) -> GridState:
    """A gravity-free position from {cell index: seat}; the side to move follows from the count."""
    cells = [0] * (rows * cols)
    for index, seat in marks.items():
        cells[index] = seat + 1
    return GridState(rows, cols, tuple(cells), len(marks))


def ttt(key: str) -> GridState:
    """A tic-tac-toe position from a CloudWalk key such as `12345XO89`."""
    return grid(3, 3, {i: 0 if ch == "X" else 1 for i, ch in enumerate(key) if ch in "XO"})


def test_tictactoe_missed_win_and_block() -> None:
    game = TicTacToe()
    win_on_2 = ttt("XX3OO6789")  # X to move: 3 wins (O also threatens 6)
    assert tactics(game, win_on_2, Cell(1, 2)) == Tactics(missed_win=True)
    assert tactics(game, win_on_2, Cell(0, 2)) == Tactics(missed_win=False)
    must_block = ttt("XX34O6789")  # O to move: X threatens 3, O cannot win
    assert tactics(game, must_block, Cell(2, 2)) == Tactics(missed_block=True)
    assert tactics(game, must_block, Cell(0, 2)) == Tactics(missed_block=False)
    quiet = ttt("X23456789")
    assert tactics(game, quiet, Cell(1, 1)) == Tactics()


def test_a_double_threat_is_no_missed_block() -> None:
    game = TicTacToe()
    fork = ttt("XX3XO678O")  # O to move; X threatens 3 and 7: no single stone stops both
    for move in (Cell(0, 2), Cell(2, 0), Cell(1, 2)):
        assert tactics(game, fork, move) == Tactics(), move


def test_gomoku_closed_four_must_be_blocked_open_four_cannot() -> None:
    game = Gomoku()
    row = 7 * 15
    closed = {row + 3: 1, row + 4: 0, row + 5: 0, row + 6: 0, row + 7: 0, 0: 1, 14: 1, 224: 1}
    position = grid(15, 15, closed | {200: 0})  # X has four (4-7) closed on the left; 9 stones: O to move
    assert position.to_move == 1
    assert tactics(game, position, Cell(7, 8)) == Tactics(missed_block=False)
    assert tactics(game, position, Cell(0, 5)) == Tactics(missed_block=True)
    open_four = {row + 4: 0, row + 5: 0, row + 6: 0, row + 7: 0, 0: 1, 14: 1, 224: 1, 210: 1}
    position = grid(15, 15, open_four | {200: 0})  # X's four is open at both ends: O cannot stop it
    assert position.to_move == 1
    assert tactics(game, position, Cell(7, 8)) == Tactics()


def test_connect_four_missed_win_block_and_unstoppable_threats() -> None:
    game = ConnectFour()
    win = game.play_sequence("112233")  # X: bottom of 1-3, O on top; X to move
    assert tactics(game, win, 3) == Tactics(missed_win=False)
    assert tactics(game, win, 6) == Tactics(missed_win=True)
    block = game.play_sequence("11223")  # O to move, X threatens column 4
    assert tactics(game, block, 3) == Tactics(missed_block=False)
    assert tactics(game, block, 6) == Tactics(missed_block=True)
    double = game.play_sequence("22334")  # X threatens columns 1 and 5 on the bottom row
    assert tactics(game, double, 0) == Tactics()
    assert tactics(game, double, 6) == Tactics()


def test_connect_four_a_block_that_hands_over_a_win_above_is_no_block() -> None:
    game = ConnectFour()
    # X threatens column 4 on the bottom row and on the second row above it: O blocking the
    # bottom cell lets X win on top, so no move stops X and nothing O plays is a missed block.
    state = game.play_sequence("1527316251627")
    assert state.to_move == 1 and column_wins(game, state, 0) == {3}
    assert column_wins(game, game.apply(state, 3), 0) == {3}
    assert tactics(game, state, 3) == Tactics()
    assert tactics(game, state, 0) == Tactics()


def column_wins(game: ConnectFour, state: GridState, seat: int) -> set[int]:
    """Columns where a stone of `seat` dropped now wins, by playing each (the rules, not bitboards)."""
    # One ply back, not forward, hands the turn over: a ply forward on the last empty cell reads as a full board.
    as_seat = state if state.to_move == seat else dataclasses.replace(state, ply=state.ply - 1 if state.ply else 1)
    return {col for col in game.legal_moves(as_seat) if game.apply(as_seat, col).winner == seat}


def rule_tactics(game: ConnectFour, state: GridState, column: int) -> Tactics:
    """What the bitboard tactics must say, found by playing every column through the rules."""
    mover = state.to_move
    if wins := column_wins(game, state, mover):
        return Tactics(missed_win=column not in wins)
    if not column_wins(game, state, 1 - mover):
        return Tactics()
    blocks = {col for col in game.legal_moves(state) if not column_wins(game, game.apply(state, col), 1 - mover)}
    return Tactics(missed_block=column not in blocks) if blocks else Tactics()


@pytest.mark.parametrize("size", [(6, 7), (4, 4), (9, 9), (5, 8)])
def test_connect_four_bitboard_tactics_agree_with_the_rules(size: tuple[int, int]) -> None:
    game, rng, checked = ConnectFour(*size), random.Random(size[0] * 10 + size[1]), 0
    for _ in range(60):
        state = game.initial_state()
        while not state.over:
            for column in game.legal_moves(state):
                assert tactics(game, state, column) == rule_tactics(game, state, column), (state.cells, column)
                checked += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert checked > 1000


def test_battleship_missed_sink() -> None:
    game = Battleship(preset="childplay")
    state = game.initial_state(random.Random(3))
    ship = state.fleets[1][0]
    hit = ship.cells[0]
    far = next(i for i in range(25) if i not in ship.cells and abs(i - hit) > 6)
    decoy = next(i for i in range(25) if i not in state.fleets[0][0].cells)
    position = BattleshipState(state.size, state.fleets, ((hit,), (decoy,)), 2)
    assert position.to_move == 0
    neighbour = ship.cells[1]
    assert tactics(game, position, Cell(*divmod(far, 5))) == Tactics(missed_sink=True)
    assert tactics(game, position, Cell(*divmod(neighbour, 5))) == Tactics(missed_sink=False)
    fresh = BattleshipState(state.size, state.fleets, ((), ()), 0)
    assert tactics(game, fresh, Cell(0, 0)) == Tactics()


def test_blunders_match_the_published_hard_boards() -> None:
    """Every published top-50 board: the moves graded as blunders are exactly its `wrong` moves."""
    published = json.loads((DATA / "cloudwalk" / "published.json").read_text())["top50"]
    game = TicTacToe()
    assert len(published) == 50
    for key, wrong, total, _depth in published:
        position = ttt(key)
        grades = [grade(game, position, move, 5_000_000) for move in game.legal_moves(position)]
        assert len(grades) == total, key
        assert sum(1 for g in grades if g is not None and g.blunder) == wrong, key
        assert all(g is not None and (g.optimal != g.blunder) for g in grades), key


def test_connect_four_grades_follow_pons_scores() -> None:
    """Positions from Pascal Pons' test set: the best move's grade has the sign of the published score."""
    game = ConnectFour()
    lines = (DATA / "connect4" / "Test_L3_R1").read_text().split("\n")[:20]
    for line in lines:
        moves, score = line.split()
        position = game.play_sequence(moves)
        graded = grade(game, position, game.legal_moves(position)[0], 5_000_000)
        assert graded is not None, moves
        assert graded.best == (int(score) > 0) - (int(score) < 0), moves


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        ("expected only 'row col', got 'hello'", "unreadable"),
        ("no readable final line 'MOVE: <move>' in the answer", "unreadable"),
        ("4,1 is off the 3x3 board (rows 1-3, columns 1-3)", "out_of_range"),
        ("column 9 is off the board (columns 1-7)", "out_of_range"),
        ("2,2 is already taken by X", "occupied"),
        ("column 3 is full", "occupied"),
        ("1,1 has already been shot", "occupied"),
        ("the game is over", "other"),
    ],
)
def test_invalid_moves_are_sorted_by_kind(error: str, kind: str) -> None:
    assert invalid_kind(error) == kind


def test_a_recorded_match_is_analysed_move_by_move() -> None:
    document = {
        "id": "m1",
        "game": "tictactoe",
        "game_options": {},
        "seed": 1,
        "players": [{"seat": 0, "spec": "llm:local", "settings": {"temperature": 0.7}}, {"seat": 1, "spec": "random"}],
        "moves": [
            {
                "ply": 0,
                "seat": 0,
                "move": "1,1",
                "valid": True,
                "seconds": 0.1,
                "tokens": {"prompt": 10, "completion": 2},
            },
            {"ply": 1, "seat": 1, "move": "2,2", "valid": True, "seconds": 0.0},
            {"ply": 2, "seat": 0, "move": "2,2", "valid": False, "error": "2,2 is already taken by O", "seconds": 0.1},
            {"ply": 2, "seat": 0, "move": "1,2", "valid": True, "seconds": 0.1, "cost": 0.5},
            {"ply": 3, "seat": 1, "move": "3,3", "valid": True, "seconds": 0.0},  # misses the block at 1,3
            {"ply": 4, "seat": 0, "move": "3,1", "valid": True, "seconds": 0.1},  # misses the win at 1,3 (forks)
        ],
        "outcome": {"status": "aborted", "termination": "aborted"},
        "ended_at": "2026-11-22T00:00:00",
    }
    result = analyse(document)
    assert result.players == ["llm:local T=0.7", "random"]
    first, second = result.seats
    assert (first.valid, first.invalid, first.occupied) == (3, 1, 1)
    assert (first.win_chances, first.missed_wins) == (1, 1)
    assert (second.block_chances, second.missed_blocks) == (1, 1)
    assert first.prompt_tokens == 10 and first.cost == 0.5 and first.unpriced == 1
    # 3,1 misses the win on the spot but makes a fork that still wins: a missed win, not a blunder.
    assert (first.graded, first.optimal, first.blunders) == (3, 3, 0)
    assert second.blunders == 1  # 3,3 leaves the win at 1,3 to X
    assert result.points(0) is None  # an aborted match is never scored


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert math.isclose(low, 0.4902, abs_tol=1e-3) and math.isclose(high, 0.9433, abs_tol=1e-3)
    assert all(math.isnan(v) for v in wilson(0, 0))


def simulate(true: np.ndarray, advantage: float, matches: int, seed: int) -> list[Result]:
    """Matches between random pairs: draws 20% of the time, the first player's expected points sigmoid(margin)."""
    rng = random.Random(seed)
    results = []
    for _ in range(matches):
        a, b = rng.sample(range(len(true)), 2)
        expected = 1 / (1 + math.exp(-(true[a] - true[b] + advantage)))
        drawn = rng.random() < 0.2
        points = 0.5 if drawn else float(rng.random() < (expected - 0.1) / 0.8)
        results.append(Result(a, b, points))
    return results


def test_bradley_terry_recovers_known_strengths() -> None:
    true = np.array([-0.8, -0.4, 0.0, 0.3, 0.8])
    expected = CENTRE + ELO_SCALE * (true - true.mean())
    covered = total = 0
    for seed in range(5):
        ratings = bradley_terry(simulate(true, 0.2, 2000, seed), len(true), resamples=200, seed=seed)
        assert list(np.argsort(ratings.rating)) == [0, 1, 2, 3, 4], seed
        assert 0.0 < ratings.first_move < 0.12
        for i, value in enumerate(expected):
            total += 1
            covered += ratings.low[i] <= value <= ratings.high[i]
    assert covered / total >= 0.8, f"intervals covered the truth {covered}/{total} times"


@pytest.mark.parametrize("rows", [1, 2, 3, 7, 40, 100, 999, 1000, 1001])
def test_bootstrap_percentiles_are_numpys_bit_for_bit(rows: int) -> None:
    rng = np.random.default_rng(rows)
    for _ in range(10):
        draws = rng.normal(size=(rows, 6)) * rng.uniform(0.1, 1000)
        ours = column_percentiles(draws, (2.5, 97.5))
        assert all(np.array_equal(a, b) for a, b in zip(ours, np.percentile(draws, [2.5, 97.5], axis=0), strict=True))


def test_elo_moves_towards_the_winner() -> None:
    ratings = elo([Result(0, 1, 1.0)] * 10, 2)
    assert ratings[0] > CENTRE > ratings[1] and math.isclose(sum(ratings), 2 * CENTRE)
