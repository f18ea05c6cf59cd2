"""Events the runner sends to observers (TUI, recorder, progress display)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.match.records import MatchRecord


@dataclass(frozen=True)
class Preparing:
    """Players are getting ready (an engine compiling or loading its code) before the match's clock starts."""

    match_id: str
    seats: tuple[int, ...]
    state: Any  # the starting position, drawn while they get ready


@dataclass(frozen=True)
class MatchStarted:
    """A match begins."""

    match_id: str
    game: str
    players: tuple[str, str]
    seed: int | str
    state: Any


@dataclass(frozen=True)
class TurnStarted:
    """A seat is asked for a move (attempt > 1 after a refused answer)."""

    match_id: str
    ply: int
    seat: int
    attempt: int


@dataclass(frozen=True)
class MoveRejected:
    """An answer could not be read or was not legal; the policy decides what follows."""

    match_id: str
    ply: int
    seat: int
    attempt: int
    text: str | None
    reason: str


@dataclass(frozen=True)
class MovePlayed:
    """A move was accepted; `state` is the position after it."""

    match_id: str
    ply: int
    seat: int
    move: str
    raw: str | None
    seconds: float
    attempt: int
    state: Any


@dataclass(frozen=True)
class ReasoningDelta:
    """A piece of a model's reasoning as it streams in."""

    match_id: str
    ply: int
    seat: int
    attempt: int
    text: str


@dataclass(frozen=True)
class AnswerDelta:
    """A piece of a model's answer as it streams in."""

    match_id: str
    ply: int
    seat: int
    attempt: int
    text: str


@dataclass(frozen=True)
class ProviderRetry:
    """The provider failed (timeout, rate limit, 5xx...); the call is retried, never scored."""

    match_id: str
    ply: int
    seat: int
    attempt: int
    reason: str
    wait: float


@dataclass(frozen=True)
class MatchEnded:
    """The match is over; the record is final."""

    match_id: str
    record: MatchRecord


Event = (
    Preparing
    | MatchStarted
    | TurnStarted
    | ReasoningDelta
    | AnswerDelta
    | ProviderRetry
    | MoveRejected
    | MovePlayed
    | MatchEnded
)
