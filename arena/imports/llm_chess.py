"""The LLM Chess benchmark's game logs (maxim-saplin/llm_chess, Apache-2.0): each game a chess match record, its
moves replayed from the PGN through the arena's rules and judged against the published winner, reason and count.

Counting rules, stated:
- The LLM plays Black against a random mover or Komodo Dragon (White), or White against another LLM.
- `Too many wrong actions` and `Max turns in single dialog` are losses of the side that failed: a disqualification.
  The benchmark counts the failed turn as a move, so `number_of_moves` is the plies played plus one.
- `ERROR OCCURED` is scored as a draw by the benchmark, unless its manual review named a winner (the model's
  failure: a loss); the arena records it as an error (a provider failure is never a result) and keeps the
  published reason and what the benchmark counted.
- One run plays one model: where its logs spell that model two ways (`claude-3-5-sonnet`,
  `anthropic.claude-v3-5-sonnet`), the run's most frequent spelling names the player and each record keeps its own
  in `logged_model`.
- Draws the benchmark never claimed (threefold repetition) are not claimed on replay (`claims=False`).
- A log without moves (November 2024, April 2025) is a result-only game, scored but not graded.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import chess
import chess.pgn

from arena.imports.chess_replay import Replayed, read_error, read_pgn, replay
from arena.imports.common import Disagreement, FileCheck, SourceFile, record_id
from arena.imports.files import ImportFormatError, check_numbers, read_json
from arena.match.records import MatchRecord, OutcomeRecord, PlayerRecord
from games.chess import Chess

PAPER = "llm-chess"
BENCHMARK_PLIES = 200  # the benchmark's cap; a log that went longer is replayed to its own length
RULES = Chess(max_plies=BENCHMARK_PLIES, claims=False)  # no claimed draws: a game without moves is scored by these
GAME_KEYS = ("time_started", "winner", "reason", "number_of_moves", "player_white", "player_black")
LOSSES = ("Too many wrong actions", "Max turns in single dialog")
DRAWS = {"Max moves reached", "Insufficient material", "Stalemate", "Fivefold repetition", "Seventyfive moves"}
SIDES = ("player_white", "player_black")
LEVEL = re.compile(r"lvl-(\d+)")


def game_files(paths: list[Path]) -> list[Path]:
    """The game logs named or under the folders named (run and aggregate files left out), in path order."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.json")) if path.is_dir() else [path]
    return [p for p in found if not p.name.startswith("_") and p.name != "MANIFEST.jsonl"]


def run_of(path: Path) -> str:
    """The run a game belongs to: its folder's path from `_logs` on (or its parent folder's name)."""
    parts = path.parent.parts
    return "/".join(parts[parts.index("_logs") + 1 :]) if "_logs" in parts else path.parent.name


def logged_model(side: dict[str, Any]) -> str | None:
    """The model a side's log names, or None for the random mover and the engine."""
    model = str(side.get("model", "N/A"))
    return None if model in ("N/A", "", "None") else model


def opponent_spec(side: dict[str, Any], run: str, names: dict[str, str] | None = None) -> tuple[str, dict[str, Any]]:
    """A side's player spec and settings: a model (under the run's one name for it), the random mover or Komodo
    Dragon at its level."""
    name = str(side.get("name", ""))
    model = logged_model(side)
    if model is not None:
        chosen = (names or {}).get(name, model)
        settings: dict[str, Any] = {"prompt": "llm_chess", "source": PAPER}
        if chosen != model:
            settings["logged_model"] = model
        return f"llm:{chosen.lower()}", settings
    if name.startswith("Random"):
        return "random", {"source": PAPER}
    if "Dragon" in name:
        level = LEVEL.search(run)
        return f"dragon:level={level[1] if level else '?'}", {"time_per_move": 0.1, "source": PAPER}
    raise ImportFormatError(f"player {name!r}: neither a model, the random player nor Dragon")


def started(stamp: str) -> str:
    """`2026.03.07_09:21` as an ISO time."""
    try:
        return datetime.strptime(stamp[:16], "%Y.%m.%d_%H:%M").isoformat()
    except ValueError:
        return datetime(1970, 1, 1).isoformat()


