"""The Connect-Four solver agrees with Pascal Pons' public test sets; the engine plays perfectly."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from games.connect_four import ConnectFour
from games.connect_four.bitboard import Layout
from games.connect_four.book import OUTCOME_BOOK_FILE, OpeningBook, OutcomeBook, default_book_path, pons_score
from games.connect_four.engine import ConnectFourEngine, shared_books
from games.connect_four.solver import Solver
from tests.conftest import REFERENCE

GAME = ConnectFour()
LAYOUT = Layout()


def reference_lines(name: str) -> list[tuple[str, int]]:
    lines = (REFERENCE / name).read_text().split("\n")
    return [(p, int(s)) for p, s in (line.split() for line in lines if line.strip())]


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1"])
def test_solver_agrees_with_every_reference_line(name: str) -> None:
    lines = reference_lines(name)
    assert len(lines) == 1000
    solver = Solver()
    wrong = []
    for sequence, expected in lines:
        state = GAME.play_sequence(sequence)
        solver.clear()
        score = solver.solve(*LAYOUT.from_state(state), state.ply)
        if score != expected:
            wrong.append((sequence, expected, score))
    assert wrong == []


def test_book_is_read_compactly_and_decodes_the_documented_examples() -> None:
    path = default_book_path()
    assert isinstance(path, Path)
    book = OpeningBook.load(path)
    assert len(book) == 4_200_899
    assert book.keys_array.itemsize == 4 and len(book.scores_array) == len(book)
    # bitbully's examples: +71 = first player wins in 29 more stones; -88 = loses in 12.
    assert pons_score(71) == 1 and pons_score(-88) == -10 and pons_score(0) == 0


def test_books_are_converted_once_then_mapped_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = default_book_path(OUTCOME_BOOK_FILE)
    assert isinstance(path, Path)
    converted = OutcomeBook.load(path)
    kept = sorted(p.name for p in (tmp_path / "arena" / "books").iterdir())
    assert len(kept) == 2 and all(name.startswith("book_8ply-") and name.endswith(".npy") for name in kept)
    mapped = OutcomeBook.load(path)
    assert isinstance(mapped.keys_array.base, np.memmap)  # read from the cache's file, not converted again
    assert np.array_equal(mapped.keys_array, converted.keys_array)
    assert np.array_equal(mapped.results_array, converted.results_array)


def test_books_load_only_for_positions_that_can_reach_them() -> None:
    loads: list[int] = []

    def loader() -> tuple[OpeningBook | None, OutcomeBook | None]:
        loads.append(1)
        return shared_books()

    solver = Solver(book_loader=loader)
    end_game = GAME.play_sequence("7346255533123363557")  # 19 stones: past the 12-stone book
    position, mask = solver.layout.from_state(end_game)
    with solver.deadline(None):
        assert solver.solve(position, mask, end_game.ply) == -11
    assert loads == []
    opening = GAME.play_sequence("4455")
    position, mask = solver.layout.from_state(opening)
    with solver.deadline(None):
        solver.solve(position, mask, opening.ply)
    assert loads == [1] and solver.geo[5] == 1  # loaded, and the search reads them


def test_book_scores_match_a_search_without_the_book() -> None:
    exact, _ = shared_books()
    rng = random.Random(5)
    compared = 0
    while compared < 6:
        state = GAME.initial_state()
        for _ in range(12):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            if state.over:
                break
        if state.over or state.ply != 12:
            continue
        position, mask = LAYOUT.from_state(state)
        plain = Solver()
        if plain.wins_now(position, mask) is not None or not plain.safe_moves(position, mask):
            continue
        # Ask the books for the 12-stone position itself, and solve it by search from there.
        assert exact is not None
        from_book = exact.score(position, mask)
        assert from_book is not None
        assert plain.solve(position, mask, 12) == from_book
        compared += 1


@pytest.mark.parametrize(("sequence", "score"), [("", 1), ("4", -1), ("44", 1), ("4455", 18)])
def test_engine_moves_from_the_opening_are_perfect(sequence: str, score: int) -> None:
    engine = ConnectFourEngine()
    state = GAME.play_sequence(sequence)
    verdict = engine.decide(state)
    assert verdict.exact and verdict.score == score
    after = GAME.apply(state, verdict.column)
    if not after.over:
        assert -engine.score(after) == score


def test_engine_takes_an_immediate_win_and_blocks_one() -> None:
    engine = ConnectFourEngine()
    winning = engine.decide(GAME.play_sequence("112233"))  # X has 1-3 on the bottom row
    assert winning.column == 3 and winning.score == (43 - 6) // 2
    blocking = engine.decide(GAME.play_sequence("11223"))  # O must stop column 4
    assert blocking.column == 3


def test_seven_by_seven_is_depth_limited_then_exact_near_the_end() -> None:
    game = ConnectFour(rows=7)
    engine = ConnectFourEngine(rows=7, budget=0.3)
    early = engine.decide(game.initial_state())
    assert not engine.has_books and early.column in range(7) and not early.exact
    rng = random.Random(1)
    state = game.initial_state()
    while state.ply < 40:
        nxt = game.apply(state, rng.choice(game.legal_moves(state)))
        if nxt.over:
            state = game.initial_state()
            continue
        state = nxt
    late = engine.decide(state)
    assert late.exact and late.column in game.legal_moves(state)
