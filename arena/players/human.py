"""A person at the keyboard: `choose_move` waits until the interface submits a legal move."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from arena.players.base import Choice, TurnView
from games.base import GameError


class HumanPlayer:
    """Waits for `submit`; an illegal move is refused on the spot with the game's reason."""

    def __init__(self, name: str = "") -> None:
        self.name = name or "human"
        self.spec = f"human:{name}" if name else "human"
        self.view: TurnView | None = None
        self.pending: asyncio.Future[Any] | None = None
        self.on_turn: Callable[[TurnView], None] | None = None

    def settings(self) -> dict[str, Any]:
        """Who played."""
        return {"name": self.name}

    @property
    def waiting(self) -> bool:
        """True while a move is expected from this person."""
        return self.pending is not None and not self.pending.done()

    async def choose_move(self, view: TurnView) -> Choice:
        """Wait for the person's move."""
        self.view = view
        self.pending = asyncio.get_running_loop().create_future()
        if self.on_turn is not None:
            self.on_turn(view)
        try:
            move = await self.pending
        finally:
            self.pending = None
        return Choice(move=move, text=view.game.move_text(move))

    def submit(self, move: Any) -> str | None:
        """Play `move` if it is legal now; otherwise return why not (nothing is submitted)."""
        if not self.waiting or self.view is None:
            return "it is not your turn"
        try:
            self.view.game.apply(self.view.state, move)
        except GameError as error:
            return str(error)
        assert self.pending is not None
        self.pending.set_result(move)
        return None

    def submit_text(self, text: str) -> str | None:
        """Read a typed move (1-based, e.g. `2,3` or `4`) and play it; the reason if it is refused."""
        if not self.waiting or self.view is None:
            return "it is not your turn"
        try:
            move = self.view.game.parse_move(self.view.state, text)
        except GameError as error:
            return str(error)
        return self.submit(move)
