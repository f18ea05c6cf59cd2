"""Exact grading of a move: its game-theoretic value against the best one available, where a solver gives it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from games.connect_four.rules import ConnectFour
from games.mnk import GridState
from games.tictactoe.engine import MAX_EXACT_CELLS, masks_of, solver_for
from games.tictactoe.rules import TicTacToe

if TYPE_CHECKING:
    from games.connect_four.engine import ConnectFourEngine


@dataclass(frozen=True, slots=True)
class Grade:
    """Values for the mover (+1 win, 0 draw, -1 loss with perfect play after): the best move's and the one played."""

    best: int
    played: int
    keeping: int = 1  # legal moves that keep the best value
    legal: int = 1  # legal moves: a uniform random mover keeps the value with keeping / legal

    @property
    def random_keep(self) -> float:
        """The chance that a uniform random legal move keeps the best value here (exact, not sampled)."""
        return self.keeping / self.legal

    @property
    def lost(self) -> bool:
        """The mover loses here whatever it plays (with perfect play after)."""
        return self.best < 0

    @property
    def blunder(self) -> bool:
        """The move threw away a win or a draw."""
        return self.played < self.best

    @property
    def optimal(self) -> bool:
        """The move kept the best value there was."""
        return self.played == self.best


def gradable(game: Any) -> bool:
    """True for games with an exact solver: tic-tac-toe boards of up to 12 cells and Connect-Four 6x7."""
    if isinstance(game, TicTacToe):
        return game.rows * game.cols <= MAX_EXACT_CELLS
    return isinstance(game, ConnectFour) and (game.rows, game.cols) == (6, 7)


@cache
def connect_four_engine() -> ConnectFourEngine:
    """One engine per process: books loaded once, the compiled search loaded once."""
    from games.connect_four.engine import ConnectFourEngine  # compiled code loads only when Connect-Four is graded

    engine = ConnectFourEngine(6, 7, budget=None)
    engine.solver.warm_up()
    return engine


KNOWN_LIMIT = 200_000  # moves whose grades a process remembers
# (position, mask, played column): ((best, played, keeping, legal), the positions its search visited), or
# (None, the budget that fell short)
known: dict[tuple[int, int, int], tuple[tuple[int, int, int, int] | None, int]] = {}


def connect_four_grade(state: GridState, column: int, budget: int) -> Grade | None:
    """The grade of dropping in `column`, searched from an empty table within `budget` positions, else None.

    An empty table for each position makes its grade a function of the position and the budget alone:
    never of the matches graded before it, their order or the machine's load. So a grade is remembered with
    the positions its search visited, and given again for any budget at least that large, never a smaller one.
    """
    from games.connect_four.outcomes import grade_move
    from games.connect_four.solver import SearchTimeout

    engine = connect_four_engine()
    position, mask = engine.layout.from_state(state)
    key = (position, mask, column)
    found, nodes = known.get(key, (None, 0))
    if found is None and nodes < budget:  # never searched, or short of a smaller budget than this one
        solver = engine.solver
        solver.fresh_table()
        before = solver.count_nodes()
        try:
            with solver.deadline(None, nodes=budget):
                found = grade_move(solver, position, mask, state.ply, column)
            nodes = solver.count_nodes() - before
        except SearchTimeout:
            found, nodes = None, budget
        if len(known) >= KNOWN_LIMIT:
            known.clear()
        known[key] = (found, nodes)
    return Grade(*found) if found is not None and nodes <= budget else None


def grade(game: Any, state: GridState, move: Any, budget: int) -> Grade | None:
    """The move's grade, or None where the game has no solver or the search visited more than `budget`
    positions (a count, not seconds: the same grades on any machine at any load)."""
    if isinstance(game, TicTacToe) and gradable(game):
        solver = solver_for(game.rows, game.cols, game.k)
        values = {score.index: score.value for score in solver.scores(*masks_of(state))}
        best = max(values.values())
        keeping = sum(value == best for value in values.values())
        return Grade(best, values[move.row * game.cols + move.col], keeping, len(values))
    if isinstance(game, ConnectFour) and gradable(game):
        return connect_four_grade(state, move, budget)
    return None
