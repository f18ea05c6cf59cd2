"""Ratings from match results: regularised Bradley-Terry with honest intervals, Elo, Wilson intervals.

The fit is a maximum a-posteriori Bradley-Terry model on the log-odds scale: a normal prior (standard deviation
PRIOR_SD) on every strength keeps unbeaten records finite, and the first-move term is fitted only when some
pair of players met in both seat orders (otherwise it cannot be told apart from the strengths). Newton's
method on the exact Hessian fits all bootstrap resamples at once, so 1,000 resamples cost a few fits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

ELO_SCALE = 400 / math.log(10)  # Bradley-Terry strengths shown on the Elo scale, as Chatbot Arena does
CENTRE = 1000.0
PRIOR_SD = 2.0  # log-odds (about 350 rating points): 20-0 gives a large finite gap, not infinity
PRECISION = 1 / PRIOR_SD**2
PROVISIONAL = 5  # a player with fewer scored matches is marked, never ranked as certain
ELO_K = 32.0
Z95 = 1.959964


@dataclass(frozen=True)
class Result:
    """One scored match: who moved first, who second, and the first player's points (1, 0.5 or 0)."""

    first: int
    second: int
    points: float


@dataclass(frozen=True)
class Ratings:
    """Ratings (Elo scale, nan when unrated) with 95% intervals, and the first-move advantage in points."""

    rating: list[float]
    low: list[float]
    high: list[float]
    first_move: float
    first_move_fitted: bool
    scored: list[int]
    # (i, j) -> rating of i minus rating of j, with its 95% interval (Elo points), for the pairs asked for
    differences: dict[tuple[int, int], tuple[float, float, float]] = field(default_factory=dict)

    @property
    def rated(self) -> list[bool]:
        return [count > 0 for count in self.scored]


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson 95% score interval of a proportion (nan, nan for no trials)."""
    if trials == 0:
        return math.nan, math.nan
    share, z2 = successes / trials, Z95 * Z95
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def expit(x: np.ndarray) -> np.ndarray:
    """The logistic function, without overflow for large margins."""
    return np.asarray(np.exp(-np.logaddexp(0.0, -x)))


def seats_swapped(results: Sequence[Result]) -> bool:
    """Whether some pair of players met in both seat orders: the condition that identifies a first-move term."""
    orders = {(r.first, r.second) for r in results}
    return any((second, first) in orders for first, second in orders)


def _design(first: np.ndarray, second: np.ndarray, players: int, advantage: bool) -> np.ndarray:
    """One row per ordered pair: +1 for the first player, -1 for the second, and 1 for the first-move term."""
    design = np.zeros((len(first), players + advantage))
    rows = np.arange(len(first))
    design[rows, first] += 1.0
    design[rows, second] -= 1.0
    if advantage:
        design[:, players] = 1.0
    return design


OUTER_LIMIT = 4_000_000  # numbers in the pairs' outer products above which the Hessians are summed another way


def _hessian_maker(design: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """A function of the pairs' weights (resamples x pairs) giving every resample's Hessian (resamples x k x k).

    `weight @ outer` is one matrix product (BLAS) over the pairs' outer products; a general einsum over the
    same three operands was 13x slower. Very many pairs and players fall back to the einsum's best path.
    """
    pairs, size = design.shape
    if pairs * size * size > OUTER_LIMIT:
        return lambda weight: np.einsum("pk,bp,pl->bkl", design, weight, design, optimize=True)
    outer = (design[:, :, None] * design[:, None, :]).reshape(pairs, size * size)
    return lambda weight: (weight @ outer).reshape(-1, size, size)


def _newton(design: np.ndarray, games: np.ndarray, scored: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """MAP parameters of every row of `games`/`scored` (resamples x pairs) at once, and the last Hessians."""
    batch, size = games.shape[0], design.shape[1]
    params = np.zeros((batch, size))
    ridge = PRECISION * np.eye(size)
    hessians = _hessian_maker(design)
    for _ in range(100):
        p = expit(params @ design.T)
        gradient = (scored - games * p) @ design - PRECISION * params
        weight = games * p * (1 - p)
        hessian = hessians(weight) + ridge
        step = np.linalg.solve(hessian, gradient[..., None])[..., 0]
        largest = np.abs(step).max(axis=1, keepdims=True)
        step *= np.minimum(1.0, 2.0 / np.maximum(largest, 1e-300))  # a trust region: no wild first steps
        params += step
        if largest.max() < 1e-9:
            break
    return params, hessian


def _pairs_of(results: Sequence[Result], players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each match's ordered-pair number, the pairs' (first, second) players, and each match's points."""
    key = np.fromiter((r.first * players + r.second for r in results), dtype=np.int64, count=len(results))
    points = np.fromiter((r.points for r in results), dtype=np.float64, count=len(results))
    used, pair = np.unique(key, return_inverse=True)
    return pair, np.stack([used // players, used % players]), points


def column_percentiles(values: np.ndarray, percents: tuple[float, ...]) -> list[np.ndarray]:
    """Each column's percentiles, bit for bit as np.percentile's default (linear) method gives them, without the
    masked-array module it imports on the way (12 ms of a report's start)."""
    ordered = np.sort(values, axis=0)
    found = []
    for percent in percents:
        at = (len(ordered) - 1) * (percent / 100)  # numpy's index, rounded as numpy rounds it
        below = min(int(at), len(ordered) - 1)
        above = min(below + 1, len(ordered) - 1)
        t = at - below
        a, b = ordered[below], ordered[above]
        found.append(b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t)  # numpy's interpolation
    return found


def bradley_terry(
    results: Sequence[Result],
    players: int,
    resamples: int = 1000,
    seed: int = 0,
    pairs: Sequence[tuple[int, int]] = (),
    anchors: dict[int, float] | None = None,
) -> Ratings:
    """Ratings of players 0..n-1 (draws half a win each way) with 95% intervals, and the differences of `pairs`.

    The interval is the wider of the bootstrap over matches and the posterior's (Laplace) interval, so it is
    never zero-width: a resample of a 20-0 record is always 20-0, but the posterior still knows it was 20 games.
    A difference's interval is built the same way from the same fit and resamples.

    Without `anchors` the scale puts the mean player at 1000. With anchors (player: declared rating) it puts the
    anchors' mean strength at their mean declared rating, and the intervals are relative to them: a single
    anchor sits exactly at its rating, and every other player's interval is its difference from the anchor's.
    """
    scored = [0] * players
    for result in results:
        scored[result.first] += 1
        scored[result.second] += 1
    nothing = [math.nan] * players
    if not results:
        return Ratings(nothing, nothing, nothing, math.nan, False, scored)
    advantage = seats_swapped(results)
    rated = [i for i in range(players) if scored[i]]
    local = {player: i for i, player in enumerate(rated)}
    compact = [Result(local[r.first], local[r.second], r.points) for r in results]
    size = len(rated)
    pair, ends, points = _pairs_of(compact, size)
    design = _design(ends[0], ends[1], size, advantage)
    games = np.bincount(pair, minlength=design.shape[0]).astype(float)[None, :]
    won = np.bincount(pair, weights=points, minlength=design.shape[0])[None, :]
    best, hessian = _newton(design, games, won)
    anchored = [a for a in (anchors or {}) if a in local]
    centring = reference(size, [local[a] for a in anchored])
    centre = float(np.mean([(anchors or {})[a] for a in anchored])) if anchored else CENTRE
    strength = centring @ best[0, :size]
    covariance = np.linalg.inv(hessian[0])[:size, :size]
    spread = Z95 * np.sqrt(np.maximum(np.diag(centring @ covariance @ centring.T), 0.0))
    low, high = strength - spread, strength + spread
    wanted = [(a, b, local[a], local[b]) for a, b in pairs if a in local and b in local]
    gaps = np.array([strength[i] - strength[j] for _, _, i, j in wanted])
    gap_spread = Z95 * np.sqrt(
        np.maximum([covariance[i, i] + covariance[j, j] - 2 * covariance[i, j] for _, _, i, j in wanted], 0.0)
    )
    gap_low, gap_high = gaps - gap_spread, gaps + gap_spread
    if resamples:
        # Resampling matches with replacement only changes how many matches of each kind (ordered pair and
        # points) a resample holds: those counts are multinomial, drawn directly (not match by match).
        kind, kind_of = np.unique(pair * 3 + np.rint(points * 2).astype(np.int64), return_inverse=True)
        share = np.bincount(kind_of, minlength=len(kind)) / len(compact)
        counts = np.random.default_rng(seed).multinomial(len(compact), share, size=resamples).astype(float)
        boot_games = np.zeros((resamples, design.shape[0]))
        boot_won = np.zeros((resamples, design.shape[0]))
        np.add.at(boot_games.T, kind // 3, counts.T)
        np.add.at(boot_won.T, kind // 3, counts.T * ((kind % 3) / 2.0)[:, None])
        fitted, _ = _newton(design, boot_games, boot_won)
        draws = fitted[:, :size] @ centring.T
        boot_low, boot_high = column_percentiles(draws, (2.5, 97.5))
        low, high = np.minimum(low, boot_low), np.maximum(high, boot_high)
        if wanted:
            boot_gaps = np.stack([draws[:, i] - draws[:, j] for _, _, i, j in wanted], axis=1)
            boot_gap_low, boot_gap_high = column_percentiles(boot_gaps, (2.5, 97.5))
            gap_low, gap_high = np.minimum(gap_low, boot_gap_low), np.maximum(gap_high, boot_gap_high)
    rating, lows, highs = list(nothing), list(nothing), list(nothing)
    for player, i in local.items():
        rating[player] = centre + ELO_SCALE * float(strength[i])
        lows[player] = centre + ELO_SCALE * float(low[i])
        highs[player] = centre + ELO_SCALE * float(high[i])
    first_move = float(expit(best[0, size]) - 0.5) if advantage else math.nan
    differences = {
        (a, b): (ELO_SCALE * float(gaps[k]), ELO_SCALE * float(gap_low[k]), ELO_SCALE * float(gap_high[k]))
        for k, (a, b, _, _) in enumerate(wanted)
    }
    return Ratings(rating, lows, highs, first_move, advantage, scored, differences)


def reference(size: int, anchored: list[int]) -> np.ndarray:
    """The map from fitted strengths to shown ones: relative to the mean player, or to the anchors' mean."""
    weights = np.full(size, 1.0 / size)
    if anchored:
        weights = np.zeros(size)
        weights[anchored] = 1.0 / len(anchored)
    shown: np.ndarray = np.eye(size) - weights[None, :]
    return shown


def elo(results: Sequence[Result], players: int, k: float = ELO_K) -> list[float]:
    """Classic Elo, updated match by match in the order given, everyone starting at 1000."""
    ratings = [CENTRE] * players
    for result in results:
        expected = 1 / (1 + 10 ** ((ratings[result.second] - ratings[result.first]) / 400))
        change = k * (result.points - expected)
        ratings[result.first] += change
        ratings[result.second] -= change
    return ratings
