"""A match as replay frames for the web page: the first position's grids, then what each attempt changed."""

from __future__ import annotations

import random
from typing import Any

from arena.analysis.moves import MOVE_FIELDS, game_for
from arena.inert import inert
from arena.match.boards import GridSpec, grids_for
from arena.match.records import MatchRecord, MoveRecord


def grid_json(grid: GridSpec) -> dict[str, Any]:
    """One grid in full: title, rows of symbols, the kind of board (Battleship's sea) and chess's labels."""
    shown: dict[str, Any] = {"title": grid.title, "rows": ["".join(row) for row in grid.symbols], "sea": grid.sea}
    return shown | ({"files": grid.files, "ranks": grid.ranks} if grid.files else {})


def marks(grids: list[GridSpec]) -> dict[str, Any]:
    """The highlights of a position: each grid's last move, winning line and sunk ships (left out when none)."""
    found: dict[str, list[Any]] = {
        "last": [list(g.last) if g.last else None for g in grids],
        "line": [sorted([r, c] for r, c in g.line) for g in grids],
        "sunk": [sorted([r, c] for r, c in g.sunk) for g in grids],
        "moved": [sorted([r, c] for r, c in g.moved) for g in grids],  # chess: the last move's two squares
        "check": [list(g.check) if g.check else None for g in grids],  # chess: the king in check
    }
    return {key: value for key, value in found.items() if any(value)}


def changes(before: list[GridSpec], after: list[GridSpec]) -> list[list[Any]]:
    """Cells whose symbol an attempt changed: [grid, row, col, symbol]."""
    found: list[list[Any]] = []
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        for r, (old_row, new_row) in enumerate(zip(old.symbols, new.symbols, strict=True)):
            if old_row == new_row:  # most rows: compared whole, at C speed
                continue
            found.extend([index, r, c, s] for c, (o, s) in enumerate(zip(old_row, new_row, strict=True)) if o != s)
    return found


def attempt_json(move: MoveRecord) -> dict[str, Any]:
    """What the page shows beside the board for one attempt (every text is data, escaped where it is shown)."""
    shown: dict[str, Any] = {"seat": move.seat, "ply": move.ply, "attempt": move.attempt, "valid": move.valid}
    shown["move"] = move.move
    if move.error:
        shown["error"] = move.error
    if move.raw is not None:
        shown["reply"] = inert(move.raw)  # control characters written out, as in the terminal
    if move.reasoning:
        shown["reasoning"] = inert(move.reasoning)
    if move.prompt:
        shown["prompt"] = [inert(str(m.get("content", ""))) for m in move.prompt]  # messages: shared in a data file
    if move.info.get("published") is not None:
        shown["published"] = move.info["published"]
    for key in ("engine_seconds", "depth", "nodes", "exact", "noise"):
        if key in move.info:
            shown[key] = move.info[key]
    shown["seconds"] = round(move.seconds, 3)
    if move.tokens:
        shown["tokens"] = move.tokens
    return shown


def evaluation(value: int, mate: int | None, sign: int = 1) -> str:
    """`+0.32` in pawns, or a forced mate as `#3` / `#-2` (the view `sign` turns it to)."""
    return f"#{sign * mate}" if mate else f"{sign * value / 100:+.2f}"


def chess_words(
    best: int, value: int, blunder: bool, kind: str | None = None, mate: int | None = None, seat: int = 0
) -> str:
    """A graded chess move: its class mark, its evaluation and the best one, in pawns from White's view (as the
    graph and the app's marks; the grades keep the mover's)."""
    from arena.engines.chess_grades import MARKS, recorded_kind

    kind = recorded_kind(best, value, blunder, kind)
    mark = f"{MARKS[kind]} a{'n' if kind == 'inaccuracy' else ''} {kind}" if kind else "good"
    sign = 1 if seat == 0 else -1
    shown = sign * best  # capped at ±10 pawns, a forced mate included: said as a bound, never as a value
    best_words = f"{shown / 100:+.2f}" if abs(best) < 1000 else ("≥ +10.00" if shown > 0 else "≤ -10.00")
    return (f"{mark} (Stockfish, White's view: {evaluation(value, mate, sign)} after it, {best_words} with the best "
            "move)")  # fmt: skip


def chess_mark(row: list[Any], seat: int) -> str:
    """` ?? (-6.60)`: a graded chess move's class mark and the evaluation after it, White's view; "" ungraded."""
    fields = dict(zip(MOVE_FIELDS, row, strict=False))
    value, best = fields.get("value"), fields.get("best_value")
    if value is None or best is None:
        return ""
    from arena.engines.chess_grades import MARKS, recorded_kind

    mark = MARKS.get(recorded_kind(int(best), int(value), bool(fields.get("blunder")), fields.get("kind")), "")
    return f"{mark} ({evaluation(int(value), fields.get('mate'), 1 if seat == 0 else -1)})"


