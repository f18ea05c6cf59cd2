"""Adaptive pairing against a round robin of the same budget, over seeds: how often each reaches the ladder's
order and separates every adjacent pair.

The ladder is `random` and `minimax:level=1..5` (the engine's five levels; random stands below level 1) at
tic-tac-toe, whose engine is exact at once, so the games are the same under any load. For each seed and budget
the round robin spreads the budget evenly over the 15 pairs (seats swapped) and the adaptive run spends the
same budget where its intervals are widest (it may stop early, with every adjacent pair separated). Both are
read by the same Bradley-Terry fit with the same bootstrap.
Run alone: python -m bench.adaptive [SEEDS].
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from arena.analysis.ratings import Result
from arena.players import PlayerOptions
from arena.runner.tournament import run_tournament
from arena.store import MatchStore
from arena.tournaments.adaptive import run_adaptive, standing
from arena.tournaments.config import TournamentConfig, parse_config
from arena.tournaments.schedule import build_schedule
from bench.ratings import load
from bench.tables import table

LADDER = ["random", *(f"minimax:level={level}" for level in range(1, 6))]
TRUE_ORDER = list(reversed(LADDER))  # level 5 first, random last
PAIRS = len(LADDER) * (len(LADDER) - 1) // 2
BUDGETS = (120, 210, 300, 450)  # multiples of 30: an even number of matches a pair for the round robin
SEEDS = 20


def ladder(matches_per_pair: int, seed: int) -> TournamentConfig:
    """The ladder's tournament at tic-tac-toe."""
    data = {"games": ["tictactoe"], "players": LADDER, "matches_per_pair": matches_per_pair, "seed": seed}
    return parse_config(data, "bench")


def round_robin(config: TournamentConfig) -> tuple[list[str], int]:
    """(players best first, adjacent pairs separated) after the full round robin."""
    results: list[Result] = []
    for plan in build_schedule(config).plans:
        for record in asyncio.run(run_tournament(plan, options=PlayerOptions())):
            setup = plan.setup(record.index)
            points = record.outcome.points(0)
            if points is not None:
                results.append(Result(LADDER.index(setup.players[0]), LADDER.index(setup.players[1]), points))
    order, _, widths = standing(results, len(LADDER))
    return [LADDER[i] for i in order], sum(1 for _, width in widths if width is None)


def adaptive(config: TournamentConfig, budget: int) -> tuple[list[str], int, int]:
    """(players best first, adjacent pairs separated, matches played) of an adaptive run within `budget`."""
    with tempfile.TemporaryDirectory() as folder, MatchStore(Path(folder) / "db") as store:
        run = run_adaptive(config, budget, store, PlayerOptions())
    return run.order, run.separated, run.matches


def bench_adaptive(seeds: int = SEEDS) -> None:
    rows = []
    for budget in BUDGETS:
        tally = {"round robin": [0, 0, 0, 0], "adaptive": [0, 0, 0, 0]}  # full order, all separated, pairs, matches
        started = time.perf_counter()
        for seed in range(seeds):
            order, separated = round_robin(ladder(budget // PAIRS, seed))
            adaptive_order, adaptive_separated, spent = adaptive(ladder(2, seed), budget)
            for name, found, split, matches in (("round robin", order, separated, budget),
                                                ("adaptive", adaptive_order, adaptive_separated, spent)):  # fmt: skip
                counts = tally[name]
                counts[0] += found == TRUE_ORDER
                counts[1] += split == len(LADDER) - 1
                counts[2] += split
                counts[3] += matches
        seconds = time.perf_counter() - started
        for name, (full, every, split, matches) in tally.items():
            rows.append((str(budget), name, f"{matches / seeds:.0f}", f"{full} of {seeds}", f"{every} of {seeds}",
                         f"{split / seeds:.1f} of 5", f"{seconds:.0f} s (both)", load()))  # fmt: skip
    table(
        f"Adaptive pairing against a round robin of the same budget on the ladder random, minimax levels 1-5 at "
        f"tic-tac-toe, seeds 0-{seeds - 1} (full order: 5>4>3>2>1>r exactly; separated: adjacent pairs whose 95% "
        "interval of the difference excludes 0)",
        ("budget", "run", "matches (mean)", "full order", "all 5 separated", "separated (mean)", "time", "load"),
        rows,
    )


if __name__ == "__main__":
    bench_adaptive(int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS)
