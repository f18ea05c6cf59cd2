"""A puzzle session: its puzzles in the order asked, each attempt judged move by move and stored when it ends,
resumable (an attempt cut short is asked again from its start)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from arena.analysis.puzzle_ratings import PuzzleRating, fit_rating
from arena.puzzles.baseline import random_first_right, random_solves
from arena.puzzles.sets import PuzzleSet
from arena.sessions.records import PuzzleAttemptRecord, PuzzleMove, PuzzleSessionRecord
from arena.sessions.tables import SessionTables, now
from arena.store import MatchStore
from arena.store.tables import PUZZLE_ATTEMPTS, PUZZLE_SESSIONS
from games.chess.puzzles import Attempt, Puzzle

PUZZLE_TABLES = SessionTables(PUZZLE_SESSIONS, PUZZLE_ATTEMPTS, PuzzleSessionRecord, PuzzleAttemptRecord)


@dataclass
class PuzzleSession:
    """A stored session, its puzzle set and its attempts so far."""

    store: MatchStore
    record: PuzzleSessionRecord
    puzzle_set: PuzzleSet | None = None
    attempts: list[PuzzleAttemptRecord] = field(default_factory=list)

    @cached_property
    def puzzles(self) -> list[Puzzle]:
        """The session's puzzles in the order asked (its set must be given to ask them)."""
        if self.puzzle_set is None:
            raise ValueError("the session's puzzle file was not given")
        return [self.puzzle_set.puzzles[ident] for ident in self.record.order]

    def rating(self) -> PuzzleRating:
        """The solver's rating on the puzzle scale from this session's attempts so far."""
        return fit_rating([(a.rating, float(a.solved)) for a in self.attempts])

    @property
    def finished(self) -> bool:
        """Every puzzle attempted."""
        return len(self.attempts) >= len(self.record.order)

    def remaining(self) -> list[tuple[int, Puzzle]]:
        """(number, puzzle) of the puzzles not attempted yet, in order."""
        done = {a.number for a in self.attempts}
        return [(number, p) for number, p in enumerate(self.puzzles, 1) if number not in done]

    def store_attempt(
        self,
        number: int,
        attempt: Attempt,
        ended: str,
        moves: list[PuzzleMove],
        seconds: float,
        usage: tuple[dict[str, int] | None, float | None] = (None, None),
    ) -> PuzzleAttemptRecord:
        """Store a finished attempt before returning it."""
        puzzle = attempt.puzzle
        record = PuzzleAttemptRecord(
            id=f"{self.record.id}:{number}",
            session=self.record.id,
            number=number,
            puzzle=puzzle.id,
            rating=puzzle.rating,
            deviation=puzzle.deviation,
            themes=list(puzzle.themes),
            ended=ended,  # type: ignore[arg-type]
            solved=attempt.solved,
            first_right=bool(attempt.first_right),
            found=attempt.found,
            needed=puzzle.solver_moves,
            moves=moves,
            random_solved=random_solves(puzzle),
            random_first_right=random_first_right(puzzle),
            seconds=round(seconds, 3),
            tokens=usage[0],
            cost=usage[1],
            answered_at=now(),
        )
        PUZZLE_TABLES.add_answer(self.store, record)
        self.attempts.append(record)
        return record


def start_puzzle_session(
    store: MatchStore, player: str, puzzle_set: PuzzleSet, sample: int | None, seed: int, settings: dict[str, Any]
) -> PuzzleSession:
    """A new session, stored before its first puzzle is asked."""
    record = PuzzleSessionRecord(
        id=uuid.uuid4().hex[:12],
        player=player,
        puzzle_set=puzzle_set.name,
        sha256=puzzle_set.sha256,
        sample=sample,
        seed=seed,
        order=puzzle_set.sample(sample, seed),
        settings=settings,
        started_at=now(),
    )
    PUZZLE_TABLES.add_session(store, record)
    return PuzzleSession(store, record, puzzle_set)


def puzzle_sessions(store: MatchStore) -> list[PuzzleSession]:
    """Every stored puzzle session with its attempts, oldest first."""
    return [PuzzleSession(store, record, None, attempts) for record, attempts in PUZZLE_TABLES.load(store)]


def resumable(store: MatchStore, player: str, puzzle_set: PuzzleSet, sample: int | None, seed: int,
              settings: dict[str, Any]) -> PuzzleSession | None:  # fmt: skip
    """The latest session with exactly these settings (carried on if unfinished, shown if finished)."""
    for session in reversed(puzzle_sessions(store)):
        record = session.record
        if (record.player, record.sha256, record.sample, record.seed, record.settings) == (
            player, puzzle_set.sha256, sample, seed, settings
        ):  # fmt: skip
            session.puzzle_set = puzzle_set
            return session
    return None


def latest_unfinished(store: MatchStore, player: str, puzzle_set: PuzzleSet) -> PuzzleSession | None:
    """The player's latest session on this set that still has puzzles to ask (a person's, resumed in the app)."""
    for session in reversed(puzzle_sessions(store)):
        if session.record.player == player and session.record.sha256 == puzzle_set.sha256 and not session.finished:
            session.puzzle_set = puzzle_set
            return session
    return None
