"""Uniform random play over the legal moves, from a seeded generator."""

from __future__ import annotations

import random
from typing import Any

from arena.players.base import Choice, TurnView


class RandomPlayer:
    """Picks uniformly among legal moves."""

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
