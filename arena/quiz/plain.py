"""`arena quiz --plain`: the hard-boards quiz in a plain terminal, one board at a time."""

from __future__ import annotations

import time
from collections.abc import Callable

from arena.quiz.session import QuizSession
from arena.sessions.tables import STOP_WORDS
from games.base import GameError
from games.ttt_hard_boards.published import SECONDS_GUIDE
from games.ttt_hard_boards.quiz import NUMBERING, PUBLISHED, parse_answer, sheet

HELP_WORDS = {"?", "h", "help"}


def introduction(session: QuizSession) -> list[str]:
    """What the person is told before the first board (as the published sheet's instructions)."""
    record = session.record
    protocol = "you are told your mark" if record.protocol == "told" else "you infer your mark from the board"
    lines = [f"Hard-boards quiz, session {record.id}: {session.total} boards, {protocol}."]
    if record.sheet == PUBLISHED:
        lines += [
            "The published sheet: X always goes first. The cells are numbered as follows (the boards",
            "below show an empty cell as -; type ? to see this numbering again):",
            "",
            NUMBERING,
            "",
            f"Try to spend at most {SECONDS_GUIDE} on each board, as if you were playing someone casually.",
        ]
    lines.append("Answer each board with the number of the cell you would play. Type q to stop; resume later.")
    return lines


def run_plain_quiz(session: QuizSession, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """Ask every remaining question; returns True when the quiz is complete, False if the person stopped."""
    if session.answers:
        say(f"Resuming session {session.record.id}: {len(session.answers)} of {session.total} answered.")
        if session.record.sheet == PUBLISHED:
            say(f"Cells are numbered\n{NUMBERING}\n(type ? to see this again).")
    else:
        say("\n".join(introduction(session)))
    while (question := session.current()) is not None:
        number, board = question
        say(f"\n# {number} of {session.total}\n{sheet(board.key, session.record.protocol, session.record.sheet)}")
        shown = time.perf_counter()
        while True:
            try:
                text = ask("Your move: ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            if text.strip().lower() in STOP_WORDS:
                say(f"\nStopped. Your answers are saved; resume with: arena quiz --plain --resume {session.record.id}")
                return False
            if text.strip().lower() in HELP_WORDS:
                say(NUMBERING)
                continue
            try:
                cell = parse_answer(board.key, text)
            except GameError as error:
                say(f"  {error}. Try again.")
                continue
            session.answer(cell, time.perf_counter() - shown, raw=text.strip())
            break
    say("\n" + session.summary())
    missed = session.missed_lines()
    if missed:
        say(f"\nThe {len(missed)} boards you missed, with the right answers:")
        for line in missed:
            say(line)
    return True
