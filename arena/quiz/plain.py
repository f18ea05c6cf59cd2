"""`arena quiz --plain`: the hard-boards quiz in a plain terminal, one board at a time."""

from __future__ import annotations

import time
from collections.abc import Callable

from arena.quiz.session import QuizSession, hard_boards
from games.base import GameError
from games.ttt_hard_boards.quiz import parse_answer, sheet

STOP_WORDS = {"q", "quit", "exit", "stop"}


def run_plain_quiz(session: QuizSession, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """Ask every remaining question; returns True when the quiz is complete, False if the person stopped."""
    if session.answers:
        say(f"Resuming session {session.record.id}: {len(session.answers)} of {session.total} answered.")
    else:
        protocol = "you are told your mark" if session.record.protocol == "told" else "you infer whose turn it is"
        say(f"Hard-boards quiz, session {session.record.id}: {session.total} boards, {protocol}.")
        say("Answer each board with the number of the cell you would play. Type q to stop; resume later.")
    while (question := session.current()) is not None:
        number, board = question
        say(f"\nBoard {number} of {session.total}\n{sheet(board.key, session.record.protocol)}")
        shown = time.perf_counter()
        while True:
            try:
                text = ask("Your move: ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            if text.strip().lower() in STOP_WORDS:
                say(f"\nStopped. Your answers are saved; resume with: arena quiz --plain --resume {session.record.id}")
                return False
            try:
                cell = parse_answer(board.key, text)
            except GameError as error:
                say(f"  {error}. Try again.")
                continue
            session.answer(cell, time.perf_counter() - shown, raw=text.strip())
            break
    say("\n" + session.summary())
    mistakes = [a for a in session.answers if not a.correct]
    for answer in mistakes:
        best = ", ".join(str(m) for m in hard_boards().boards[answer.board].optimal_moves)
        say(f"  board {answer.number} ({answer.board}): you played {answer.move}, best {best}")
    return True
