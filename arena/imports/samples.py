"""Players whose logged games are a known partial sample of a published run: the importer's results file counts
more games than the log holds (ChildPlay's gpt-4o-mini tic-tac-toe at T=0 logs 11 of 100, its survivors)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from arena.analysis.partial import PartialSample
from arena.store.tables import PUBLISHED

if TYPE_CHECKING:
    from arena.analysis.moves import MatchAnalysis
    from arena.store import MatchStore

CHILDPLAY_GAMES = {"tictactoe": "tictactoe", "connectfour": "connect-four", "battleship": "battleship"}


def partial_samples(store: MatchStore, analyses: list[MatchAnalysis]) -> dict[str, dict[str, PartialSample]]:
    """Per game variant, the imported players whose logged games are fewer than their published run played."""
    imported = [a for a in analyses if a.source == "childplay" and len(a.players) == 2]
    if not imported:
        return {}
    logged: Counter[tuple[str, str]] = Counter()
    seat_of: dict[tuple[str, str], tuple[str, str]] = {}  # (game, model identity) -> (variant, player)
    for analysis in imported:
        key = (analysis.game, analysis.models[0])  # ChildPlay's model is its first player (P1)
        logged[key] += 1
        seat_of[key] = (analysis.variant, analysis.players[0])
    found: dict[str, dict[str, PartialSample]] = {}
    for totals in store.documents(PUBLISHED):
        if totals.get("paper") != "childplay" or totals.get("kind") != "results":
            continue
        values = totals.get("values") or {}
        wins, losses, draws = (int(values.get(name, 0)) for name in ("P1 Wins", "P2 Wins", "Ties"))
        key = (
            CHILDPLAY_GAMES.get(str(totals.get("game")), ""),
            f"llm:{totals.get('model')} T={totals.get('temperature'):g}",
        )
        if key not in seat_of or logged[key] >= wins + losses + draws:
            continue
        variant, player = seat_of[key]
        sample = PartialSample(logged[key], wins + losses + draws, f"{wins}-{draws}-{losses}", str(totals.get("file")))
        found.setdefault(variant, {})[player] = sample
    return found
