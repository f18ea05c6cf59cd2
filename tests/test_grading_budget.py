"""Connect-Four grades come from a budget in positions: the same grade for a position whatever was searched
before it, and the same report bytes from the same database at any load."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from games.connect_four.rules import ConnectFour
from games.grading import Grade, connect_four_engine, connect_four_grade, known
from tests.processes import run_arena

GAME = ConnectFour()
MIDDLE = "6447226414474"  # 13 stones, past the books: its grade takes a real search
OTHERS = ("4455", "44444", "636272322416", "3344")


def nodes_to_grade(moves: str) -> int:
    """Positions the grade of column 1 in `moves`' position searches, with no remembered grade."""
    known.clear()
    solver = connect_four_engine().solver
    before = solver.count_nodes()
    assert connect_four_grade(GAME.play_sequence(moves), 0, 10**9) is not None
    return solver.count_nodes() - before


def test_a_grade_depends_on_its_position_and_budget_alone() -> None:
    needed = nodes_to_grade(MIDDLE)
    assert needed > 10_000  # a real search, so a warm table would have shortened it
    state = GAME.play_sequence(MIDDLE)
    for earlier in ((), OTHERS, tuple(reversed(OTHERS))):
        known.clear()
        for moves in earlier:  # fill the table with other positions' bounds first
            connect_four_grade(GAME.play_sequence(moves), 3, 10**9)
        known.clear()
        assert connect_four_grade(state, 0, needed - 1) is None, earlier
        assert connect_four_grade(state, 0, needed) is not None, earlier
    assert nodes_to_grade(MIDDLE) == needed


def test_a_grade_found_within_a_larger_budget_is_not_given_for_a_smaller_one() -> None:
    needed = nodes_to_grade(MIDDLE)  # remembered, found within a budget of 10**9
    state = GAME.play_sequence(MIDDLE)
    assert connect_four_grade(state, 0, needed - 1) is None  # as a fresh search within it would say
    assert connect_four_grade(state, 0, needed) is not None


def test_a_remembered_shortfall_is_searched_again_with_a_larger_budget() -> None:
    known.clear()
    state = GAME.play_sequence(MIDDLE)
    assert connect_four_grade(state, 0, 10) is None
    assert connect_four_grade(state, 0, 5) is None  # a smaller budget falls short too, without a search
    graded = connect_four_grade(state, 0, 10**9)
    assert graded is not None and graded.legal == len(GAME.legal_moves(state))


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def test_grades_agree_with_every_columns_exact_score() -> None:
    """Win/draw/loss grades (one search a column against the position's outcome) against exact Pons scores."""
    rng, solver, checked = random.Random(43), connect_four_engine().solver, 0
    for _ in range(12):
        state = GAME.initial_state()
        for _ in range(rng.randint(6, 30)):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            if state.over:
                break
        if state.over:
            continue
        position, mask = connect_four_engine().layout.from_state(state)
        with solver.deadline(None):
            signs = {col: sign(score) for col, score in solver.move_scores(position, mask, state.ply).items()}
        best = max(signs.values())
        keeping = sum(value == best for value in signs.values())
        for col, value in signs.items():
            known.clear()
            assert connect_four_grade(state, col, 10**9) == Grade(best, value, keeping, len(signs)), (state, col)
            checked += 1
    assert checked > 40


@contextmanager
def cpu_hogs(count: int) -> Iterator[None]:
    """`count` processes spinning on the CPU, as a loaded machine has."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def test_the_same_report_bytes_with_a_cpu_hog_beside_one_run(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    played = run_arena(
        "--batch", "--game", "connect-four", "--players", "random", "minimax", "--games", "6", "--db", db
    )
    assert played.returncode == 0, played.stderr
    # A budget that leaves some moves ungraded: the edge a wall-clock budget moved with the load.
    report = ("report", "--db", db, "--json", "--resamples", "200", "--grade-budget", "20000")
    quiet = run_arena(*report)
    assert quiet.returncode == 0, quiet.stderr
    assert '"ungraded_moves": 0' not in quiet.stdout and '"graded_moves": 0' not in quiet.stdout
    for cache in Path(db).glob("analysis-cache*"):
        os.remove(cache)
    with cpu_hogs(4):
        loaded = run_arena(*report)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout == quiet.stdout
