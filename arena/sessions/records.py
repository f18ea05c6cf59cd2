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


class PuzzleSessionRecord(StoredSession):
    """The start of a puzzle run: who solves, which puzzles (a file's, sampled by a seed), in which order."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    schema_version: int = SCHEMA_VERSION
    player: str
    puzzle_set: str  # the file's name (`lichess_puzzles.csv` for the shipped set)
    sha256: str  # of the file: the same name with other contents is another set
    sample: int | None = None
    seed: int = 0
    order: list[str]  # puzzle ids, in the order they are asked
    settings: dict[str, Any] = Field(default_factory=dict)  # a model's prompt and sampling, an engine's budget
    started_at: str


class PuzzleMove(BaseModel):
    """One answer within an attempt: the text given, the move read from it (UCI) or why none."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)

    raw: str | None = None
    move: str | None = None
    error: str | None = None


class PuzzleAttemptRecord(StoredAnswer):
    """One puzzle's attempt, stored the moment it ends: how far into the line it got and how it ended."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    id: str
    session: str
    number: int
    puzzle: str
    rating: int
    deviation: int
    themes: list[str] = Field(default_factory=list)
    ended: Literal["solved", "wrong", "illegal", "unreadable"]
    solved: bool  # by Lichess's rules: every solver move found (a mate in place of the line's accepted)
    first_right: bool  # by the benchmark's rule: the first solver move is the line's
    found: int  # solver moves found
    needed: int  # solver moves in the line
    moves: list[PuzzleMove] = Field(default_factory=list)
    random_solved: float  # the chance a random legal mover solves it (Lichess's rules): the baseline, exact
    random_first_right: float  # the chance a random legal mover's first move is the line's (the benchmark's rule)
    seconds: float
    tokens: dict[str, int] | None = None
    cost: float | None = None
    answered_at: str
