"""The match record: one pydantic model per finished match, as stored and exported."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

Status = Literal["finished", "error", "aborted", "cancelled"]


class MoveRecord(BaseModel):
    """One attempt at a move: accepted or refused, with the raw answer and its timing."""

    model_config = ConfigDict(frozen=True)

    ply: int
    seat: int
    attempt: int
    move: str | None = None
    raw: str | None = None
    valid: bool
    error: str | None = None
    seconds: float
    prompt: list[dict[str, Any]] | None = None
    reasoning: str | None = None
    finish_reason: str | None = None
    tokens: dict[str, int] | None = None
    cost: float | None = None
    first_token_seconds: float | None = None
    info: dict[str, Any] = Field(default_factory=dict)


class PlayerRecord(BaseModel):
    """A seat's player and every setting needed to reproduce it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    spec: str
    settings: dict[str, Any] = Field(default_factory=dict)


class OutcomeRecord(BaseModel):
    """How the match ended: status, winner seat (None for none), and the reason."""

    model_config = ConfigDict(frozen=True)

    status: Status
    winner: int | None = None
    termination: str
    disqualified: int | None = None
    detail: str = ""


class MatchRecord(BaseModel):
    """Everything about one match."""

    model_config = ConfigDict(frozen=True)

    id: str
    schema_version: int = SCHEMA_VERSION
    game: str
    game_options: dict[str, Any]
    players: list[PlayerRecord]
    seed: int | str
    policy: dict[str, Any]
    moves: list[MoveRecord]
    outcome: OutcomeRecord
    started_at: str
    ended_at: str
    seconds: float
    tournament: str | None = None
    index: int = 0

    @property
    def played(self) -> list[MoveRecord]:
        """Accepted moves only."""
        return [m for m in self.moves if m.valid]


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

    model_config = ConfigDict(frozen=True)

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

    model_config = ConfigDict(frozen=True)

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

    model_config = ConfigDict(frozen=True)

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


class TaskAnswerRecord(StoredAnswer):
    """One item's answer, stored the moment it is judged (the item itself is regenerated from the seed)."""

    model_config = ConfigDict(frozen=True)

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
