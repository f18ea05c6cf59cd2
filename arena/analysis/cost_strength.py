"""Cost against strength: per comparison group, each model's dollars and tokens per match beside its rating, its
cost per rated point above the random player of the same group, and the Pareto front (no model of the group is
both cheaper and stronger). Ratings never cross groups: players of two groups never met."""

from __future__ import annotations

import math
from typing import Any

from arena.analysis.leaderboard import Leaderboard, PlayerRow

BASELINE = "random"


def spend(row: PlayerRow) -> tuple[float | None, float | None]:
    """(dollars, tokens) per match; dollars None when a call had no price."""
    if not row.matches:
        return None, None
    tokens = (row.counts.get("prompt_tokens", 0) + row.counts.get("completion_tokens", 0)) / row.matches
    dollars = None if row.counts.get("unpriced", 0) else row.counts.get("cost", 0.0) / row.matches
    return dollars, tokens


def pareto(points: list[tuple[float, float]]) -> list[bool]:
    """Which (cost, rating) points no other point beats on both (cheaper or as cheap, and stronger)."""
    beaten = [
        any((c <= cost and r > rating) or (c < cost and r >= rating) for c, r in points) for cost, rating in points
    ]
    return [not found for found in beaten]


def cost_strength(board: Leaderboard) -> list[dict[str, Any]]:
    """Per comparison group holding a model (a player that spent tokens): its models' spending and strength."""
    groups = []
    for group in board.groups:
        rows = [row for row in board.rows if row.group == group.number and row.rated]
        models = [row for row in rows if (spend(row)[1] or 0) > 0]
        if not models:
            continue
        baseline = next((row for row in rows if row.player == BASELINE), None)
        entries = [model_entry(row, baseline) for row in models]
        priced = [entry for entry in entries if entry["cost_per_match"] is not None]
        for entry, front in zip(priced, pareto([(e["cost_per_match"], e["rating"]) for e in priced]), strict=True):
            entry["pareto"] = front
        order = sorted(entries, key=lambda e: (e["cost_per_match"] is None, e["cost_per_match"] or 0, e["player"]))
        groups.append({
            "group": group.number,
            "baseline": BASELINE if baseline is not None else None,
            "baseline_rating": round(baseline.rating, 1) if baseline is not None else None,
            "players": order,
        })  # fmt: skip
    return groups


def model_entry(row: PlayerRow, baseline: PlayerRow | None) -> dict[str, Any]:
    """One model's point: rating and interval, spending per match, and per rated point above random."""
    dollars, tokens = spend(row)
    above = row.rating - baseline.rating if baseline is not None else math.nan
    gained = above if above > 0 else math.nan  # at or below random: no price per point
    return {
        "player": row.player,
        "rating": round(row.rating, 1),
        "low": round(row.low, 1),
        "high": round(row.high, 1),
        "matches": row.matches,
        "cost_per_match": None if dollars is None else significant(dollars),
        "tokens_per_match": None if tokens is None else round(tokens, 1),
        "above_random": None if math.isnan(above) else round(above, 1),
        "dollars_per_point": None if dollars is None or math.isnan(gained) else significant(dollars / gained),
        "tokens_per_point": None if tokens is None or math.isnan(gained) else significant(tokens / gained),
        "pareto": None,  # set among the priced models of the group
    }


def significant(value: float) -> float:
    """A value to four significant figures (dollars per point run to millionths of a cent)."""
    return float(f"{value:.4g}")
