"""Win/draw/loss answers from the exact search, cheaper than exact scores: a position's outcome in one or two
null-window searches, and a move's grade against it in one more search a column."""

from __future__ import annotations

from games.connect_four.solver import Solver


def outcome(solver: Solver, position: int, mask: int, moves: int) -> int:
    """+1 win, 0 draw, -1 loss for the side to move (not over): one or two null-window searches."""
    if solver.layout.winning_cells(position, mask) & solver.possible(mask):
        return 1
    if solver.null_window(position, mask, moves, 0) > 0:
        return 1
    return 0 if solver.null_window(position, mask, moves, -1) > -1 else -1


def child_at_least(solver: Solver, position: int, mask: int, moves: int, bit: int, least: int) -> bool:
    """Whether dropping on `bit` (not a win at once) leaves the mover at least `least` (0 or 1)."""
    after = mask | bit
    if solver.layout.winning_cells(position ^ mask, mask) & solver.possible(after):
        return False  # the opponent wins at once
    if moves + 1 == solver.cells:
        return least <= 0
    # At least a win (draw) when the opponent's score is below (at most) zero: one null-window search.
    return solver.null_window(position ^ mask, after, moves + 1, -least) <= -least


def grade_move(solver: Solver, position: int, mask: int, moves: int, played: int) -> tuple[int, int, int, int]:
    """(best outcome, the played column's, columns that keep the best, playable columns): +1 win, 0 draw,
    -1 loss for the side to move.

    The position's own outcome first (the books answer it at 8 and 12 stones), then one null-window
    search a column, "does it keep that outcome?", over the table the first search filled; one more for
    the played column's exact outcome when it keeps less.
    """
    best = outcome(solver, position, mask, moves)
    winning = solver.layout.winning_cells(position, mask)
    keeping, columns, played_value = 0, solver.columns(mask), None
    for col in columns:
        bit = solver.column_bit(mask, col)
        keeps = bool(bit & winning) or best < 0 or child_at_least(solver, position, mask, moves, bit, best)
        keeping += keeps
        if col == played and keeps:
            played_value = best
    if played_value is None:  # below `best`: a loss, unless a win was thrown away for a draw
        bit = solver.column_bit(mask, played)
        played_value = 0 if best == 1 and child_at_least(solver, position, mask, moves, bit, 0) else -1
    return best, played_value, keeping, len(columns)
