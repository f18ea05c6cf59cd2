"""Any PGN file (`arena import pgn FILE...`): each game a chess match record, replayed through the arena's rules, its
result header judged against the final position, so that games played anywhere can be graded."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import chess
import chess.pgn

from arena.imports.chess_replay import read_error, read_pgn, replay
from arena.imports.common import Disagreement, FileCheck, SourceFile, record_id
from arena.imports.files import ImportFormatError, read_text
from arena.match.records import MatchRecord, OutcomeRecord, PlayerRecord
from games.chess import Chess
from games.chess.rules import MAX_PLIES, ChessState

PAPER = "pgn"
MOST_GAMES = 100_000  # a file's games read at most


def pgn_files(paths: list[Path]) -> list[Path]:
    """The PGN files named or under the folders named, in path order."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.pgn")) if path.is_dir() else [path]
    return found


def outcome_of(result: str) -> OutcomeRecord:
    """The result header as the arena records it; `*` (unfinished) is not scored."""
    words = {"1-0": 0, "0-1": 1}
    if result in words:
        return OutcomeRecord(status="finished", winner=words[result], termination="win", detail=f"published {result}")
    if result == "1/2-1/2":
        return OutcomeRecord(status="finished", termination="draw", detail="published 1/2-1/2")
    return OutcomeRecord(status="aborted", termination="unfinished", detail=f"published result {result!r}")


def board_result(rules: Chess, state: ChessState) -> str | None:
    """The result the final position decides (`1-0`, `0-1`, `1/2-1/2`), or None while it decides none."""
    ended = rules.outcome(state)
    if ended is None or ended.reason.startswith("move limit"):
        return None
    return {0: "1-0", 1: "0-1", None: "1/2-1/2"}[ended.winner]


def game_record(game: chess.pgn.Game, written: list[str], source: SourceFile, number: int,
                check: FileCheck) -> MatchRecord:  # fmt: skip
    """One PGN game as a match record, scored by its final board where that decides the game (a header that says
    otherwise is flagged), else by its result header."""
    where = f"{source.path}, game {number}"
    headers = game.headers
    replayed = replay(game, written, where, MAX_PLIES, check)
    result = headers.get("Result", "*")
    board = board_result(replayed.rules, replayed.state)
    label = f"{headers.get('White', '?')} - {headers.get('Black', '?')} ({number})"
    outcome = outcome_of(result)
    if board is not None:
        check.count_game(board == result)
        if board != result:
            reason = replayed.rules.outcome(replayed.state).reason  # type: ignore[union-attr]
            why = f"the final position is {reason} ({board}); scored {board}, the header flagged"
            check.disagreements.append(Disagreement(check.file, label, None, result, board, why))
            outcome = outcome_of(board).model_copy(update={"detail": f"{reason}; the header says {result}"})
    if replayed.played_on:
        check.disagreements.append(Disagreement(check.file, label, None, result, "", f"played on after "
                                                f"{replayed.played_on}"))  # fmt: skip
    players = [PlayerRecord(seat=seat, spec=headers.get(side, "?") or "?", settings={"source": PAPER})
               for seat, side in enumerate(("White", "Black"))]  # fmt: skip
    return MatchRecord(
        id=record_id(PAPER, source.sha256, number),
        game="chess",
        game_options=replayed.rules.options(),
        players=players,
        seed=f"{PAPER}:{source.sha256[:12]}:{number}",
        policy={"source": "pgn"},
        moves=replayed.moves,
        outcome=outcome,
        started_at=f"{iso_date(headers.get('Date', ''))}T00:00:00",
        ended_at=f"{iso_date(headers.get('Date', ''))}T00:00:00",
        seconds=0.0,
        tournament=f"{PAPER}:{source.path.stem}",
        index=number - 1,
        source={"paper": PAPER, "file": source.name, "sha256": source.sha256, "headers": dict(headers)},
    )


def iso_date(date: str) -> str:
    """A PGN date (`2024.05.11`) as ISO; an unknown part (`????.??.??`) leaves the start of the epoch, the header
    itself kept in the record for the export."""
    parts = date.split(".")
    if len(parts) == 3 and all(part.isdigit() for part in parts):
        return "-".join(parts)
    return "1970-01-01"


def read_file(path: Path) -> tuple[list[MatchRecord], FileCheck]:
    """Every game of one PGN file that the rules can replay; each refused one named in the check (ImportFormatError
    only for a file with no game to import)."""
    source = SourceFile.read(path)
    check = FileCheck(source.name)
    text = read_text(path, "utf-8-sig")
    if "\x00" in text:
        raise ImportFormatError(f"{path}: holds NUL bytes: a binary file, not PGN text")
    handle = io.StringIO(text)
    records: list[MatchRecord] = []
    number = 0
    while (read := read_pgn(handle)) is not None:
        number += 1
        if number > MOST_GAMES:
            raise ImportFormatError(f"{path}: more than {MOST_GAMES:,} games; split the file")
        game, written = read
        try:
            if game.errors:
                raise ImportFormatError(f"{path}, game {number}: {read_error(game, written)}")
            records.append(game_record(game, written, source, number, check))
        except ImportFormatError as error:
            check.refused.append(str(error))
    if not records:
        raise ImportFormatError(check.refused[0] if check.refused else f"{path}: no PGN game in it")
    return records, check


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each PGN file's records and check."""
    return [read_file(path) for path in pgn_files(paths)]


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """A PGN file publishes no totals beside its games."""
    return []
