"""Poker's web figures: the exploitability chart's bars and the equilibrium's strategy to set beside a player's."""

from __future__ import annotations

from typing import Any


def poker_chart(game: dict[str, Any]) -> dict[str, Any]:
    """Each graded player's exploitability with its interval and noise floor, on one scale up to random's."""
    rows = [p for p in game["players"] if (p.get("poker") or {}).get("exploitability") is not None]
    baseline = float(game["poker"]["random_exploitability"])
    top = max([baseline, *(float(p["poker"]["exploitability_high"]) for p in rows)]) or 1.0

    def at(value: float) -> float:
        return round(100 * value / top, 2)

    bars = []
    for p in rows:
        figures = p["poker"]
        floor = figures.get("exploitability_floor")
        bars.append({"player": p["player"], "value": figures["exploitability"], "low": figures["exploitability_low"],
                     "high": figures["exploitability_high"], "floor": floor,
                     "at": at(figures["exploitability"]), "from": at(figures["exploitability_low"]),
                     "to": at(figures["exploitability_high"]),
                     "floor_at": None if floor is None else at(floor)})  # fmt: skip
    return {"bars": bars, "random": baseline, "random_at": at(baseline), "top": round(top, 1)}


def poker_equilibrium(name: str) -> dict[str, dict[str, float]]:
    """The shipped equilibrium's strategy, rounded for the page."""
    from arena.poker.equilibrium import equilibrium

    return {key: {word: round(share, 3) for word, share in words.items()}
            for key, words in sorted(equilibrium(name).strategy.items())}  # fmt: skip
