"""The move list: one row per attempt with its latency, tokens and cost."""

from __future__ import annotations

from rich.text import Text
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from arena.inert import inert_text
from arena.match.records import MoveRecord


class MoveList(DataTable[Text]):
    """Every attempt of the current match."""

    DEFAULT_CSS = """
    MoveList { height: 1fr; }
    """

    def on_mount(self) -> None:
        self.cursor_type = "row"
        # Numbers first: at 80 columns a long player name is what gets cut, not the tokens and cost.
        self.keys = self.add_columns("#", "move", "secs", "tokens", "cost", "player")
        self.shown_moves: list[str] = []

    def add_attempt(self, number: int, player: str, move: MoveRecord, label: str = "") -> None:
        """Add one attempt (refused ones marked); `label` names a legal move otherwise (chess: `12... Nf3`)."""
        reason = move.error or "refused"
        shown = (label or move.move) if move.valid else f"✗ {reason if len(reason) <= 28 else reason[:27] + '…'}"
        tokens = f"{move.tokens['prompt']}+{move.tokens['completion']}" if move.tokens else ""
        cost = f"{move.cost:.5f}" if move.cost else ""
        cells = (str(number), shown or "", f"{move.seconds:.2f}" if move.seconds else "-", tokens, cost, player)
        self.shown_moves.append(shown or "")
        self.add_row(*(inert_text(cell) for cell in cells))
        self.move_cursor(row=self.row_count - 1)

    def mark(self, row: int, mark: str) -> None:
        """Put the engines' mark (??, ?, ?!) after a row's move."""
        if mark and row < len(self.shown_moves):
            # The column widens to the marked move: `c1h6??` is never cut to `c1h6?`.
            self.update_cell_at(Coordinate(row, 1), inert_text(self.shown_moves[row] + mark), update_width=True)
