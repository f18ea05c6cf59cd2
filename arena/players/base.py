"""The player interface and what a player sees and answers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


class PlayerFailure(Exception):
    """A player could not answer for a reason that is not its move (e.g. its provider failed)."""


class SpendCapReached(PlayerFailure):
    """The run's spend cap leaves no room for another model call: the match stops, unscored, to resume later."""


@dataclass(frozen=True)
class TurnView:
    """What the runner hands a player: the game, the position, its seat and any earlier refusal."""

    game: Any
    state: Any
    seat: int
    attempt: int = 1
    feedback: str | None = None
    last_answer: str | None = None
    invalid_so_far: int = 0
    invalid_allowed: int | None = None  # the limit the match applies (None: the prompt family's own)
    ply: int = 0
    match_id: str = ""
    emit: Callable[[Any], Awaitable[None]] | None = None
    refused: tuple[tuple[str | None, str], ...] = ()  # this turn's refused answers: (the move read or None, why)
    history: tuple[str, ...] = ()  # the moves played so far, in the game's notation

    def observation(self) -> Any:
        """The position as this seat may see it (hidden-information games hide the rest)."""
        observe = getattr(self.game, "observe", None)
        return observe(self.state, self.seat) if observe else self.state


@dataclass(frozen=True)
class Choice:
    """A player's answer: a move object, or move text for the game to parse, plus what was said.

    `raw` is the whole reply as received; `error` says why no move could be read from it (the
    runner then treats the answer as invalid, never as some other move).
    """

    move: Any = None
    text: str | None = None
    raw: str | None = None
    error: str | None = None
    prompt: list[dict[str, Any]] | None = None
    reasoning: str | None = None
    finish_reason: str | None = None
    tokens: dict[str, int] | None = None
    cost: float | None = None
    first_token_seconds: float | None = None
    info: dict[str, Any] = field(default_factory=dict)


class Player(Protocol):
    """Anything that can choose a move."""

    spec: str

    def settings(self) -> dict[str, Any]:
        """Everything needed to reproduce this player (recorded with each match)."""
        ...

    async def choose_move(self, view: TurnView) -> Choice:
        """Answer one turn."""
        ...
