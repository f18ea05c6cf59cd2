"""Ratings on the Lichess puzzle scale: a maximum-likelihood fit against the puzzles' own ratings, and the LLM
chess puzzles benchmark's sequential Glicko-2 with its "adjusted Elo", so a model's figure can be set beside its
published table.

The fit: a solver of rating R solves a puzzle of rating P with probability 1 / (1 + 10^((P - R) / 400)), the
Elo curve Lichess's puzzle ratings live on; R maximises the likelihood of the attempts times a wide normal prior
(centre 1500, sd 700, so a solver who solves none or all still gets a finite rating), computed on a 1-point grid:
the same figure in any order. The interval holds the ratings whose log posterior is within 1.92 of the best (95%).

The benchmark's Glicko-2 (Glickman 2012; tau 0.5; the solver starts at 1500, deviation 350, volatility 0.06;
each puzzle its own rating period against the puzzle's rating and deviation, never below 10; an illegal answer
is a loss) depends on the order the puzzles came in; its adjusted Elo is the final rating times the share of
legal answers. Only the fit is order-free; the Glicko-2 figure compares with the benchmark's published table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

PRIOR_CENTRE, PRIOR_SD = 1500.0, 700.0
GRID = np.arange(-2000.0, 5001.0, 1.0)
HALF_CHI2_95 = 1.920729  # half the 95% quantile of chi-square with one degree of freedom
SCALE = 173.7178  # Glicko-2's scale: 400 / ln(10)
TAU = 0.5  # the benchmark's system constant
START = (1500.0, 350.0, 0.06)
SMALLEST_DEVIATION = 10.0  # the benchmark's floor on a puzzle's deviation


@dataclass(frozen=True)
class PuzzleRating:
    """A rating on the puzzle scale with its 95% interval."""

    rating: float
    low: float
    high: float


def fit_rating(attempts: Sequence[tuple[float, float]]) -> PuzzleRating:
    """The puzzle-scale rating of a solver from (puzzle rating, score) pairs, with its interval: a score is 1 for
    solved, 0 for not, or a chance (the random mover's expected score, for its baseline rating)."""
    log_posterior = -0.5 * ((GRID - PRIOR_CENTRE) / PRIOR_SD) ** 2
    if attempts:
        ratings = np.array([rating for rating, _ in attempts], dtype=float)
        scores = np.array([score for _, score in attempts], dtype=float)
        # log P(solve) = -log(1 + 10^((P - R)/400)), computed stably for every grid point at once
        exponent = (ratings[None, :] - GRID[:, None]) * (math.log(10) / 400)
        log_win = -np.logaddexp(0.0, exponent)
        log_loss = -np.logaddexp(0.0, -exponent)
        log_posterior = log_posterior + (scores[None, :] * log_win + (1 - scores[None, :]) * log_loss).sum(axis=1)
    best = int(np.argmax(log_posterior))
    inside = np.nonzero(log_posterior >= log_posterior[best] - HALF_CHI2_95)[0]
    return PuzzleRating(float(GRID[best]), float(GRID[inside[0]]), float(GRID[inside[-1]]))


@dataclass(frozen=True)
class BenchmarkRating:
    """The benchmark's figures: its final Glicko-2 rating and its adjusted Elo (both truncated, as it prints)."""

    glicko: int
    adjusted: int


def benchmark_rating(results: Sequence[tuple[float, float, int]]) -> BenchmarkRating:
    """The benchmark's sequential Glicko-2 over (puzzle rating, puzzle deviation, result) in the order given, result
    1 solved, 0 wrong, -1 illegal or unreadable (a loss); and its adjusted Elo."""
    mu, phi, sigma = START
    for rating, deviation, result in results:
        puzzle = (rating, max(deviation, SMALLEST_DEVIATION), 1.0 if result == 1 else 0.0)
        mu, phi, sigma = glicko2_update((mu, phi, sigma), [puzzle])
    final = int(mu)
    illegal = sum(1 for *_, result in results if result == -1)
    adjusted = int(final * (1 - illegal / len(results))) if results else final
    return BenchmarkRating(final, adjusted)


def glicko2_update(
    player: tuple[float, float, float], games: Sequence[tuple[float, float, float]]
) -> tuple[float, float, float]:
    """One Glicko-2 rating period: the player's new (rating, deviation, volatility) after `games`, each (opponent's
    rating, opponent's deviation, score)."""
    mu, phi, sigma = (player[0] - 1500.0) / SCALE, player[1] / SCALE, player[2]
    information = improvement = 0.0
    for rating, deviation, score in games:
        mu_j, phi_j = (rating - 1500.0) / SCALE, deviation / SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j**2 / math.pi**2)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        information += g**2 * expected * (1.0 - expected)
        improvement += g * (score - expected)
    variance = 1.0 / information
    sigma = new_volatility(phi, sigma, variance, variance * improvement)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / variance)
    mu = mu + phi**2 * improvement
    return mu * SCALE + 1500.0, phi * SCALE, sigma


def new_volatility(phi: float, sigma: float, variance: float, delta: float, epsilon: float = 1e-6) -> float:
    """Glicko-2's step 5: the new volatility by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - variance - ex) / (2.0 * (phi**2 + variance + ex) ** 2) - (x - a) / TAU**2

    low = a
    if delta**2 > phi**2 + variance:
        high = math.log(delta**2 - phi**2 - variance)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > epsilon:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)
