"""What a template may say about the turn: the game's title and size, the marks, the invalid answers so far."""

from __future__ import annotations

from typing import Any, Protocol

from games.battleship import Battleship
from games.connect_four import ConnectFour

TITLES = {"tictactoe": "Tic-Tac-Toe", "connect-four": "Connect-Four", "gomoku": "Gomoku", "battleship": "Battleship"}
TITLES["chess"] = "chess"
TITLES |= {"kuhn-poker": "Kuhn poker", "leduc-poker": "Leduc hold'em"}


class TurnContext(Protocol):
    """What a prompt needs to know about the turn (the runner's TurnView fits)."""

    @property
    def game(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def seat(self) -> int: ...

    @property
    def attempt(self) -> int: ...

    @property
    def feedback(self) -> str | None: ...

    @property
    def last_answer(self) -> str | None: ...

    @property
    def invalid_so_far(self) -> int: ...

    @property
    def invalid_allowed(self) -> int | None: ...


def dimensions(game: Any) -> tuple[int, int, int]:
    """(rows, cols, k) of any game."""
    if isinstance(game, Battleship):
        return game.size, game.size, 0
    return getattr(game, "rows", 8), getattr(game, "cols", 8), getattr(game, "k", 0)


def template_fields(turn: TurnContext, base: int, allowed: int) -> dict[str, Any]:
    """The values every template may use (row and column numbers counted from `base`)."""
    game, seat = turn.game, turn.seat
    rows, cols, k = dimensions(game)
    marks = ("White", "Black") if game.name == "chess" else ("X", "O")
    poker = game.name.endswith("-poker")
    if poker:  # seats, not marks: the position to act first alternates hand by hand
        marks = ("player 1", "player 2")
    return {
        "game_title": TITLES.get(game.name, game.name),
        "rows": rows,
        "cols": cols,
        "k": k,
        "base": base,
        "first_row": base,
        "first_col": base,
        "last_row": rows - 1 + base,
        "last_col": cols - 1 + base,
        "max_row": rows - 1 + base,
        "max_col": cols - 1 + base,
        "mark": marks[seat],
        "opponent_mark": marks[1 - seat],
        "player_number": seat + 1,
        "opponent_number": 2 - seat,
        "role": ("first-seated", "second-seated")[seat] if poker else ("first", "second")[seat],
        "hands": getattr(game, "hands", 0),
        "invalid_limit": allowed,
        "invalid_so_far": turn.invalid_so_far,
        "invalid_left": max(0, allowed - turn.invalid_so_far),
        "feedback": turn.feedback or "",
        "last_answer": turn.last_answer or "",
        "ships": ", ".join(str(n) for n in getattr(game, "ship_lengths", ())),
        "max_plies": getattr(game, "max_plies", 0),
        "column_note": ", or drops into a full column" if isinstance(game, ConnectFour) else "",
    }
