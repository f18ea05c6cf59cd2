"""The board: cells drawn with coloured marks, the last move and the winning line marked; mouse and keys."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from arena.match.boards import GridSpec, grids_for

# Each symbol's component class; the colours live in arena.tcss (one colour system for the app).
MARK_CLASSES = {"X": "mark-x", "O": "mark-o", "S": "ship", "~": "sea", ".": "empty"}
# Battleship's X and O are a hit and a miss: colours of their own, not the players'.
SEA_CLASSES = {"X": "hit", "O": "miss", "S": "ship", "~": "sea"}
PARTS: tuple[str, ...] = ("mark-x", "mark-o", "ship", "sea", "empty", "hit", "miss", "sunk", "line", "cursor", "label")
PARTS += ("light", "dark", "white-piece", "black-piece", "moved", "check", "picked")  # chess
CHESS_KEYS = set("abcdefgh12345678KQRBNOo0x=-+#")
SEA_LEGEND = (("~", "sea"), ("S", "ship"), ("X", "hit"), ("O", "miss"))
SEA_GLYPHS = {"O": "•", "sunk": "#"}  # a miss is a dot, a sunk ship's cell a #: shapes, not only colours
Names = tuple[str, ...]
GAP = 3
LABEL = 3


class Board(Widget, can_focus=True):
    """Draws a position; a click, arrows + Enter, or a typed coordinate + Enter chooses a move."""

    COMPONENT_CLASSES = {f"board--{part}" for part in PARTS}

    # Hidden from the footer: at 80 columns the screen's own keys (pause, step, abort, back) must show.
    BINDINGS = [
        Binding("up", "cursor(-1, 0)", "Up", show=False),
        Binding("down", "cursor(1, 0)", "Down", show=False),
        Binding("left", "cursor(0, -1)", "Left", show=False),
        Binding("right", "cursor(0, 1)", "Right", show=False),
        Binding("enter", "choose", "Play", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))  # reactives repaint the board when they change
    typed: reactive[str] = reactive("")
    picked: reactive[tuple[int, int] | None] = reactive(None)  # chess: the from-square chosen, waiting for its to

    class Chosen(Message):
        """The person picked a move (its 1-based text, e.g. `2,3` or `4`)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.grids: list[GridSpec] = []
        self.interactive = False
        self.narrow = False
        self.large = False
        self.typing = False  # a person may type a move here: a line is kept for what they type

    def show(self, game: Any, state: Any, viewer: int | None, interactive: bool = False, names: Names = ()) -> None:
        """Draw a new position (Battleship's fleets named by `names`, the players by seat, when given)."""
        fresh = not self.grids
        self.grids = grids_for(game, state, viewer, names) if names else grids_for(game, state, viewer)
        self.picked = None
        self.interactive = interactive
        main = self.main
        if main is not None:
            row, col = (main.rows // 2, main.cols // 2) if fresh else self.cursor  # a new board: start at its centre
            self.cursor = (min(row, main.rows - 1), min(col, main.cols - 1))
        self.refresh(layout=True)

    @property
    def main(self) -> GridSpec | None:
        """The grid on which moves are played."""
        return next((g for g in self.grids if g.clickable), None)

    def cell_width(self, grid: GridSpec) -> int:
        """Three columns a cell up to 15 columns (Gomoku), so two-digit column numbers stay apart;
        two when the grids would not fit beside each other (Battleship's two fleets at 80 columns)."""
        if self.narrow and grid.cols <= 10:
            return 2
        if self.large:
            return 5
        return 3 if grid.cols <= 15 else 2

    def grid_width(self, grid: GridSpec) -> int:
        return LABEL + grid.cols * self.cell_width(grid)

    def total_width(self) -> int:
        return sum(self.grid_width(g) for g in self.grids) + GAP * max(0, len(self.grids) - 1)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        self.narrow = self.large = False
        if len(self.grids) > 1 and self.total_width() > viewport.width * 0.55:
            self.narrow = True
        # On a big terminal a board grows when it still fits: wider cells and a blank line between rows.
        if len(self.grids) == 1 and viewport.width >= 140 and viewport.height >= 40:
            grid = self.grids[0]
            self.large = LABEL + grid.cols * 5 <= viewport.width * 0.55 and grid.rows * 2 + 10 <= viewport.height
        return self.total_width() or 10

    @property
    def top(self) -> int:
        """Lines above the first row: the grids' titles (when any has one) and the column numbers."""
        return 2 if any(g.title for g in self.grids) else 1

    def caption(self) -> Text:
        """The line under the grids: what is typed, or Battleship's legend; empty for other games."""
        caption = Text(f"typed: {self.typed}" if self.typed else "", style="italic")
        if not self.typed and any(g.sea for g in self.grids):
            for symbol, meaning in SEA_LEGEND:
                caption.append(SEA_GLYPHS.get(symbol, symbol), style=self.part(SEA_CLASSES[symbol]))
                caption.append(f" {meaning}  ")
            caption.append(SEA_GLYPHS["sunk"], style=self.part("sunk"))
            caption.append(" sunk")
        return caption

    @property
    def row_step(self) -> int:
        """Lines per board row: two when the board is drawn large."""
        return 2 if self.large else 1

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        # The caption's line is kept where a person plays, so typing never moves what is under the board.
        caption = 1 if self.typing or self.interactive or any(g.sea for g in self.grids) else 0
        return max((g.rows for g in self.grids), default=1) * self.row_step + self.top + caption

    def render(self) -> Text:
        """All grids side by side, a title and column numbers over each."""
        if not self.grids:
            return Text("")
        top = self.top
        height = max(g.rows for g in self.grids) * self.row_step + top
        lines = [Text() for _ in range(height)]
        for index, grid in enumerate(self.grids):
            width = self.grid_width(grid)
            pad = GAP if index else 0
            cw = self.cell_width(grid)
            if top == 2:
                title = grid.title if len(grid.title) <= width else grid.title[: width - 1] + "…"
                lines[0].append(" " * pad + title.ljust(width), style="bold")
            header = " " * LABEL + "".join(
                f"{grid.col_label(c):^5}" if cw == 5 else f"{grid.col_label(c):>{cw - 1}} " if cw > 2
                else f"{grid.col_label(c):<2}"
                for c in range(grid.cols)
            )  # fmt: skip
            lines[top - 1].append(" " * pad + header.ljust(width), style=self.part("label"))
            for step in range(height - top):
                line = lines[step + top]
                line.append(" " * pad)
                r, spacer = divmod(step, self.row_step)
                if spacer and grid.files and r < grid.rows:  # a drawn-large chess square is two lines high
                    line.append(" " * LABEL)
                    for c in range(grid.cols):
                        line.append(self.square_text(grid, r, c, cw, blank=True))
                    continue
                if r >= grid.rows or spacer:
                    line.append(" " * width)
                    continue
                line.append("" if grid.columns_only else f"{grid.row_label(r):>2} ", style=self.part("label"))
                if grid.columns_only:
                    line.append(" " * LABEL)
                for c in range(grid.cols):
                    line.append(self.cell_text(grid, r, c, cw))
        caption = self.caption()
        return Text("\n").join([*lines, caption] if caption or self.typing or self.interactive else lines)

    def cell_text(self, grid: GridSpec, r: int, c: int, cw: int) -> Text:
        if grid.files:
            return self.square_text(grid, r, c, cw)
        symbol = grid.symbols[r][c]
        style = self.part(SEA_CLASSES.get(symbol, "") if grid.sea else MARK_CLASSES.get(symbol, ""))
        if grid.sea:
            symbol = SEA_GLYPHS.get(symbol, symbol)
        if (r, c) in grid.sunk:
            style, symbol = self.part("sunk"), SEA_GLYPHS["sunk"]
        if (r, c) in grid.line:
            style += self.part("line")
        elif grid.last == (r, c):
            style += Style(reverse=True)
        if self.interactive and grid.clickable and self.has_focus:
            cur_r, cur_c = self.cursor
            if c == cur_c and (grid.columns_only or r == cur_r):
                style += self.part("cursor")
        text = f"  {symbol}  " if cw == 5 else f" {symbol} " if cw == 3 else f"{symbol} "
        return Text(text, style=style)

    def square_text(self, grid: GridSpec, r: int, c: int, cw: int, blank: bool = False) -> Text:
        """A chess square: light or dark, its piece coloured by side (letters tell them apart without colour)."""
        symbol = " " if blank else grid.symbols[r][c]
        style = self.part("light" if (r + c) % 2 == 0 else "dark")
        if symbol.strip():
            style += self.part("white-piece" if symbol.isupper() else "black-piece")
        if (r, c) in grid.moved:
            style += self.part("moved")
        if grid.check == (r, c):
            style += self.part("check")
        if self.picked == (r, c):
            style += self.part("picked")
        if self.interactive and grid.clickable and self.has_focus and self.cursor == (r, c):
            style += self.part("cursor")
        text = f"  {symbol}  " if cw == 5 else f" {symbol} " if cw == 3 else f"{symbol} "
        return Text(text, style=style)

    def part(self, name: str) -> Style:
        """The style arena.tcss gives one part of the board (a mark, the sea, the winning line...)."""
        return self.get_component_rich_style(f"board--{name}", partial=True) if name else Style()

    def locate(self, x: int, y: int) -> tuple[GridSpec, int, int] | None:
        """The grid cell under a point of the widget, if any."""
        left = 0
        for index, grid in enumerate(self.grids):
            left += GAP if index else 0
            cw = self.cell_width(grid)
            col = (x - left - LABEL) // cw
            row = (y - self.top) // self.row_step
            if left + LABEL <= x < left + self.grid_width(grid) and 0 <= row < grid.rows and 0 <= col < grid.cols:
                return grid, row, col
            left += self.grid_width(grid)
        return None

    def on_click(self, event: events.Click) -> None:
        found = self.locate(event.x, event.y)
        self.focus()
        if found is None or not self.interactive:
            return
        grid, row, col = found
        if grid.clickable:
            self.cursor = (row, col)
            self.choose_cell(grid, row, col)

    def choose_cell(self, grid: GridSpec, row: int, col: int) -> None:
        """Play the cell, or at chess pick the from-square first (the same square again lets go of it)."""
        if not grid.files:
            self.post_message(self.Chosen(grid.move_text(row, col)))
        elif self.picked is None:
            self.picked = (row, col) if grid.symbols[row][col].strip() else None
        elif self.picked == (row, col):
            self.picked = None
        else:
            start = self.picked
            self.picked = None
            pawn = grid.symbols[start[0]][start[1]] in "Pp"
            promotion = "q" if pawn and row in (0, 7) else ""  # a queen unless typed otherwise (e7e8n)
            self.post_message(self.Chosen(grid.move_text(*start) + grid.move_text(row, col) + promotion))

    def action_cursor(self, rows: int, cols: int) -> None:
        main = self.main
        if main is None:
            return
        row, col = self.cursor
        self.cursor = ((row + rows) % main.rows, (col + cols) % main.cols)

    def action_choose(self) -> None:
        main = self.main
        if main is None or not self.interactive:
            return
        if self.typed or not main.files:
            text = self.typed or main.move_text(*self.cursor)
            self.typed = ""
            self.post_message(self.Chosen(text))
        else:
            self.choose_cell(main, *self.cursor)

    def clear_typing(self) -> bool:
        """Forget a half-typed move; True if there was one (the screen's Esc does this before going back)."""
        had = bool(self.typed)
        self.typed = ""
        return had

    def on_key(self, event: events.Key) -> None:
        if not self.interactive:
            return
        chess = bool(self.main and self.main.files)
        if (chess and event.character and event.character in CHESS_KEYS) or (
            event.character and (event.character.isdigit() or event.character in ", ")
        ):
            self.typed = (self.typed + event.character)[-8:]
            event.stop()
        elif event.key == "backspace" and self.typed:
            self.typed = self.typed[:-1]
            event.stop()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
