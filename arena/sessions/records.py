"""Stored question-and-answer sessions and their answers: the hard-boards quiz and ChildPlay's tasks."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arena.match.records import SCHEMA_VERSION


class StoredSession(BaseModel):
    """What every stored question-and-answer session carries (quiz and tasks alike)."""

    id: str
    started_at: str


class StoredAnswer(BaseModel):
    """What every stored answer carries."""

    id: str
    session: str
    number: int


class QuizSessionRecord(StoredSession):
    """The start of a hard-boards quiz: who answers, under which protocol, in which order."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    schema_version: int = SCHEMA_VERSION
    player: str
    protocol: Literal["infer", "told"]
    seed: int
    order: list[str]
    started_at: str
    sheet: Literal["published", "numbered"] = "numbered"  # sessions before the published sheet were numbered
    prompt: str | None = None  # a model's prompt family


class QuizAnswerRecord(StoredAnswer):
    """One answer, stored the moment it is given."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    session: str
    number: int
    board: str
    move: int
    correct: bool
    seconds: float
    raw: str | None = None
    answered_at: str


class TaskSessionRecord(StoredSession):
    """The start of a ChildPlay task run: which task, who answers, under which prompt, over which items."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    schema_version: int = SCHEMA_VERSION
    task: str
    player: str
    count: int
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    temperature: float | None = None
    prompt: str | None = None
    prompt_version: int | None = None
    prompt_sha256: str | None = None
    started_at: str
    source: dict[str, Any] | None = None  # an imported run: the paper and its files (never resumed by `task run`)


class TaskAnswerRecord(StoredAnswer):
    """One item's answer, stored the moment it is judged (the item itself is regenerated from the seed)."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    session: str
    number: int
    truth: str
    raw: str | None = None
    read: str | None = None
    readable: bool
    correct: bool
    scores: dict[str, float] = Field(default_factory=dict)
    reason: str = ""
    seconds: float
    tokens: dict[str, int] | None = None
    cost: float | None = None
    answered_at: str
