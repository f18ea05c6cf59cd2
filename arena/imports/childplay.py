"""ChildPlay's board-game runs (`game_messages_*.json`, `results_*.json`): every game rebuilt from its boards.

ChildPlay logs the board after each move but not the model's replies: each move is read from the difference
between two boards and judged by the arena's rules; an ending by invalid answers is recorded as one refused
attempt with no reply (the log has none).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from arena.imports.childplay_battleship import read_battleship
from arena.imports.childplay_runs import (
    ANSI,
    NO_REPLY,
    TURN,
    Run,
    arena_result,
    published_result,
    published_totals,
    record_of,
    runs_in,
)
from arena.imports.common import VALID, Disagreement, FileCheck, ImportFormatError, SourceFile
from arena.imports.files import read_json
from arena.match.records import MatchRecord, MoveRecord
from games.base import GameError
from games.registry import make_game

__all__ = ["published_totals", "read_all"]

GAMES = {"tictactoe": ("tictactoe", {}), "connectfour": ("connect-four", {"rows": 7, "cols": 7})}


def board_cells(text: str, game: str) -> list[list[str]]:
    """A drawn board as rows of `X`, `O` or `` (ANSI colours removed)."""
    rows = []
    for line in ANSI.sub("", text).splitlines():
        if game == "tictactoe" and re.match(r"^\d+ \|", line):
            rows.append([cell.strip() for cell in line.split("|")[1:-1]])
        elif game == "connectfour" and line.startswith("|"):
            rows.append([cell.strip(".").strip() for cell in line.split("|")[1:-1]])
    return rows


def new_mark(before: list[list[str]], after: list[list[str]]) -> tuple[int, int, str] | None:
    """The one cell that changed between two boards (row, column, mark), or None if not exactly one did."""
    changed = [
        (r, c, after[r][c])
        for r in range(min(len(before), len(after)))
        for c in range(min(len(before[r]), len(after[r])))
        if before[r][c] != after[r][c]
    ]
    return changed[0] if len(changed) == 1 and not before[changed[0][0]][changed[0][1]] else None


def read_run(run: Run) -> tuple[list[MatchRecord], FileCheck]:
    """Every game of a run, judged; ImportFormatError names the file and game."""
    source = SourceFile.read(run.messages)
    check = FileCheck(source.name)
    games = read_json(run.messages)
    if not isinstance(games, list) or not all(
        isinstance(g, list) and all(isinstance(m, str) for m in g) for g in games
    ):
        raise ImportFormatError(f"{run.messages}: expected a list of games, each a list of messages")
    if run.game == "battleship":
        return read_battleship(run, source, games, check), check
    records = [judge_game(run, source, number, messages, check) for number, messages in enumerate(games, start=1)]
    return records, check


def judge_game(run: Run, source: SourceFile, number: int, messages: list[str], check: FileCheck) -> MatchRecord:
    """Rebuild one game from its boards and judge each move."""
    name, options = GAMES[run.game]
    rules = make_game(name, **options)
    state = rules.initial_state(random.Random(0))
    if len(messages) < 2:
        raise ImportFormatError(f"{run.messages}, game {number}: fewer than two messages")
    board = board_cells(messages[1], run.game)
    moves: list[MoveRecord] = []
    index = 2
    turn_of = ""
    while index < len(messages):
        message = messages[index]
        turn = TURN.match(message)
        if turn:
            turn_of = turn.group(1)
            index += 1
            continue
        if message in ("Valid move", "Win", "Tie") and index + 1 < len(messages):
            after = board_cells(messages[index + 1], run.game)
            moves.append(judged_move(rules, state, board, after, turn_of, len(moves) + 1, run, number, check))
            if moves[-1].valid:
                state = rules.apply(state, rules.parse_move(state, str(moves[-1].move)))
            board = after
            index += 2
            continue
        if "wins by default" in message:
            seat = 0 if turn_of == "LLM" else 1
            moves.append(
                MoveRecord(
                    ply=rules.ply(state),
                    seat=seat,
                    attempt=0,
                    valid=False,
                    error=NO_REPLY,
                    seconds=0.0,
                    info={"published": message},
                )
            )
        index += 1
    published = published_result(messages)
    arena = arena_result(rules, state, moves)
    agrees = published == arena
    check.count_game(agrees)
    if not agrees:
        check.disagreements.append(
            Disagreement(
                check.file, f"game {number}", None, published, arena, "the board's result after the logged moves"
            )
        )
    return record_of(run, source, number, messages, moves, published, arena, rules)


def judged_move(
    rules: Any,
    state: Any,
    before: list[list[str]],
    after: list[list[str]],
    turn_of: str,
    number: int,
    run: Run,
    game: int,
    check: FileCheck,
) -> MoveRecord:
    """The move between two boards, judged by the arena's rules."""
    seat = 0 if turn_of == "LLM" else 1
    changed = new_mark(before, after)
    text: str | None = None
    error: str | None = None
    if changed is None:
        error = "the boards before and after differ in more or fewer than one cell"
    else:
        row, col, mark = changed
        text = f"{col + 1}" if run.game == "connectfour" else f"{row + 1},{col + 1}"
        try:
            if "XO"[rules.to_move(state)] != mark or seat != rules.to_move(state):
                raise GameError(f"{mark} moved out of turn")
            move = rules.parse_move(state, text)
            if run.game == "connectfour" and rules.apply(state, move).cells[row * rules.cols + col] == 0:
                raise GameError(f"a disc in column {col + 1} would not land on row {row + 1}")
        except GameError as refused:
            error = str(refused)
    valid = error is None
    check.count_move(valid)
    if not valid:
        check.disagreements.append(Disagreement(check.file, f"game {game}", number, VALID, "refused", error or ""))
    return MoveRecord(
        ply=rules.ply(state),
        seat=seat,
        attempt=0,
        move=text,
        valid=valid,
        error=error,
        seconds=0.0,
        info={"published": "Valid move", "board": ANSI.sub("", "\n".join("|".join(r) for r in after))},
    )


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each run's records and check; ImportFormatError on the first run that cannot be read."""
    return [read_run(run) for run in runs_in(paths)]
