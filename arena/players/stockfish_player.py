"""The `stockfish` player: Stockfish over UCI at a strength (`elo=`, `skill=`) and a budget (`nodes=`, `depth=`,
`movetime=` in ms); nodes by default, so that its games do not depend on the machine's load."""

from __future__ import annotations

import asyncio
from typing import Any

import chess

from arena.engines import stockfish
from arena.players.base import Choice, PlayerFailure, TurnView

DEFAULT_NODES = 100_000
LIMITS = {"elo": (500, 4000), "skill": (0, 20), "nodes": (1, 10**9), "depth": (1, 60), "movetime": (1, 600_000)}


def stockfish_options(argument: str) -> dict[str, int]:
    """`elo=1350,nodes=50000` as checked numbers; ValueError names a wrong one."""
    chosen: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in argument.split(","))):
        name, has_value, value = part.partition("=")
        if not has_value or name not in LIMITS:
            raise ValueError(f"stockfish takes {', '.join(f'{n}=N' for n in LIMITS)}, not {part!r}")
        if name in chosen:
            raise ValueError(f"stockfish {name} is given twice in {argument!r}: say it once")
        low, high = LIMITS[name]
        if not value.strip().isdigit() or not low <= int(value) <= high:
            raise ValueError(f"stockfish {name} must be a whole number from {low} to {high}, not {value!r}")
        chosen[name] = int(value)
    if "elo" in chosen and "skill" in chosen:
        raise ValueError("stockfish takes elo= or skill=, not both")
    return chosen


class StockfishPlayer:
    """Plays Stockfish's move; one engine process per worker, reused across matches."""

    def __init__(self, seed: int | str, chosen: dict[str, int]) -> None:
        self.spec = "stockfish"
        self.seed = seed
        self.chosen = chosen

    def settings(self) -> dict[str, Any]:
        """Strength and budget as asked (nodes by default)."""
        strength = {k: v for k, v in self.chosen.items() if k in ("elo", "skill")}
        return {"seed": self.seed, **strength, **self.budget()}

    def engine_version(self) -> str:
        """The engine's name and version for the run manifest (`Stockfish 16`)."""
        return stockfish.version()

    def budget(self) -> dict[str, int]:
        """The search budget of one move: as asked, else DEFAULT_NODES nodes."""
        budget = {k: v for k, v in self.chosen.items() if k in ("nodes", "depth", "movetime")}
        return budget or {"nodes": DEFAULT_NODES}

    def strength(self) -> dict[str, Any]:
        """The engine options for one search: limited to an Elo, a skill level, or full strength."""
        if "elo" in self.chosen:
            return {"UCI_LimitStrength": True, "UCI_Elo": self.chosen["elo"], "Skill Level": 20}
        return {"UCI_LimitStrength": False, "Skill Level": self.chosen.get("skill", 20)}

    async def choose_move(self, view: TurnView) -> Choice:
        """The engine's move in this position."""
        board = getattr(view.state, "board", None)
        if not isinstance(board, chess.Board):
            raise PlayerFailure("stockfish plays chess only")
        try:
            move = await asyncio.to_thread(stockfish.play, board, self.budget(), self.strength())
        except (stockfish.EngineMissing, stockfish.EngineFailed) as error:
            raise PlayerFailure(str(error)) from None
        return Choice(move=move)
