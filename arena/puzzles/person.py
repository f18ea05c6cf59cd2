"""A person solving puzzles in the plain terminal: the board, a move typed in SAN or UCI (a move that is not legal
is refused and asked again, never counted), right or wrong at once, the solution after, and the rating so far."""

from __future__ import annotations

from collections.abc import Callable

import chess

from arena.puzzles.session import PuzzleSession
from arena.puzzles.solvers import Answer, Reply, run_attempt
from arena.sessions.tables import STOP_WORDS
from games.base import IllegalMove, InvalidMove
from games.chess.notation import read_move
from games.chess.puzzles import Puzzle

FILES = "    a b c d e f g h"


class Stopped(Exception):
    """The person typed q: the puzzle under way is not stored, and the session resumes with it."""


def board_text(board: chess.Board) -> str:
    """The board from the solver's side, ranks and files labelled, in plain characters."""
    rows = str(board).splitlines()
    ranks = list(range(8, 0, -1))
    if board.turn == chess.BLACK:
        rows = [row[::-1] for row in reversed(rows)]
        ranks.reverse()
    files = FILES if board.turn == chess.WHITE else "    h g f e d c b a"
    return "\n".join(f" {rank}  {row}" for rank, row in zip(ranks, rows, strict=True)) + "\n" + files


def person_answer(ask: Callable[[str], str], say: Callable[[str], None]) -> Answer:
    """Ask the person for each move until they type a legal one (or q)."""

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        last = board.peek()
        board.pop()
        said = board.san(last)
        board.push(last)
        say(f"\n{board_text(board)}\nThe opponent played {said}. {'White' if board.turn else 'Black'} to move.")
        while True:
            try:
                text = ask("Your move (SAN or UCI; q to stop): ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            if text.strip().lower() in STOP_WORDS:
                raise Stopped
            try:
                return Reply(read_move(board, text).uci())
            except (IllegalMove, InvalidMove) as error:
                say(f"  {error}; try again")

    return answer


async def run_person(session: PuzzleSession, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """Every remaining puzzle; False if the person stopped (the finished puzzles are kept)."""
    answer = person_answer(ask, say)
    for number, puzzle in session.remaining():
        say(f"\nPuzzle {number} of {len(session.record.order)}")
        try:
            done = await run_attempt(puzzle, answer)
        except Stopped:
            say("\nStopped; your puzzles so far are kept. Run the same command again to resume.")
            return False
        session.store_attempt(number, done.attempt, done.ended, done.moves, done.seconds)
        verdict = "solved" if done.attempt.solved else "wrong"
        say(f"  {verdict}: the solution was {' '.join(done.attempt.solution())} (puzzle rated {puzzle.rating})")
        fit = session.rating()
        say(f"  your puzzle rating: {fit.rating:.0f} (95% interval {fit.low:.0f}-{fit.high:.0f}) after "
            f"{len(session.attempts)} puzzle{'s' if len(session.attempts) != 1 else ''}")  # fmt: skip
    return True
