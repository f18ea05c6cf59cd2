"""One-move tactics of a position: wins on the spot, threats that must be blocked, hits that should be followed up.

Used to grade recorded moves: a *missed win* is a move played while a winning move existed; a
*missed block* is a move that leaves the opponent a win on the spot when some move would have
stopped every such win (a double threat cannot be blocked, so it is never a miss); a *missed
sink* is a Battleship shot fired away from an unsunk hit while a cell next to one was unshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games import grid
from games.battleship.rules import Battleship, BattleshipState
from games.connect_four.bitboard import Layout
from games.connect_four.rules import ConnectFour
from games.mnk import GridState, MNKGame


@dataclass(frozen=True, slots=True)
class Tactics:
    """What a move could have done: win at once, stop the opponent's win, follow up a hit (None: no such chance)."""

    missed_win: bool | None = None
    missed_block: bool | None = None
    missed_sink: bool | None = None


NONE = Tactics()


@cache
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells around it (8-neighbourhood)."""
    around = []
    for index in range(rows * cols):
        r, c = divmod(index, cols)
        around.append(
            tuple(
                (r + dr) * cols + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
            )
        )
    return tuple(around)


def grid_wins(state: GridState, seat: int, k: int) -> set[int]:
    """Empty cells where a stone of `seat` makes k in a row (gravity-free boards)."""
    rows, cols, cells = state.rows, state.cols, state.cells
    stone = seat + 1
    if k > 1 and cells.count(stone) < k - 1:
        return set()
    around = neighbours(rows, cols)
    wins = set()
    trial = list(cells)
    for index, value in enumerate(cells):
        if value or (k > 1 and stone not in [cells[n] for n in around[index]]):
            continue  # a winning cell is empty and touches one of the seat's stones
        trial[index] = stone
        if grid.winning_line(trial, rows, cols, index, k):
            wins.add(index)
        trial[index] = 0
    return wins


def mnk_tactics(game: MNKGame, state: GridState, index: int) -> Tactics:
    """Missed win / missed block of placing on cell `index`."""
    mover = state.to_move
    wins = grid_wins(state, mover, game.k)
    if wins:
        return Tactics(missed_win=index not in wins)
    threats = grid_wins(state, 1 - mover, game.k)
    if len(threats) == 1:  # two or more: no single stone stops them all
        return Tactics(missed_block=index not in threats)
    return NONE


@cache
def layout_of(rows: int, cols: int) -> Layout:
    """Bitboard masks of one board size, made once."""
    return Layout(rows, cols)


def connect_four_tactics(game: ConnectFour, state: GridState, column: int) -> Tactics:
    """Missed win / missed block of dropping in `column` (a block that sets up a win above it is no block).

    On bitboards: the cells that complete four for a side, against the cells a stone can drop to now.
    """
    layout = layout_of(game.rows, game.cols)
    mine, mask = layout.from_state(state)
    theirs = mine ^ mask
    possible = (mask + layout.bottom) & layout.board
    if wins := layout.winning_cells(mine, mask) & possible:
        return Tactics(missed_win=not wins & layout.column_mask(column))
    if not layout.winning_cells(theirs, mask) & possible:
        return NONE
    blocks = 0
    for col in range(game.cols):
        if drop := possible & layout.column_mask(col):
            after = mask | drop
            if not layout.winning_cells(theirs, after) & (after + layout.bottom) & layout.board:
                blocks |= layout.column_mask(col)
    if not blocks:
        return NONE
    return Tactics(missed_block=not blocks & layout.column_mask(column))


def battleship_tactics(game: Battleship, state: BattleshipState, index: int) -> Tactics:
    """Missed sink: the shot left every unshot neighbour of every unsunk hit alone."""
    view = game.observe(state, state.to_move)
    size = game.size
    sunk = {cell for ship in view.sunk for cell in ship.cells}
    shot = view.hits | view.misses
    follow_ups = set()
    for hit in view.hits - sunk:
        r, c = divmod(hit, size)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < size and 0 <= c + dc < size and (cell := (r + dr) * size + c + dc) not in shot:
                follow_ups.add(cell)
    if not follow_ups:
        return NONE
    return Tactics(missed_sink=index not in follow_ups)


def tactics(game: Any, state: Any, move: Any) -> Tactics:
    """The tactics of playing `move` (a legal move of `game` in `state`)."""
    if isinstance(game, ConnectFour):
        return connect_four_tactics(game, state, move)
    if isinstance(game, MNKGame):
        return mnk_tactics(game, state, move.row * game.cols + move.col)
    if isinstance(game, Battleship):
        return battleship_tactics(game, state, move.row * game.size + move.col)
    return NONE
