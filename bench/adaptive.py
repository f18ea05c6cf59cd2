"""Adaptive pairing against a full round robin on an engine ladder: the order each reaches and its matches.

The ladder is `random` and `minimax:level=1..5` (the engine's five levels; random stands below level 1) at
tic-tac-toe. The round robin plays MATCHES_PER_PAIR matches a pair; the
adaptive runs spend budgets of a fraction of that. Both fit the same Bradley-Terry model.
Run alone: python -m bench.adaptive [MATCHES_PER_PAIR].
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
from arena.tournaments.adaptive import AdaptiveRun, run_adaptive, standing
from arena.tournaments.config import TournamentConfig, parse_config
from arena.tournaments.schedule import build_schedule
from bench.ratings import load
from bench.tables import table

LADDER = ["random", *(f"minimax:level={level}" for level in range(1, 6))]
# Tic-tac-toe only: its engine is exact at once, so the ladder's games are the same under any load (the other
# games' engines think for a time budget).
BOARDS: dict[str, dict[str, int | str]] = {"tictactoe": {}}
MATCHES_PER_PAIR = 40


def ladder(game: str, matches: int) -> TournamentConfig:
    """The ladder's tournament at `game`."""
    data = {"games": [game], "options": BOARDS[game], "players": LADDER, "matches_per_pair": matches, "seed": 11}
    return parse_config(data, "bench")


def round_robin(config: TournamentConfig) -> tuple[list[str], int, int]:
    """(players best first, matches, adjacent pairs separated) of the full round robin."""
    results: list[Result] = []
    for plan in build_schedule(config).plans:
        for record in asyncio.run(run_tournament(plan, options=PlayerOptions())):
            setup = plan.setup(record.index)
            points = record.outcome.points(0)
            if points is not None:
                results.append(Result(LADDER.index(setup.players[0]), LADDER.index(setup.players[1]), points))
    return ordered(results)


def ordered(results: list[Result]) -> tuple[list[str], int, int]:
    """Players best first, the scored matches, and the adjacent pairs whose difference excludes 0."""
    order, _, widths = standing(results, len(LADDER))
    return [LADDER[i] for i in order], len(results), sum(1 for _, width in widths if width is None)


def short(order: list[str]) -> str:
    """`5>4>3>2>1>r`."""
    return ">".join("r" if name == "random" else name.removeprefix("minimax:level=") for name in order)


def bench_adaptive(matches_per_pair: int = MATCHES_PER_PAIR) -> None:
    rows = []
    for game in BOARDS:
        config = ladder(game, matches_per_pair)
        started = time.perf_counter()
        full_order, full_matches, full_separated = round_robin(config)
        rows.append((game, "round robin", str(full_matches), short(full_order), f"{full_separated} of 5", "-",
                     f"{time.perf_counter() - started:.0f} s", load()))  # fmt: skip
        total = len(LADDER) * (len(LADDER) - 1) // 2 * matches_per_pair
        for share in (0.2, 0.33, 0.45):
            budget = int(total * share) // 2 * 2
            with tempfile.TemporaryDirectory() as folder, MatchStore(Path(folder) / "db") as store:
                started = time.perf_counter()
                run = run_adaptive(config, budget, store, PlayerOptions())
                seconds = time.perf_counter() - started
            rows.append((game, f"adaptive, budget {budget}", f"{run.matches} ({run.matches / total:.0%})",
                         short(run.order), str(separated_of(run)), "yes" if run.order == full_order else "no",
                         f"{seconds:.0f} s", load()))  # fmt: skip
    table(
        f"Adaptive pairing against the round robin ({matches_per_pair} matches a pair) on the ladder random, "
        "minimax levels 1-5 (order best first: 5 is level 5, r is random; separated: adjacent pairs whose 95% "
        "interval of the difference excludes 0)",
        ("game", "run", "matches", "order", "separated", "round robin's order", "time", "load"),
        rows,
    )


def separated_of(run: AdaptiveRun) -> str:
    """The adjacent pairs an adaptive run separated, as `n of 5` (the run's own last standing)."""
    return f"{run.separated} of 5"


if __name__ == "__main__":
    bench_adaptive(int(sys.argv[1]) if len(sys.argv) > 1 else MATCHES_PER_PAIR)
