"""Adaptive pairing: a budget of matches spent where the ratings are least certain.

Every pair first plays one match in each seat order. Then, step by step, the players are ordered by their
fitted ratings and the adjacent pair whose rating difference has the widest 95% interval that still holds 0
plays two more matches (one each way). The run stops when every adjacent pair is separated (its interval
excludes 0) or the budget is spent. Every choice follows from the recorded results alone, so re-running the
same command replays the decisions, finds the matches already in the store and goes on from there.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations, pairwise

from arena.analysis.ratings import Ratings, Result, bradley_terry
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.runner.tournament import TournamentPlan, play_tournament
from arena.runner.workers import MatchBackend
from arena.store import MatchStore
from arena.tournaments.config import TournamentConfig
from arena.tournaments.play import recorded_records
from games.registry import canonical_name

STEP = 2  # matches a step gives the chosen pair: one in each seat order
FIT_RESAMPLES = 200  # bootstrap resamples behind each step's intervals (a fixed seed: the same choices each run)


@dataclass(frozen=True)
class AdaptiveRun:
    """How an adaptive run ended: its id, matches in all and now, why it stopped, the players best first."""

    tournament_id: str
    matches: int
    played_now: int
    stopped: str
    order: list[str]
    ratings: Ratings
    separated: int  # adjacent pairs whose interval of the difference excludes 0


def adaptive_id(config: TournamentConfig) -> str:
    """The run's id: the tournament's own with an `a` (the budget is not in it: a larger one goes on)."""
    return "a-" + config.tournament_id().removeprefix("t-")


def run_adaptive(
    config: TournamentConfig,
    budget: int,
    store: MatchStore,
    options: PlayerOptions,
    concurrency: int = 1,
    on_step: Callable[[int, str], None] | None = None,
    backend: MatchBackend | None = None,
) -> AdaptiveRun:
    """Play the adaptive run of `config`'s players at its first game within `budget` matches (recorded as played),
    on `backend` (worker processes, Ray's actors) or in this process."""
    if len(config.games) != 1 or config.prompts:
        raise ValueError("an adaptive run plays one game and no prompt sweep: give one game and no prompts")
    players = list(dict.fromkeys(config.specs()))
    if len(players) < 2:
        raise ValueError("an adaptive run needs at least two different players")
    tournament = adaptive_id(config)
    game = canonical_name(config.games[0])
    recorded = {r.index: r for r in recorded_records(store, store.tournament_rows(tournament), frozenset())}
    results: list[Result] = []
    index = played_now = 0
    ratings: Ratings | None = None

    def play(pair: tuple[int, int]) -> None:
        nonlocal index, played_now
        plan = TournamentPlan(game, (players[pair[0]], players[pair[1]]), STEP, config.seed, True, dict(config.options),
                              config.policy(), config.max_moves, tournament, index)  # fmt: skip
        done = frozenset(i for i in plan.indexes if i in recorded)
        if len(done) < STEP:
            missing = replace(plan, skip=done)
            made: list[MatchRecord] = []
            asyncio.run(play_tournament(missing, (), concurrency, options.for_game(game), made.append, backend))
            fresh = sorted(made, key=lambda record: record.index)
            store.add_many(fresh)
            recorded.update({r.index: r for r in fresh})
            played_now += len(fresh)
        for at in plan.indexes:
            setup = plan.setup(at)
            first, second = players.index(setup.players[0]), players.index(setup.players[1])
            points = recorded[at].outcome.points(0)
            if points is not None:
                results.append(Result(first, second, points))
        index += STEP

    for pair in combinations(range(len(players)), 2):  # every pair once each way: the fit's first links
        if index + STEP > budget:
            break
        play(pair)
        if on_step is not None:
            on_step(index, "every pair met")
    stopped = "the budget is spent"
    while True:
        order, ratings, adjacent = standing(results, len(players))
        open_pairs = [(width, pair) for pair, width in adjacent if width is not None]
        if not open_pairs:
            stopped = "every adjacent pair is separated"
            break
        if index + STEP > budget:
            break
        _, chosen = max(open_pairs, key=lambda item: (item[0], -item[1][0], -item[1][1]))
        play(chosen)
        if on_step is not None:
            on_step(index, f"{players[chosen[0]]} against {players[chosen[1]]}")
    order, ratings, widths = standing(results, len(players))
    separated = sum(1 for _, width in widths if width is None)
    return AdaptiveRun(tournament, index, played_now, stopped, [players[i] for i in order], ratings, separated)


def standing(
    results: list[Result], players: int
) -> tuple[list[int], Ratings, list[tuple[tuple[int, int], float | None]]]:
    """Players best first, their ratings, and each adjacent pair with its interval's width (None: separated)."""
    everyone = list(range(players))
    first_fit = bradley_terry(results, players, resamples=0)
    order = sorted(everyone, key=lambda i: (-(first_fit.rating[i] if first_fit.rated[i] else -math.inf), i))
    adjacent = [(min(a, b), max(a, b)) for a, b in pairwise(order)]
    ratings = bradley_terry(results, players, resamples=FIT_RESAMPLES, pairs=adjacent)
    widths: list[tuple[tuple[int, int], float | None]] = []
    for pair in adjacent:
        found = ratings.differences.get(pair)
        if found is None:
            widths.append((pair, math.inf))
            continue
        _, low, high = found
        widths.append((pair, None if low > 0 or high < 0 else high - low))
    return order, ratings, widths
