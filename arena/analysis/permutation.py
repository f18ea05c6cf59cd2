"""Paired tests for an ablation's effects: the sign-flip permutation test of a mean paired difference (exact up to
16 pairs, a seeded Monte Carlo beyond) and Holm's correction for testing many effects at once."""

from __future__ import annotations

import itertools

import numpy as np

EXACT_UP_TO = 16  # 2**16 sign patterns enumerated; more pairs are sampled
DRAWS = 20_000


def sign_flip_p(differences: list[float], seed: int = 0) -> float | None:
    """Two-sided p-value that the mean paired difference is 0: the share of sign patterns whose mean is at least
    as far from 0 as the observed one (exact for up to 16 pairs); None without pairs."""
    if not differences:
        return None
    values = np.asarray(differences, dtype=float)
    observed = abs(values.mean())
    tolerance = 1e-12 * max(1.0, observed)  # the observed pattern itself always counts, whatever the rounding
    if len(values) <= EXACT_UP_TO:
        signs = np.array(list(itertools.product((1.0, -1.0), repeat=len(values))))
        means = np.abs((signs * values).mean(axis=1))
        return float(np.mean(means >= observed - tolerance))
    rng = np.random.default_rng(seed)
    signs = rng.choice((1.0, -1.0), size=(DRAWS, len(values)))
    means = np.abs((signs * values).mean(axis=1))
    return float((np.sum(means >= observed - tolerance) + 1) / (DRAWS + 1))  # the observed pattern counted once


def holm(p_values: list[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of p-values tested together (None kept, and not counted among the tests)."""
    known = sorted((p, index) for index, p in enumerate(p_values) if p is not None)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, index) in enumerate(known):
        running = max(running, min(1.0, (len(known) - rank) * p))
        adjusted[index] = running
    return adjusted
