"""The grader's lean UCI reader gives python-chess's scores exactly: every legal move's score from the same search,
on positions with their history (a repetition counts), a Chess960 position, a forced mate, searches limited to
chosen moves, a position with one legal move and an underpromotion."""

from __future__ import annotations

import chess
import chess.engine
import pytest

from arena.engines import chess_grades, engine_lines, lean_uci, stockfish


def python_chess_scores(
    board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None
) -> dict[chess.Move, chess.engine.PovScore]:
    """The scores python-chess's `analyse` reads from the same search (the grader's reading before the lean one)."""
    lines = stockfish.analyse_all(board, nodes, root_moves)
    return {line["pv"][0]: line["score"] for line in lines if line.get("pv") and "score" in line}


def with_history(moves: str) -> chess.Board:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    return board


POSITIONS = [
    chess.Board(),
    with_history("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O"),
    with_history("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"),  # one more Ng8 repeats the start a third time: a draw to the engine
    chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),  # a mate in one
    chess.Board("8/P7/8/8/8/8/6k1/4K3 w - - 0 1"),  # promotions
    chess.Board("k7/8/1K6/8/8/8/8/2R5 b - - 0 1"),  # one legal move
    chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
    chess.Board.from_chess960_pos(418),
]


@pytest.mark.parametrize("board", POSITIONS, ids=lambda board: board.fen())
def test_lean_scores_are_python_chess_scores(board: chess.Board) -> None:
    lean = engine_lines.checked_scores(board, 5_000)
    assert lean == python_chess_scores(board, 5_000)
    assert len(lean) == board.legal_moves.count()


def test_a_chess960_position_is_searched_as_chess960() -> None:
    board = chess.Board.from_chess960_pos(0)
    board.push_san("g3")
    assert engine_lines.checked_scores(board, 5_000) == python_chess_scores(board, 5_000)
    assert "UCI_Chess960" in lean_uci.started().config and lean_uci.started().config["UCI_Chess960"] == "true"
    engine_lines.checked_scores(chess.Board(), 1_000)
    assert lean_uci.started().config["UCI_Chess960"] == "false"  # set back for a standard board


def test_a_search_of_chosen_moves_is_python_chess_search() -> None:
    board = with_history("e4 e5 Nf3 Nc6 Bb5 a6")
    chosen = [chess.Move.from_uci("b5a4"), chess.Move.from_uci("b5c6")]
    lean = engine_lines.checked_scores(board, 20_000, chosen)
    assert set(lean) == set(chosen) and lean == python_chess_scores(board, 20_000, chosen)


def test_whole_grades_are_the_same_from_either_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    board = with_history("e4 e5 Qh5 Nc6 Bc4")
    blunder = board.parse_san("Nf6")  # walks into Qxf7#
    lean = chess_grades.grade_move(board, blunder)

    def read_by_python_chess(
        board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None
    ) -> dict[chess.Move, chess.engine.PovScore]:
        found = list(python_chess_scores(board, nodes, root_moves).items())
        return engine_lines.checked(board, found, root_moves, "python-chess")

    monkeypatch.setattr(chess_grades, "checked_scores", read_by_python_chess)  # the name grade_move calls
    assert chess_grades.grade_move(board, blunder) == lean
    assert lean.kind == "blunder" and lean.confirmed and lean.mate == -1
