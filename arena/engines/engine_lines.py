"""The engine's answer to a grading search, read and checked: every searched move's score by its first move, or
EngineFailed naming the engine and the position when the answer is impossible."""

from __future__ import annotations

import chess
import chess.engine

from arena.engines import lean_uci, stockfish

MOST_CP = 32_000  # beyond any evaluation a UCI engine gives (Stockfish's mate value); more is a broken engine
MOST_MATE = 500  # moves to mate: more than any position can need


def checked_scores(
    board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None
) -> dict[chess.Move, chess.engine.PovScore]:
    """The score of every legal move (or of each of `root_moves`) from one search, read lean (`lean_uci`: each
    line's score and first move only); EngineFailed as `checked_lines`."""
    found = []
    for line in lean_uci.score_lines(board, nodes, root_moves):
        if not line.first or not line.kind:
            continue
        try:
            first = chess.Move.from_uci(line.first)
        except chess.InvalidMoveError:
            first = chess.Move.null()
        value = chess.engine.Cp(line.value) if line.kind == "cp" else chess.engine.Mate(line.value)
        found.append((first, chess.engine.PovScore(value, board.turn)))
    return checked(board, found, root_moves, lean_uci.engine_name())


def checked_lines(
    board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None
) -> dict[chess.Move, chess.engine.InfoDict]:
    """The line of every legal move (or of each of `root_moves`) from one search, by its first move, principal
    variations whole (python-chess's reading, for `solve chess`); EngineFailed as `checked`."""
    read = [line for line in stockfish.analyse_all(board, nodes, root_moves) if line.get("pv") and "score" in line]
    checked(board, [(line["pv"][0], line["score"]) for line in read], root_moves, stockfish.engine_label("grader"))
    return {line["pv"][0]: line for line in read}


def checked(
    board: chess.Board,
    found: list[tuple[chess.Move, chess.engine.PovScore]],
    root_moves: list[chess.Move] | None,
    name: str,
) -> dict[chess.Move, chess.engine.PovScore]:
    """Each searched move's score by move; EngineFailed, naming the engine and the position, when the engine's answer
    is impossible: a move missing, a line starting with an illegal move, a score out of range (`cp` of 40 digits,
    `mate 0` in a position with moves)."""
    scores: dict[chess.Move, chess.engine.PovScore] = {}
    for first, pov in found:
        score = pov.pov(board.turn)
        cp, mate = score.score(), score.mate()
        impossible = (
            (first not in board.legal_moves and "an illegal first move")
            or (first in scores and "a move scored twice")
            or (mate is not None and not 0 < abs(mate) <= MOST_MATE and f"mate {mate}")
            or (cp is not None and abs(cp) > MOST_CP and f"cp {cp}")
        )
        if impossible:
            raise stockfish.EngineFailed(f"{name} answered {impossible} ({first.uci()}) on {board.fen()}")
        scores[first] = pov
    wanted = len(root_moves) if root_moves else board.legal_moves.count()
    if len(scores) != wanted or (root_moves and set(scores) != set(root_moves)):
        raise stockfish.EngineFailed(f"{name} scored {len(scores)} of {wanted} moves on {board.fen()}")
    return scores
