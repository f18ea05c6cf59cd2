"""A series of matches between two player specs, run concurrently on one event loop."""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.engine.events import MatchEnded
from arena.engine.policy import CHILDPLAY, InvalidMovePolicy
from arena.engine.runner import MatchRunner, MatchSetup, Observer, notify
from arena.engine.workers import MatchBackend
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

    def setups(self) -> Iterator[MatchSetup]:
        """One setup per match, made as it is needed: seats swapped on odd matches when asked, seeds derived."""
        for index in range(self.games):
            yield self.setup(index)

    def setup(self, index: int) -> MatchSetup:
        """The setup of match `index`."""
        swapped = self.swap_seats and index % 2 == 1
        players = (self.players[1], self.players[0]) if swapped else self.players
        return MatchSetup(
            game=self.game,
            players=players,
            seed=(self.seed * SEED_STRIDE + index) % 2**63,
            game_options=self.game_options,
            policy=self.policy,
            max_moves=self.max_moves,
            tournament=self.tournament_id,
            index=index,
        )


async def run_tournament(
    plan: TournamentPlan,
    observers: Sequence[Observer] = (),
    concurrency: int = 1,
    options: PlayerOptions | None = None,
) -> list[MatchRecord]:
    """Play every match and return the records in match order (for small series; long runs use `play_tournament`)."""
    results: dict[int, MatchRecord] = {}

    def keep(record: MatchRecord) -> None:
        results[record.index] = record

    await play_tournament(plan, observers, concurrency, options, keep)
    return [results[index] for index in sorted(results)]


async def play_tournament(
    plan: TournamentPlan,
    observers: Sequence[Observer] = (),
    concurrency: int = 1,
    options: PlayerOptions | None = None,
    on_record: Callable[[MatchRecord], object] | None = None,
    backend: MatchBackend | None = None,
) -> None:
    """Play every match, at most `concurrency` at once, planning each as it is taken; nothing is kept.

    With a `backend` (worker processes) matches are played there, two per worker in flight so
    that none idles while a record travels back; observers then hear only of ended matches.
    """
    pending = plan.setups()
    if backend is not None:
        concurrency = backend.capacity * 2

    async def worker() -> None:
        for setup in pending:  # a shared iterator: each setup goes to exactly one worker
            if backend is None:
                record = await MatchRunner(setup, observers, options=options).run()
            else:
                record = await backend.play(setup)
                await notify(observers, MatchEnded(setup.match_id, record))
            if on_record is not None:
                taken = on_record(record)
                if inspect.isawaitable(taken):  # the recorder may ask players to wait for the disk
                    await taken

    workers = [asyncio.ensure_future(worker()) for _ in range(max(1, min(concurrency, plan.games)))]
    try:
        await asyncio.gather(*workers)
    except BaseException:
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        raise
