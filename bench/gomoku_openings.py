"""How much the seeded Gomoku openings give the first player: the engine against itself, the second player
with more time. Run alone: python -m bench.gomoku_openings [OPENINGS [FIRST_BUDGET SECOND_BUDGET]]."""

from __future__ import annotations

import sys
import time

from bench.gomoku import one_game_each
from bench.ratings import load
from bench.tables import table
from games.gomoku.engine import GomokuEngine


def first_player_edge(openings: int, first_budget: float, second_budget: float) -> tuple[int, int, int]:
    """(first player's wins, draws, second player's wins) from openings 0..openings-1, one game each."""
    first, second = GomokuEngine(budget=first_budget), GomokuEngine(budget=second_budget)
    return one_game_each(first.best_move, second.best_move, openings)


def bench_gomoku_openings(openings: int = 50, first_budget: float = 0.1, second_budget: float = 1.0) -> None:
    started = time.perf_counter()
    wins, draws, losses = first_player_edge(openings, first_budget, second_budget)
    minutes = (time.perf_counter() - started) / 60
    headers = ("openings", "first player's budget", "second player's budget", "first player won",
               "second player won", "draws", "time", "load")  # fmt: skip
    row = (str(openings), f"{first_budget:g} s", f"{second_budget:g} s", str(wins), str(losses), str(draws),
           f"{minutes:.0f} min", load())  # fmt: skip
    table(
        "Gomoku openings: the engine against itself from the seeded 4-stone openings of the gomokubench "
        "strength bench, one game each, the second player with more time (the first player's edge)",
        headers,
        [row],
    )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    count = int(arguments[0]) if arguments else 50
    budgets = [float(b) for b in arguments[1:3]] or [0.1, 1.0]
    bench_gomoku_openings(count, *budgets)
