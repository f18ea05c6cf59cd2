"""What each harness setting changes: per cell the model's score, legality and move quality; per setting the
paired difference from its axis's baseline (match i of one cell against match i of the other, which started
alike), with a bootstrap 95% interval over the pairs, a sign-flip permutation test (Holm-corrected over the
ablation's tests) and the noise floor the null cell (the baseline again on its own seeds) measures."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from arena.analysis.moves import MatchAnalysis
from arena.analysis.permutation import holm, sign_flip_p

FIGURES = ("score", "first_legal", "final_legal", "keep")  # the model's, per match (None where it has none)
RESAMPLES = 1000


@dataclass(frozen=True)
class Cell:
    """One grid cell: its settings, the model's identity there, and the model's figures per match index."""

    settings: dict[str, Any]
    player: str
    figures: dict[int, dict[str, float | None]]


def match_figures(analysis: MatchAnalysis, player: str) -> dict[str, float | None] | None:
    """The model's score (1 win, 0.5 draw, 0 loss), legal first tries and final legality per turn, and `keep` as
    the report counts it: the share of its graded moves from positions not yet lost that kept the game's value
    (with the two counts, so a cell pools them as the report does); None if it did not play or was not scored."""
    if player not in analysis.players or not analysis.scored:
        return None
    seat = analysis.players.index(player)
    stats = analysis.seats[seat]
    turns = stats.turns

    def rate(count: float, out_of: float) -> float | None:
        return count / out_of if out_of else None

    return {
        "score": analysis.points(seat),
        "first_legal": rate(stats.first_try_valid, turns),
        "final_legal": rate(stats.valid, turns),
        "keep": rate(stats.optimal_open, stats.graded_open),
        "kept_open": stats.optimal_open,
        "graded_open": stats.graded_open,
    }


def cell_of(settings: dict[str, Any], player: str, analyses: list[MatchAnalysis]) -> Cell:
    """A cell from its tournament's analyses."""
    figures = {a.index: found for a in analyses if (found := match_figures(a, player)) is not None}
    return Cell(settings, player, figures)


def mean(values: list[float | None]) -> float | None:
    """The mean of the known values, None without one."""
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def cell_row(cell: Cell) -> dict[str, Any]:
    """A cell's matches and each figure: the mean per match, but `keep` pooled over moves as the report's."""
    matches = list(cell.figures.values())
    open_moves = sum(m.get("graded_open") or 0 for m in matches)
    kept = sum(m.get("kept_open") or 0 for m in matches)
    return (
        {"settings": cell.settings, "player": cell.player, "matches": len(matches)}
        | {name: _round(mean([m[name] for m in matches])) for name in FIGURES}
        | {"keep": _round(kept / open_moves) if open_moves else None}
    )


def paired(first: Cell, second: Cell, name: str) -> list[float]:
    """`second` minus `first` for one figure over the match indices both have it for."""
    both = sorted(set(first.figures) & set(second.figures))
    out = []
    for index in both:
        a, b = first.figures[index][name], second.figures[index][name]
        if a is not None and b is not None:
            out.append(b - a)
    return out


def interval(differences: list[float], seed: int = 0) -> tuple[float, float, float]:
    """The mean difference and its bootstrap 95% interval over the pairs (nan without pairs)."""
    if not differences:
        return math.nan, math.nan, math.nan
    values = np.asarray(differences)
    draws = np.random.default_rng(seed).integers(0, len(values), size=(RESAMPLES, len(values)))
    means = values[draws].mean(axis=1)
    return float(values.mean()), float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def figure_effect(differences: list[float]) -> dict[str, Any]:
    """One figure's paired effect: the mean difference, its bootstrap interval, whether it excludes 0, and the
    sign-flip permutation test's two-sided p."""
    mid, low, high = interval(differences)
    p = sign_flip_p(differences)
    return {"difference": _round(mid), "low": _round(low), "high": _round(high),
            "changes": bool(low > 0 or high < 0), "p": None if p is None else round(p, 5)}  # fmt: skip


def effects(cells: list[Cell], baseline: dict[str, Any]) -> list[dict[str, Any]]:
    """Per axis value other than its baseline: the pooled paired difference of every figure between the cells
    that differ only in that axis (with it, against with the baseline's value)."""

    def key(settings: dict[str, Any]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((k, str(v)) for k, v in settings.items()))

    by_settings = {key(c.settings): c for c in cells}
    rows = []
    for axis, base in baseline.items():
        for value in sorted({c.settings[axis] for c in cells if c.settings[axis] != base}, key=str):
            pooled: dict[str, list[float]] = {name: [] for name in FIGURES}
            for cell in cells:
                if cell.settings[axis] != value:
                    continue
                partner = by_settings[
                    tuple(sorted((k, str(base if k == axis else v)) for k, v in cell.settings.items()))
                ]
                for name in FIGURES:
                    pooled[name] += paired(partner, cell, name)
            row: dict[str, Any] = {"axis": axis, "value": value, "baseline": base, "pairs": len(pooled["score"])}
            rows.append(row | {name: figure_effect(pooled[name]) for name in FIGURES})
    return rows


def null_effect(baseline: Cell, null: Cell) -> dict[str, Any]:
    """The null cell (the baseline's settings again on its own seeds) against the baseline, pair by pair: what
    chance alone makes of one setting."""
    pooled = {name: paired(baseline, null, name) for name in FIGURES}
    row = {"axis": "null", "value": "the baseline again", "baseline": "baseline", "pairs": len(pooled["score"])}
    return row | {name: figure_effect(pooled[name]) for name in FIGURES}


def noise_floor(null: dict[str, Any]) -> dict[str, float | None]:
    """Per figure, the null cell's spread: the half-width of its 95% interval, the difference chance alone makes in
    a mean over its pairs (None where it has no pairs)."""
    floor: dict[str, float | None] = {}
    for name in FIGURES:
        low, high = null[name]["low"], null[name]["high"]
        floor[name] = None if low is None or high is None else round((high - low) / 2, 4)
    return floor


def judged(rows: list[dict[str, Any]], null: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The effects with Holm's correction over all their tests (`p_holm`) and, with a null cell, each figure's
    noise floor and whether the effect is no larger than it (`within_noise`)."""
    floor = noise_floor(null) if null is not None else {}
    tests = [(index, name) for index, row in enumerate(rows) for name in FIGURES]
    adjusted = holm([rows[index][name]["p"] for index, name in tests])
    out = [dict(row) | {name: dict(row[name]) for name in FIGURES} for row in rows]
    for (index, name), p_holm in zip(tests, adjusted, strict=True):
        figure = out[index][name]
        figure["p_holm"] = None if p_holm is None else round(p_holm, 5)
        noise = floor.get(name)
        figure["noise"] = noise
        difference = figure["difference"]
        figure["within_noise"] = None if noise is None or difference is None else abs(difference) <= noise
    return out


def _round(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else round(value, 4)
