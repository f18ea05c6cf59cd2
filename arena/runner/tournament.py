"""A series of matches between two player specs, run concurrently on one event loop."""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.match.events import MatchEnded
from arena.match.policy import InvalidMovePolicy
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.runner.match import MatchRunner, MatchSetup, Observer, notify
from arena.runner.workers import MatchBackend

SEED_STRIDE = 1_000_003


def match_id(tournament_id: str, index: int) -> str:
    """The id of match `index` of a tournament: the same tournament and index always give the same id."""
    return hashlib.sha256(f"{tournament_id}:{index}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class TournamentPlan:
    """Two players, a game, how many matches and how seats and seeds are assigned.

    In a round robin each pairing is one plan whose matches are numbered from `first_index`;
    `skip` holds the numbers already recorded, which a resumed run does not play again.
    """

    game: str
    players: tuple[str, str]
    games: int = 1
    seed: int = 0
    swap_seats: bool = False
    game_options: dict[str, Any] = field(default_factory=dict)
    policy: InvalidMovePolicy | None = None  # None: the prompt families' policy, else ChildPlay's
    max_moves: int | None = None
    tournament_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    first_index: int = 0
    skip: frozenset[int] = frozenset()
    seat_pairs: bool = False  # the two matches of each pair share one seed, seats swapped (duplicate play)

    @property
    def indexes(self) -> range:
        """The tournament-wide numbers of this plan's matches."""
        return range(self.first_index, self.first_index + self.games)

    @property
    def to_play(self) -> int:
        """Matches not recorded yet."""
        return sum(1 for index in self.indexes if index not in self.skip)

    def setups(self) -> Iterator[MatchSetup]:
        """One setup per match still to play, made as it is needed: seats swapped on odd matches when asked."""
        for index in self.indexes:
            if index not in self.skip:
                yield self.setup(index)

    def setup(self, index: int) -> MatchSetup:
        """The setup of match `index` (tournament-wide): seeds derive from it, seats swap on odd matches of the pair
        (which, with `seat_pairs`, replay the even match's seed)."""
        swapped = self.swap_seats and (index - self.first_index) % 2 == 1
        players = (self.players[1], self.players[0]) if swapped else self.players
        seeded = index - 1 if swapped and self.seat_pairs else index  # a pair's second match: its first's seed
        return MatchSetup(
            game=self.game,
            players=players,
            seed=(self.seed * SEED_STRIDE + seeded) % 2**63,
            game_options=self.game_options,
            policy=self.policy,
            max_moves=self.max_moves,
            tournament=self.tournament_id,
            index=index,
            match_id=match_id(self.tournament_id, index),
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


def provider_of(spec: str, options: PlayerOptions | None) -> str | None:
    """Which provider a player's calls go to (its endpoint, else the model's provider prefix); None for no model."""
    kind, _, argument = spec.strip().partition(":")
    if kind.lower() != "llm":
        return None
    model, *parts = argument.split(";")
    overrides = dict(part.partition("=")[::2] for part in parts)
    api_base = overrides.get("api_base") or (options.api_base if options else None)
    if api_base:
        return api_base.strip()
    model = model.strip()
    return model.split("/", 1)[0] if "/" in model else model


def provider_key(setup: MatchSetup, options: PlayerOptions | None) -> str:
    """The pool a match is played in: the providers its players call, or "" when no model plays."""
    providers = sorted({p for spec in setup.players if (p := provider_of(spec, options)) is not None})
    return " + ".join(providers)


async def play_tournament(
    plan: TournamentPlan | Iterable[TournamentPlan],
    observers: Sequence[Observer] = (),
    concurrency: int = 1,
    options: PlayerOptions | None = None,
    on_record: Callable[[MatchRecord], object] | None = None,
    backend: MatchBackend | None = None,
    may_start: Callable[[], bool] = lambda: True,
    limits: Mapping[str, int] | None = None,
) -> None:
    """Play every match, at most `concurrency` at once per provider, planning each as it is taken; nothing is kept.

    Matches are grouped by the providers their players call (engines alone form one group); each
    group has its own `concurrency` slots (`limits` may set a provider's own, by endpoint or provider
    name), so a slow provider never holds the others' matches back.
    `may_start` is asked before each match is taken: once it says no, the matches in flight finish
    and no new one starts (the spend cap). With a `backend` (worker processes) matches are played
    there, two per worker in flight so that none idles while a record travels back; observers then
    hear only of ended matches.
    """
    plans = [plan] if isinstance(plan, TournamentPlan) else list(plan)
    groups: dict[str, list[TournamentPlan]] = {}
    for each in plans:
        if each.to_play:
            key = provider_key(each.setup(each.first_index), options)
            groups.setdefault(key, []).append(each)
    if backend is not None:
        concurrency = backend.capacity * 2
    workers = []
    for key, group in groups.items():
        pending = (setup for each in group for setup in each.setups())
        providers = [p for p in key.split(" + ") if p]
        allowed = min((limits or {}).get(p, concurrency) for p in providers) if providers else concurrency
        slots = max(1, min(allowed, sum(each.to_play for each in group)))
        workers += [
            asyncio.ensure_future(worker(pending, observers, options, on_record, backend, may_start))
            for _ in range(slots)
        ]
    try:
        await asyncio.gather(*workers)
    except BaseException:
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        raise


async def worker(
    pending: Iterator[MatchSetup],
    observers: Sequence[Observer],
    options: PlayerOptions | None,
    on_record: Callable[[MatchRecord], object] | None,
    backend: MatchBackend | None,
    may_start: Callable[[], bool],
) -> None:
    """Take setups from a shared iterator (each goes to exactly one worker) and play them one after another."""
    while may_start():
        setup = next(pending, None)
        if setup is None:
            return
        if backend is None:
            record = await MatchRunner(setup, observers, options=options).run()
        else:
            record = await backend.play(setup)
            await notify(observers, MatchEnded(setup.match_id, record))
        if on_record is not None:
            taken = on_record(record)
            if inspect.isawaitable(taken):  # the recorder may ask players to wait for the disk
                await taken
