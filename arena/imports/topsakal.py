"""Topsakal et al.'s exports: `*_all_moves.csv` (every attempt) and `*_all.csv` (one row a game), re-judged."""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.analysis.moves import invalid_kind
from arena.imports.common import (
    VALID,
    Disagreement,
    FileCheck,
    ImportFormatError,
    SourceFile,
    board_result,
    iso_time,
    record_id,
)
from arena.imports.files import check_numbers, read_text
from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord
from arena.prompting.answers import read_json_move
from games.base import GameError
from games.registry import make_game

PAPER = "topsakal"
GAMES = {"tic-tac-toe": "tictactoe", "connect-four": "connect-four", "gomoku": "gomoku"}
# Invalid answers tolerated before a disqualification in these runs: every disqualified player's log ends at its
# 4th / 8th / 16th invalid answer (the simulator's `count > getMaxInvalidMoves()`).
ALLOWED_INVALID = {"tictactoe": 3, "connect-four": 7, "gomoku": 15}
# The published per-attempt outcome in the arena's words (the analysis' kinds of invalid move).
OUTCOMES = {
    "Valid": VALID,
    "Already Taken": "occupied",
    "Out of Bounds": "out_of_range",
    "Invalid Format": "unreadable",
}
RESULTS = ("winner1st", "winner2nd", "draw", "disqualified1st", "disqualified2nd", "networkerror")
GAME_COLUMNS = ("UUID", "DateTime", "GameType", "PromptType", "GameNumber", "Player1", "Player2", "Result")
MOVE_COLUMNS = ("MoveNumber", "MovePlayer", "MoveRow", "MoveCol", "MoveOutcome", "CurrentStatus", "Response")


@dataclass
class PublishedGame:
    """One game's rows of a file (a game-level row alone when the file logs no moves)."""

    source: SourceFile
    first_row: int  # the file's line of the game's first row (the header is line 1)
    rows: list[dict[str, str]]

    @property
    def head(self) -> dict[str, str]:
        """The game-level columns (repeated on every move row)."""
        return self.rows[0]

    @property
    def key(self) -> str:
        """The game as the export names it: session UUID and game number."""
        return f"{self.head['UUID']}#{self.head['GameNumber']}"


def is_topsakal_file(path: Path) -> bool:
    """A file named as the web app names its exports."""
    return path.suffix == ".csv" and (path.name.endswith("_all.csv") or path.name.endswith("_all_moves.csv"))


def files_in(paths: list[Path]) -> list[Path]:
    """The export files named or inside the folders named; a results-only file whose moves file is there is left
    out (its games come with their moves); moves files first."""
    found: list[Path] = []
    for path in paths:
        found += sorted(p for p in path.rglob("*.csv") if is_topsakal_file(p)) if path.is_dir() else [path]
    found = [p for p in found if p.name != "leaderboard-data.json"]
    names = {p.name for p in found}
    kept = [p for p in found if not (p.name.endswith("_all.csv") and p.name[:-4] + "_moves.csv" in names)]
    return sorted(kept, key=lambda p: (not p.name.endswith("_moves.csv"), str(p)))


