"""The `minimax` player: each game's strongest engine, run off the event loop when it is slow."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from arena.players.base import Choice, TurnView
from games.battleship import Battleship
from games.battleship.engine import best_shot
from games.connect_four import ConnectFour
from games.connect_four.engine import ConnectFourEngine
from games.gomoku.engine import GomokuEngine
from games.mnk import MNKGame
from games.tictactoe.engine import MAX_EXACT_CELLS
from games.tictactoe.engine import best_move as tictactoe_best_move

DEFAULT_BUDGET = 1.0


class EnginePlayer:
    """Plays each game's engine: exact where the game allows, time-bounded search otherwise."""

    def __init__(self, seed: int | str, budget: float = DEFAULT_BUDGET) -> None:
        self.spec = "minimax"
        self.seed = seed
        self.budget = budget
        self.rng = random.Random(seed)
        self.connect_four: ConnectFourEngine | None = None
        self.gomoku: GomokuEngine | None = None

    def settings(self) -> dict[str, Any]:
        """Seed and time budget."""
        return {"seed": self.seed, "budget": self.budget}

    async def choose_move(self, view: TurnView) -> Choice:
        """The engine's move, with the time it took and, where known, its verdict."""
        game, state = view.game, view.state
        start = time.perf_counter()
        info: dict[str, Any] = {}
        if isinstance(game, Battleship):
            move: Any = best_shot(view.observation(), self.rng)
        elif isinstance(game, ConnectFour):
            if self.connect_four is None:
                self.connect_four = ConnectFourEngine(game.rows, game.cols, self.budget)
            verdict = await asyncio.to_thread(self.connect_four.decide, state)
            move = verdict.column
            info = {"score": verdict.score, "exact": verdict.exact}
        elif isinstance(game, MNKGame) and game.rows * game.cols <= MAX_EXACT_CELLS:
            move = tictactoe_best_move(state, game.k)
        elif isinstance(game, MNKGame):
            if self.gomoku is None:
                self.gomoku = GomokuEngine(budget=self.budget, rng=self.rng)
            move = await asyncio.to_thread(self.gomoku.best_move, state, game.k)
        else:
            raise TypeError(f"no engine for {type(game).__name__}")
        info["engine_seconds"] = round(time.perf_counter() - start, 6)
        return Choice(move=move, info=info)
