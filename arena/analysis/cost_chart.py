"""The cost-against-strength chart as a PNG: one panel per comparison group, each priced model's rating and interval
against its dollars per match, the Pareto front joined and random's rating drawn across."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window

import matplotlib.pyplot as plt

from arena.analysis.charts import save
from arena.inert import inert


def priced_groups(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The groups with a model whose every call had a price (the only ones a dollar axis can show)."""
    return [g for g in groups if any(p["cost_per_match"] is not None for p in g["players"])]


def cost_chart(game: str, groups: list[dict[str, Any]], path: Path) -> Path:
    """Rating (y) against dollars per match (x), a panel per group: players of two groups never met."""
    shown = priced_groups(groups)
    figure, axes = plt.subplots(len(shown), 1, figsize=(9, 4.2 * len(shown)), squeeze=False)
    for axis, group in zip(axes[:, 0], shown, strict=True):
        points = [p for p in group["players"] if p["cost_per_match"] is not None]
        for point in points:
            colour = "#c62828" if point["pareto"] else "#1565c0"
            below, above = point["rating"] - point["low"], point["high"] - point["rating"]
            axis.errorbar([point["cost_per_match"]], [point["rating"]], yerr=[[below], [above]], fmt="o",
                          color=colour, ecolor="#90caf9", capsize=4)  # fmt: skip
            axis.annotate(inert(point["player"]), (point["cost_per_match"], point["rating"]), fontsize=8,
                          xytext=(5, 4), textcoords="offset points")  # fmt: skip
        front = sorted((p["cost_per_match"], p["rating"]) for p in points if p["pareto"])
        if len(front) > 1:
            axis.plot(*zip(*front, strict=True), color="#c62828", linewidth=1, label="Pareto front")
        if group["baseline_rating"] is not None:
            axis.axhline(group["baseline_rating"], color="#9e9e9e", linestyle="--", label="random")
        axis.set_xlabel("dollars per match (list price)")
        axis.set_ylabel("rating (Bradley-Terry, Elo scale)")
        axis.set_title(inert(f"{game}, comparison group {group['group']}: {len(points)} priced models"), fontsize=10)
        axis.grid(alpha=0.3)
        axis.legend(fontsize="small", loc="lower right")
    figure.suptitle(inert(f"{game}: cost against strength (red: the Pareto front, no model both cheaper and stronger)"))
    return save(figure, path)
