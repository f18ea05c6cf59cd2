"""`arena solve GAME POSITION`: the engine's verdict on a position, printed as text."""

from __future__ import annotations

import re
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from games import DEFAULT_BUDGET
from games.base import Cell, GameError, IllegalMove, InvalidMove
from games.mnk import GridState, MNKGame, empty_state, place
from games.registry import canonical_name, make_game

if TYPE_CHECKING:  # each game's engine is imported when that game is solved: a process loads only one
    from games.connect_four import ConnectFour
    from games.connect_four.solver import Solver
    from games.gomoku import Gomoku

VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}


def solve(game_name: str, position: str, options: dict[str, int | str], budget: float | None) -> Iterator[str]:
    """The lines to print, as they become known; raises ValueError (or a GameError) on a bad position."""
    name = canonical_name(game_name)
    game = make_game(name, **options)
    if name == "connect-four":
        yield from solve_connect_four(game, position, budget)
    elif name == "tictactoe":
        yield from solve_tictactoe(game, position)
    elif name == "gomoku":
        yield from solve_gomoku(game, position, DEFAULT_BUDGET if budget is None else budget)
    elif name == "chess":
        from arena.engines.solve_chess import solve_chess

        yield from solve_chess(position)
    else:
        raise ValueError(f"{name} hides information from each player; there is no position to solve")


@contextmanager
def progress_line(solver: Solver, stream: TextIO = sys.stderr) -> Iterator[None]:
    """On a terminal, once a search runs past a second, show its positions searched and time; erase it after."""
    if not stream.isatty():
        yield
        return
    done = threading.Event()
    start, first = time.perf_counter(), solver.count_nodes()

    def report() -> None:
        shown = False
        while not done.wait(0.25):
            elapsed = time.perf_counter() - start
            if elapsed >= 1:
                stream.write(f"\r  searching: {solver.count_nodes() - first:,} positions, {elapsed:.1f} s ")
                stream.flush()
                shown = True
        if shown:
            stream.write("\r\033[K")
            stream.flush()

    thread = threading.Thread(target=report, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def solve_connect_four(game: ConnectFour, position: str, budget: float | None) -> Iterator[str]:
    """Pons-style: POSITION is the 1-based columns played; the exact score first and last, column scores between."""
    state = game.play_sequence(position)
    yield numbered(state, row_numbers=False)
    yield f"{state.ply} stones, {'XO'[state.to_move]} to move"
    if state.over:
        raise IllegalMove("the game is already over in this position")
    from games.connect_four.engine import ConnectFourEngine

    engine = ConnectFourEngine(game.rows, game.cols, budget)
    solver = engine.solver
    position_bits, mask = engine.layout.from_state(state)
    if budget is not None:
        with progress_line(solver):
            verdict = engine.decide(state)
        yield f"best move: column {verdict.column + 1}"
        if verdict.exact:
            yield str(verdict.score)
        else:
            yield f"no exact score within {budget:g} s (heuristic value {verdict.score:+d} at {verdict.depth} plies)"
        return
    with progress_line(solver), solver.deadline(None):
        score = solver.solve(position_bits, mask, state.ply)
    yield f"score: {score:+d} ({describe(score, state.to_move)})"
    with progress_line(solver), solver.deadline(None):
        scores = solver.move_scores(position_bits, mask, state.ply)
        column, _ = solver.best_column(position_bits, mask, state.ply)
    yield "column scores: " + "  ".join(f"{c + 1}:{s:+d}" for c, s in sorted(scores.items()))
    yield f"best move: column {column + 1}"
    yield str(score)


def describe(score: int, mover: int) -> str:
    """A Pons score in words, for the side to move."""
    if score == 0:
        return "a draw with best play"
    winner = "XO"[mover] if score > 0 else "XO"[1 - mover]
    return f"{winner} wins with best play"


def numbered(state: GridState, row_numbers: bool = True) -> str:
    """The board with 1-based column (and row) numbers, as moves are written: X, O and . for empty."""
    width = len(str(state.cols)) + 1
    lines = [" " * 3 + "".join(f"{c + 1:>{width}}" for c in range(state.cols))]
    for r in range(state.rows):
        cells = state.cells[r * state.cols : (r + 1) * state.cols]
        label = f"{r + 1:>2}" if row_numbers else "  "
        lines.append(f"{label} " + "".join(f"{'.XO'[v]:>{width}}" for v in cells))
    return "\n".join(lines)


def parse_board_key(key: str, rows: int, cols: int) -> GridState:
    """Read a board written row by row: X, O, and a digit, '.', '-' or '_' for an empty cell."""
    text = re.sub(r"\s|\|", "", key)
    if len(text) != rows * cols:
        raise InvalidMove(f"a {rows}x{cols} board needs {rows * cols} cells, got {len(text)}")
    cells = []
    for ch in text.upper():
        if ch in "XO":
            cells.append(1 if ch == "X" else 2)
        elif ch.isdigit() or ch in ".-_":
            cells.append(0)
        else:
            raise InvalidMove(f"{ch!r} is not X, O or an empty-cell mark")
    x, o = cells.count(1), cells.count(2)
    if x - o not in (0, 1):
        raise IllegalMove(f"{x} X and {o} O cannot happen: X moves first and players alternate")
    return GridState(rows, cols, tuple(cells), ply=x + o)


def solve_tictactoe(game: MNKGame, position: str) -> Iterator[str]:
    """Every move's value and end depth, the engine's move, and the value as the last line."""
    state = parse_board_key(position, game.rows, game.cols)
    from games.tictactoe.engine import masks_of, rank, solver_for

    solver = solver_for(game.rows, game.cols, game.k)
    mine, theirs = masks_of(state)
    if solver.has_line(mine) or solver.has_line(theirs) or solver.terminal(mine, theirs):
        raise IllegalMove("the game is already over in this position")
    scores = solver.scores(mine, theirs)
    best = max(rank((s.value, s.depth)) for s in scores)
    chosen = solver.best_moves(mine, theirs)[0]
    lines = [numbered(state), f"{'XO'[state.to_move]} to move"]
    for s in scores:
        mark = " <" if s.index == chosen else ""
        lines.append(
            f"  {Cell(*divmod(s.index, game.cols))}: {VALUE_WORDS[s.value]}, game ends at {s.depth} marks{mark}"
        )
    lines.append(f"best move: {Cell(*divmod(chosen, game.cols))}")
    lines.append(f"{best[0]:+d}")
    yield from lines


def solve_gomoku(game: Gomoku, position: str, budget: float) -> Iterator[str]:
    """POSITION is the moves played as 1-based `row,col` pairs; prints the engine's reply."""
    state = empty_state(game.rows, game.cols)
    for token in position.split():
        cell = game.parse_move(state, token)
        if state.over:
            raise IllegalMove("the game is already over in this position")
        state = place(state, cell.row * game.cols + cell.col, game.k)
    if state.over:
        raise IllegalMove("the game is already over in this position")
    from games.gomoku.engine import GomokuEngine

    move = GomokuEngine(budget=budget).best_move(state, game.k)
    yield from (numbered(state), f"{'XO'[state.to_move]} to move", f"engine move: {move}")


__all__ = ["GameError", "solve"]
