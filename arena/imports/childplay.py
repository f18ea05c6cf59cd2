"""ChildPlay's board-game runs (`game_messages_*.json`, `results_*.json`): every game rebuilt from its boards.

ChildPlay logs the board after each move but not the model's replies: each move is read from the difference
between two boards and judged by the arena's rules; an ending by invalid answers is recorded as one refused
attempt with no reply (the log has none).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.imports.common import VALID, Disagreement, FileCheck, ImportFormatError, SourceFile, board_result, record_id
from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord
from games.base import GameError
from games.registry import make_game

PAPER = "childplay"
FOLDER = re.compile(r"^(?:hf_)?experiment_(tictactoe|connectfour|battleship)_(.+)_oneshot_temp_([0-9.]+)$")
MESSAGES = re.compile(r"^game_messages_(tictactoe|connectfour|battleship)\.json$")
GAMES = {"tictactoe": ("tictactoe", {}), "connectfour": ("connect-four", {"rows": 7, "cols": 7})}
MODELS = {"gpt3_5": "gpt-3.5-turbo", "gpt4": "gpt-4", "gpt4o": "gpt-4o", "gpt4o_mini": "gpt-4o-mini"}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TURN = re.compile(r"^(.+)'s turn to guess\.$")
NO_REPLY = "ChildPlay logs no reply; its game ended on the model's repeated invalid answers"


@dataclass(frozen=True)
class Run:
    """One published run: game, model, temperature, and its files."""

    game: str  # ChildPlay's name: tictactoe, connectfour, battleship
    model: str
    temperature: float
    messages: Path

    @property
    def results(self) -> Path:
        """The run's published totals."""
        return self.messages.with_name(f"results_{self.game}.json")


def runs_in(paths: list[Path]) -> list[Run]:
    """The runs named or inside the folders named (a messages file, or a run folder)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():  # board-game runs only (Shapes answers sit in folders of their own)
            found += sorted(p for p in path.rglob("game_messages_*.json") if FOLDER.match(p.parent.name))
        else:
            found.append(path)
    runs = []
    for path in found:
        folder, name = FOLDER.match(path.parent.name), MESSAGES.match(path.name)
        if folder is None or name is None:
            raise ImportFormatError(
                f"{path}: not a ChildPlay run (a game_messages_GAME.json in a folder named "
                "experiment_GAME_MODEL_oneshot_temp_T)"
            )
        model = MODELS.get(folder.group(2), folder.group(2).replace("_", "-"))
        runs.append(Run(name.group(1), model, float(folder.group(3)), path))
    return runs


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
    try:
        games = json.loads(run.messages.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ImportFormatError(f"{run.messages}: cannot be read as JSON ({error})") from None
    if not isinstance(games, list) or not all(
        isinstance(g, list) and all(isinstance(m, str) for m in g) for g in games
    ):
        raise ImportFormatError(f"{run.messages}: expected a list of games, each a list of messages")
    if run.game == "battleship":
        return read_battleship(run, source, games, check), check
    records = [judge_game(run, source, number, messages, check) for number, messages in enumerate(games, start=1)]
    return records, check


def read_battleship(run: Run, source: SourceFile, games: list[list[str]], check: FileCheck) -> list[MatchRecord]:
    """Battleship: the fleets read from the boards, the shots from `game_logs_battleship.json` (one entry per
    accepted shot, games in order)."""
    logs_path = run.messages.with_name("game_logs_battleship.json")
    try:
        logs = json.loads(logs_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ImportFormatError(f"{logs_path}: cannot be read as JSON ({error})") from None
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
    from games.battleship import Battleship

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


def published_result(messages: list[str]) -> str:
    """The game's end as ChildPlay wrote it: `p1`, `p2`, `tie`, `p2 by default` (the model's invalid answers)."""
    text = " ".join(messages[-3:])
    if "wins by default" in text:
        return "p2 by default"
    if "It's a tie" in text:
        return "tie"
    if "Congratulations, LLM wins" in text:
        return "p1"
    if "wins!" in text:
        return "p2"
    return "unfinished"


def arena_result(rules: Any, state: Any, moves: list[MoveRecord]) -> str:
    """The end the arena's rules give, in the same words."""
    if moves and not moves[-1].valid and moves[-1].error == NO_REPLY:
        return "p2 by default" if moves[-1].seat == 0 else "p1 by default"
    return board_result(rules, state, ("unfinished", "tie", "p1", "p2"))


def record_of(
    run: Run,
    source: SourceFile,
    number: int,
    messages: list[str],
    moves: list[MoveRecord],
    published: str,
    arena: str,
    rules: Any,
) -> MatchRecord:
    """The match record; its outcome is the published end."""
    players = [
        PlayerRecord(
            seat=0,
            spec=f"llm:{run.model}",
            settings={"prompt": "childplay", "temperature": run.temperature, "source": PAPER},
        ),
        PlayerRecord(seat=1, spec="random", settings={"source": PAPER}),
    ]
    first = moves[0] if moves else None
    if first is not None:  # the rules and first board: what the model was shown (inert when displayed)
        moves[0] = first.model_copy(update={"prompt": [{"role": "user", "content": "\n".join(messages[:2])}]})
    return MatchRecord(
        id=record_id(PAPER, source.name, number),
        game=rules.name,
        game_options=rules.options(),
        players=players,
        seed=f"{PAPER}:{source.name}#{number}",
        policy={"allowed": 0, "on_exhausted": "loss", "source": "childplay (published)"},
        moves=moves,
        outcome=outcome_of(published),
        started_at="2024-06-01T00:00:00",
        ended_at="2024-06-01T00:00:00",
        seconds=0.0,
        tournament=f"{PAPER}:{run.game}-{run.model}-T{run.temperature:g}",
        index=number,
        source={
            "paper": PAPER,
            "file": source.name,
            "sha256": source.sha256,
            "game": number,
            "temperature": run.temperature,
            "published_result": published,
            "arena_result": arena,
            "outcome_from": "published",
        },
    )


def outcome_of(published: str) -> OutcomeRecord:
    """ChildPlay's end as the arena records it (a loss on invalid answers, as ChildPlay scores it)."""
    detail = f"published result {published}"
    if published == "p2 by default":
        return OutcomeRecord(status="finished", winner=1, termination="invalid move", detail=detail)
    if published == "tie":
        return OutcomeRecord(status="finished", termination="draw", detail=detail)
    if published in ("p1", "p2"):
        return OutcomeRecord(status="finished", winner=int(published == "p2"), termination="win", detail=detail)
    return OutcomeRecord(status="error", termination="player failure", detail=detail)


def read_all(paths: list[Path]) -> list[tuple[list[MatchRecord], FileCheck]]:
    """Each run's records and check; ImportFormatError on the first run that cannot be read."""
    return [read_run(run) for run in runs_in(paths)]


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """Each run's `results_GAME.json` (P1 / P2 wins, ties, wrong moves), keyed by its messages file."""
    rows: list[dict[str, Any]] = []
    for run in runs_in(paths):
        if not run.results.is_file():
            continue
        try:
            values = json.loads(run.results.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ImportFormatError(f"{run.results}: cannot be read as JSON ({error})") from None
        if not isinstance(values, dict):
            raise ImportFormatError(f"{run.results}: expected an object of totals")
        name = SourceFile(run.messages, "").name
        rows.append(
            {
                "id": record_id(PAPER, "results", name),
                "paper": PAPER,
                "kind": "results",
                "file": name,
                "game": run.game,
                "model": run.model,
                "temperature": run.temperature,
                "values": values,
            }
        )
    return rows
