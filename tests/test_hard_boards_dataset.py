"""The regenerated CloudWalk dataset: counts, definitions, and agreement with the published files."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games.tictactoe.engine import rank
from games.ttt_hard_boards import Dataset, build_dataset
from games.ttt_hard_boards.keys import orbit, representative, side_to_move
from tests.test_tictactoe_engine import reachable

PUBLISHED = json.loads((Path(__file__).parent / "data" / "cloudwalk" / "published.json").read_text())


@cache
def dataset() -> Dataset:
    return build_dataset()


def test_counts_match_the_publication() -> None:
    data = dataset()
    assert len(data.boards) == 5478
    assert len(data.representatives) == 765
    assert len(data.decidable) == 431
    assert data.depth_histogram() == {1: 252, 2: 79, 3: 51, 4: 24, 5: 17, 6: 8}
    assert data.class_sizes() == {1: 6, 2: 6, 4: 141, 8: 612}


def test_reachable_boards_agree_with_an_independent_enumeration() -> None:
    symbols = ("", "X", "O")
    keys = {"".join(symbols[v] or str(i + 1) for i, v in enumerate(s.cells)) for s in reachable()}
    assert keys == set(dataset().boards)


def test_every_board_satisfies_the_definitions() -> None:
    checked = 0
    for key, board in dataset().boards.items():
        checked += 1
        marks = sum(ch in "XO" for ch in key)
        assert board.player == side_to_move(key) == ("O" if key.count("X") > key.count("O") else "X")
        values = [s.value for s in board.scores]
        best = max(values)
        assert board.wrong == sum(v < best for v in values) and board.total == len(board.scores)
        if board.terminal:
            assert len(board.scores) == 1 and board.scores[0].depth == marks and board.wrong == 0
            continue
        moves = [s.move or 0 for s in board.scores]
        assert moves == sorted(moves) == [i + 1 for i, ch in enumerate(key) if ch not in "XO"]
        for s in board.scores:
            # Each move's (value, depth) is the child's optimal line, seen from the mover.
            child_key = key[: s.move - 1] + board.player + key[s.move :]  # type: ignore[operator]
            child = dataset().boards[child_key]
            if child.terminal:
                assert (s.value, s.depth) == (-child.scores[0].value, child.scores[0].depth)
            else:
                best_child = max(child.scores, key=lambda c: rank((c.value, c.depth)))
                assert (s.value, s.depth) == (-best_child.value, best_child.depth)
            assert marks < s.depth <= 9
        if board.decidable:
            if best == 1:
                assert board.decision == "offensive"
                expected = min(s.depth for s in board.scores if s.value == 1) - marks
            else:
                assert board.decision == "defensive"
                expected = max(s.depth for s in board.scores if s.value == -1) - marks
            assert board.depth_complexity == expected
            assert board.depth_complexity % 2 == (1 if board.decision == "offensive" else 0)
            assert board.pattern == ("threat", "fork", "threat-fork")[(board.depth_complexity - 1) // 2]
        else:
            assert board.decision is None and board.pattern is None and board.depth_complexity == 0
        assert board.symmetry_group == "|".join(sorted(set(board.symmetry_group.split("|"))))
        assert key in board.symmetry_group.split("|") and representative(key) == board.symmetry_group.split("|")[0]
    assert checked == 5478


def test_symmetry_orbits() -> None:
    assert orbit("1234X6789") == ("1234X6789",)
    assert orbit("X23456789") == ("12345678X", "123456X89", "12X456789", "X23456789")
    assert len(orbit("X2345678O")) == 4


def test_published_samples_are_reproduced_exactly() -> None:
    boards = dataset().boards
    for key, entry in PUBLISHED["samples"].items():
        assert boards[key].to_json() == entry, key


def test_top_50_is_the_published_set_in_the_published_difficulty_order() -> None:
    top = dataset().top()
    published = PUBLISHED["top50"]
    assert len(top) == 50
    assert {b.key for b in top} == {row[0] for row in published}
    by_key = {row[0]: row for row in published}
    for board in top:
        _, wrong, total, depth = by_key[board.key]
        assert (board.wrong, board.total, board.depth_complexity) == (wrong, total, depth)
    # Same sequence of (wrong/total, depth); only the order inside exact ties may differ.
    assert [(b.wrong / b.total, b.depth_complexity, 5 in b.optimal_moves) for b in top] == [
        (w / t, d, 5 in dataset().boards[k].optimal_moves) for k, w, t, d in published
    ]
    assert sum(5 in b.optimal_moves for b in top) == 8
