"""`arena solve GAME POSITION`: the engine's verdict on a position, printed as text."""

from __future__ import annotations

import re

from games.base import Cell, GameError, IllegalMove, InvalidMove
from games.connect_four import ConnectFour
from games.connect_four.engine import ConnectFourEngine
from games.gomoku import Gomoku
from games.gomoku.engine import GomokuEngine
from games.mnk import GridState, MNKGame, empty_state, place
from games.registry import canonical_name, make_game
from games.tictactoe.engine import masks_of, rank, solver_for

VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}


def solve(game_name: str, position: str, options: dict[str, int | str], budget: float) -> list[str]:
    """The lines to print; raises ValueError (or a GameError) on a bad position."""
    name = canonical_name(game_name)
    game = make_game(name, **options)
    if name == "connect-four":
        return solve_connect_four(game, position, budget)
    if name == "tictactoe":
        return solve_tictactoe(game, position)
    if name == "gomoku":
        return solve_gomoku(game, position, budget)
    raise ValueError(f"{name} hides information from each player; there is no position to solve")


def solve_connect_four(game: ConnectFour, position: str, budget: float) -> list[str]:
    """Pons-style: POSITION is the 1-based columns played; the last line is the exact score."""
    state = game.play_sequence(position)
    lines = [game.render(state), f"{state.ply} stones, {'XO'[state.to_move]} to move"]
    if state.over:
        raise IllegalMove("the game is already over in this position")
    engine = ConnectFourEngine(game.rows, game.cols, budget)
    if engine.has_books:
        scores = engine.solver.move_scores(*engine.layout.from_state(state), state.ply)
        lines.append("move scores: " + "  ".join(f"{c + 1}:{s:+d}" for c, s in sorted(scores.items())))
        verdict = engine.decide(state)
        lines.append(f"best move: column {verdict.column + 1}")
        lines.append(str(verdict.score))
        return lines
    verdict = engine.decide(state)
    lines.append(f"best move: column {verdict.column + 1}")
    if verdict.exact:
        lines.append(str(verdict.score))
    else:
        lines.append(f"no exact score within {budget:g} s (searched {verdict.depth} plies ahead)")
    return lines


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


def solve_tictactoe(game: MNKGame, position: str) -> list[str]:
    """Every move's value and end depth, the engine's move, and the value as the last line."""
    state = parse_board_key(position, game.rows, game.cols)
    solver = solver_for(game.rows, game.cols, game.k)
    mine, theirs = masks_of(state)
    if solver.has_line(mine) or solver.has_line(theirs) or solver.terminal(mine, theirs):
        raise IllegalMove("the game is already over in this position")
    scores = solver.scores(mine, theirs)
    best = max(rank((s.value, s.depth)) for s in scores)
    chosen = solver.best_moves(mine, theirs)[0]
    lines = [game.render(state), f"{'XO'[state.to_move]} to move"]
    for s in scores:
        mark = " <" if s.index == chosen else ""
        lines.append(
            f"  {Cell(*divmod(s.index, game.cols))}: {VALUE_WORDS[s.value]}, game ends at {s.depth} marks{mark}"
        )
    lines.append(f"best move: {Cell(*divmod(chosen, game.cols))}")
    lines.append(f"{best[0]:+d}")
    return lines


def solve_gomoku(game: Gomoku, position: str, budget: float) -> list[str]:
    """POSITION is the moves played as 1-based `row,col` pairs; prints the engine's reply."""
    state = empty_state(game.rows, game.cols)
    for token in position.split():
        cell = game.parse_move(state, token)
        if state.over:
            raise IllegalMove("the game is already over in this position")
        state = place(state, cell.row * game.cols + cell.col, game.k)
    if state.over:
        raise IllegalMove("the game is already over in this position")
    move = GomokuEngine(budget=budget).best_move(state, game.k)
    return [game.render(state, "illustration"), f"{'XO'[state.to_move]} to move", f"engine move: {move}"]


__all__ = ["GameError", "solve"]
