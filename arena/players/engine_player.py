"""The `minimax` player: each game's strongest engine under a time budget, at a chosen strength level."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from arena.players.base import Choice, TurnView
from games import DEFAULT_BUDGET
from games.battleship import Battleship
from games.battleship.engine import best_shot
from games.connect_four import ConnectFour
from games.connect_four.engine import ConnectFourEngine
from games.gomoku.engine import GomokuEngine
from games.mnk import MNKGame
from games.tictactoe.engine import MAX_EXACT_CELLS
from games.tictactoe.engine import best_move as tictactoe_best_move

TOP_LEVEL = 5
# Chance of a uniformly random legal move at each level; the top level always plays the engine's move.
LEVEL_NOISE = {1: 0.8, 2: 0.5, 3: 0.25, 4: 0.1, 5: 0.0}

_idle_engines: dict[tuple[int, int], list[ConnectFourEngine]] = defaultdict(list)
_pool_lock = threading.Lock()


@contextmanager
def connect_four_engine(rows: int, cols: int, budget: float) -> Iterator[ConnectFourEngine]:
    """An engine for one move, reused across matches (its table stays warm), never shared by two searches."""
    with _pool_lock:
        idle = _idle_engines[(rows, cols)]
        engine = idle.pop() if idle else None
    if engine is None:
        engine = ConnectFourEngine(rows, cols, budget)
    engine.budget = budget
    try:
        yield engine
    finally:
        with _pool_lock:
            _idle_engines[(rows, cols)].append(engine)


def prepare_connect_four(rows: int, cols: int) -> None:
    """Make (and so compile and load) an engine before the clock of the first move starts."""
    with connect_four_engine(rows, cols, DEFAULT_BUDGET):
        pass


class EnginePlayer:
    """Plays each game's engine: exact where the game allows, time-bounded search otherwise."""

    def __init__(
        self, seed: int | str, budget: float = DEFAULT_BUDGET, level: int = TOP_LEVEL, nodes: int | None = None
    ) -> None:
        self.spec = "minimax"
        self.seed = seed
        self.budget = budget
        self.level = level
        self.nodes = nodes  # Gomoku: positions a move, in place of seconds (the same games under any load)
        self.rng = random.Random(seed)
        self.gomoku: GomokuEngine | None = None

    def settings(self) -> dict[str, Any]:
        """Seed, time budget and strength level."""
        settings: dict[str, Any] = {"seed": self.seed, "budget": self.budget, "level": self.level}
        if self.nodes is not None:
            settings["nodes"] = self.nodes
        return settings

    async def prepare(self, game: Any) -> None:
        """Compile or load the game's engine off the event loop, before the match's clock starts."""
        await asyncio.to_thread(self.prepare_now, game)

    def prepare_now(self, game: Any) -> None:
        """Build what the first move would otherwise build inside its time."""
        if isinstance(game, ConnectFour):
            prepare_connect_four(game.rows, game.cols)
        elif isinstance(game, MNKGame) and game.rows * game.cols <= MAX_EXACT_CELLS:
            tictactoe_best_move(game.initial_state(), game.k)
        elif isinstance(game, MNKGame) and self.gomoku is None:
            self.gomoku = GomokuEngine(budget=self.budget, nodes=self.nodes)

    async def choose_move(self, view: TurnView) -> Choice:
        """The engine's move (or, below the top level, sometimes a random one), its time and its verdict."""
        game = view.game
        if isinstance(game, ConnectFour):
            await asyncio.to_thread(prepare_connect_four, game.rows, game.cols)
        start = time.perf_counter()
        if self.rng.random() < LEVEL_NOISE[self.level]:
            move: Any = self.rng.choice(list(game.legal_moves(view.state)))
            info: dict[str, Any] = {"noise": True}
        else:
            move, info = await self.engine_move(view)
        info["engine_seconds"] = round(time.perf_counter() - start, 6)
        return Choice(move=move, info=info)

    async def engine_move(self, view: TurnView) -> tuple[Any, dict[str, Any]]:
        """The engine's own move and what it knows of it (score, proven or not, depth, nodes)."""
        game, state = view.game, view.state
        if isinstance(game, Battleship):
            return best_shot(view.observation(), self.rng), {}
        if isinstance(game, ConnectFour):
            verdict = await asyncio.to_thread(self.connect_four_verdict, game, state)
            return verdict.column, {
                "score": verdict.score,
                "exact": verdict.exact,
                "depth": verdict.depth,
                "nodes": verdict.nodes,
            }
        if isinstance(game, MNKGame) and game.rows * game.cols <= MAX_EXACT_CELLS:
            return tictactoe_best_move(state, game.k), {"exact": True}
        if isinstance(game, MNKGame):
            if self.gomoku is None:
                self.gomoku = GomokuEngine(budget=self.budget, nodes=self.nodes)
            found = await asyncio.to_thread(self.gomoku.decide, state, game.k)
            return found.cell, {
                "exact": found.exact,
                "reason": found.reason,
                "depth": found.depth,
                "nodes": found.nodes,
            }
        raise TypeError(f"no engine for {type(game).__name__}")

    def connect_four_verdict(self, game: ConnectFour, state: Any) -> Any:
        """Run the Connect-Four engine on a pooled solver."""
        with connect_four_engine(game.rows, game.cols, self.budget) as engine:
            return engine.decide(state)
