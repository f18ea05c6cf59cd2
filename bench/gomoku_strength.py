"""The Gomoku engine against gomokubench's `standard` AI (a depth-2 minimax over its 10 best-evaluated moves):
seeded openings, both colours, by budget, beside gomokubench against itself from the same openings.
A budget is seconds a move (`1`) or positions a move (`nodes=150000`: the same games on any machine under any load).
Run alone: python -m bench.gomoku_strength [GAMES [BUDGET ...]]."""

from __future__ import annotations

import sys
import time

from bench.gomoku import one_game_each, opening, play
from bench.gomoku_proof import lost_by_force
from bench.ratings import load
from bench.tables import table
from games.base import Cell
from games.gomoku.engine import GomokuEngine
from games.mnk import GridState, place

SIZE = 15


def gomokubench_move(state: GridState) -> Cell:
    """gomokubench's `standard` AI's move in this position (its board: 1 black, -1 white; black moves first)."""
    import numpy as np
    from libs.ai import get_best_move, resolve_ai_settings
    from libs.board import BoardState

    settings = resolve_ai_settings("standard")
    values = np.array(state.cells, dtype=np.int64).reshape(SIZE, SIZE)
    values = np.where(values == 2, -1, values)
    colour = 1 if state.to_move == 0 else -1
    board = BoardState(SIZE, values=values, color=-colour)  # `color` is the side that moved last
    move, _ = get_best_move(board, settings["depth"], colour == 1, candidate_count=settings["candidate_count"],
                            random_top_n=settings["random_top_n"])  # fmt: skip
    row, col = (int(v) for v in move)
    return Cell(row, col)


def engine_for(budget: str) -> GomokuEngine:
    """The engine at `budget`: seconds a move (`0.1`), or positions a move (`nodes=150000`)."""
    if budget.startswith("nodes="):
        return GomokuEngine(nodes=int(budget.removeprefix("nodes=")))
    return GomokuEngine(budget=float(budget))


def label(budget: str) -> str:
    """`1 s` or `150,000 positions`."""
    if budget.startswith("nodes="):
        return f"{int(budget.removeprefix('nodes=')):,} positions"
    return f"{float(budget):g} s"


Lost = tuple[int, bool]  # a lost game: its opening, and whether the engine moved first


def strength(budget: str, games: int, seed: int = 0) -> tuple[int, int, int, list[Lost], float, int]:
    """(wins, draws, losses, the lost games, the engine's longest move, openings where it scored less than
    gomokubench over both colours) over `games` games at `budget` (see `engine_for`): opening seed + game // 2,
    the engine first in even games."""
    engine = engine_for(budget)
    wins = draws = losses = 0
    lost: list[Lost] = []
    times: list[float] = []
    points: dict[int, float] = {}  # the engine's points from each opening (1 a win, 0.5 a draw)
    for game in range(games):
        state = opening(seed + game // 2)
        first = game % 2 == 0
        if first:
            winner = play(engine.best_move, gomokubench_move, state, times, 0)
        else:
            winner = play(gomokubench_move, engine.best_move, state, times, 1)
        points.setdefault(game // 2, 0.0)
        if winner is None:
            draws += 1
            points[game // 2] += 0.5
        elif (winner == 0) == first:
            wins += 1
            points[game // 2] += 1
        else:
            losses += 1
            lost.append((seed + game // 2, first))
    below = sum(1 for opening_points in points.values() if opening_points < 1)
    return wins, draws, losses, lost, max(times, default=0.0), below


def mirror(openings: int, seed: int = 0) -> tuple[int, int, int]:
    """gomokubench against itself from the same openings: (first player's wins, draws, second player's wins)."""
    # One game an opening: `standard` has no randomness. It shows how hard the second player's side is.
    return one_game_each(gomokubench_move, gomokubench_move, openings, seed)


def first_faced(game: Lost) -> GridState:
    """The position the engine first had to move in: the opening, or the opening after gomokubench's move."""
    seed, first = game
    state = opening(seed)
    if first:
        return state
    chosen = gomokubench_move(state)
    return place(state, chosen.row * SIZE + chosen.col, 5)


def lost_text(lost: list[Lost], forced: set[Lost]) -> str:
    """`opening 15, second (forced); opening 22, second ...`: the first six lost games."""
    shown = [f"opening {seed}, {'first' if first else 'second'}" + (" (forced)" if (seed, first) in forced else "")
             for seed, first in lost[:6]]  # fmt: skip
    return "; ".join(shown) + (" ..." if len(lost) > 6 else "") or "-"


def bench_gomoku_strength(games: int = 100, budgets: tuple[str, ...] = ("1", "0.1")) -> None:
    openings = (games + 1) // 2
    started = time.perf_counter()
    first, draws, second = mirror(openings)
    minutes = (time.perf_counter() - started) / 60
    rows = [
        ("gomokubench itself", str(openings), f"first player {first}-{draws}-{second}",
         f"{first} lost by its second player", "-", "-", "-", f"{minutes:.0f} min", load())
    ]  # fmt: skip
    started = time.perf_counter()
    forced = {(seed, False) for seed in range(openings) if lost_by_force(first_faced((seed, False)), gomokubench_move)}
    minutes = (time.perf_counter() - started) / 60
    rows.append(("proof by threat search", str(openings), "-",
                 "second player lost by force after the first move: "
                 + (", ".join(f"opening {seed}" for seed, _ in sorted(forced)) or "none found"),
                 "-", f"{len(forced)} of {openings}", "-", f"{minutes:.0f} min", load()))  # fmt: skip
    for budget in budgets:
        started = time.perf_counter()
        wins, draws, losses, lost, longest, below = strength(budget, games)
        minutes = (time.perf_counter() - started) / 60
        for seed, first in lost:  # the second player's openings are all proven above
            if first and lost_by_force(first_faced((seed, first)), gomokubench_move):
                forced.add((seed, first))
        in_forced = sum(1 for game in lost if game in forced)
        rows.append((label(budget), str(games), f"{wins}-{draws}-{losses}", lost_text(lost, forced),
                     f"{below} of {openings}", f"{in_forced} of {losses}", f"{longest:.2f} s", f"{minutes:.0f} min",
                     load()))  # fmt: skip
    table(
        "Gomoku engine vs gomokubench 0.1.10 `standard` (15x15, seeded 4-stone openings, both colours; goal: 0 losses; "
        "first row: gomokubench against itself from the same openings, the second player's side as a reference; "
        "lost by force: every move the engine could make in the first position it faced loses to the threats or "
        "gomokubench's answers, proven by `bench.gomoku_proof`)",
        ("budget", "games", "W-D-L", "lost games", "openings scored below it", "lost by force", "longest move",
         "time", "load"),
        rows,
    )  # fmt: skip


if __name__ == "__main__":
    arguments = sys.argv[1:]
    try:
        count = int(arguments[0]) if arguments else 100
        chosen = tuple(arguments[1:]) or ("1", "0.1")
        for budget in chosen:
            engine_for(budget)
    except ValueError as error:
        sys.exit(f"usage: python -m bench.gomoku_strength [GAMES [SECONDS | nodes=POSITIONS ...]] ({error})")
    bench_gomoku_strength(count, chosen)
