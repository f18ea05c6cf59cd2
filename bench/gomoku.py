"""Gomoku benchmarks: nodes per second, head to head against the first engine, strength against budget."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.tables import table
from games.base import Cell
from games.gomoku.engine import GomokuEngine
from games.gomoku.threat_rules import ThreatRulesEngine
from games.mnk import GridState, empty_state, place

Chooser = Callable[[GridState], Cell]


def opening(seed: int, stones: int = 4) -> GridState:
    """A seeded opening: `stones` stones placed at random within the central 7x7 square."""
    rng = random.Random(seed)
    state = empty_state(15, 15)
    while state.ply < stones:
        index = (4 + rng.randrange(7)) * 15 + 4 + rng.randrange(7)
        if not state.cells[index]:
            state = place(state, index, 5)
    return state


def play(first: Chooser, second: Chooser, state: GridState, times: list[float], timed: int) -> int | None:
    """Play out from `state`; the winning seat (0 moves first from here) or None; seat `timed`'s move times kept."""
    players, start_seat = (first, second), state.to_move
    while not state.over:
        seat = (state.to_move - start_seat) % 2
        started = time.perf_counter()
        cell = players[seat](state)
        if seat == timed:
            times.append(time.perf_counter() - started)
        state = place(state, cell.row * 15 + cell.col, 5)
    if state.winner is None:
        return None
    return (state.winner - start_seat) % 2


def one_game_each(first: Chooser, second: Chooser, openings: int, seed: int = 0) -> tuple[int, int, int]:
    """(first player's wins, draws, second player's wins): one game from each of `openings` seeded openings."""
    wins = draws = losses = 0
    for number in range(openings):
        winner = play(first, second, opening(seed + number), [], 0)
        if winner is None:
            draws += 1
        elif winner == 0:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def head_to_head(a: Chooser, b: Chooser, games: int, seed: int = 0) -> tuple[int, int, int, list[float]]:
    """(a's wins, draws, b's wins, a's move times) over `games` seeded openings, colours alternated."""
    wins = draws = losses = 0
    times: list[float] = []
    for game in range(games):
        state = opening(seed + game // 2)
        a_first = game % 2 == 0
        winner = play(a, b, state, times, 0) if a_first else play(b, a, state, times, 1)
        if winner is None:
            draws += 1
        elif (winner == 0) == a_first:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, times


def new(budget: float) -> Chooser:
    engine = GomokuEngine(budget=budget)
    return lambda state: engine.best_move(state, 5)


def old(budget: float) -> Chooser:
    engine = ThreatRulesEngine(budget=budget)
    return lambda state: engine.best_move(state, 5)


def bench_gomoku(games: int = 100, budget: float = 0.2) -> None:
    """Nodes/s; the new engine against the first one at equal budget; the new engine against itself at 3 budgets."""
    engine = GomokuEngine(budget=1.0)
    rates: list[Any] = []
    for seed in range(5):
        verdict = engine.decide(opening(seed, 6), 5)
        rates.append(verdict.nodes)
    table(
        "Gomoku search speed (1 s budget, 5 openings of 6 stones)",
        ("positions", "median nodes in 1 s", "max"),
        [(str(len(rates)), f"{statistics.median(rates):,.0f}", f"{max(rates):,}")],
    )
    won, drawn, lost, times = head_to_head(new(budget), old(budget), games)
    table(
        f"Gomoku: new engine vs the first engine, {games} seeded openings, colours alternated, {budget:g} s a move",
        ("new wins", "draws", "first engine wins", "new win rate", "new engine's max move time"),
        [(str(won), str(drawn), str(lost), f"{won / games:.0%}", f"{max(times):.3f} s")],
    )
    rows = []
    for low, high in ((0.05, 0.2), (0.2, 1.0)):
        w, d, lo, _ = head_to_head(new(high), new(low), 20, seed=500)
        rows.append((f"{high:g} s vs {low:g} s", str(w), str(d), str(lo)))
    table("Gomoku: strength against budget, 20 seeded openings each", ("pairing", "wins", "draws", "losses"), rows)
