"""Connect-Four benchmarks: reference sets, a seeded random-play set, every position of whole games, matches.

Run `python -m bench.connect_four --write-set` to regenerate tests/data/connect4/random_10_20.txt
(100 seeded random-play positions of 10-20 stones with exact scores found without the books).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

from arena.runner.tournament import TournamentPlan, run_tournament
from bench.tables import table
from games.connect_four import ConnectFour
from games.connect_four.engine import ConnectFourEngine
from games.connect_four.search import COMPILED
from games.mnk import GridState
from tests.conftest import REFERENCE

RANDOM_SET = Path(__file__).resolve().parent.parent / "tests" / "data" / "connect4" / "random_10_20.txt"
HARD = ("636272322416", "6447226414474", "7346255533123363557", "252346723413221475325437")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def random_sequence(rng: random.Random, low: int, high: int) -> str:
    """Columns (1-based) of a random-play game cut at a stone count in [low, high], unfinished."""
    game = ConnectFour()
    while True:
        target, state, moves = rng.randint(low, high), game.initial_state(), ""
        while state.ply < target and not state.over:
            column = rng.choice(game.legal_moves(state))
            state, moves = game.apply(state, column), moves + str(column + 1)
        if not state.over:
            return moves


def write_random_set(count: int = 100, seed: int = 2026) -> None:
    """Record the seeded set with exact scores searched without the books."""
    rng, game = random.Random(seed), ConnectFour()
    engine = ConnectFourEngine(budget=None, use_books=False)
    lines = []
    for _ in range(count):
        sequence = random_sequence(rng, 10, 20)
        lines.append(f"{sequence} {engine.score(game.play_sequence(sequence))}")
    RANDOM_SET.write_text("\n".join(lines) + "\n")


def solve_set(lines: list[str], use_books: bool) -> tuple[list[float], int, int, int]:
    """(time per position, correct scores, positions, nodes) solving each position from a cold table."""
    game = ConnectFour()
    engine = ConnectFourEngine(budget=None, use_books=use_books)
    times, correct, nodes = [], 0, 0
    for line in lines:
        sequence, expected = line.split()
        state = game.play_sequence(sequence)
        engine.solver.clear()
        before = engine.solver.count_nodes()
        start = time.perf_counter()
        score = engine.score(state)
        times.append(time.perf_counter() - start)
        nodes += engine.solver.count_nodes() - before
        correct += score == int(expected)
    return times, correct, len(lines), nodes


def whole_games(count: int, seed: int, noise: float) -> list[GridState]:
    """Every unfinished position of `count` seeded games: the engine against itself with `noise` random moves."""
    rng, game = random.Random(seed), ConnectFour()
    engine = ConnectFourEngine(budget=None)
    positions = []
    for index in range(count):
        state = game.initial_state()
        while not state.over:
            positions.append(state)
            noisy = state.to_move != index % 2 and rng.random() < noise
            column = rng.choice(game.legal_moves(state)) if noisy else engine.decide(state).column
            state = game.apply(state, column)
    return positions


def bench_sets() -> None:
    """Exact scores and times on Pons' sets, the seeded random set, and the positions that used to take minutes."""
    rows = []
    sets = {
        "Pons Test_L3_R1 (end games)": (REFERENCE / "Test_L3_R1").read_text().split("\n"),
        "Pons Test_L2_R1 (middle games)": (REFERENCE / "Test_L2_R1").read_text().split("\n"),
        "seeded random play, 10-20 stones": RANDOM_SET.read_text().split("\n"),
    }
    for name, raw in sets.items():
        lines = [line for line in raw if line.strip()]
        for books in (False, True):
            times, correct, total, nodes = solve_set(lines, books)
            rows.append(
                (
                    name,
                    "yes" if books else "no",
                    f"{correct}/{total}",
                    ms(statistics.mean(times)),
                    ms(max(times)),
                    f"{nodes / sum(times) / 1e6:.2f} M",
                )
            )
    engine = ConnectFourEngine(budget=None, use_books=False)
    game = ConnectFour()
    for sequence in HARD:
        engine.solver.clear()
        before, start = engine.solver.count_nodes(), time.perf_counter()
        score = engine.score(game.play_sequence(sequence))
        seconds = time.perf_counter() - start
        nodes = engine.solver.count_nodes() - before
        rows.append(
            (f"{sequence} (score {score})", "no", "-", ms(seconds), ms(seconds), f"{nodes / seconds / 1e6:.2f} M")
        )
    core = "numba" if COMPILED else "pure Python"
    table(
        f"Connect-Four exact scores, cold table per position ({core} core)",
        ("set", "books", "exact", "mean", "max", "nodes/s"),
        rows,
    )


def bench_every_position() -> None:
    """Best move with proof from every position of seeded games against opponents from random to perfect."""
    engine = ConnectFourEngine(budget=None)
    rows = []
    for label, noise in (("random", 1.0), ("25% random moves", 0.25), ("10% random moves", 0.1), ("perfect", 0.0)):
        times = []
        for state in whole_games(1 if noise == 0 else 30, seed=7, noise=noise):
            start = time.perf_counter()
            verdict = engine.decide(state)
            times.append(time.perf_counter() - start)
            assert verdict.exact
        times.sort()
        rows.append(
            (
                f"engine vs {label}",
                str(len(times)),
                ms(statistics.median(times)),
                ms(times[int(0.9 * len(times))]),
                ms(times[-1]),
            )
        )
    table(
        "Connect-Four best move with its exact score, every position of whole games, warm engine "
        "(targets: max <= 2 s, median < 0.1 s)",
        ("games", "positions", "median", "90th percentile", "max"),
        rows,
    )


def bench_matches(games: int = 200, budget: float = 1.0) -> None:
    """Engine move times in recorded-free matches: minimax vs minimax and minimax vs random, 6x7 and 7x7."""
    rows = []
    for rows_count, pairing, count in (
        (6, ("minimax", "minimax"), games),
        (6, ("minimax", "random"), games),
        (7, ("minimax", "random"), games // 4),
    ):
        plan = TournamentPlan(
            "connect-four", pairing, games=count, seed=11, swap_seats=True, game_options={"rows": rows_count}
        )
        start = time.perf_counter()
        records = asyncio.run(run_tournament(plan))
        elapsed = time.perf_counter() - start
        seconds = [
            m.info["engine_seconds"] for r in records for m in r.moves if r.players[m.seat].spec.startswith("minimax")
        ]
        first_wins = sum(r.outcome.winner == 0 for r in records)
        a_wins = sum(r.outcome.winner == i % 2 for i, r in enumerate(records))  # seats swap every match
        errors = sum(r.outcome.status == "error" for r in records)
        rows.append(
            (
                f"{rows_count}x7 {pairing[0]} vs {pairing[1]}",
                str(count),
                str(errors),
                f"{first_wins}/{count}",
                f"{a_wins}/{count}",
                f"{statistics.median(seconds):.3f} s",
                f"{max(seconds):.3f} s",
                f"{elapsed:.0f} s",
            )
        )
    table(
        f"Connect-Four matches, engine budget {budget:g} s a move (target: max <= budget + 10%)",
        (
            "pairing",
            "matches",
            "errors",
            "first seat wins",
            "first player named wins",
            "median move",
            "max move",
            "wall time",
        ),
        rows,
    )


def bench_connect_four() -> None:
    """All Connect-Four tables."""
    bench_sets()
    bench_every_position()
    bench_matches()


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-set"]:
        write_random_set()
    else:
        bench_connect_four()
