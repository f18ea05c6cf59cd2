"""The game protocol shared by every two-player game, its errors and outcomes."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

RENDER_STYLES = ("ascii", "list", "illustration")


class GameError(ValueError):
    """Base of every error a game raises about a move."""


class InvalidMove(GameError):
    """The text cannot be read as a move of this game."""


class IllegalMove(GameError):
    """The move is well formed but not allowed in this position."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seat (None for a draw) and why."""

    winner: int | None
    reason: str
    line: tuple[tuple[int, int], ...] = ()
    scores: tuple[float, ...] = ()  # each seat's score where the game counts one (poker's chips)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None


@dataclass(frozen=True)
class Cell:
    """A grid cell, 0-based row (top first) and column (left first)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.row + 1},{self.col + 1}"


class Game(Protocol, Generic[StateT, MoveT]):
    """Rules of a two-player, turn-based game; states are immutable values."""

    name: str

    def options(self) -> dict[str, Any]:
        """The options this game was built with (recorded with every match)."""
        ...

    def initial_state(self, rng: random.Random) -> StateT:
        """The starting position; `rng` is used only by games with hidden set-up."""
        ...

    def to_move(self, state: StateT) -> int:
        """The seat (0 or 1) whose turn it is."""
        ...

    def ply(self, state: StateT) -> int:
        """How many moves have been played."""
        ...

    def legal_moves(self, state: StateT) -> list[MoveT]:
        """Every legal move, in a stable order."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after `move`; raises IllegalMove and never changes `state`."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The outcome if the game is over, else None."""
        ...

    def parse_move(self, state: StateT, text: str) -> MoveT:
        """Read a move (1-based coordinates); raises InvalidMove or IllegalMove."""
        ...

    def move_text(self, move: MoveT) -> str:
        """The canonical text of a move, which `parse_move` reads back."""
        ...

    def render(self, state: StateT, style: str = "ascii", seat: int | None = None) -> str:
        """A text rendering; `seat` restricts hidden information to that player's view."""
        ...
