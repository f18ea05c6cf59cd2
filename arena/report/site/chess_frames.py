"""A chess match on the web as lichess shows it: SAN with move numbers, the best move named at every inaccuracy,
mistake and blunder, the position after each move (FEN), the game's PGN, its opening and each side's accuracy and
average centipawn loss (ACPL)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import chess

from arena.analysis.moves import MOVE_FIELDS, game_for, side_accuracies
from arena.match.records import MatchRecord

MARKED = ("inaccuracy", "mistake", "blunder")


def chess_steps(record: MatchRecord, rows: list[list[Any]], attempts: list[dict[str, Any]]) -> None:
    """Add to each legal move's attempt its SAN, move number (`12.` or `12...`), the FEN after it and, at a marked
    move, the engine's best move in SAN."""
    board = start_board(record)
    for move, row, attempt in zip(record.moves, rows, attempts, strict=True):
        if not move.valid or move.move is None:
            continue
        try:
            played = chess.Move.from_uci(str(move.move))
        except ValueError:
            continue
        if played not in board.legal_moves:
            continue
        attempt["number"] = f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"
        attempt["san"] = board.san(played)
        fields = dict(zip(MOVE_FIELDS, row, strict=False))
        best = str(fields.get("best_move") or "")
        if fields.get("kind") in MARKED and best:
            with contextlib.suppress(ValueError, AssertionError):  # not legal here (another record's cache): unnamed
                attempt["best"] = board.san(chess.Move.from_uci(best))
        board.push(played)
        attempt["fen"] = board.fen()


def start_board(record: MatchRecord) -> chess.Board:
    """The position the players began from (a book opening's moves already played)."""
    state = game_for(record.game, record.game_options).initial_state(random.Random(f"{record.seed}:game"))
    board: chess.Board = state.board.copy()
    return board


def chess_facts(record: MatchRecord, rows: list[list[Any]]) -> dict[str, Any]:
    """The match's PGN, starting FEN, opening name, and White's and Black's accuracy and ACPL (None where not
    graded; ACPL: the mean centipawns lost against the best move, evaluations capped at 10 pawns as lichess's)."""
    from arena.report.pgn import match_pgn
    from games.chess.theory import book_exit

    board = start_board(record)
    played = [chess.Move.from_uci(str(m.move)) for m in record.played]
    facts: dict[str, Any] = {"pgn": match_pgn(record, None), "start_fen": board.fen()}
    facts["opening"] = book_exit(board, played).name or None
    accuracies = side_accuracies(rows)  # as the analysis counts them: seat 0 plays White
    if accuracies != (None, None):
        facts["accuracy"] = [None if a is None else round(a, 1) for a in accuracies]
    fields = [dict(zip(MOVE_FIELDS, row, strict=False)) for row in rows if row and row[MOVE_FIELDS.index("valid")]]
    losses: list[list[int]] = [[], []]  # White's, Black's
    for f in fields:
        if f.get("value") is not None and f.get("best_value") is not None:
            losses[int(f["seat"])].append(max(0, int(f["best_value"]) - int(f["value"])))
    facts["acpl"] = [round(sum(side) / len(side)) if side else None for side in losses]
    return facts
