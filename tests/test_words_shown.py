"""Words shown about moves and players: the web replay's verdict on a chess move speaks from White's view, as its
graph and the app's marks do (a Black move that leaves Black 4.41 pawns down reads +4.41, White's view), mates as
`#N`; the leaderboard cuts long names in the middle so that rows stay told apart."""

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


def test_names_cut_in_the_middle_stay_told_apart() -> None:
    from arena.tui.widgets.player_table import shortened

    names = ["llm:gpt-4o-2024-05-13", "llm:gpt-4o-2024-08-06", "llm:gpt-4o-mini-2024-07-18", "llm:gpt-4o"]
    cut = [shortened(name, 13) for name in names]
    assert len(set(cut)) == len(names) and all(len(c) <= 13 for c in cut)
    assert cut[3] == "llm:gpt-4o" and cut[0] == "llm:gp…-05-13"


def test_cut_names_stay_distinct() -> None:
    from arena.tui.widgets.player_table import distinct_cuts

    names = ["llm:gpt-4 T=0 childplay", "llm:gpt-4o T=0 childplay", "llm:gpt-4o-mini T=0 childplay",
             "llm:gpt-4o-mini T=0.7 childplay", "llm:claude-3-5-sonnet-20241022 T=0 childplay", "random"]  # fmt: skip
    for width in (8, 12, 13, 16, 20):
        cuts = distinct_cuts(names, width)
        assert len(set(cuts.values())) == len(names), (width, cuts)  # no two rows read the same
        assert all(len(cut) <= width for cut in cuts.values()), cuts
    assert distinct_cuts(names, 13)["random"] == "random"  # a name that fits is never cut
    cuts = distinct_cuts(names, 13)
    assert cuts["llm:gpt-4 T=0 childplay"] != cuts["llm:gpt-4o T=0 childplay"]


def test_a_capped_best_value_is_said_as_a_bound_and_a_mate_as_a_mate() -> None:
    from arena.report.site.frames import chess_words

    said = chess_words(1000, -1000, True, "blunder", mate=-2, seat=0)  # White had a forced mate and walked into one
    assert "#-2 after it" in said and "≥ +10.00 with the best move" in said and "10.00 with" in said
    black = chess_words(1000, 150, True, "blunder", mate=None, seat=1)  # Black's view turned to White's
    assert "-1.50 after it" in black and "≤ -10.00 with the best move" in black
    assert "+0.35 with the best move" in chess_words(35, 20, False, "", mate=None, seat=0)
