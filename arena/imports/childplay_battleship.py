"""ChildPlay's Battleship runs: both fleets read from the drawn boards, the shots from `game_logs_battleship.json`.

ChildPlay's fleets are not the arena preset's straight ships (and some runs are 3x3): each game is recorded with
its fleets fixed, so the arena's rules and analysis replay it exactly.
"""

from __future__ import annotations

from typing import Any

from arena.imports.childplay_runs import ANSI, NO_REPLY, Run, arena_result, published_result, record_of
from arena.imports.common import VALID, Disagreement, FileCheck, ImportFormatError, SourceFile
from arena.imports.files import read_json
from arena.match.records import MatchRecord, MoveRecord
from games.base import GameError
from games.battleship import Battleship


def read_battleship(run: Run, source: SourceFile, games: list[list[str]], check: FileCheck) -> list[MatchRecord]:
    """Battleship: the fleets read from the boards, the shots from `game_logs_battleship.json` (one entry per
    accepted shot, games in order)."""
    logs_path = run.messages.with_name("game_logs_battleship.json")
    logs = read_json(logs_path)
    if not isinstance(logs, list) or not all(isinstance(e, dict) and "move" in e and "player" in e for e in logs):
        raise ImportFormatError(f"{logs_path}: expected a list of shots with player and move")
    shots_per_game = [sum(1 for m in messages if m in ("Valid move", "Win")) for messages in games]
    if sum(shots_per_game) != len(logs):
        raise ImportFormatError(f"{logs_path}: {len(logs)} shots logged, the messages accept {sum(shots_per_game)}")
    records, start = [], 0
    for number, (messages, count) in enumerate(zip(games, shots_per_game, strict=True), start=1):
        shots = logs[start : start + count]
        start += count
        records.append(judge_battleship(run, source, number, messages, shots, check))
    return records


def ship_board(text: str) -> list[list[str]]:
    """The left grid of a Battleship drawing (`Your Ships`): rows of `S`, `X` (a hit ship cell), `~`."""
    rows = []
    for line in ANSI.sub("", text).splitlines():
        left = line.split("|")[0].split()
        if left and left[0].isdigit() and all(cell in "S~XO" for cell in left[1:]):
            rows.append(left[1:])
    return rows


def fleet_of(board: list[list[str]]) -> list[list[int]]:
    """Ships as the orthogonally connected groups of ship cells (as ChildPlay draws them)."""
    size = len(board)
    cells = {r * size + c for r in range(size) for c in range(len(board[r])) if board[r][c] in ("S", "X")}
    ships, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            group.append(cell)
            r, c = divmod(cell, size)
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                neighbour = nr * size + nc
                if 0 <= nr < size and 0 <= nc < size and neighbour in cells and neighbour not in seen:
                    seen.add(neighbour)
                    todo.append(neighbour)
        ships.append(sorted(group))
    return ships


def judge_battleship(
    run: Run, source: SourceFile, number: int, messages: list[str], shots: list[dict[str, Any]], check: FileCheck
) -> MatchRecord:
    """One Battleship game: both fleets from the boards (the model's before any shot, the random player's from the
    board drawn for it after the model's first shot), then every logged shot through the arena's rules."""
    own = ship_board(messages[1]) if len(messages) > 1 else []
    accepted = [i for i, m in enumerate(messages) if m in ("Valid move", "Win")]
    other = ship_board(messages[accepted[0] + 1]) if accepted and accepted[0] + 1 < len(messages) else []
    side = len(own) if len(own) != 5 else None  # ChildPlay's 5x5, or the 3x3 of some runs
    rules = Battleship("childplay", fleets=[fleet_of(own), fleet_of(other)], side=side)
    state = rules.initial_state()
    moves: list[MoveRecord] = []
    for shot in shots:
        seat, (row, col) = int(shot["player"]), shot["move"]
        text, error = f"{int(row) + 1},{int(col) + 1}", None
        try:
            if seat != rules.to_move(state):
                raise GameError("not this player's turn")
            state = rules.apply(state, rules.parse_move(state, text))
        except GameError as refused:
            error = str(refused)
        check.count_move(error is None)
        if error is not None:
            check.disagreements.append(
                Disagreement(check.file, f"game {number}", len(moves) + 1, VALID, "refused", error)
            )
        moves.append(MoveRecord(ply=len(moves), seat=seat, attempt=0, move=text, valid=error is None, error=error,
                                seconds=0.0, info={"published": "Valid move"}))  # fmt: skip
    if any("wins by default" in message for message in messages):
        moves.append(MoveRecord(ply=rules.ply(state), seat=0, attempt=0, valid=False, error=NO_REPLY, seconds=0.0))
    published = published_result(messages)
    arena = arena_result(rules, state, moves)
    check.count_game(published == arena)
    if published != arena:
        why = "the board's result after the logged shots"
        check.disagreements.append(Disagreement(check.file, f"game {number}", None, published, arena, why))
    return record_of(run, source, number, messages, moves, published, arena, rules)
