"""What a uniformly random legal mover scores on the same puzzles, exactly (no sampling): the trivial baseline
set beside every puzzle figure."""

from __future__ import annotations

import chess

from games.chess.puzzles import Puzzle


def random_solves(puzzle: Puzzle) -> float:
    """The chance a random legal mover solves the puzzle by Lichess's rules (a mate anywhere accepted)."""
    return _solves_from(puzzle.board(), puzzle, 1)


def _solves_from(board: chess.Board, puzzle: Puzzle, step: int) -> float:
    legal = list(board.legal_moves)
    line = chess.Move.from_uci(puzzle.moves[step])
    mates = sum(1 for move in legal if move != line and gives_mate(board, move))
    if step + 1 >= len(puzzle.moves) or gives_mate(board, line):
        return (1 + mates) / len(legal)
    board.push(line)
    board.push_uci(puzzle.moves[step + 1])
    return (mates + _solves_from(board, puzzle, step + 2)) / len(legal)


def random_first_right(puzzle: Puzzle) -> float:
    """The chance a random legal mover's first move is the line's (the benchmark's rule)."""
    return 1.0 / puzzle.board().legal_moves.count()


def gives_mate(board: chess.Board, move: chess.Move) -> bool:
    """Whether `move` mates."""
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()
