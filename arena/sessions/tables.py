"""Question-and-answer sessions in the store, shared by the hard-boards quiz and ChildPlay's tasks.

A session is one document in a sessions table; each answer is one document in an answers table,
appended (durably) the moment it is given, so a session is resumed from whatever was stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from arena.sessions.records import StoredAnswer, StoredSession
from arena.store import MatchStore

STOP_WORDS = frozenset({"q", "quit", "exit", "stop"})  # what a person types to stop and resume later


def now() -> str:
    """The time an answer or session is stored, in UTC to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


S = TypeVar("S", bound=StoredSession)
A = TypeVar("A", bound=StoredAnswer)
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class SessionTables(Generic[S, A]):
    """Where one kind of session lives: its two tables and the record types stored in them."""

    sessions: str
    answers: str
    session_model: type[S]
    answer_model: type[A]

    def add_session(self, store: MatchStore, record: S) -> None:
        """Store a new session before its first question is asked."""
        store.append(self.sessions, record.model_dump(mode="json"))

    def add_answer(self, store: MatchStore, record: A) -> None:
        """Store one answer; durable when this returns."""
        store.append(self.answers, record.model_dump(mode="json"))

    def load(self, store: MatchStore) -> list[tuple[S, list[A]]]:
        """Every session with its answers (by number), oldest first, from one read of each table."""
        answers: dict[str, list[A]] = {}
        for document in store.documents(self.answers):
            answer = readable(store, self.answer_model, document, "answer")
            if answer is not None:
                answers.setdefault(answer.session, []).append(answer)
        sessions = (readable(store, self.session_model, d, "session") for d in store.documents(self.sessions))
        records = sorted((record for record in sessions if record is not None), key=lambda r: r.started_at)
        return [(r, sorted(answers.get(r.id, []), key=lambda a: a.number)) for r in records]


def readable(store: MatchStore, model: type[M], document: dict[str, Any], what: str) -> M | None:
    """A stored document as its record, or None with a warning when it was damaged past reading."""
    try:
        return model.model_validate(document)
    except ValidationError as error:
        ident = str(document.get("id"))[:40]
        store.warnings.append(f"{what} {ident!r} is damaged ({error.error_count()} error(s)); left out")
        return None
