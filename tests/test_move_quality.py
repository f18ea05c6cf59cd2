"""Move quality against the right baseline: a random legal move's chance to keep the value, on the same positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.grading import Grade, grade
from games.mnk import GridState
from games.tictactoe import TicTacToe
from tests.processes import ROOT

GAME = TicTacToe()


def position(moves: str) -> GridState:
    """The state after `moves`, `row,col` pairs separated by `;`, X first."""
    state = GAME.initial_state()
    for move in moves.split(";"):
        state = GAME.apply(state, GAME.parse_move(state, move))
    return state


# X O X / O O X / . X .  with O to move: 3,1 lets X complete the third column (a loss), 3,3 draws.
OPEN = "1,1;1,2;1,3;2,1;2,3;2,2;3,2"
# X X . / X O O / . . .  with O to move: X threatens 1,3 and 3,1 at once, so every move loses.
LOST = "1,1;2,2;1,2;2,3;2,1"


def test_a_position_not_lost_counts_the_moves_that_keep_its_value() -> None:
    state = position(OPEN)
    drawn = grade(GAME, state, GAME.parse_move(state, "3,3"), budget=100_000)
    lost = grade(GAME, state, GAME.parse_move(state, "3,1"), budget=100_000)
    assert drawn is not None and lost is not None
    assert (drawn.best, drawn.played, drawn.keeping, drawn.legal) == (0, 0, 1, 2)  # by hand: 1 of 2 moves draws
    assert drawn.random_keep == 0.5 and drawn.optimal and not drawn.lost
    assert (lost.played, lost.blunder, lost.random_keep) == (-1, True, 0.5)


def test_in_a_lost_position_every_move_keeps_the_value_so_it_is_set_apart() -> None:
    state = position(LOST)
    graded = grade(GAME, state, GAME.parse_move(state, "3,3"), budget=100_000)
    assert graded is not None and graded.lost
    assert (graded.best, graded.keeping, graded.legal, graded.random_keep) == (-1, 4, 4, 1.0)


def test_the_report_gives_both_rates_beside_randoms_on_the_same_positions(tmp_path: Path) -> None:
    """The report's rates are the means over each player's own positions, recounted here move by move."""
    db = str(tmp_path / "db")
    x_moves, o_moves = "1,1;1,3;2,3;3,2;3,1", "1,2;2,1;2,2;3,3"  # OPEN, then X's last move
    command = [sys.executable, "-m", "arena", "--batch", "--players", f"scripted:{x_moves}", f"scripted:{o_moves}"]
    played = subprocess.run([*command, "--db", db], capture_output=True, text=True, cwd=ROOT)
    assert played.returncode == 0, played.stderr
    report = subprocess.run(
        [sys.executable, "-m", "arena", "report", "--json", "--resamples", "0", "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    rows = {p["player"]: p for p in json.loads(report.stdout)["games"]["tictactoe"]["players"]}
    state = GAME.initial_state()
    grades: dict[str, list[Grade | None]] = {"x": [], "o": []}
    for x, o in zip(x_moves.split(";"), [*o_moves.split(";"), None], strict=True):
        for seat, move in (("x", x), ("o", o)):
            if move is None:
                break
            parsed = GAME.parse_move(state, move)
            grades[seat].append(grade(GAME, state, parsed, budget=100_000))
            state = GAME.apply(state, parsed)
    for seat, spec in (("x", x_moves), ("o", o_moves)):
        row, mine = rows[f"scripted:{spec}"], [g for g in grades[seat] if g is not None]
        open_ = [g for g in mine if not g.lost]
        assert row["graded_moves"] == len(mine) and row["graded_not_lost"] == len(open_)
        assert row["random_optimal_rate"] == round(sum(g.random_keep for g in mine) / len(mine), 4)
        assert row["random_optimal_rate_not_lost"] == round(sum(g.random_keep for g in open_) / len(open_), 4)
        assert row["optimal_move_rate_not_lost"] == round(sum(g.optimal for g in open_) / len(open_), 4)
    assert rows[f"scripted:{o_moves}"]["random_optimal_rate"] == 0.2604  # the engine's values, pinned


@pytest.mark.parametrize("moves", [OPEN, LOST])
def test_every_legal_move_is_graded_once(moves: str) -> None:
    state = position(moves)
    grades = [grade(GAME, state, move, budget=100_000) for move in GAME.legal_moves(state)]
    assert all(g is not None for g in grades)
    keeping = sum(g.played == g.best for g in grades if g is not None)
    assert {(g.keeping, g.legal) for g in grades if g is not None} == {(keeping, len(grades))}
