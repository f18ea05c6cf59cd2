"""Strength levels of `minimax`: each level's score against `random` and against the level above."""

from __future__ import annotations

import asyncio
from typing import Any

from arena.players.engine_player import LEVEL_NOISE
from arena.runner.tournament import TournamentPlan, run_tournament
from bench.tables import table

GAMES: dict[str, tuple[dict[str, Any], str]] = {
    "tictactoe": ({}, "minimax"),
    "connect-four": ({}, "minimax:0.2"),
    "gomoku": ({}, "minimax:0.1"),
}


def score(game: str, options: dict[str, Any], a: str, b: str, matches: int) -> float:
    """a's points (win 1, draw 1/2) per scored match against b, seats swapped every match."""
    plan = TournamentPlan(game, (a, b), games=matches, seed=17, swap_seats=True, game_options=options)
    records = asyncio.run(run_tournament(plan))
    points = scored = 0.0
    for index, record in enumerate(records):
        if record.outcome.status != "finished":
            continue
        a_seat = 1 if index % 2 else 0
        scored += 1
        points += 0.5 if record.outcome.winner is None else float(record.outcome.winner == a_seat)
    return points / scored if scored else float("nan")


def bench_levels(matches: int = 100) -> None:
    """One table per game: level N against random and against level N + 1."""
    for game, (options, engine) in GAMES.items():
        count = matches if game != "gomoku" else matches // 5
        rows = []
        for level in sorted(LEVEL_NOISE):
            spec = f"{engine},level={level}" if ":" in engine else f"{engine}:level={level}"
            above = spec.replace(f"level={level}", f"level={level + 1}")
            against_random = score(game, options, spec, "random", count)
            against_above = score(game, options, spec, above, count) if level + 1 in LEVEL_NOISE else None
            rows.append(
                (
                    f"level={level} (random move {LEVEL_NOISE[level]:.0%} of the time)",
                    f"{against_random:.2f}",
                    "-" if against_above is None else f"{against_above:.2f}",
                )
            )
        table(
            f"{game}: minimax levels, score per match (win 1, draw 1/2), {count} matches each, seats swapped",
            ("level", "vs random", "vs the level above"),
            rows,
        )


if __name__ == "__main__":
    bench_levels()
