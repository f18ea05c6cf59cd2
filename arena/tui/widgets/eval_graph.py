"""The evaluation over a game as bars about a zero line, on a fixed scale, with the current move marked: a game
winning throughout draws above the line, and with more moves than columns each column shows its most extreme
value, so a dip never vanishes in an average."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

HALF = 1  # rows above the zero line, and as many below (each row holds eight steps of a block)
EIGHTHS = " ▁▂▃▄▅▆▇█"
FROM_TOP = " ▔▔▀▀▀▀██"  # a bar hanging from the zero line down (terminals have no lower-eighth blocks from the top)


def columns_of(values: list[float | None], width: int) -> list[tuple[float | None, list[int]]]:
    """The values in at most `width` columns: each column's most extreme value and the moves it covers."""
    if not values:
        return []
    count = min(width, len(values))
    shown: list[tuple[float | None, list[int]]] = []
    for column in range(count):
        moves = list(range(column * len(values) // count, (column + 1) * len(values) // count))
        known = [v for v in (values[m] for m in moves) if v is not None]
        shown.append((max(known, key=abs) if known else None, moves))
    return shown


def graph_text(values: list[float | None], scale: float, width: int, current: int | None) -> Text:
    """The graph's lines: a marker row (▼ over the current move's column), bars above and below a zero line."""
    shown = columns_of(values, width)
    rows = [Text() for _ in range(2 * HALF + 2)]
    for value, moves in shown:
        here = current is not None and current in moves
        rows[0].append("▼" if here else " ", style="bold")
        level = 0 if value is None else round(min(1.0, abs(value) / scale) * HALF * 8)
        for row in range(HALF):  # above the line, the top row first
            filled = max(0, min(8, level - 8 * (HALF - 1 - row))) if value is not None and value > 0 else 0
            rows[1 + row].append(EIGHTHS[filled], style="green")
        rows[1 + HALF].append("┼" if here else ("─" if value is not None else "·"), style="bold" if here else "dim")
        for row in range(HALF):
            filled = max(0, min(8, level - 8 * row)) if value is not None and value < 0 else 0
            rows[2 + HALF + row].append(FROM_TOP[filled], style="red")
    return Text("\n").join(rows)


class EvalGraph(Static):
    """The game's evaluation (first player's view), the current move marked; `set_values` then `mark`."""

    DEFAULT_CSS = """
    EvalGraph { height: 4; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.values: list[float | None] = []
        self.scale = 1.0
        self.current: int | None = None

    def set_values(self, values: list[float | None], scale: float) -> None:
        """A value after each move (None: not graded), on a scale where `scale` fills the half height."""
        self.values, self.scale = values, scale or 1.0
        self.draw()

    def mark(self, move: int | None) -> None:
        """Mark the move shown (its index), or none at the start."""
        self.current = move
        self.draw()

    def draw(self) -> None:
        self.update(graph_text(self.values, self.scale, max(1, self.size.width or 40), self.current))

    def on_resize(self) -> None:
        self.draw()
