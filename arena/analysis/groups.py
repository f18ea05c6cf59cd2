"""Comparison groups: players linked by scored matches, each rated apart, ranked within, compared head to head.

Two players can only be compared when a chain of scored matches links them. Topsakal's prompt families
never meet, nor do ChildPlay's models except through their random opponent: a single fit would rank them
on the prior alone. So ratings are fitted per connected part of the who-played-whom graph.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from arena.analysis.ratings import Result, bradley_terry, elo


@dataclass(frozen=True)
class HeadToHead:
    """Two players who met: their scored matches, the rating difference (first minus second), its 95% interval."""

    first: str
    second: str
    matches: int
    difference: float
    low: float
    high: float

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return {
            "players": [self.first, self.second],
            "matches": self.matches,
            "difference": round(self.difference, 1),
            "low": round(self.low, 1),
            "high": round(self.high, 1),
        }


@dataclass
class RatingGroup:
    """Players linked by scored matches, rated together; numbered from 1, the group with most matches first."""

    number: int
    players: list[str]
    matches: int
    first_move: float = math.nan
    first_move_fitted: bool = False
    head_to_head: list[HeadToHead] = field(default_factory=list)
    anchors: dict[str, float] = field(default_factory=dict)  # its players with declared ratings: the scale's base

    @property
    def scale(self) -> str:
        """What its ratings are relative to."""
        if not self.anchors:
            return "relative: 1000 is the group's mean player (comparable with no other table)"
        named = ", ".join(f"{name} = {value:g}" for name, value in sorted(self.anchors.items()))
        return f"anchored on {named}"

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return {
            "group": self.number,
            "players": self.players,
            "matches": self.matches,
            "anchors": dict(sorted(self.anchors.items())),
            "scale": self.scale,
            "first_move_advantage": None if math.isnan(self.first_move) else round(self.first_move, 4),
            "first_move_term": first_move_term(self.first_move_fitted),
            "head_to_head": [pair.as_dict() for pair in self.head_to_head],
        }


def first_move_term(fitted: bool) -> str:
    """The JSON's word on a first-move term: fitted, or why it was left out."""
    return "fitted" if fitted else "left out: no two players met in both seats"


@dataclass(frozen=True)
class Fitted:
    """One player's rating with its interval, classic Elo, group and rank (nan and 0 for a player never scored)."""

    rating: float = math.nan
    low: float = math.nan
    high: float = math.nan
    elo: float = math.nan
    group: int = 0
    rank: int = 0


def connected_parts(names: Sequence[str], pairs: Sequence[tuple[str, str]]) -> list[list[str]]:
    """The connected parts of the graph whose edges are `pairs`, each in `names` order (union-find)."""
    parent = {name: name for name in names}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for a, b in pairs:
        parent[root(a)] = root(b)
    parts: dict[str, list[str]] = {}
    for name in names:
        parts.setdefault(root(name), []).append(name)
    return list(parts.values())


def fit_groups(
    names: Sequence[str],
    results: Sequence[tuple[str, str, float]],
    resamples: int,
    anchors: dict[str, float] | None = None,
) -> tuple[dict[str, Fitted], list[RatingGroup]]:
    """Each player's fit and the groups: one Bradley-Terry fit per connected part of the scored matches (a part
    with anchors among its players is put on their scale)."""
    scored = [(a, b, points) for a, b, points in results if a != b]
    linked = {name for a, b, _ in scored for name in (a, b)}
    parts = connected_parts([n for n in names if n in linked], [(a, b) for a, b, _ in scored])
    member = {name: i for i, part in enumerate(parts) for name in part}
    by_part: list[list[tuple[str, str, float]]] = [[] for _ in parts]
    for result in scored:
        by_part[member[result[0]]].append(result)
    order = sorted(range(len(parts)), key=lambda i: (-len(by_part[i]), parts[i][0]))
    fitted: dict[str, Fitted] = {name: Fitted() for name in names}
    groups = []
    for number, i in enumerate(order, start=1):
        group, fits = fit_one(number, parts[i], by_part[i], resamples, anchors or {})
        groups.append(group)
        fitted.update(fits)
    return fitted, groups


def head_to_head(
    players: list[str], pair: tuple[int, int], matches: int, gap: tuple[float, float, float]
) -> HeadToHead:
    """The pair with the higher-rated player first, so the difference reads as a lead."""
    (i, j), (difference, low, high) = pair, gap
    if difference < 0:
        i, j, difference, low, high = j, i, -difference, -high, -low
    return HeadToHead(players[i], players[j], matches, difference, low, high)


def fit_one(
    number: int,
    players: list[str],
    results: list[tuple[str, str, float]],
    resamples: int,
    anchors: dict[str, float] | None = None,
) -> tuple[RatingGroup, dict[str, Fitted]]:
    """One group's ratings, ranks and head-to-head differences."""
    index = {name: i for i, name in enumerate(players)}
    mine = {name: value for name, value in (anchors or {}).items() if name in index}
    met: dict[tuple[int, int], int] = {}
    for a, b, _ in results:
        pair = (min(index[a], index[b]), max(index[a], index[b]))
        met[pair] = met.get(pair, 0) + 1
    numbered = [Result(index[a], index[b], points) for a, b, points in results]
    ratings = bradley_terry(numbered, len(players), resamples, pairs=sorted(met),
                            anchors={index[name]: value for name, value in mine.items()})  # fmt: skip
    elos = elo(numbered, len(players))
    fitted = {}
    for name, i in index.items():
        above = sum(1 for j in range(len(players)) if ratings.low[j] > ratings.high[i])
        fitted[name] = Fitted(ratings.rating[i], ratings.low[i], ratings.high[i], elos[i], number, 1 + above)
    pairs = [head_to_head(players, pair, met[pair], ratings.differences[pair]) for pair in met]
    pairs.sort(key=lambda h: (-h.difference, h.first, h.second))
    group = RatingGroup(number, players, len(results), ratings.first_move, ratings.first_move_fitted, pairs, mine)
    return group, fitted
