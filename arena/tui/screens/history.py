"""Recorded matches: filter by game and player, open one to replay it (results per player: the Leaderboard)."""

from __future__ import annotations

import gc

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Header, Input, Select, Static

from arena.inert import inert_text
from arena.store import MatchStore
from arena.store.summaries import FIELD, SummaryRows
from arena.tui.screens.replay import ReplayScreen
from arena.tui.widgets.board_filters import source_label

# game, players, status, termination, winner, source, and the Leaderboard's names (its game and players) when known
Way = tuple[str, tuple[str, ...], str, str, int | None, str, tuple[str, ...]]
SOURCES = "any source"


Names = dict[str, tuple[str, ...]]  # match id: its board as the Leaderboard names it, then its players' names
FILTER_DELAY = 0.15  # seconds of quiet typing before the list is filtered
MAX_ROWS = 100  # rows added to the list at a time: the next ones as the cursor nears its end


PLAYER_WIDTH = 14  # a long model name is cut here: the result and move count stay on an 80-column screen


def short_name(name: str, width: int = PLAYER_WIDTH) -> str:
    """A player's spec cut to fit the list (Replay shows it in full)."""
    return name if len(name) <= width else name[: width - 1] + "…"


def player_width(screen_width: int) -> int:
    """How wide each player column can be on a terminal this wide (the other columns take about 60)."""
    return max(PLAYER_WIDTH, min(60, (screen_width - 60) // 2))


class HistoryScreen(Screen[None]):
    """Every recorded match, newest first."""

    BINDINGS = [Binding("escape", "leave", "Back"), Binding("enter", "open", "Replay")]

    def __init__(
        self, store: MatchStore, only: set[str] | None = None, label: str = "", names: Names | None = None
    ) -> None:
        """`only`: the ids of the matches to list (a leaderboard player's), described by `label`; `names`: each
        analysed match's names on the Leaderboard (its board and players), which the filters match too."""
        super().__init__()
        self.store = store
        self.names = names or {}
        self.only = only
        self.label = label
        self.table = SummaryRows([], [])
        self.order: list[int] = []  # row positions, newest first
        self.shown: list[int] = []
        self.pending: Timer | None = None
        self.rows: dict[str, tuple[Text, ...]] = {}
        self.width_used = 0  # the player columns' width the rows were made for
        # Thousands of matches share a game, players and outcome: filters and tallies work on these ways.
        self.ways: list[Way] = []
        self.way_of: list[int] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="history"):
            with Horizontal(id="filters"):
                yield Input(placeholder="game filter", id="game-filter", compact=True)
                yield Input(placeholder="player filter", id="player-filter", compact=True)
                yield Select[str]([(SOURCES, "")], value="", id="source-filter", compact=True, allow_blank=False)
            yield Static("", id="summary-title")
            yield DataTable(id="matches", cursor_type="row", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "History" + (f": {self.label}" if self.label else "")
        self.query_one("#matches").border_title = "matches (Enter replays one)"
        self.table = self.store.summary_rows()
        ended, ident = FIELD["ended_at"], FIELD["id"]
        rows = self.table.rows
        positions = (
            range(len(rows)) if self.only is None else [i for i in range(len(rows)) if rows[i][ident] in self.only]
        )
        self.order = sorted(positions, key=lambda position: rows[position][ended], reverse=True)
        g, p, st, t, w = (FIELD[name] for name in ("game", "players", "status", "termination", "winner"))
        src, names = FIELD["source"], self.names
        known: dict[Way, int] = {}
        self.way_of = [
            known.setdefault(
                (
                    row[g],
                    tuple(row[p]),
                    row[st],
                    row[t],
                    row[w],
                    (row[src] if len(row) > src else None) or "arena",
                    names.get(row[ident], ()),
                ),
                len(known),
            )
            for row in rows
        ]
        self.ways = list(known)
        sources = sorted({way[5] for way in self.ways})
        if len(sources) > 1:  # only when some matches were imported
            choices = [(SOURCES, "")] + [(source_label(s), s) for s in sources]
            self.query_one("#source-filter", Select).set_options(choices)
        else:
            self.query_one("#source-filter", Select).display = False
        # Hundreds of thousands of rows would be walked by every full collection from now on; rows hold no
        # cycles, and frozen objects are still freed when the screen lets them go.
        gc.freeze()
        self.refill()
        self.query_one("#matches", DataTable).focus()

    def on_input_changed(self, _: Input.Changed) -> None:
        """Filter once typing pauses, not on every key."""
        if self.pending is not None:
            self.pending.stop()
        self.pending = self.set_timer(FILTER_DELAY, self.refill)

    def on_select_changed(self, _: Select.Changed) -> None:
        if self.ways:
            self.refill()

    def refill(self) -> None:
        game = self.query_one("#game-filter", Input).value.strip().lower()
        player = self.query_one("#player-filter", Input).value.strip().lower()
        chosen = self.query_one("#source-filter", Select).value
        source = chosen if isinstance(chosen, str) else ""
        if game or player or source:
            passes = [
                game in "\n".join((way[0], *way[6][:1])).lower()
                and player in "\n".join((*way[1], *way[6][1:])).lower()
                and source in ("", way[5])
                for way in self.ways
            ]
            way_of = self.way_of
            self.shown = [i for i in self.order if passes[way_of[i]]]
        else:
            self.shown = self.order
        self.pending = None
        matches = self.query_one("#matches", DataTable)
        matches.clear(columns=True)  # columns too: their widths were those of the rows and the terminal before
        matches.add_columns("ended", "game", "first", "second", "result", "moves")
        title = f"{len(self.shown):,} matches, newest first"
        if len(self.shown) > MAX_ROWS:
            title += " (more load as you scroll down)"
        title += ". Ratings and results per player: Leaderboard (F4)"
        self.query_one("#summary-title", Static).update(title)
        self.width_used = player_width(self.app.size.width)
        self.load_more()

    def load_more(self) -> None:
        """Add the next MAX_ROWS matches that pass the filter to the list."""
        matches = self.query_one("#matches", DataTable)
        for position in self.shown[matches.row_count : matches.row_count + MAX_ROWS]:
            matches.add_row(*self.row_of(position))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Near the end of the list, the next matches are added: every match is reachable, never all at once."""
        table = event.data_table
        if table.id == "matches" and event.cursor_row >= table.row_count - 5 and table.row_count < len(self.shown):
            self.load_more()

    def row_of(self, position: int) -> tuple[Text, ...]:
        """The list row of a match, made once per match and kept."""
        match = self.table.summary(position)
        row = self.rows.get(match.id)
        if row is None:
            width = player_width(self.app.size.width)
            first, second = (short_name(name, width) for name in [*match.players, "", ""][:2])
            ended = match.ended_at[:16].replace("T", " ")  # ISO: yyyy-mm-dd hh:mm
            cells = (ended, match.game, first, second, match.seat_result, str(match.moves))
            row = self.rows[match.id] = tuple(inert_text(cell) for cell in cells)
        return row

    def on_resize(self) -> None:
        """The player columns take the width there is: rows are made again at the new width."""
        if self.table.rows and player_width(self.app.size.width) != self.width_used:
            self.rows.clear()
            self.refill()

    def action_open(self) -> None:
        """Replay the chosen match: its full record is read from its one segment now."""
        matches = self.query_one("#matches", DataTable)
        if self.shown and 0 <= matches.cursor_row < len(self.shown):
            chosen = self.table.summary(self.shown[matches.cursor_row])
            record = self.store.match(chosen)
            if record is None:
                self.notify(f"the record of match {chosen.id} cannot be read", severity="error")
                return
            self.app.push_screen(ReplayScreen(record))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "matches":
            self.action_open()

    def action_leave(self) -> None:
        self.app.pop_screen()
