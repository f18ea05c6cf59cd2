"""The player interface and what a player sees and answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class TurnView:
    """What the runner hands a player: the game, the position, its seat and any earlier refusal."""

    game: Any
    state: Any
    seat: int
    attempt: int = 1
    feedback: str | None = None

    def observation(self) -> Any:
        """The position as this seat may see it (hidden-information games hide the rest)."""
        observe = getattr(self.game, "observe", None)
        return observe(self.state, self.seat) if observe else self.state


@dataclass(frozen=True)
class Choice:
    """A player's answer: a move object, or raw text for the game to parse, plus measurements."""

    move: Any = None
    text: str | None = None
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
