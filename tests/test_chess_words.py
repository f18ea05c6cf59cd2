"""The web replay's verdict on a chess move speaks from White's view, as its graph and the app's marks do (a Black
move that leaves Black 4.41 pawns down reads -4.41 for Black, so +4.41 for White)."""

from __future__ import annotations

from arena.analysis.moves import MOVE_FIELDS
from arena.report.site.frames import chess_mark, grade_words


def row(**fields: object) -> list[object]:
    return [fields.get(name) for name in MOVE_FIELDS]


def test_a_black_moves_verdict_is_in_whites_view() -> None:
    black = row(ply=1, seat=1, move="c2e1", valid=True, value=-441, best_value=-30, blunder=True, kind="blunder")
    said = grade_words(black, chess=True)
    assert said == "?? a blunder (Stockfish, White's view: +4.41 after it, +0.30 with the best move)"
    assert chess_mark(black, 1) == "?? (+4.41)"  # the app's mark: the same view
    white = row(ply=0, seat=0, move="e2e4", valid=True, value=30, best_value=35, blunder=False, kind="")
    assert grade_words(white, chess=True) == "good (Stockfish, White's view: +0.30 after it, +0.35 with the best move)"


def test_a_mate_is_written_as_chess_writes_it() -> None:
    mated = row(ply=2, seat=0, move="g2g4", valid=True, value=-1000, best_value=0, blunder=True, kind="blunder",
                mate=-1)  # fmt: skip
    said = grade_words(mated, chess=True)
    assert said is not None and "#-1 after it" in said and "-10.00" not in said
    assert chess_mark(mated, 0) == "?? (#-1)"