def rows_of(reader: csv.DictReader[str], path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rows of a CSV export with their line numbers; a row the csv module refuses is named (ImportFormatError)."""
    line = 1
    try:
        for line, row in enumerate(reader, start=2):
            yield line, row
    except csv.Error as error:  # a field over the csv module's 128 KiB limit, a NUL byte
        raise ImportFormatError(f"{path}, row {line + 1}: {error}") from None


def read_games(source: SourceFile) -> list[PublishedGame]:
    """The games of one export file, in file order; ImportFormatError names the file and row."""
    text = read_text(source.path, "utf-8-sig")
    reader = csv.DictReader(text.splitlines())
    columns = set(reader.fieldnames or ())
    needed = GAME_COLUMNS + (MOVE_COLUMNS if source.path.name.endswith("_moves.csv") else ())
    missing = [c for c in needed if c not in columns]
    if missing:
        raise ImportFormatError(f"{source.path}: not a Topsakal export: no column {missing[0]!r}")
    games: dict[str, PublishedGame] = {}
    for line, row in rows_of(reader, source.path):
        problem = row_problem(row, "MoveNumber" in needed)
        if problem:
            raise ImportFormatError(f"{source.path}, row {line}: {problem}")
        key = f"{row['UUID']}#{row['GameNumber']}#{row['Player1']}#{row['Player2']}"
        games.setdefault(key, PublishedGame(source, line, [])).rows.append(row)
    return list(games.values())


def row_problem(row: dict[str, str | None], moves: bool) -> str | None:
    """Why a row cannot be read, or None."""
    if None in row or any(value is None for value in row.values()):
        return "the row does not have the header's columns"
    if row["GameType"] not in GAMES:
        return f"unknown GameType {row['GameType']!r}"
    if row["Result"] not in RESULTS:
        return f"unknown Result {row['Result']!r}"
    if not str(row["GameNumber"]).isdigit():
        return f"GameNumber {row['GameNumber']!r} is not a number"
    if moves:
        if row["MoveOutcome"] not in OUTCOMES:
            return f"unknown MoveOutcome {row['MoveOutcome']!r}"
        if row["MovePlayer"] not in ("1", "2"):
            return f"MovePlayer {row['MovePlayer']!r} is not 1 or 2"
        if not str(row["MoveNumber"]).isdigit():
            return f"MoveNumber {row['MoveNumber']!r} is not a number"
    return None


def read_logged_move(response: str, columns_only: bool) -> str:
    """The move in a logged Response: the app logs the answer it read as `{'row':R,'column':C}` (single quotes)."""
    return read_json_move(response.replace("'", '"'), columns_only)


def judge(game: PublishedGame, check: FileCheck) -> MatchRecord:
    """Replay every attempt through the arena's rules, compare with the published verdicts, build the record."""
    head = game.head
    name = GAMES[head["GameType"]]
    rules = make_game(name)
    columns_only = name == "connect-four"
    state = rules.initial_state(random.Random(0))
    invalid = [0, 0]
    moves: list[MoveRecord] = []
    attempt = 0
    last_seat = None
    label = game.key
    logged = "MoveNumber" in head
    for number, row in enumerate(game.rows if logged else [], start=1):
        seat = int(row["MovePlayer"]) - 1
        attempt = attempt + 1 if seat == last_seat else 0
        last_seat = seat
        published = OUTCOMES[row["MoveOutcome"]]
        text: str | None = None
        error: str | None = None
        if rules.outcome(state) is not None:
            verdict, error = "other", "the game was already over"
        elif seat != rules.to_move(state):
            verdict, error = "other", "not this player's turn"
        else:
            try:
                text = read_logged_move(row["Response"], columns_only)
                move = rules.parse_move(state, text)
                verdict = VALID
            except GameError as refused:
                error = str(refused)
                verdict = invalid_kind(error)
        agrees = verdict == published
        check.count_move(agrees)
        if not agrees:
            why = move_reason(published, verdict, error)
            check.disagreements.append(Disagreement(check.file, label, number, published, verdict, why))
        ply = rules.ply(state)
        if verdict == VALID:
            state = rules.apply(state, move)
        else:
            invalid[seat] += 1
        moves.append(
            MoveRecord(
                ply=ply,
                seat=seat,
                attempt=attempt,
                move=text,
                raw=row["Response"],
                valid=verdict == VALID,
                error=error,
                seconds=0.0,
                info={
                    "published": row["MoveOutcome"],
                    "published_row": row["MoveRow"],
                    "published_col": row["MoveCol"],
                    "state": row["CurrentStatus"].replace("\\n", "\n"),  # the app logged its newlines as \n
                },
            )
        )
    arena_result = judged_result(rules, state, invalid, name) if logged else None
    published_result = head["Result"]
    agrees = arena_result in (published_result, None) or (
        arena_result == "unfinished" and published_result == "networkerror"
    )
    if logged:
        check.count_game(agrees)
        if not agrees:
            why = result_reason(arena_result or "", invalid, name)
            check.disagreements.append(Disagreement(check.file, label, None, published_result, arena_result or "", why))
    return record_of(game, name, moves, arena_result)


def move_reason(published: str, verdict: str, error: str | None) -> str:
    """Why the arena's verdict on an attempt is not the published one."""
    if published == "unreadable" and verdict == VALID:
        return "the arena reads a move in this reply (its JSON object); the app's parser refused the whole reply"
    if error == "not this player's turn":
        return "the arena had already accepted this player's previous answer, so this one is out of turn"
    return error or "the arena's rules accept this move"


def judged_result(rules: Any, state: Any, invalid: list[int], name: str) -> str:
    """The result the arena's rules give after the logged attempts, in the export's words."""
    for seat in (0, 1):
        if invalid[seat] > ALLOWED_INVALID[name]:
            return ("disqualified1st", "disqualified2nd")[seat]
    return board_result(rules, state, ("unfinished", "draw", "winner1st", "winner2nd"))


def result_reason(arena: str, invalid: list[int], name: str) -> str:
    """Why the arena's result differs, in a few words."""
    if arena == "unfinished":
        return f"the log ends with no result on the board (invalid answers {invalid[0]} and {invalid[1]})"
    if arena.startswith("disqualified"):
        return f"more than {ALLOWED_INVALID[name]} invalid answers by the arena's count ({invalid[0]}, {invalid[1]})"
    return "the board's result after the logged moves"


def record_of(game: PublishedGame, name: str, moves: list[MoveRecord], arena_result: str | None) -> MatchRecord:
    """The match record: the published result as the outcome (counted as the paper counts), the arena's kept."""
    head = game.head
    prompt = head["PromptType"]
    players = [
        PlayerRecord(seat=seat, spec=f"llm:{head[column]}", settings={"prompt": f"topsakal-{prompt}", "source": PAPER})
        for seat, column in enumerate(("Player1", "Player2"))
    ]
    check_numbers(f"{game.source.name} line {game.first_row}", head, ["GameDuration"])  # finite, never negative
    duration = float(head.get("GameDuration") or 0.0)
    return MatchRecord(
        id=record_id(PAPER, head["UUID"], head["GameNumber"], head["Player1"], head["Player2"]),
        game=name,
        game_options=make_game(name).options(),
        players=players,
        seed=f"{PAPER}:{game.key}",
        policy={"allowed": ALLOWED_INVALID[name], "on_exhausted": "disqualified", "source": "topsakal (published)"},
        moves=moves,
        outcome=published_outcome(head["Result"]),
        started_at=iso_time(head["DateTime"]),
        ended_at=iso_time(head["DateTime"], duration),
        seconds=duration,
        tournament=f"{PAPER}:{game.source.path.stem.removesuffix('_moves').removesuffix('_all')}",
        index=int(head["GameNumber"]),
        source={
            "paper": PAPER,
            "file": game.source.name,
            "sha256": game.source.sha256,
            "row": game.first_row,
            "game": game.key,
            "prompt": prompt,
            "prompt_version": head.get("PromptVersion"),
            "published_result": head["Result"],
            "arena_result": arena_result,
            "outcome_from": "published",
            "published": {k: head[k] for k in head if k not in MOVE_COLUMNS and k != "FinalGameState"},
        },
    )


def published_outcome(result: str) -> OutcomeRecord:
    """The export's result as the arena records it; a network error is a provider failure, never scored."""
    detail = f"published result {result}"
    if result == "networkerror":
        return OutcomeRecord(status="error", termination="player failure", detail=f"{detail}: the provider failed")
    if result == "draw":
        return OutcomeRecord(status="finished", termination="draw", detail=detail)
    seat = 0 if result.endswith("1st") else 1
    if result.startswith("disqualified"):
        return OutcomeRecord(status="finished", termination="disqualified", disqualified=seat, detail=detail)
    return OutcomeRecord(status="finished", winner=seat, termination="win", detail=detail)


def import_file(path: Path) -> tuple[list[MatchRecord], FileCheck]:
    """Every game of one export, judged; ImportFormatError leaves nothing of the file."""
    source = SourceFile.read(path)
    check = FileCheck(source.name)
    return [judge(game, check) for game in read_games(source)], check


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each export file's records and check; ImportFormatError on the first file that cannot be read."""
    return [import_file(path) for path in files_in(paths)]
