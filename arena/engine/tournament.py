"""A series of matches between two player specs, run concurrently on one event loop."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.policy import CHILDPLAY, InvalidMovePolicy
from arena.engine.runner import MatchRunner, MatchSetup, Observer
from arena.players import PlayerOptions
from arena.records import MatchRecord

SEED_STRIDE = 1_000_003


@dataclass(frozen=True)
class TournamentPlan:
    """Two players, a game, how many matches and how seats and seeds are assigned."""

    game: str
    players: tuple[str, str]
    games: int = 1
    seed: int = 0
    swap_seats: bool = False
    game_options: dict[str, Any] = field(default_factory=dict)
    policy: InvalidMovePolicy = CHILDPLAY
    max_moves: int | None = None
    tournament_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])

    def setups(self) -> list[MatchSetup]:
        """One setup per match: seat order swapped on odd matches when asked, seeds derived from the plan's."""
        setups = []
        for index in range(self.games):
            swapped = self.swap_seats and index % 2 == 1
            players = (self.players[1], self.players[0]) if swapped else self.players
            setups.append(
                MatchSetup(
                    game=self.game,
                    players=players,
                    seed=(self.seed * SEED_STRIDE + index) % 2**63,
                    game_options=self.game_options,
                    policy=self.policy,
                    max_moves=self.max_moves,
                    tournament=self.tournament_id,
                    index=index,
                )
            )
        return setups


async def run_tournament(
    plan: TournamentPlan,
    observers: Sequence[Observer] = (),
    concurrency: int = 1,
    options: PlayerOptions | None = None,
) -> list[MatchRecord]:
    """Play every match, at most `concurrency` at once; records come back in match order."""
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(setup: MatchSetup) -> MatchRecord:
        async with gate:
            return await MatchRunner(setup, observers, options=options).run()

    return list(await asyncio.gather(*(one(s) for s in plan.setups())))
