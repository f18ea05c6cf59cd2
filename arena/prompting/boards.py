"""Board texts for prompts: the arena's coordinate grid and the pictures, per game."""

from __future__ import annotations

from typing import Any

from arena.prompting.image import data_url, grid_png, stack_png
from games.battleship import Battleship
from games.connect_four import ConnectFour
from games.grid import symbol_rows


def _numbered(symbols: list[list[str]], base: int, row_numbers: bool = True) -> list[str]:
    cols = len(symbols[0])
    width = len(str(len(symbols)))
    header = " " * (width + 1) + " ".join(f"{c + base:>2}" for c in range(cols))
    lines = [header]
    for r, row in enumerate(symbols):
        label = f"{r + base:>{width}}" if row_numbers else " " * width
        lines.append(f"{label} " + " ".join(f"{s:>2}" for s in row))
    return lines


def render_board(game: Any, state: Any, seat: int, form: str, base: int) -> str:
    """A board for a prompt in one of the schema's forms; labels, where drawn, start at `base`."""
    if form == "coordinates":
        return coordinate_board(game, state, seat, base)
    return str(game.render(state, form, seat))


def coordinate_board(game: Any, state: Any, seat: int, base: int = 1) -> str:
    """The board with row and column numbers from `base`, as the arena prompt shows it."""
    if isinstance(game, Battleship):
        view = game.observe(state, seat)
        own, shots = game.fleet_symbols(view), game.shot_symbols(view)
        sunk = ", ".join(f"{s.name} ({len(s.cells)})" for s in view.sunk) or "none"
        return "\n".join(
            [
                "Your shots at the opponent (X hit, O miss, ~ not shot yet):",
                *_numbered(shots, base),
                f"Opponent ships sunk: {sunk}",
                "",
                "Your own fleet (S ship, X hit by the opponent, O opponent miss, ~ sea):",
                *_numbered(own, base),
            ]
        )
    if game.name.endswith("-poker"):  # the seat's own card only, the betting, the pot and the last hands
        from games.poker.text import recent_hands, view_text

        view = game.observe(state, seat)
        return "\n".join(part for part in (recent_hands(view), view_text(view)) if part)
    if game.name == "chess":  # a diagram (White's pieces in capitals), the FEN and the moves so far
        moves = game.render(state, "pgn") or "(none yet)"
        return "\n".join(
            ["Board (White's pieces in capitals, Black's in lower case, . is empty):", game.render(state, "ascii"),
             f"FEN: {game.render(state, 'fen')}", f"Moves so far: {moves}"]
        )  # fmt: skip
    symbols = symbol_rows(state.cells, state.rows, state.cols, ".")
    if isinstance(game, ConnectFour):
        return "\n".join(["Board (columns numbered; pieces fall to the bottom):", *_numbered(symbols, base, False)])
    return "\n".join(["Board (row numbers on the left, column numbers on top; . is empty):", *_numbered(symbols, base)])


def board_image(game: Any, state: Any, seat: int) -> str:
    """A PNG data URL of what the seat may see."""
    if game.name.endswith("-poker"):
        raise ValueError("poker has no board image: its view is text (board=coordinates, list or ascii)")
    if isinstance(game, Battleship):
        view = game.observe(state, seat)
        own, shots = game.fleet_symbols(view), game.shot_symbols(view)
        return data_url(stack_png([grid_png(shots, "Your shots"), grid_png(own, "Your fleet")]))
    return data_url(grid_png(symbol_rows(state.cells, state.rows, state.cols, ".")))


def with_history(board: str, game: Any, state: Any, history: tuple[str, ...], shown: bool | None) -> str:
    """The board with the moves so far, or without them (`shown` None: as the form draws it; chess's
    coordinate board lists them already, no other does)."""
    so_far = "Moves so far:"
    if game.name.endswith("-poker"):  # the betting of the hand is in the board; earlier hands are summed up there
        return board
    if game.name == "chess":
        if shown is False:
            return "\n".join(line for line in board.splitlines() if not line.startswith(so_far))
        if shown and so_far not in board:
            return f"{board}\n{so_far} {game.render(state, 'pgn') or '(none yet)'}"
        return board
    if not shown:
        return board
    marks = ("X", "O")
    listed = "  ".join(f"{n}. {marks[(n - 1) % 2]} {move}" for n, move in enumerate(history, 1))
    return f"{board}\n{so_far} {listed or '(none yet)'}"
