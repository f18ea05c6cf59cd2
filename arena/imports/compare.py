"""Published totals beside the ones recomputed from the imported games, each difference with its reason.

Counted as each paper counts: Topsakal's wins are wins on the board and a disqualification is the disqualified
player's (the opponent gets no win); ChildPlay's P2 wins include the games the model lost by invalid answers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from arena.imports.compare_cache import cached_comparisons
from arena.imports.compare_tasks import lcl_rows, shapes_rows
from arena.imports.comparison import Comparison
from arena.imports.reasons import ratio, topsakal_reason
from arena.store import MatchStore
from arena.store.summaries import FIELD
from arena.store.tables import PUBLISHED, TASK_SESSIONS

TOPSAKAL_GAMES = {"tic-tac-toe": "tictactoe", "connect-four": "connect-four", "gomoku": "gomoku"}
TOPSAKAL_METRICS = ("wins", "draws", "losses", "disqualified")
# The leaderboard publishes an invalid-move ratio per session and seat, and the moves: the ratio stays a ratio (over
# several sessions, their ratios weighted by their moves); the games' side is invalid answers over attempts.
TOPSAKAL_MOVES = ("invalid_ratio", "attempts")
CHILDPLAY_METRICS = ("P1 Wins", "P2 Wins", "Ties", "P1 Wrong Moves")


def has_imports(store: MatchStore) -> bool:
    """Whether any recorded match was imported (read from the index: cheap)."""
    at = FIELD["source"]
    return any(len(row) > at and row[at] for row in store.summary_rows().rows)


def slim(document: dict[str, Any], shared: dict[tuple[Any, ...], dict[str, Any]]) -> dict[str, Any]:
    """A match document with only what the comparisons read of its moves (seat, validity, published verdict):
    the prompts, replies and reasoning of thousands of games never sit in memory together. Moves alike are one
    shared (read-only) dict."""
    moves = []
    for m in document.get("moves") or []:
        key = (m.get("seat"), m.get("valid"), (m.get("info") or {}).get("published"))
        moves.append(shared.setdefault(key, {"seat": key[0], "valid": key[1], "info": {"published": key[2]}}))
    return {**document, "moves": moves}


def comparisons(
    store: MatchStore, source: str | None = None, game: str | None = None, imported: bool | None = None
) -> list[Comparison]:
    """Every published figure set of the imported papers that pass the filters.

    `imported` says whether any match passing them was imported, when the caller knows (else the index is read).
    """
    if source not in (None, "topsakal", "childplay", "llm-chess"):
        return []
    wanted = source in (None, "childplay") and game is None and store.holds(TASK_SESSIONS)
    shapes = shapes_rows(store) + lcl_rows(store) if wanted else []
    if not (has_imports(store) if imported is None else imported):
        return shapes
    return cached_comparisons(store, [source, game], lambda: recomputed(store, source, game)) + shapes


def recomputed(store: MatchStore, source: str | None, game: str | None) -> list[Comparison]:
    """The imported papers' published figure sets beside the figures recomputed from every imported game."""
    games: dict[str, list[dict[str, Any]]] = defaultdict(list)
    shared: dict[tuple[Any, ...], dict[str, Any]] = {}
    for document in store.documents():
        paper = (document.get("source") or {}).get("paper")
        if paper and (source is None or paper == source) and (game is None or document.get("game") == game):
            games[paper].append(slim(document, shared))
    totals = list(store.documents(PUBLISHED))
    rows: list[Comparison] = []
    if games["topsakal"]:
        rows += topsakal_rows(games["topsakal"], [t for t in totals if t.get("kind") == "leaderboard"])
    if games["childplay"]:
        rows += childplay_rows(games["childplay"], [t for t in totals if t.get("kind") == "results"])
    if games["llm-chess"]:
        from arena.imports.compare_chess import llm_chess_rows  # its totals are read only when imported

        rows += llm_chess_rows(games["llm-chess"], [t for t in totals if t.get("paper") == "llm-chess"])
    return rows


def topsakal_tally(result: str, seat: int) -> str | None:
    """What a Topsakal result is for a seat, as the paper counts (None: not counted, a network error)."""
    if result == "draw":
        return "draws"
    if result.startswith("winner"):
        return "wins" if (result == "winner1st") == (seat == 0) else "losses"
    if result.startswith("disqualified"):
        return "disqualified" if (result == "disqualified1st") == (seat == 0) else None
    return None


