"""The web report's cost-against-strength chart: each priced model's place in its group's panel, drawn as SVG."""

from __future__ import annotations

from typing import Any

WIDTH, HEIGHT, MARGIN = 100.0, 60.0, 6.0


def cost_panels(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per comparison group with a priced model: its points (percent of the panel), the front and random's line."""
    panels = []
    for group in groups:
        points = [p for p in group["players"] if p["cost_per_match"] is not None]
        if not points:
            continue
        ratings = [v for p in points for v in (p["low"], p["high"])]
        if group["baseline_rating"] is not None:
            ratings.append(group["baseline_rating"])
        bottom, top = min(ratings) - 20, max(ratings) + 20
        most = max(p["cost_per_match"] for p in points) * 1.1 or 1.0

        def x(cost: float, most: float = most) -> float:
            return round(MARGIN + (WIDTH - 2 * MARGIN) * cost / most, 2)

        def y(rating: float, bottom: float = bottom, top: float = top) -> float:
            return round(HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * (rating - bottom) / (top - bottom), 2)

        drawn = [{**p, "x": x(p["cost_per_match"]), "y": y(p["rating"]), "y_low": y(p["low"]),
                  "y_high": y(p["high"])} for p in points]  # fmt: skip
        front = sorted((d["x"], d["y"]) for d in drawn if d["pareto"])
        panels.append({
            "group": group["group"],
            "points": drawn,
            "front": " ".join(f"{a},{b}" for a, b in front),
            "baseline_y": None if group["baseline_rating"] is None else y(group["baseline_rating"]),
            "most": round(most, 6),
            "bottom": round(bottom),
            "top": round(top),
        })  # fmt: skip
    return panels
