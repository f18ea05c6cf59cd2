"""Poker's grading costs: an exploitability, the action values of a profile, a player graded whole, and the
matches themselves (engines only: decisions a second)."""

from __future__ import annotations

import asyncio
import random
import time

from arena.poker.equilibrium import equilibrium
from arena.poker.grading import Decision, grade
from arena.poker.spiel import exploitability
from arena.poker.values import action_values
from arena.runner.match import MatchRunner, MatchSetup
from bench.tables import table
from bench.tasks import timed
from games.poker.hands import decisions
from games.poker.styles import uniform_strategy


def random_decisions(game: str, count: int) -> list[Decision]:
    """`count` decisions of a uniform random player at sets drawn from every deal's tree."""
    rng = random.Random(1)
    found = equilibrium(game)
    points = list(decisions(found.variant))
    chosen = []
    for number in range(count):
        hand = rng.choice(points)
        chosen.append(Decision(hand.information_set(), rng.choice(hand.legal()), ("bench", number // 3)))
    return chosen


def match_seconds(game: str, hands: int) -> float:
    """Seconds to play one match of `hands` hands between the equilibrium and random."""
    setup = MatchSetup(game, ("cfr", "random"), seed=1, game_options={"hands": hands})
    started = time.perf_counter()
    asyncio.run(MatchRunner(setup).run())
    return time.perf_counter() - started


def bench_poker() -> None:
    """Each cost at Kuhn and Leduc; the report grades a player with all of them."""
    rows = []
    for game in ("kuhn-poker", "leduc-poker"):
        found = equilibrium(game)
        uniform = uniform_strategy(found.variant)
        median, worst = timed(lambda: exploitability(found.variant, uniform))  # noqa: B023 - run at once
        rows.append((game, "one exploitability (OpenSpiel best responses, both positions)", f"{median:.3f} s",
                     f"{worst:.3f} s"))  # fmt: skip
        median, worst = timed(lambda: action_values(found.variant, found.strategy))  # noqa: B023
        rows.append((game, "action values of a profile (every deal's tree)", f"{median:.3f} s", f"{worst:.3f} s"))
        chosen = random_decisions(game, 2000)
        median, worst = timed(lambda: grade(game, chosen), runs=3)  # noqa: B023
        rows.append((game, "a player of 2,000 decisions graded whole (EV loss, best response, bootstrap, floor)",
                     f"{median:.2f} s", f"{worst:.2f} s"))  # fmt: skip
        median, worst = timed(lambda: match_seconds(game, 200), runs=3)  # noqa: B023
        rows.append((game, "a match of 200 hands, cfr vs random", f"{median:.2f} s", f"{worst:.2f} s"))
    table("Poker grading (`python -m bench.run poker`)", ("game", "work", "median", "worst"), rows)
