"""Chess play in and out of opening theory, and by ply band: is a model's play recalled or reasoned?

Per player, over its chess moves: accuracy (lichess's per-move formula), the share of best moves and the share of
turns whose first answer was a legal move, each beside a random legal mover's figure in the same positions (legality
aside: a random legal mover is always legal). A move is in book when its game had a book (it began at the standard
start) and the move came before the one that left theory (games.chess.theory); the move that leaves book is the
first one out. Ply bands count plies from the start of the game (1-10, 11-20, 21-40, 41+). Every game counts,
scored or not: these measure moves, not results.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arena.analysis.moves import MatchAnalysis
from arena.analysis.slices import BANDS, SLICE_FIELDS, band_of

ORDER = ("in book", "out of book", *(band_of(low) for low, _ in BANDS))


def player_slices(analyses: Iterable[MatchAnalysis]) -> dict[str, dict[str, list[float]]]:
    """Per player and slice, the sums of its games' seats."""
    found: dict[str, dict[str, list[float]]] = {}
    for analysis in analyses:
        for seat, slices in enumerate(analysis.slices):
            player = found.setdefault(analysis.players[seat], {})
            for name, sums in slices.items():
                total = player.setdefault(name, [0.0] * len(SLICE_FIELDS))
                for index, value in enumerate(sums):
                    total[index] += value
    return found


def slice_json(sums: list[float]) -> dict[str, Any]:
    """Rates as fractions (None with no move), with the counts they come from."""
    turns, legal, graded, accuracy, best, random_accuracy, random_best = sums
    return {
        "turns": int(turns),
        "first_try_legal": round(legal / turns, 4) if turns else None,
        "graded_moves": int(graded),
        "accuracy": round(accuracy / graded, 2) if graded else None,
        "random_accuracy": round(random_accuracy / graded, 2) if graded else None,
        "best": round(best / graded, 4) if graded else None,
        "random_best": round(random_best / graded, 4) if graded else None,
    }


def book_json(analyses: list[MatchAnalysis]) -> dict[str, Any]:
    """A chess board's `book` section: each player's slices, and each game's opening and the ply it left book."""
    players = {
        player: {name: slice_json(slices[name]) for name in ORDER if name in slices}
        for player, slices in sorted(player_slices(analyses).items())
    }
    games = [
        {"id": a.id, "players": a.players, "opening": a.opening_name or None,
         "exit_ply": None if a.book_exit is None else a.book_exit + 1 + a.opening_plies}
        for a in analyses if a.has_book
    ]  # fmt: skip
    return {"players": players, "games": games}