def checked_game(path: Path) -> dict[str, Any]:
    """A game log's fields, checked: ImportFormatError names the file and the field."""
    data = read_json(path)
    if not isinstance(data, dict) or any(key not in data for key in GAME_KEYS):
        missing = next(k for k in GAME_KEYS if not isinstance(data, dict) or k not in data)
        raise ImportFormatError(f"{path}: not an llm_chess game log: no field {missing!r}")
    check_numbers(str(path), data, ["number_of_moves"])
    for side in SIDES:
        if not isinstance(data[side], dict):
            raise ImportFormatError(f"{path}: field {side!r} is not an object")
        check_numbers(f"{path}: {side}", data[side], ["wrong_moves", "wrong_actions", "accumulated_reply_time_seconds"])
    if not isinstance(data.get("pgn", ""), str):
        raise ImportFormatError(f"{path}: field 'pgn' is not text")
    check_usage(f"{path}: field 'usage_stats'", data.get("usage_stats", {}), USAGE_DEPTH)
    return data


USAGE_DEPTH = 4  # usage_stats -> side -> model -> counts, with a level to spare


def check_usage(where: str, value: Any, depth: int) -> None:
    """`usage_stats` is objects at most USAGE_DEPTH deep whose leaves are finite numbers or short text."""
    if isinstance(value, dict):
        if depth == 0:
            raise ImportFormatError(f"{where}: nested more than {USAGE_DEPTH} deep")
        for key, inner in value.items():
            if isinstance(inner, dict):
                check_usage(where, inner, depth - 1)
            else:
                check_numbers(where, value, [key])
    elif value is not None:
        raise ImportFormatError(f"{where}: {str(value)[:40]!r} is not an object")


def pgn_game(path: Path, pgn: str) -> tuple[chess.pgn.Game, list[str]] | None:
    """The PGN's game and its moves as written (None for an empty PGN); ImportFormatError for one python-chess
    cannot read."""
    if not pgn.strip():
        return None
    stream = io.StringIO(pgn)
    read = read_pgn(stream)
    if read is None or read[0].errors:
        why = read_error(*read) if read is not None else "no game"
        raise ImportFormatError(f"{path}: field 'pgn': {why}")
    if read_pgn(stream) is not None:
        raise ImportFormatError(f"{path}: field 'pgn' holds more than one game (a log is one game)")
    return read


def seat_of(data: dict[str, Any], name: str) -> int | None:
    """The seat of a published winner or loser's name (None for "NONE")."""
    for seat, side in enumerate(SIDES):
        if data[side].get("name") == name:
            return seat
    return None


def published_outcome(data: dict[str, Any]) -> OutcomeRecord:
    """The benchmark's result as the arena records it (see the module's counting rules)."""
    reason = str(data["reason"])
    detail = f"published: {reason}"
    winner = seat_of(data, str(data["winner"]))
    if reason.startswith("ERROR"):
        counted = "a draw" if winner is None else f"a win for {data['winner']} after its review"
        detail += f" (the benchmark: {counted})"
        return OutcomeRecord(status="error", termination="player failure", detail=detail)
    if reason in LOSSES and winner is not None:
        return OutcomeRecord(status="finished", termination="disqualified", disqualified=1 - winner, detail=detail)
    if winner is not None:
        return OutcomeRecord(status="finished", winner=winner, termination="win", detail=detail)
    return OutcomeRecord(status="finished", termination="draw", detail=detail)


def verdict(data: dict[str, Any], replayed: Replayed) -> str:
    """Why the replayed game does not end as published ("" when it does)."""
    reason, plies, state, rules = str(data["reason"]), len(replayed.moves), replayed.state, replayed.rules
    published = int(float(data["number_of_moves"]))
    if replayed.played_on:
        return f"the log plays on after {replayed.played_on}"
    ended = rules.outcome(state)
    winner = seat_of(data, str(data["winner"]))
    if reason in LOSSES:
        if ended is not None:
            return f"the board shows {ended.reason} before the published {reason}"
        if winner is None or winner == rules.to_move(state):
            return f"{reason}: the side to move failed, so the other side wins; published winner {data['winner']}"
        return "" if published == plies + 1 else f"{published} moves published, {plies} in the PGN (+1 failed turn)"
    words = {"Checkmate": "checkmate", "Stalemate": "stalemate", "Insufficient material": "insufficient material"}
    expected = words.get(reason, "move limit" if reason == "Max moves reached" else reason.lower())
    if ended is None or not ended.reason.startswith(expected):
        return f"the board shows {ended.reason if ended else 'a game going on'}, published {reason}"
    if ended.winner != winner:
        return f"the board's winner is seat {ended.winner}, published {data['winner']}"
    return "" if published == plies else f"{published} moves published, {plies} in the PGN"


