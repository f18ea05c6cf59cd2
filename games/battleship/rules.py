"""Battleship rules: hidden fleets, alternate shots, sunk ships announced."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games import grid
from games.base import Cell, IllegalMove, Outcome
from games.battleship.fleet import Ship, place_fleet

PRESETS: dict[str, dict[str, Any]] = {
    # ChildPlay: 5x5, ships laid horizontally and never touching, 2 to 4 cells long.
    "childplay": {"size": 5, "ships": (4, 3, 2), "vertical": False, "touching": False},
    "classic": {"size": 10, "ships": (5, 4, 3, 3, 2), "vertical": True, "touching": True},
}


@dataclass(frozen=True)
class BattleshipState:
    """Both fleets and both shot records; `shots[s]` are the cells seat `s` fired at, in order."""

    size: int
    fleets: tuple[tuple[Ship, ...], tuple[Ship, ...]]
    shots: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    ply: int = 0
    winner: int | None = None

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self.ply % 2


@dataclass(frozen=True)
class BattleshipView:
    """What one seat may know: its own fleet, shots fired at it, and its own shot record."""

    size: int
    seat: int
    own_fleet: tuple[Ship, ...]
    incoming: frozenset[int]
    hits: frozenset[int]
    misses: frozenset[int]
    sunk: tuple[Ship, ...]
    remaining_lengths: tuple[int, ...]


def _cell_list(indices: Iterable[int], size: int) -> str:
    """1-based `row,col` cells, `;`-separated, or None."""
    return "; ".join(f"{i // size + 1},{i % size + 1}" for i in sorted(indices)) or "None"


def _sunk(fleet: tuple[Ship, ...], shots: set[int]) -> list[Ship]:
    return [ship for ship in fleet if shots.issuperset(ship.cells)]


@dataclass(frozen=True)
class Battleship:
    """Battleship on a square board with a fixed list of ship lengths."""

    preset: str = "classic"
    name: str = "battleship"
    fleets: Any = None  # fixed fleets, one list of ships (lists of cell indices) per seat: a published game's
    side: int | None = None  # the board side of fixed fleets when not the preset's (ChildPlay also ran 3x3)

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown Battleship preset {self.preset!r} (choose from {', '.join(PRESETS)})")
        if self.side is not None and (self.fleets is None or not 2 <= int(self.side) <= 26):
            raise ValueError("side: a board side from 2 to 26, given with fixed fleets")
        if self.fleets is not None:
            object.__setattr__(self, "fleets", fixed_fleets(self.fleets, self.size))

    @property
    def size(self) -> int:
        """Board side length."""
        return int(self.side or PRESETS[self.preset]["size"])

    @property
    def ship_lengths(self) -> tuple[int, ...]:
        """Lengths of the ships of one fleet."""
        return tuple(PRESETS[self.preset]["ships"])

    def options(self) -> dict[str, Any]:
        """The preset and what it means (and the fixed fleets, when the game has them)."""
        chosen = {"preset": self.preset, **PRESETS[self.preset], "ships": list(self.ship_lengths)}
        if self.fleets is not None:
            chosen["fleets"] = [[list(ship.cells) for ship in fleet] for fleet in self.fleets]
            chosen["size"] = self.size
            if self.side is not None:
                chosen["side"] = self.side
        return chosen

    def initial_state(self, rng: random.Random | None = None) -> BattleshipState:
        """Both fleets placed at random from `rng` (or the fixed fleets)."""
        if self.fleets is not None:
            return BattleshipState(self.size, self.fleets)
        rng = rng or random.Random()
        p = PRESETS[self.preset]
        fleets = tuple(place_fleet(rng, self.size, self.ship_lengths, p["vertical"], p["touching"]) for _ in range(2))
        return BattleshipState(self.size, (fleets[0], fleets[1]))

    def to_move(self, state: BattleshipState) -> int:
        """The seat to shoot."""
        return state.to_move

    def ply(self, state: BattleshipState) -> int:
        """Shots fired."""
        return state.ply

    def legal_moves(self, state: BattleshipState) -> list[Cell]:
        """Cells the mover has not shot yet."""
        if state.winner is not None:
            return []
        fired = set(state.shots[state.to_move])
        return [Cell(*divmod(i, self.size)) for i in range(self.size * self.size) if i not in fired]

    def apply(self, state: BattleshipState, move: Cell) -> BattleshipState:
        """Fire at `move`; a cell already shot is illegal."""
        if state.winner is not None:
            raise IllegalMove("the game is over")
        size, seat = self.size, state.to_move
        if not (0 <= move.row < size and 0 <= move.col < size):
            raise IllegalMove(f"{move} is off the {size}x{size} board")
        index = move.row * size + move.col
        if index in state.shots[seat]:
            raise IllegalMove(f"{move} has already been shot")
        mine = state.shots[seat] + (index,)
        shots = (mine, state.shots[1]) if seat == 0 else (state.shots[0], mine)
        targets = {c for ship in state.fleets[1 - seat] for c in ship.cells}
        winner = seat if targets.issubset(mine) else None
        return BattleshipState(size, state.fleets, shots, state.ply + 1, winner)

    def outcome(self, state: BattleshipState) -> Outcome | None:
        """The winner once a whole fleet is sunk."""
        if state.winner is None:
            return None
        return Outcome(state.winner, "sank the whole fleet")

    def observe(self, state: BattleshipState, seat: int) -> BattleshipView:
        """The view of `seat`: never the opponent's unsunk ships."""
        enemy = state.fleets[1 - seat]
        enemy_cells = {c for ship in enemy for c in ship.cells}
        mine = set(state.shots[seat])
        sunk = _sunk(enemy, mine)
        remaining = tuple(len(s.cells) for s in enemy if s not in sunk)
        return BattleshipView(
            size=self.size,
            seat=seat,
            own_fleet=state.fleets[seat],
            incoming=frozenset(state.shots[1 - seat]),
            hits=frozenset(mine & enemy_cells),
            misses=frozenset(mine - enemy_cells),
            sunk=tuple(sunk),
            remaining_lengths=remaining,
        )

    def parse_move(self, state: BattleshipState, text: str) -> Cell:
        """Read `row col` (1-based) and refuse a cell already shot."""
        cell = grid.parse_cell(text, self.size, self.size)
        if cell.row * self.size + cell.col in state.shots[state.to_move]:
            raise IllegalMove(f"{cell} has already been shot")
        return cell

    def move_text(self, move: Cell) -> str:
        """`row,col`, 1-based."""
        return str(move)

    def fleet_symbols(self, view: BattleshipView) -> list[list[str]]:
        """A seat's own board: S ship, ~ sea, X a ship cell hit by the opponent, O an opponent miss."""
        size = self.size
        board = [["~"] * size for _ in range(size)]
        for ship in view.own_fleet:
            for i in ship.cells:
                board[i // size][i % size] = "S"
        for i in view.incoming:
            r, c = divmod(i, size)
            board[r][c] = "X" if board[r][c] == "S" else "O"
        return board

    def shot_symbols(self, view: BattleshipView) -> list[list[str]]:
        """A seat's record of its own shots: X hit, O miss, ~ not shot yet."""
        size = self.size
        board = [["~"] * size for _ in range(size)]
        for i in view.hits:
            board[i // size][i % size] = "X"
        for i in view.misses:
            board[i // size][i % size] = "O"
        return board

    def _draw(self, title: str, board: list[list[str]], labels: bool = True) -> str:
        if not labels:  # Topsakal's illustration form: symbols only, one line per row
            return "\n".join([title, *(" ".join(row) for row in board)])
        header = "   " + " ".join(str(c) for c in range(self.size))
        rows = [f"{r:<2} " + " ".join(row) for r, row in enumerate(board)]
        return "\n".join([title, header, *rows])

    def render(self, state: BattleshipState, style: str = "ascii", seat: int | None = None) -> str:
        """One seat's two boards (own fleet, own shots), or both fleets for a spectator.

        `ascii` labels rows and columns from 0 (ChildPlay's form), `illustration` draws no labels, `list`
        writes 1-based cells.
        """
        if seat is None:
            parts = []
            for s in (0, 1):
                view = self.observe(state, s)
                parts.append(self._draw(f"Player {s + 1} fleet:", self.fleet_symbols(view)))
            return "\n\n".join(parts)
        view = self.observe(state, seat)
        if style == "list":
            size = self.size
            return "\n".join(
                [
                    f"Your ships occupy: {_cell_list((c for s in view.own_fleet for c in s.cells), size)}",
                    f"Opponent shots at you: {_cell_list(view.incoming, size)}",
                    f"Your hits: {_cell_list(view.hits, size)}",
                    f"Your misses: {_cell_list(view.misses, size)}",
                ]
            )
        labels = style != "illustration"
        return "\n\n".join(
            [
                self._draw("Your board:", self.fleet_symbols(view), labels),
                self._draw("Your shots:", self.shot_symbols(view), labels),
            ]
        )


def fixed_fleets(fleets: Any, size: int) -> tuple[tuple[Ship, ...], tuple[Ship, ...]]:
    """Two fleets given as lists of ships, each a list of cell indices; ValueError if one cannot be on the board."""
    if not isinstance(fleets, (list, tuple)) or len(fleets) != 2:
        raise ValueError("fleets: give one list of ships per seat")
    built = []
    for seat, fleet in enumerate(fleets):
        ships: list[Ship] = []
        taken: set[int] = set()
        for number, cells in enumerate(fleet, start=1):
            indices = tuple(int(c) for c in cells)
            if not indices or any(not 0 <= c < size * size for c in indices) or taken & set(indices):
                raise ValueError(f"fleets: ship {number} of seat {seat + 1} is empty, off the board or overlaps")
            taken |= set(indices)
            ships.append(Ship(f"ship {number}", indices))
        built.append(tuple(ships))
    return built[0], built[1]
