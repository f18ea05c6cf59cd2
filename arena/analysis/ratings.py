"""Ratings from match results: Bradley-Terry with a first-move term and bootstrap intervals, Elo, Wilson intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit
from scipy.stats import binomtest

ELO_SCALE = 400 / math.log(10)  # Bradley-Terry strengths shown on the Elo scale, as Chatbot Arena does
CENTRE = 1000.0
PRIOR = 0.01  # a weak pull towards the mean: an unbeaten player gets a large finite rating, not infinity
ELO_K = 32.0


@dataclass(frozen=True)
class Result:
    """One scored match: who moved first, who second, and the first player's points (1, 0.5 or 0)."""

    first: int
    second: int
    points: float


@dataclass(frozen=True)
class Ratings:
    """Bradley-Terry ratings (Elo scale) with 95% bootstrap intervals, and the first-move advantage in points."""

    rating: list[float]
    low: list[float]
    high: list[float]
    first_move: float


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion (nan, nan for no trials)."""
    if trials == 0:
        return math.nan, math.nan
    interval = binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return float(interval.low), float(interval.high)


def _pairs(key: np.ndarray, points: np.ndarray, weights: np.ndarray, players: int) -> tuple[np.ndarray, ...]:
    """Results summed per ordered pair (key = first * players + second): games and the first player's points."""
    w = weights
    games = np.bincount(key, weights=w, minlength=players * players)
    scored = np.bincount(key, weights=w * points, minlength=players * players)
    used = np.nonzero(games)[0]
    return used // players, used % players, games[used], scored[used]


def _fit(pairs: tuple[np.ndarray, ...], players: int, start: np.ndarray) -> np.ndarray:
    """Maximum a-posteriori strengths (players, then the first-move term) by L-BFGS on the exact gradient."""
    first, second, games, scored = pairs

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        strength, advantage = params[:players], params[players]
        margin = strength[first] - strength[second] + advantage
        p = expit(margin)
        eps = 1e-12
        value = -np.sum(scored * np.log(p + eps) + (games - scored) * np.log(1 - p + eps))
        value += PRIOR / 2 * np.sum(strength**2)
        residual = games * p - scored  # d(-loglik)/d(margin)
        grad = np.zeros(players + 1)
        np.add.at(grad, first, residual)
        np.add.at(grad, second, -residual)
        grad[:players] += PRIOR * strength
        grad[players] = residual.sum()
        return float(value), grad

    return np.asarray(minimize(loss, start, jac=True, method="L-BFGS-B").x)


def bradley_terry(results: Sequence[Result], players: int, resamples: int = 1000, seed: int = 0) -> Ratings:
    """Ratings of players 0..n-1, draws half a win each way, with 95% bootstrap intervals over matches."""
    if not results:
        nothing = [math.nan] * players
        return Ratings(nothing, nothing, nothing, math.nan)
    count = len(results)
    key = np.fromiter((r.first * players + r.second for r in results), dtype=np.int64, count=count)
    points = np.fromiter((r.points for r in results), dtype=np.float64, count=count)
    best = _fit(_pairs(key, points, np.ones(count), players), players, np.zeros(players + 1))
    rng = np.random.default_rng(seed)
    draws = np.empty((resamples, players))
    for b in range(resamples):
        weights = np.bincount(rng.integers(0, count, count), minlength=count).astype(float)
        fitted = _fit(_pairs(key, points, weights, players), players, best)
        draws[b] = fitted[:players] - fitted[:players].mean()
    strength = best[:players] - best[:players].mean()
    low, high = np.percentile(draws, [2.5, 97.5], axis=0) if resamples else (strength, strength)
    return Ratings(
        rating=[CENTRE + ELO_SCALE * float(s) for s in strength],
        low=[CENTRE + ELO_SCALE * float(s) for s in low],
        high=[CENTRE + ELO_SCALE * float(s) for s in high],
        first_move=float(expit(best[players]) - 0.5),
    )


def elo(results: Sequence[Result], players: int, k: float = ELO_K) -> list[float]:
    """Classic Elo, updated match by match in the order given, everyone starting at 1000."""
    ratings = [CENTRE] * players
    for result in results:
        expected = 1 / (1 + 10 ** ((ratings[result.second] - ratings[result.first]) / 400))
        change = k * (result.points - expected)
        ratings[result.first] += change
        ratings[result.second] -= change
    return ratings
