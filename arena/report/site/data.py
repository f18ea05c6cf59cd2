"""What the web pages show, from a report: per game the `--json` rows with drawing helpers, players, matches."""

from __future__ import annotations

import math
from typing import Any

from arena.analysis.leaderboard import no_chess_figures
from arena.analysis.moves import MatchAnalysis, SeatStats
from arena.report.files import unique_name
from arena.report.load import Report, report_json
from arena.report.site.cost_data import cost_panels
from arena.report.tables import first_move_text, leaderboard_cells

SCALE_PAD = 50.0  # rating points left and right of the widest interval on the interval bars


def player_file(player: str) -> str:
    """A player's page, by a name safe on every file system (a hash keeps two near names apart)."""
    return f"players/{unique_name(player)}.html"


def result_word(analysis: MatchAnalysis, seat: int) -> str:
    """The match from one seat: won, lost, draw, DQ, opponent DQ, or not scored."""
    if analysis.status != "finished":
        return f"not scored ({analysis.status})"
    if analysis.disqualified is not None:
        return "DQ" if analysis.disqualified == seat else "opponent DQ"
    if analysis.winner is None:
        return "draw"
    return "won" if analysis.winner == seat else "lost"


def interval_bars(players: list[dict[str, Any]]) -> dict[str, Any]:
    """Where each rating and interval sits on a common scale (percent of the bar's width)."""
    known = [p for p in players if p["rating"] is not None]
    low = min((p["low"] if p["low"] is not None else p["rating"] for p in known), default=0.0) - SCALE_PAD
    high = max((p["high"] if p["high"] is not None else p["rating"] for p in known), default=1.0) + SCALE_PAD
    span = max(high - low, 1.0)

    def at(value: float | None) -> float | None:
        return None if value is None or math.isnan(value) else round(100 * (value - low) / span, 2)

    return {
        "low": round(low),
        "high": round(high),
        "bars": {p["player"]: {"at": at(p["rating"]), "from": at(p["low"]), "to": at(p["high"])} for p in known},
    }


def seat_bars(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player's win rate moving first and second with its 95% interval, in percent, for the seat chart."""
    rows = []
    for p in players:
        bars = []
        for word, seat in (("1st", p["as_first"]), ("2nd", p["as_second"])):
            wins = seat["wins"]
            if seat["matches"] and wins["rate"] is not None:
                percent = {key: round(100 * wins[key], 1) for key in ("rate", "low", "high")}
                bars.append({"seat": word, **percent, "count": wins["count"], "matches": seat["matches"]})
        rows.append({"player": p["player"], "bars": bars})
    return rows


def mistakes(seat: SeatStats) -> dict[str, int]:
    """One seat's mistakes in one match by kind (refused answers, missed wins, blocks and sinks, blunders)."""
    return {
        "invalid": seat.invalid,
        "missed_wins": seat.missed_wins,
        "win_chances": seat.win_chances,
        "missed_blocks": seat.missed_blocks,
        "block_chances": seat.block_chances,
        "missed_sinks": seat.missed_sinks,
        "blunders": seat.blunders,
        "graded": seat.graded,
    }


def heat(cell: dict[str, Any]) -> float:
    """The row player's score against this opponent (wins + half draws over scored games), for the heatmap."""
    scored = cell["wins"] + cell["draws"] + cell["losses"] + cell["disqualified"]
    return (cell["wins"] + cell["draws"] / 2) / scored if scored else math.nan


def site_data(report: Report) -> dict[str, Any]:
    """Everything the pages are drawn from: the report's JSON (the same numbers) plus players and matches."""
    summary = report_json(report)
    games = []
    for board, (name, game) in zip(report.boards, summary["games"].items(), strict=True):
        chess = board.rules == "chess"
        shown = {row.player: leaderboard_cells(row, sinks=board.sinks, chess=chess) for row in board.rows}
        rows = [
            {**p, "shown_rating": shown[p["player"]][1], "shown_interval": shown[p["player"]][2]}
            | ({"chess": p.get("chess") or no_chess_figures()} if chess else {})
            for p in game["players"]
        ]
        players = [p["player"] for p in game["players"]]
        cells = {(c["player"], c["opponent"]): c for c in game["matrix"]}
        matrix = [
            [None if (a, b) not in cells else {**cells[(a, b)], "score": _finite(heat(cells[(a, b)]))} for b in players]
            for a in players
        ]
        extra = {"players": rows, "first_move_shown": first_move_text(board), "sinks": board.sinks}
        extra["chess"] = chess
        extra["seats"] = seat_bars(rows)
        extra["cost_panels"] = cost_panels(game["cost_strength"])
        if "poker" in game:  # the equilibrium's strategy beside each player's, and the exploitability chart
            from arena.report.site.poker_data import poker_chart, poker_equilibrium

            extra["poker_chart"] = poker_chart(game)
            extra["poker_equilibrium"] = poker_equilibrium(name)
        games.append({"name": name, **game, **extra, "scale": interval_bars(game["players"]), "grid": matrix})
    matches = [
        {
            "id": a.id,
            "game": a.variant or a.game,
            "players": a.players,
            "results": [result_word(a, seat) for seat in range(len(a.players))],
            "ended": a.ended_at[:16].replace("T", " "),
            "source": a.source,
            "mistakes": [mistakes(seat) for seat in a.seats],
        }
        for a in sorted(report.analyses, key=lambda a: (a.ended_at, a.id))
    ]
    return {"summary": summary, "games": games, "matches": matches}


def player_pages(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One page per player identity: its rows in every game, its matches, its results per opponent."""
    found: dict[str, dict[str, Any]] = {}
    for game in data["games"]:
        for row in game["players"]:
            page = found.setdefault(row["player"], {"player": row["player"], "rows": [], "matches": []})
            page["rows"].append({"game": game["name"], "sinks": game["sinks"], **row,
                                 "equilibrium": game.get("poker_equilibrium")})  # fmt: skip
    for match in data["matches"]:
        for seat, player in enumerate(match["players"]):
            if player in found:
                opponent = match["players"][1 - seat] if len(match["players"]) == 2 else ""
                found[player]["matches"].append({**match, "seat": seat, "opponent": opponent})
    for page in found.values():
        page["file"] = player_file(page["player"])
        tally: dict[str, dict[str, Any]] = {}
        for match in page["matches"]:
            per = tally.setdefault(match["opponent"], {"results": {}, "mistakes": {}})
            word = match["results"][match["seat"]]
            per["results"][word] = per["results"].get(word, 0) + 1
            for kind, count in match["mistakes"][match["seat"]].items():
                per["mistakes"][kind] = per["mistakes"].get(kind, 0) + count
        page["opponents"] = sorted(tally.items())
    return sorted(found.values(), key=lambda page: page["player"])


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)
