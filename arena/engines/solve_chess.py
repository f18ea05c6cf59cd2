"""`arena solve chess FEN`: Stockfish's verdict at a fixed node budget: evaluation, best line, every legal move
scored (mates as `#N`, the mover's view)."""

from __future__ import annotations

from collections.abc import Iterator

import chess

from arena.engines import stockfish
from arena.engines.chess_grades import capped, move_accuracy
from arena.engines.engine_lines import checked_lines
from games.chess import Chess

SOLVE_NODES = 1_000_000  # the same verdict on any machine load


def evaluation_text(score: chess.engine.PovScore, turn: chess.Color) -> str:
    """`+0.32` (pawns, the mover's view), or a forced mate as chess writes it: `#3` (the mover mates in 3),
    `#-2` (the mover is mated in 2)."""
    mover = score.pov(turn)
    mate = mover.mate()
    if mate is not None:
        return f"#{mate}"
    return f"{(mover.score() or 0) / 100:+.2f}"


def solve_chess(fen: str) -> Iterator[str]:
    """The lines to print; ValueError for a bad FEN, a finished game or a missing engine."""
    game = Chess()
    state = game.from_fen(" ".join(fen.split()) if fen.strip() not in ("start", "startpos") else chess.STARTING_FEN)
    board = state.board
    ended = game.outcome(state)
    if ended is not None:
        raise ValueError(f"the game is over: {ended.reason}")
    try:
        found = checked_lines(board, SOLVE_NODES)  # an impossible answer (illegal lines, missing moves) is a fault
        name = stockfish.version()
    except (stockfish.EngineMissing, stockfish.EngineFailed) as error:
        raise ValueError(str(error)) from None
    lines = sorted(found.values(), key=lambda line: -capped(line["score"], board.turn)[2])
    side = "White" if board.turn == chess.WHITE else "Black"
    best = lines[0]
    pv = board.variation_san(best["pv"][:10])
    yield f"{side} to move; {name}, {SOLVE_NODES:,} nodes, every legal move searched"
    yield f"evaluation {evaluation_text(best['score'], board.turn)} (the mover's view); best line {pv}"
    best_cp = capped(best["score"], board.turn)[0]
    yield f"{'move':<8} {'eval':>9} {'accuracy':>9}"
    for line in lines:  # every legal move: the worst (a stalemate, a walk into mate) matter as much as the best
        move = line["pv"][0]
        accuracy = move_accuracy(best_cp, capped(line["score"], board.turn)[0])
        yield f"{board.san(move):<8} {evaluation_text(line['score'], board.turn):>9} {accuracy:>8.0f}%"
