"""A task session: its items regenerated from the seed, each answer judged and stored at once, resumable."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from arena.sessions.records import TaskAnswerRecord, TaskSessionRecord
from arena.sessions.tables import SessionTables, now
from arena.store import MatchStore
from arena.store.tables import TASK_ANSWERS, TASK_SESSIONS
from games.tasks.base import Item, Task, Verdict

TASK_TABLES = SessionTables(TASK_SESSIONS, TASK_ANSWERS, TaskSessionRecord, TaskAnswerRecord)


@dataclass
class TaskSession:
    """A stored session and its answers so far."""

    store: MatchStore
    record: TaskSessionRecord
    answers: list[TaskAnswerRecord] = field(default_factory=list)

    @cached_property
    def task(self) -> Task:
        """The task with the session's options."""
        from arena.tasks.registry import make_task  # each task's libraries (RDKit) load only when a task is made

        return make_task(self.record.task, self.record.options)

    @cached_property
    def items(self) -> list[Item]:
        """The session's items, regenerated from its seed."""
        return self.task.items(self.record.count, self.record.seed)

    @property
    def finished(self) -> bool:
        """Every item answered."""
        return len(self.answers) >= self.record.count

    def remaining(self) -> list[Item]:
        """The items not answered yet, in order (answers may arrive out of order when models run concurrently)."""
        done = {a.number for a in self.answers}
        return [item for item in self.items if item.number not in done]

    def current(self) -> Item | None:
        """The first unanswered item."""
        remaining = self.remaining()
        return remaining[0] if remaining else None

    def answer(
        self,
        item: Item,
        raw: str,
        seconds: float,
        tokens: dict[str, int] | None = None,
        cost: float | None = None,
    ) -> tuple[TaskAnswerRecord, Verdict]:
        """Judge a reply to an item and store it before returning."""
        if any(a.number == item.number for a in self.answers):
            raise ValueError(f"item {item.number} is already answered")
        verdict = self.task.judge(item, raw)
        record = TaskAnswerRecord(
            id=f"{self.record.id}:{item.number}",
            session=self.record.id,
            number=item.number,
            truth=item.truth,
            raw=raw,
            read=verdict.read,
            readable=verdict.readable,
            correct=verdict.correct,
            scores=verdict.scores,
            reason=verdict.reason,
            seconds=round(seconds, 3),
            tokens=tokens,
            cost=cost,
            answered_at=now(),
        )
        TASK_TABLES.add_answer(self.store, record)
        self.answers.append(record)
        return record, verdict


def start_task_session(
    store: MatchStore,
    task: str,
    player: str,
    count: int,
    seed: int,
    options: dict[str, Any] | None = None,
    prompt: dict[str, Any] | None = None,
    temperature: float | None = None,
) -> TaskSession:
    """A new session, stored before its first item is asked."""
    from arena.tasks.registry import make_task

    make_task(task, options)  # an unknown task or option fails here, before anything is stored
    prompt = prompt or {}
    record = TaskSessionRecord(
        id=uuid.uuid4().hex[:12],
        task=task,
        player=player,
        count=count,
        seed=seed,
        options=options or {},
        temperature=temperature,
        prompt=prompt.get("name"),
        prompt_version=prompt.get("version"),
        prompt_sha256=prompt.get("sha256"),
        started_at=now(),
    )
    TASK_TABLES.add_session(store, record)
    return TaskSession(store, record)


def task_sessions(store: MatchStore) -> list[TaskSession]:
    """Every stored task session with its answers, oldest first (one read of each table)."""
    return [TaskSession(store, record, answers) for record, answers in TASK_TABLES.load(store)]


def resumable(
    store: MatchStore, task: str, player: str, count: int, seed: int, temperature: float | None
) -> TaskSession | None:
    """The latest session with exactly these settings: carried on if unfinished, shown if finished."""
    for session in reversed(task_sessions(store)):
        record = session.record
        same = (record.task, record.player, record.count, record.seed, record.temperature)
        if same == (task, player, count, seed, temperature) and record.source is None:
            return session
    return None
