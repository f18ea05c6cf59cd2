"""A quiz session: the shuffled 50 boards, each answer stored at once, resumable at any point."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from arena.sessions.records import QuizAnswerRecord, QuizSessionRecord
from arena.sessions.tables import SessionTables, now
from arena.store import MatchStore
from arena.store.tables import QUIZ_ANSWERS, QUIZ_SESSIONS
from games.ttt_hard_boards import Board, Dataset, build_dataset
from games.ttt_hard_boards.published import PUBLISHED_ORDER, published_lines
from games.ttt_hard_boards.quiz import PUBLISHED, Sheet, judge, quiz_order

QUIZ_TABLES = SessionTables(QUIZ_SESSIONS, QUIZ_ANSWERS, QuizSessionRecord, QuizAnswerRecord)


@cache
def hard_boards() -> Dataset:
    """The dataset, built once per process (about a quarter of a second)."""
    return build_dataset()


@dataclass
class QuizSession:
    """A session and its answers so far; `answer` stores each one before returning."""

    store: MatchStore
    record: QuizSessionRecord
    answers: list[QuizAnswerRecord] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Questions in the session."""
        return len(self.record.order)

    @property
    def finished(self) -> bool:
        """Every question answered."""
        return len(self.answers) >= self.total

    @property
    def score(self) -> int:
        """Correct answers so far."""
        return sum(a.correct for a in self.answers)

    def current(self) -> tuple[int, Board] | None:
        """(1-based number, board) of the next unanswered question, or None when done."""
        if self.finished:
            return None
        number = len(self.answers) + 1
        return number, hard_boards().boards[self.record.order[number - 1]]

    def answer(self, cell: int, seconds: float, raw: str | None = None) -> QuizAnswerRecord:
        """Judge and store the answer to the current question (cell 0: no valid answer, scored wrong)."""
        question = self.current()
        if question is None:
            raise ValueError("the quiz is already finished")
        number, board = question
        record = QuizAnswerRecord(
            id=f"{self.record.id}:{number}",
            session=self.record.id,
            number=number,
            board=board.key,
            move=cell,
            correct=cell != 0 and judge(board, cell).correct,
            seconds=round(seconds, 3),
            raw=raw,
            answered_at=now(),
        )
        QUIZ_TABLES.add_answer(self.store, record)
        self.answers.append(record)
        return record

    def summary(self) -> str:
        """The score beside the published baselines (people and CloudWalk's model runs)."""
        done = len(self.answers)
        score = f"Score: {self.score}/{done}" + ("" if done == self.total else f" ({done} of {self.total} answered)")
        return "\n".join([score + ".", *published_lines(hard_boards())])

    def missed_lines(self) -> list[str]:
        """Each board answered wrongly, with the answer given and the right ones."""
        lines = []
        for answer in self.answers:
            if answer.correct:
                continue
            best = ", ".join(str(m) for m in hard_boards().boards[answer.board].optimal_moves)
            given = str(answer.move) if answer.move else "no valid answer"
            lines.append(f"  board {answer.number:>2} ({answer.board}): you played {given}; right: {best}")
        return lines


def start_session(
    store: MatchStore,
    player: str,
    protocol: Literal["infer", "told"],
    seed: int,
    sheet: Sheet = PUBLISHED,
    prompt: str | None = None,
) -> QuizSession:
    """A new session over the top 50, stored before the first question is shown.

    The published sheet asks the boards in CloudWalk's order; the numbered one in a seeded shuffle.
    """
    keys = [b.key for b in hard_boards().top()]
    order = list(PUBLISHED_ORDER) if sheet == PUBLISHED else quiz_order(keys, seed)
    record = QuizSessionRecord(
        id=uuid.uuid4().hex[:12],
        player=player,
        protocol=protocol,
        seed=seed,
        order=order,
        started_at=now(),
        sheet=sheet,
        prompt=prompt,
    )
    QUIZ_TABLES.add_session(store, record)
    return QuizSession(store, record)


def all_sessions(store: MatchStore) -> list[QuizSession]:
    """Every stored session with its answers, oldest first, from one read of each table."""
    return [QuizSession(store, record, answers) for record, answers in QUIZ_TABLES.load(store)]


def load_session(store: MatchStore, session_id: str) -> QuizSession:
    """A stored session with its answers; KeyError if there is none with that id (or prefix)."""
    matches = [s for s in all_sessions(store) if s.record.id.startswith(session_id)]
    if len(matches) != 1:
        raise KeyError(f"no quiz session {session_id!r}" if not matches else f"{session_id!r} is ambiguous")
    return matches[0]


def latest_unfinished(store: MatchStore, player: str | None = None, prompt: str | None = None) -> QuizSession | None:
    """The most recently started session that still has questions, optionally for one player (and prompt)."""
    for session in reversed(all_sessions(store)):
        if player is not None and session.record.player != player:
            continue
        if prompt is not None and session.record.prompt not in (prompt, None):
            continue
        if not session.finished:
            return session
    return None