def move_mark(row: list[Any], seat: int, chess: bool) -> str:
    """The engines' mark of a move: chess's class and evaluation, else ?? a blunder, ?! a missed win, block or sink."""
    if chess:
        return chess_mark(row, seat)
    fields = dict(zip(MOVE_FIELDS, row, strict=False))
    if fields.get("blunder"):
        return " ??"
    return " ?!" if any(fields.get(f"missed_{kind}") for kind in ("win", "block", "sink")) else ""


def first_player_value(row: list[Any], seat: int) -> float | None:
    """A graded move's value after it from the first player's side (chess: centipawns, capped at 1000)."""
    value = dict(zip(MOVE_FIELDS, row, strict=False)).get("value")
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    return max(-1000.0, min(1000.0, float(value))) * (1 if seat == 0 else -1)


def grade_words(row: list[Any], chess: bool = False) -> str | None:
    """The analysis of one attempt in words: missed wins, blocks or sinks, and the engine's grade."""
    fields = dict(zip(MOVE_FIELDS, row, strict=False))
    if chess and fields.get("value") is not None and fields.get("best_value") is not None:
        return chess_words(int(fields["best_value"]), int(fields["value"]), bool(fields.get("blunder")),
                           fields.get("kind"), fields.get("mate"), int(fields.get("seat") or 0))  # fmt: skip
    words = [f"missed a {kind}" for kind in ("win", "block", "sink") if fields.get(f"missed_{kind}")]
    value, best = fields.get("value"), fields.get("best_value")
    if value is not None and best is not None:
        verdict = "optimal" if value == best else "a blunder" if fields.get("blunder") else "not optimal"
        words.append(f"{verdict} (its value {value}, the best {best})")
    return "; ".join(words) or None


def match_frames(record: MatchRecord, analysed: list[list[Any]] | None = None) -> dict[str, Any]:
    """The start as full grids (a spectator's view), then per attempt its changes, highlights and analysis."""
    game = game_for(record.game, record.game_options)
    state = game.initial_state(random.Random(f"{record.seed}:game"))
    if record.game.endswith("-poker"):
        return poker_frames(game, state, record)
    names = tuple(player.spec for player in record.players)
    grids = grids_for(game, state, None, names)
    start = {"grids": [grid_json(g) for g in grids], **marks(grids)}
    steps = []
    rows = analysed if analysed is not None and len(analysed) == len(record.moves) else [[]] * len(record.moves)
    advance = getattr(game, "apply_in_place", game.apply)  # the replay owns its state and never looks back
    for move, row in zip(record.moves, rows, strict=True):
        if move.valid and move.move is not None:
            state = advance(state, game.parse_move(state, move.move))
        after = grids_for(game, state, None, names)
        attempt = attempt_json(move)
        chess = record.game == "chess"
        if words := grade_words(row, chess=chess):
            attempt["analysis"] = words
        if mark := move_mark(row, move.seat, chess).split(" (")[0].strip():
            attempt["mark"] = mark
        if (value := first_player_value(row, move.seat)) is not None:
            attempt["eval"] = value
        steps.append({"changes": changes(grids, after), **marks(after), "attempt": attempt})
        grids = after
    if record.game != "chess":
        return {"start": start, "steps": steps}
    from arena.report.site.chess_frames import chess_facts, chess_steps

    chess_steps(record, rows, [step["attempt"] for step in steps])
    return {"start": start, "steps": steps, "chess": chess_facts(record, rows)}


def poker_frames(game: Any, state: Any, record: MatchRecord) -> dict[str, Any]:
    """A poker match as text tables, both cards shown (the match is over: nothing is hidden from its reader)."""
    start = {"grids": [], "text": game.render(state)}
    steps = []
    for move, (words, after) in zip(record.moves, poker_steps(record), strict=True):
        attempt = attempt_json(move)
        if words:
            attempt["analysis"] = words
        steps.append({"changes": [], "text": game.render(after), "attempt": attempt})
    return {"start": start, "steps": steps}


def poker_verdicts(record: MatchRecord) -> list[str]:
    """Each attempt's grade in words: its information set and the chips it gives away against the equilibrium."""
    return [words for words, _ in poker_steps(record)]


def poker_steps(record: MatchRecord) -> list[tuple[str, Any]]:
    """Per attempt, its grade in words ('' for a refused one) and the state after it, in one replay."""
    from arena.poker.grading import equilibrium_values

    game = game_for(record.game, record.game_options)
    state = game.initial_state(random.Random(f"{record.seed}:game"))
    values = equilibrium_values(record.game)
    steps: list[tuple[str, Any]] = []
    for move in record.moves:
        if not move.valid or move.move is None:
            steps.append(("", state))
            continue
        word, key = game.parse_move(state, move.move), game.information_set(state)
        losses = values.losses(key)
        best = min(losses, key=lambda w: losses[w])
        state = game.apply(state, word)
        steps.append((f"at {key}: gives away {losses[word]:.3f} chips against the equilibrium"
                      + (f" (best: {best})" if losses[word] > 0.0005 else ""), state))  # fmt: skip
    return steps