def topsakal_rows(documents: list[dict[str, Any]], leaderboard: list[dict[str, Any]]) -> list[Comparison]:
    """Per game, prompt type and model: the leaderboard's totals over the imported sessions, and ours."""
    recomputed: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    judged: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    faults: Counter[tuple[str, str, str]] = Counter()
    sessions: Counter[str] = Counter()  # games imported per session
    sessions_of: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    logged: set[tuple[str, str, str]] = set()  # rows whose games logged their moves (not the image prompt's)
    for document in documents:
        source = document["source"]
        session = str(source["game"]).split("#")[0]
        sessions[session] += 1
        for seat, player in enumerate(document.get("players") or []):
            key = (document["game"], str(source.get("prompt")), str(player.get("spec", "")).removeprefix("llm:"))
            sessions_of[key].add(session)
            counted = topsakal_tally(str(source.get("published_result")), seat)
            if counted:
                recomputed[key][counted] += 1
            if source.get("published_result") == "networkerror":
                faults[key] += 1
            arena = source.get("arena_result") or source.get("published_result")
            counted = topsakal_tally(str(arena), seat)
            if counted:
                judged[key][counted] += 1
            attempts = [m for m in document.get("moves") or [] if m.get("seat") == seat]
            if attempts:
                logged.add(key)
            for tally, invalid in (
                (recomputed[key], sum((m.get("info") or {}).get("published") != "Valid" for m in attempts)),
                (judged[key], sum(not m.get("valid") for m in attempts)),
            ):
                tally["attempts"] += len(attempts)
                tally["invalid"] += invalid
    published: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    weighted: dict[tuple[str, str, str], float] = defaultdict(float)  # sum of ratio x moves of each session and seat
    partial: set[str] = set()  # sessions of which fewer games were imported than the leaderboard counts
    for total in leaderboard:
        values = total.get("values") or {}
        if values.get("UUID") not in sessions:
            continue
        results = ("Wins-1st", "Wins-2nd", "Disqualifications-1st", "Disqualifications-2nd", "Draws")
        if sum(int(values.get(name, 0)) for name in results) > sessions[str(values["UUID"])]:
            partial.add(str(values["UUID"]))
        name = TOPSAKAL_GAMES.get(str(values.get("GameType")), str(values.get("GameType")))
        for suffix in ("1st", "2nd"):
            player = str(values.get(f"LLM{suffix}Player"))
            other = "2nd" if suffix == "1st" else "1st"
            tally = published[(name, str(values.get("PromptType")), player)]
            tally["wins"] += int(values.get(f"Wins-{suffix}", 0))
            tally["losses"] += int(values.get(f"Wins-{other}", 0))
            tally["draws"] += int(values.get("Draws", 0))
            tally["disqualified"] += int(values.get(f"Disqualifications-{suffix}", 0))
            made = int(values.get(f"TotalMoves-{suffix}", 0))
            tally["attempts"] += made
            weighted[(name, str(values.get("PromptType")), player)] += (
                float(values.get(f"InvalidMovesRatio-{suffix}", 0)) * made
            )
    rows = []
    for key in sorted(recomputed.keys() | judged.keys()):
        listed_at_all = key in published  # asked before the tables below are read (reading a Counter adds the key)
        tables = (published, recomputed, judged)
        metrics = TOPSAKAL_METRICS + (TOPSAKAL_MOVES if key in logged else ())
        for table in (recomputed, judged):
            table[key]["invalid_ratio"] = ratio(table[key]["invalid"], table[key]["attempts"])  # type: ignore[assignment]
        published[key]["invalid_ratio"] = ratio(weighted[key], published[key]["attempts"])  # type: ignore[assignment]
        listed, ours, arena = (tuple(table[key][m] for m in metrics) for table in tables)
        part = len(sessions_of[key] & partial)
        why = topsakal_reason(listed, ours, arena, faults[key], listed_at_all, part)
        rows.append(Comparison("topsakal", key[0], key[1], key[2], metrics, listed, ours, arena, why))
    return rows


def childplay_rows(documents: list[dict[str, Any]], results: list[dict[str, Any]]) -> list[Comparison]:
    """Per run: ChildPlay's results file beside the totals of its games, counted as ChildPlay counts."""
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for document in documents:
        by_file[str(document["source"]["file"])].append(document)
    published = {str(total.get("file")): total for total in results}
    tallies = {
        file: childplay_tally([str(d["source"]["published_result"]) for d in run]) for file, run in by_file.items()
    }
    rows = []
    for file in sorted(by_file):
        run = by_file[file]
        first = run[0]
        model = str(first["players"][0]["spec"]).removeprefix("llm:")
        recomputed = tallies[file]
        judged = childplay_tally([str(d["source"].get("arena_result")) for d in run])
        total = published.get(file)
        values = (total or {}).get("values") or {}
        figures = tuple(int(values.get(m, 0)) for m in CHILDPLAY_METRICS)
        if total and figures == recomputed == judged:
            why = "same"
        else:
            twin = [other for other, tally in tallies.items() if other != file and tally == figures]
            why = childplay_reason(total, figures, recomputed, twin[0] if twin else None)
        rows.append(
            Comparison("childplay", first["game"], file, model, CHILDPLAY_METRICS, figures, recomputed, judged, why)
        )
    return rows


def childplay_tally(results: list[str]) -> tuple[int, ...]:
    """P1 wins, P2 wins (invalid-answer losses included, as ChildPlay counts), ties, P1 wrong moves."""
    count = Counter(results)
    return (count["p1"], count["p2"] + count["p2 by default"], count["tie"], count["p2 by default"])


def childplay_reason(
    total: dict[str, Any] | None, published: tuple[int, ...], recomputed: tuple[int, ...], twin: str | None
) -> str:
    """Why a run's figures differ."""
    if total is None:
        return "the run has no results file"
    if twin is not None:
        return f"these totals are the games of {twin}; this messages file holds {sum(recomputed[:3])} games"
    wins, losses, ties, wrong = published
    if (wins, ties, wrong) == (recomputed[0], recomputed[2], recomputed[3]) and losses + wrong == recomputed[1]:
        return f"the results file leaves the {wrong} losses by invalid answers out of P2 wins (other runs count them)"
    if sum(published[:3]) != sum(recomputed[:3]):
        return f"the results file counts {sum(published[:3])} games, the messages file holds {sum(recomputed[:3])}"
    return "the results file's totals are not the messages file's games"
