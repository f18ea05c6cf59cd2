"""Uniform random play from a seeded generator: over the legal moves, or over every cell of the board."""

from __future__ import annotations

import random
from typing import Any

from arena.players.base import Choice, TurnView
from games.connect_four import ConnectFour


class RandomPlayer:
    """Picks uniformly among legal moves (ChildPlay's random baseline)."""

    def __init__(self, seed: int | str) -> None:
        self.spec = "random"
        self.seed = seed
        self.rng = random.Random(seed)

    def settings(self) -> dict[str, Any]:
        """The seed."""
        return {"seed": self.seed}

    async def choose_move(self, view: TurnView) -> Choice:
        """A uniformly random legal move."""
        return Choice(move=self.rng.choice(view.game.legal_moves(view.state)))


SQUARES = [f"{file}{rank}" for rank in "12345678" for file in "abcdefgh"]


def every_move_text(game: Any) -> list[str]:
    """Every cell (or column) of the board in arena notation, taken or not: what a blind player may name; on a
    board without cells (chess), every pair of distinct squares in UCI, whatever stands on them."""
    if isinstance(game, ConnectFour):
        return [str(c + 1) for c in range(game.cols)]
    if hasattr(game, "size"):
        return [f"{r + 1},{c + 1}" for r in range(game.size) for c in range(game.size)]
    if hasattr(game, "rows"):
        return [f"{r + 1},{c + 1}" for r in range(game.rows) for c in range(game.cols)]
    return [start + end for start in SQUARES for end in SQUARES if start != end]


class RandomAnyPlayer(RandomPlayer):
    """Picks uniformly among all cells or columns, occupied and full ones included (Topsakal's random play).

    Its answers go through the game's rules like a model's, so it makes invalid moves at the rate the
    board's taken cells give, and the invalid-move policy counts and disqualifies it like anyone else.
    """

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        self.spec = "random-any"

    async def choose_move(self, view: TurnView) -> Choice:
        """A uniformly random cell of the whole board, as text for the game to judge."""
        return Choice(text=self.rng.choice(every_move_text(view.game)))
