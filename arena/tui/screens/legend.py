"""The Leaderboard's column legend (`?`): each header and what it counts, for the game shown."""

from __future__ import annotations

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from arena.report.tables import GROUPS_APART
from arena.tui.screens.help import scroll_by_key
from arena.tui.widgets.player_columns import legend


class LegendScreen(ModalScreen[None]):
    """Every column of the Leaderboard's table explained; Esc or ? closes it."""

    def __init__(self, chess: bool) -> None:
        super().__init__()
        self.chess = chess

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, meaning in legend(self.chess):
            table.add_row(label, meaning)
        with VerticalScroll(id="legend"):
            yield Static(table)
            yield Static(f"Rows: {GROUPS_APART}. Unknown values are shown as -.", id="legend-rows")
            yield Static("↑ ↓ PgUp PgDn Home End scroll · Esc or ? closes this panel.", id="legend-close")

    def on_key(self, event: events.Key) -> None:
        """Esc and ? close the panel, the scroll keys scroll it; no key acts on the screen underneath."""
        event.stop()
        event.prevent_default()
        if event.key in ("escape", "question_mark"):
            self.dismiss()
        else:
            scroll_by_key(self.query_one("#legend", VerticalScroll), event.key)
