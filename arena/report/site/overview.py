"""What the web report's overview and head-to-head pages show: totals, each game's leaders, featured matches
(upsets, worst mistakes, longest reasoning) and every pair of players that met."""

from __future__ import annotations

from typing import Any

from arena.report.files import unique_name

FEATURED = 5  # matches in each featured list
LEADERS = 3  # players of each game shown on the overview


def game_file(name: str) -> str:
    """A game's page (its name may hold spaces and punctuation: a hash keeps two near names apart)."""
    return f"games/{unique_name(name)}.html"


def pairs_file(name: str) -> str:
    """A game's head-to-head page."""
    return f"games/{unique_name(name)}-pairs.html"


def overview(data: dict[str, Any], reasoning: dict[str, int]) -> dict[str, Any]:
    """Totals, each game's leaders and the featured matches; `reasoning` holds each match's longest reasoning."""
    matches = data["matches"]
    players = {p for m in matches for p in m["players"]}
    games = []
    for game in data["games"]:
        rated = [p for p in game["players"] if p["rating"] is not None and p["group"] == 1]
        games.append({"name": game["name"], "matches": game["matches"], "players": len(game["players"]),
                      "groups": len(game["groups"]), "leaders": rated[:LEADERS], "file": game_file(game["name"]),
                      "pairs": pairs_file(game["name"])})  # fmt: skip
    return {
        "matches": len(matches),
        "players": len(players),
        "games": sorted(games, key=lambda g: (-g["matches"], g["name"])),  # the busiest first
        "updated": max((m["ended"] for m in matches), default="-"),
        "upsets": upsets(data),
        "mistakes": worst_mistakes(matches),
        "reasoning": longest_reasoning(matches, reasoning),
    }


def upsets(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Scored wins of a player over one rated higher in the same comparison group, the widest gap first: one entry
    per pair (its latest such win, and how many there were), so one pair never fills the list."""
    ratings = {(g["name"], p["player"]): (p["rating"], p["group"]) for g in data["games"] for p in g["players"]}
    found = []
    for match in data["matches"]:
        if "won" not in match["results"] or len(match["players"]) != 2:
            continue
        seat = match["results"].index("won")
        winner, loser = match["players"][seat], match["players"][1 - seat]
        (won_at, won_group), (lost_at, lost_group) = (
            ratings.get((match["game"], p), (None, None)) for p in (winner, loser)
        )
        if won_at is not None and lost_at is not None and won_group == lost_group and lost_at > won_at:
            found.append({**match, "winner": winner, "loser": loser, "gap": round(lost_at - won_at)})
    by_pair: dict[tuple[str, str, str], dict[str, Any]] = {}
    for match in sorted(found, key=lambda m: (str(m.get("ended") or ""), m["id"])):
        key = (match["game"], match["winner"], match["loser"])
        times = by_pair[key]["times"] + 1 if key in by_pair else 1
        by_pair[key] = {**match, "times": times, "ended": known_date(match.get("ended"))}
    return sorted(by_pair.values(), key=lambda m: (-m["gap"], m["id"]))[:FEATURED]


def known_date(ended: object) -> str:
    """A match's date as shown, or "" for none or a placeholder (PGN's `????.??.??`)."""
    text = str(ended or "")
    return "" if not text or "?" in text else text


def worst_mistakes(matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Matches where one seat made the most blunders and missed wins (chess: blunders by Stockfish's grade)."""
    found = []
    for match in matches:
        for seat, counts in enumerate(match["mistakes"]):
            total = counts["blunders"] + counts["missed_wins"]
            if total:
                found.append({**match, "player": match["players"][seat], "blunders": counts["blunders"],
                              "missed_wins": counts["missed_wins"], "total": total})  # fmt: skip
    return sorted(found, key=lambda m: (-m["total"], m["id"]))[:FEATURED]


def longest_reasoning(matches: list[dict[str, Any]], reasoning: dict[str, int]) -> list[dict[str, Any]]:
    """Matches holding the longest single reasoning of a model, in characters."""
    found = [{**m, "characters": reasoning[m["id"]]} for m in matches if reasoning.get(m["id"])]
    return sorted(found, key=lambda m: (-m["characters"], m["id"]))[:FEATURED]


def head_to_head(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Every pair of players that met in a game: both sides' results and, within a group, the rating gap."""
    gaps = {}
    for group in game["groups"]:
        for pair in group["head_to_head"]:
            first, second = pair["players"]
            gaps[(first, second)] = pair
            gaps[(second, first)] = {**pair, "difference": -pair["difference"], "low": -pair["high"],
                                     "high": -pair["low"]}  # fmt: skip
    rows = []
    for cell in game["matrix"]:
        a, b = cell["player"], cell["opponent"]
        if a < b:
            gap = gaps.get((a, b))
            rows.append(
                {**cell, "gap": gap, "scored": cell["wins"] + cell["draws"] + cell["losses"] + cell["disqualified"]}
            )
    return sorted(rows, key=lambda r: (-r["scored"], r["player"], r["opponent"]))


def published_tables(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The published-vs-recomputed rows as one table per paper: a column per measure, each cell the published
    figure, and where the arena's recount differs, both (marked); a row's status says same or why not."""
    tables: dict[str, dict[str, Any]] = {}
    for row in rows:
        table = tables.setdefault(row["paper"], {"paper": row["paper"], "measures": [], "rows": [], "differing": 0})
        for key in [*row.get("published", {}), *row.get("arena", {})]:
            if key not in table["measures"]:
                table["measures"].append(key)
    for row in rows:
        table = tables[row["paper"]]
        published, recount = row.get("published") or {}, row.get("arena") or row.get("recomputed") or {}
        cells = []
        for key in table["measures"]:
            mine, theirs = recount.get(key), published.get(key)
            cells.append({"published": _shown(theirs), "arena": _shown(mine), "differs": mine != theirs})
        table["differing"] += bool(row.get("differs"))
        table["rows"].append({**row, "cells": cells})
    return list(tables.values())


def _shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)
