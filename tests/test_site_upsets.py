"""The web overview's Upsets: one entry per pair with how many times it happened (one pair repeated five times
filled the list), and no placeholder date (`????.??.??`) shown as one."""

from __future__ import annotations

from typing import Any

from arena.report.site.overview import upsets


def match(ident: str, winner: int, ended: str, players: tuple[str, str] = ("weak", "strong")) -> dict[str, Any]:
    results = ["won", "lost"] if winner == 0 else ["lost", "won"]
    return {"id": ident, "game": "chess", "players": list(players), "results": results, "ended": ended}


def test_one_pair_is_one_upset_with_its_count_and_no_placeholder_date() -> None:
    players = [{"player": "weak", "rating": 900.0, "group": 1}, {"player": "strong", "rating": 1500.0, "group": 1},
               {"player": "middle", "rating": 1200.0, "group": 1}]  # fmt: skip
    data = {
        "games": [{"name": "chess", "players": players}],
        "matches": [match(f"m{n}", 0, "????.??.??") for n in range(5)]
        + [match("m9", 0, "2026-11-20 10:00", ("middle", "strong")), match("m8", 1, "2026-11-21 10:00")],
    }
    found = upsets(data)
    assert [(u["winner"], u["loser"], u["times"]) for u in found] == [("weak", "strong", 5), ("middle", "strong", 1)]
    assert found[0]["ended"] == "" and found[1]["ended"] == "2026-11-20 10:00"
