"""The LLM Chess benchmark's run aggregates beside the same totals recounted from its stored games: as the
benchmark counts them (its published result of each game), and as the arena judges them."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from arena.imports.comparison import Comparison

METRICS = ("games", "white wins", "black wins", "draws", "moves")


def published_tally(run: list[dict[str, Any]]) -> tuple[int, ...]:
    """Games, White's and Black's wins, draws (ERROR OCCURED among them, as the benchmark counts) and moves."""
    white = black = draws = moves = 0
    for document in run:
        published, sides = document["source"]["published"], document["source"]["sides"]
        winner = published["winner"]
        white += winner == sides["player_white"]["name"]
        black += winner == sides["player_black"]["name"]
        draws += winner not in (sides["player_white"]["name"], sides["player_black"]["name"])
        moves += int(float(published["number_of_moves"]))
    return len(run), white, black, draws, moves


def arena_tally(run: list[dict[str, Any]]) -> tuple[int, ...]:
    """The same by the arena's records: an error is no draw, a disqualification a win of the other side, moves are
    the plies replayed (a failed turn is no move)."""
    white = black = draws = 0
    for document in run:
        outcome = document["outcome"]
        if outcome["status"] != "finished":
            continue
        winner = outcome.get("winner")
        if outcome["termination"] == "disqualified":
            winner = 1 - int(outcome["disqualified"])
        white += winner == 0
        black += winner == 1
        draws += winner is None
    return len(run), white, black, draws, sum(len(document.get("moves") or []) for document in run)


def llm_chess_rows(documents: list[dict[str, Any]], aggregates: list[dict[str, Any]]) -> list[Comparison]:
    """Per run with a published aggregate: the aggregate, the stored games as published, and as judged here."""
    runs: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for document in documents:
        runs[str(document.get("tournament", "")).removeprefix("llm-chess:")].append(document)
    rows = []
    for total in sorted(aggregates, key=lambda t: str(t.get("file"))):
        name = str(total.get("file", "")).removesuffix("/_aggregate_results.json")
        run = runs.get(name, [])
        values = total.get("values") or {}
        keys = ("total_games", "white_wins", "black_wins", "draws", "total_moves")
        published = tuple(int(float(values.get(key, 0) or 0)) for key in keys)
        recounted, judged = published_tally(run), arena_tally(run)
        model = next((str(p["spec"]).removeprefix("llm:") for d in run[:1] for p in d["players"][::-1]
                      if str(p["spec"]).startswith("llm:")), "?")  # fmt: skip
        logless = sum(1 for document in run if not document.get("moves"))
        rows.append(Comparison("llm-chess", "chess", name, model, METRICS, published, recounted, judged,
                               reason(published, recounted, judged, logless)))  # fmt: skip
    return rows


def reason(published: tuple[int, ...], recounted: tuple[int, ...], judged: tuple[int, ...], logless: int) -> str:
    """Why the figures differ, in a few words (`logless`: games whose logs hold no moves)."""
    words = []
    if published[0] != recounted[0]:
        words.append(f"the aggregate counts {published[0]} games, the sample holds {recounted[0]}")
    elif published != recounted:
        words.append("the aggregate's totals are not its games'")
    if recounted[3] != judged[3]:
        words.append(f"{recounted[3] - judged[3]} published draws are ERROR OCCURED, unscored here")
    if logless:
        words.append(f"{logless} logs hold no moves to replay")
    elif recounted[4] != judged[4]:
        words.append(f"{recounted[4] - judged[4]} failed turns are counted as moves by the benchmark")
    return "; ".join(words) or "same"
