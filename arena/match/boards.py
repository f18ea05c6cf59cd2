"""What a board shows for a position and a viewer, and which move a cell stands for: the app and the web report."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from games.battleship import Battleship
from games.connect_four import ConnectFour
from games.grid import symbol_rows


@dataclass(frozen=True)
class GridSpec:
    """One grid: its symbols, whether clicks on it are moves, and cells to highlight."""

    title: str
    symbols: list[list[str]]
    clickable: bool = True
    columns_only: bool = False
    last: tuple[int, int] | None = None
    line: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    sea: bool = False  # a Battleship grid: its X and O are a hit and a miss, drawn apart from players' marks
    sunk: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    files: str = ""  # chess: column letters (a-h); moves are squares, chosen from-square then to-square
    ranks: str = ""  # chess: row labels, top row first (8 down to 1 for White at the bottom)
    moved: frozenset[tuple[int, int]] = field(default_factory=frozenset)  # chess: the last move's two squares
    check: tuple[int, int] | None = None  # chess: the king in check

    @property
    def rows(self) -> int:
        return len(self.symbols)

    @property
    def cols(self) -> int:
        return len(self.symbols[0])

    def move_text(self, row: int, col: int) -> str:
        """The typed form of the move a cell stands for (1-based), or a chess square's name."""
        if self.files:
            return self.files[col] + self.ranks[row]
        return str(col + 1) if self.columns_only else f"{row + 1},{col + 1}"

    def col_label(self, col: int) -> str:
        return self.files[col] if self.files else str(col + 1)

    def row_label(self, row: int) -> str:
        return self.ranks[row] if self.ranks else str(row + 1)


def _sunk_cells(ships: Any, size: int) -> frozenset[tuple[int, int]]:
    return frozenset(divmod(i, size) for ship in ships for i in ship.cells)


def _fleet_grid(title: str, game: Battleship, view: Any) -> GridSpec:
    """A seat's own fleet, its sunk ships marked."""
    sunk = [ship for ship in view.own_fleet if set(ship.cells) <= view.incoming]
    return GridSpec(title, game.fleet_symbols(view), clickable=False, sea=True, sunk=_sunk_cells(sunk, game.size))


def _battleship_grids(game: Battleship, state: Any, viewer: int | None, names: tuple[str, ...]) -> list[GridSpec]:
    if viewer is None:
        fleets = [_fleet_grid(f"{name}'s fleet", game, game.observe(state, seat)) for seat, name in enumerate(names)]
        shooter = (state.ply - 1) % 2
        if state.ply and state.shots[shooter]:  # a spectator sees the last shot where it landed
            target = fleets[1 - shooter]
            fleets[1 - shooter] = replace(target, last=divmod(state.shots[shooter][-1], game.size))
        return fleets
    view = game.observe(state, viewer)
    last = divmod(state.shots[viewer][-1], game.size) if state.shots[viewer] else None
    shots = GridSpec(
        "Your shots",
        game.shot_symbols(view),
        clickable=True,
        last=last,
        sea=True,
        sunk=_sunk_cells(view.sunk, game.size),
    )
    return [shots, _fleet_grid("Your fleet", game, view)]


def chess_grid(state: Any) -> GridSpec:
    """The chessboard from White's side: White's pieces in capitals, Black's in lower case, the last move and a
    king in check marked."""
    import chess

    board = state.board

    def place(square: int) -> tuple[int, int]:
        return 7 - chess.square_rank(square), chess.square_file(square)

    symbols = [[" "] * 8 for _ in range(8)]
    for square, piece in board.piece_map().items():  # the 32 pieces or fewer, not the 64 squares
        r, c = place(square)
        symbols[r][c] = piece.symbol()
    last = board.move_stack[-1] if board.move_stack else None
    moved = frozenset({place(last.from_square), place(last.to_square)}) if last else frozenset()
    king = board.king(board.turn)
    check = place(king) if board.is_check() and king is not None else None
    return GridSpec("", symbols, files="abcdefgh", ranks="87654321", moved=moved, check=check)


def grids_for(
    game: Any, state: Any, viewer: int | None, names: tuple[str, ...] = ("Player 1", "Player 2")
) -> list[GridSpec]:
    """The grids to draw: one board, or for Battleship a player's two boards (both fleets, named by their
    players, for a spectator)."""
    if isinstance(game, Battleship):
        return _battleship_grids(game, state, viewer, names)
    if getattr(game, "name", "") == "chess":
        return [chess_grid(state)]
    symbols = symbol_rows(state.cells, state.rows, state.cols, ".")
    last = divmod(state.last, state.cols) if state.last is not None else None
    return [
        GridSpec(
            "",
            symbols,
            clickable=True,
            columns_only=isinstance(game, ConnectFour),
            last=last,
            line=frozenset(state.line),
        )
    ]
