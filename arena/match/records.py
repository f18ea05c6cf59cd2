"""The match record: one pydantic model per finished match, as stored and exported."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

Status = Literal["finished", "error", "aborted", "cancelled"]


class MoveRecord(BaseModel):
    """One attempt at a move: accepted or refused, with the raw answer and its timing."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

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

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    seat: int
    spec: str
    settings: dict[str, Any] = Field(default_factory=dict)


def seat_points(status: str, termination: str, winner: int | None, disqualified: int | None, seat: int) -> float | None:
    """A seat's points in the rating fit: 1 win, 0.5 draw, 0 loss (a DQ is lost by its player); None unscored."""
    if status != "finished":
        return None
    if termination == "disqualified":
        return 0.0 if disqualified == seat else 1.0
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


class OutcomeRecord(BaseModel):
    """How the match ended: status, winner seat (None for none), and the reason."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

    status: Status
    winner: int | None = None
    termination: str
    disqualified: int | None = None
    detail: str = ""
    scores: list[float] | None = None  # each seat's score where the game counts one (poker: chips won)

    def points(self, seat: int) -> float | None:
        """The seat's points in the rating fit (`seat_points`)."""
        return seat_points(self.status, self.termination, self.winner, self.disqualified, seat)


class MatchRecord(BaseModel):
    """Everything about one match."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)  # records hold finite numbers only

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
    source: dict[str, Any] | None = None  # an imported game: the paper, file, row and the published verdicts
    manifest: dict[str, Any] | None = None  # the versions that played it (arena.match.manifest); None before them

    @property
    def played(self) -> list[MoveRecord]:
        """Accepted moves only."""
        return [m for m in self.moves if m.valid]
