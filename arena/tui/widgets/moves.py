"""The move list: one row per attempt with its latency, tokens and cost."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from arena.inert import inert_text
from arena.records import MoveRecord


class MoveList(DataTable[Text]):
    """Every attempt of the current match."""

    DEFAULT_CSS = """
    MoveList { height: 1fr; }
    """

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("#", "player", "move", "secs", "tokens", "cost")

    def add_attempt(self, number: int, player: str, move: MoveRecord) -> None:
        """Add one attempt (refused ones marked)."""
        shown = move.move if move.valid else f"✗ {move.error or 'refused'}"
        tokens = f"{move.tokens['prompt']}+{move.tokens['completion']}" if move.tokens else ""
        cost = f"{move.cost:.5f}" if move.cost else ""
        cells = (str(number), player, shown or "", f"{move.seconds:.2f}", tokens, cost)
        self.add_row(*(inert_text(cell) for cell in cells))
        self.move_cursor(row=self.row_count - 1)
