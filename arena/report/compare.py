"""Ratings from two reports side by side, only where both rest on a common anchor (the same player at the same
declared rating): without one, their scales are unrelated and the comparison is refused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class NoCommonAnchor(ValueError):
    """The two reports share no anchor in any game: their ratings cannot be compared."""


class AnchorsDiffer(ValueError):
    """Two tables of the same players rest on different anchor sets: their scales differ by an unknown shift."""


def anchor_difference(game: str, first: dict[str, float], second: dict[str, float]) -> str | None:
    """One line naming the first anchor the two sets do not share at the same value, or None if they are equal."""
    for name in sorted(set(first) | set(second)):
        a, b = first.get(name), second.get(name)
        if a == b:
            continue
        said = [f"the {which} report {'at ' + format(v, 'g') if v is not None else 'not at all'}"
                for which, v in (("first", a), ("second", b))]  # fmt: skip
        return (
            f"{game}: the anchor {name} is held by {said[0]} and {said[1]}; ratings compare only on the same "
            "anchors at the same values (give both reports the same --anchor flags)"
        )
    return None


@dataclass(frozen=True)
class Compared:
    """One player rated in both reports on a common anchor's scale."""

    game: str
    player: str
    first: tuple[float, float, float]  # rating, low, high in the first report
    second: tuple[float, float, float]
    anchors: tuple[str, ...]  # the common anchors the two tables rest on


def anchored_groups(report: dict[str, Any], game: str) -> list[tuple[dict[str, float], set[str]]]:
    """A game's anchored groups in a report's JSON: (anchors, players)."""
    groups = report.get("games", {}).get(game, {}).get("groups", [])
    return [(dict(g.get("anchors") or {}), set(g.get("players", []))) for g in groups if g.get("anchors")]


def compare_reports(first: dict[str, Any], second: dict[str, Any], game: str | None = None) -> list[Compared]:
    """Every player of an anchored group in both reports whose groups rest on the same anchors at the same values;
    AnchorsDiffer where two groups of the same players do not, NoCommonAnchor if no group is anchored in both."""
    games = sorted(set(first.get("games", {})) & set(second.get("games", {})))
    if game is not None:
        games = [name for name in games if name == game]
    found: list[Compared] = []
    for name in games:
        rows = [{p["player"]: p for p in report["games"][name]["players"]} for report in (first, second)]
        for anchors_a, players_a in anchored_groups(first, name):
            for anchors_b, players_b in anchored_groups(second, name):
                if not (players_a & players_b) and not (set(anchors_a) & set(anchors_b)):
                    continue
                differs = anchor_difference(name, anchors_a, anchors_b)
                if differs:
                    raise AnchorsDiffer(differs)
                common = tuple(sorted(anchors_a))
                for player in sorted(players_a & players_b):
                    a, b = rows[0][player], rows[1][player]
                    found.append(Compared(name, player, (a["rating"], a["low"], a["high"]),
                                          (b["rating"], b["low"], b["high"]), common))  # fmt: skip
    if not found:
        raise NoCommonAnchor(
            "these reports share no anchor (the same player at the same declared rating, `arena report --anchor`): "
            "their ratings are on unrelated scales and are not compared"
        )
    return found
