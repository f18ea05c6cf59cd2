"""Any PGN file (`arena import pgn FILE...`): each game a chess match record, replayed through the arena's rules, its
result header judged against the final position, so that games played anywhere can be graded."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import chess
import chess.pgn

from arena.imports.common import Disagreement, FileCheck, SourceFile, record_id
from arena.imports.files import ImportFormatError, read_text
from arena.imports.llm_chess import QuietBuilder
from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord
from games.base import IllegalMove
from games.chess import Chess
from games.chess.rules import MAX_PLIES

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


def game_record(game: chess.pgn.Game, source: SourceFile, number: int, check: FileCheck) -> MatchRecord:
    """One PGN game as a match record; its result header compared with a mate or draw on its final board."""
    where = f"{source.path}, game {number}"
    headers = game.headers
    start = game.board()
    fen = "" if start.fen() == chess.STARTING_FEN else start.fen()
    moves = list(game.mainline_moves())
    if len(moves) > MAX_PLIES:
        raise ImportFormatError(f"{where}: {len(moves)} plies, more than the {MAX_PLIES} a game may have here")
    try:
        rules = Chess(max_plies=MAX_PLIES, claims=False, fen=fen)
    except ValueError as error:
        raise ImportFormatError(f"{where}: field 'FEN': {error}") from None
    state = rules.initial_state()
    recorded = []
    for ply, move in enumerate(moves):
        seat = rules.to_move(state)
        san = state.board.san(move)
        try:
            state = rules.apply(state, move)
        except IllegalMove as error:
            raise ImportFormatError(f"{where}: move {ply + 1} ({san}): {error}") from None
        check.count_move(True)
        recorded.append(MoveRecord(ply=ply, seat=seat, attempt=0, move=move.uci(), raw=san, valid=True, seconds=0.0))
    result = headers.get("Result", "*")
    ended = rules.outcome(state)
    label = f"{headers.get('White', '?')} - {headers.get('Black', '?')} ({number})"
    if ended is not None and not ended.reason.startswith("move limit"):
        board = {0: "1-0", 1: "0-1", None: "1/2-1/2"}[ended.winner]
        check.count_game(board == result)
        if board != result:
            why = f"the final position is {ended.reason} ({board})"
            check.disagreements.append(Disagreement(check.file, label, None, result, board, why))
    players = [PlayerRecord(seat=seat, spec=headers.get(side, "?") or "?", settings={"source": PAPER})
               for seat, side in enumerate(("White", "Black"))]  # fmt: skip
    date = headers.get("Date", "").replace(".", "-").replace("?", "0")[:10] or "1970-01-01"
    return MatchRecord(
        id=record_id(PAPER, source.sha256, number),
        game="chess",
        game_options=rules.options(),
        players=players,
        seed=f"{PAPER}:{source.sha256[:12]}:{number}",
        policy={"source": "pgn"},
        moves=recorded,
        outcome=outcome_of(result),
        started_at=f"{date}T00:00:00",
        ended_at=f"{date}T00:00:00",
        seconds=0.0,
        tournament=f"{PAPER}:{source.path.stem}",
        index=number - 1,
        source={"paper": PAPER, "file": source.name, "sha256": source.sha256, "headers": dict(headers)},
    )


def read_file(path: Path) -> tuple[list[MatchRecord], FileCheck]:
    """Every game of one PGN file; ImportFormatError names the file, the game and what is wrong."""
    source = SourceFile.read(path)
    check = FileCheck(source.name)
    handle = io.StringIO(read_text(path, "utf-8-sig"))
    records: list[MatchRecord] = []
    while (game := chess.pgn.read_game(handle, Visitor=QuietBuilder)) is not None:
        number = len(records) + 1
        if game.errors:
            raise ImportFormatError(f"{path}, game {number}: {str(game.errors[0])[:120]}")
        if number > MOST_GAMES:
            raise ImportFormatError(f"{path}: more than {MOST_GAMES:,} games; split the file")
        records.append(game_record(game, source, number, check))
    if not records:
        raise ImportFormatError(f"{path}: no PGN game in it")
    return records, check


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each PGN file's records and check."""
    return [read_file(path) for path in pgn_files(paths)]


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """A PGN file publishes no totals beside its games."""
    return []