def judge(path: Path, run: str, index: int, check: FileCheck, names: dict[str, str] | None = None) -> MatchRecord:
    """One game log as a match record, its moves replayed and its ending compared with the published one; `names`
    gives each side's model the run's one name (`run_models`)."""
    data = checked_game(path)
    source = SourceFile.read(path)
    parsed = pgn_game(path, data.get("pgn") or "")
    replayed = replay(*parsed, str(path), BENCHMARK_PLIES, check) if parsed else None
    label = f"{run}/{path.name}"
    if replayed is not None and replayed.moves and not str(data["reason"]).startswith("ERROR"):
        why = verdict(data, replayed)  # a provider's failure ends no game to judge
        check.count_game(not why)
        if why:
            result = f"{data['winner']} ({data['reason']})"
            check.disagreements.append(Disagreement(check.file, label, None, result, "", why))
    rules = replayed.rules if replayed is not None else RULES
    try:
        specs = [opponent_spec(data[side], run, names) for side in SIDES]
    except ImportFormatError as error:
        raise ImportFormatError(f"{path}: {error}") from None
    players = [PlayerRecord(seat=seat, spec=spec, settings=settings) for seat, (spec, settings) in enumerate(specs)]
    usage = data.get("usage_stats") or {}
    return MatchRecord(
        id=record_id(PAPER, run, path.name),
        game="chess",
        game_options=rules.options(),
        players=players,
        seed=f"{PAPER}:{label}",
        policy={"max_failed_attempts": 3, "max_llm_turns": 10, "source": "llm_chess (published)"},
        moves=replayed.moves if replayed is not None else [],
        outcome=published_outcome(data),
        started_at=started(str(data["time_started"])),
        ended_at=started(str(data["time_started"])),
        seconds=sum(float(data[side].get("accumulated_reply_time_seconds") or 0.0) for side in SIDES),
        tournament=f"{PAPER}:{run}",
        index=index,
        source={
            "paper": PAPER,
            "file": label,
            "sha256": source.sha256,
            "published": {key: data[key] for key in ("winner", "reason", "number_of_moves")},
            "sides": {side: sides_of(data[side]) for side in SIDES},
            "usage": usage,
        },
    )


def sides_of(side: dict[str, Any]) -> dict[str, Any]:
    """What the benchmark counted of one side: its name, model, wrong moves and wrong actions."""
    return {key: side.get(key) for key in ("name", "model", "wrong_moves", "wrong_actions")}


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each run's records and check, runs in path order; ImportFormatError on the first file that cannot be read."""
    runs: dict[str, list[Path]] = {}
    for path in game_files(paths):
        runs.setdefault(run_of(path), []).append(path)
    judged = []
    for run, files in runs.items():
        check = FileCheck(run)
        names = run_models(files)
        judged.append(([judge(path, run, index, check, names) for index, path in enumerate(files)], check))
    return judged


def run_models(files: list[Path]) -> dict[str, str]:
    """Per side of a run (`Player_Black`), the model it played under its most frequent spelling (ties: the first
    in sorted order): a run plays one model, whatever its logs call it."""
    seen: dict[str, Counter[str]] = {}
    for path in files:
        data = checked_game(path)
        for side in SIDES:
            model = logged_model(data[side])
            if model is not None:
                seen.setdefault(str(data[side].get("name", "")), Counter())[model] += 1
    return {name: min(counts, key=lambda m: (-counts[m], m)) for name, counts in seen.items()}


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """Each run's `_aggregate_results.json`, to set beside the totals recounted from its games."""
    rows = []
    for path in paths:
        for file in sorted(path.rglob("_aggregate_results.json")) if path.is_dir() else []:
            data = read_json(file)
            if not isinstance(data, dict):
                raise ImportFormatError(f"{file}: not an aggregate of results")
            check_numbers(str(file), data, ["total_games", "white_wins", "black_wins", "draws", "total_moves"])
            run = run_of(file)
            values = {k: v for k, v in data.items() if k != "run_metadata"}
            rows.append({"id": record_id(PAPER, "aggregate", run), "paper": PAPER, "kind": "aggregate",
                         "file": f"{run}/{file.name}", "values": values})  # fmt: skip
    return rows
