"""Ratings per game with intervals, the results matrix and charts in the terminal; Enter opens a player's matches."""

from __future__ import annotations

from rich.console import Group, RenderableType
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Select, Static, TabbedContent, TabPane

from arena.analysis.combined import CombinedRow
from arena.analysis.leaderboard import Leaderboard, PlayerRow, build_leaderboard
from arena.analysis.moves import MatchAnalysis
from arena.inert import inert
from arena.report.tables import GROUPS_APART, combined_table, first_move_text, matrix_legend, matrix_table
from arena.store import MatchStore
from arena.tui.analyses import RESAMPLES, AnalysisKeeper, busiest_game
from arena.tui.screens.leaderboard_feed import feed
from arena.tui.web_report import web_report_words
from arena.tui.widgets.board_filters import ANY, FAMILIES, SOURCES, TOURNAMENTS, filter_choices, passing, refill
from arena.tui.widgets.player_columns import BY_LABEL, COLUMNS, header, next_sort, sorted_players
from arena.tui.widgets.player_table import fill_rows, show_identity, tournament_options
from arena.tui.widgets.table_style import house_style
from arena.tui.widgets.text_charts import heat_chart, rating_chart, seat_chart
from arena.tui.widgets.wide_view import show_whole

COMPUTING = "intervals: computing..."


class LeaderboardScreen(Screen[None]):
    """One game at a time (ratings never mix games), filtered by tournament and prompt family."""

    BINDINGS = [
        Binding("escape", "leave", "Back"),
        Binding("enter", "matches", "Matches", priority=True),  # shown in the footer over the table's own
        Binding("s", "sort(1)", "Sort"),
        Binding("S", "sort(0)", "Reverse", show=False),
        Binding("question_mark", "legend", "Columns"),
        Binding("l", "tab('lb-table-tab')", "Table"),
        Binding("m", "tab('lb-matrix-tab')", "Matrix"),
        Binding("c", "tab('lb-charts-tab')", "Charts"),
        Binding("o", "tab('lb-combined-tab')", "Combined"),
        Binding("w", "web", "Web page"),
    ]

    def __init__(self, store: MatchStore, keeper: AnalysisKeeper | None = None) -> None:
        super().__init__()
        self.store = store
        self.keeper = keeper or AnalysisKeeper(store)
        self.analyses: list[MatchAnalysis] = []
        self.board: Leaderboard | None = None
        self.rows: list[PlayerRow] = []
        self.sort = "rating"  # a column's label
        self.descending = True
        self.name_width = 0
        self.ready = False
        self.chart_text = ""  # the charts as plain text
        self.combined: list[CombinedRow] = []
        self.rated = False  # a leaderboard with its intervals is on screen

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board-filters"):
            yield Select[str]([], prompt="game", id="lb-game", compact=True, allow_blank=True)
            yield Select[str]([(TOURNAMENTS, ANY)], value=ANY, id="lb-tournament", compact=True, allow_blank=False)
            yield Select[str]([(FAMILIES, ANY)], value=ANY, id="lb-family", compact=True, allow_blank=False)
            yield Select[str]([(SOURCES, ANY)], value=ANY, id="lb-source", compact=True, allow_blank=False)
        yield Static("analysing recorded moves...", id="lb-status")
        yield Static("", id="lb-pending")  # another game's analysis under way, while this one's is shown
        with TabbedContent(id="lb-tabs"):
            with TabPane("Leaderboard", id="lb-table-tab"):
                yield Static("", id="lb-player")  # the highlighted player's whole identity when the table cuts it
                yield DataTable(id="lb-table", cursor_type="row", zebra_stripes=True)
                with ScrollableContainer(id="lb-poker-scroll"):
                    yield Static("", id="lb-poker")  # poker: chips per hand, never Elo on wins and losses
            with TabPane("Matrix", id="lb-matrix-tab"), ScrollableContainer(id="lb-matrix-scroll"):
                yield Static(id="lb-matrix")  # at its full width: wider than the screen, it scrolls sideways
            with TabPane("Charts", id="lb-charts-tab"), VerticalScroll():
                yield Static(id="lb-charts")
            with TabPane("Combined", id="lb-combined-tab"), ScrollableContainer():
                yield Static(id="lb-combined")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Leaderboard"
        table = self.query_one("#lb-table", DataTable)
        for column in COLUMNS:
            table.add_column(column.label, key=column.label)
        table.focus()
        self.load()

    @work(thread=True, exclusive=True)
    def load(self) -> None:
        """Each game's analyses as they are ready (ungraded games last): a game never waits on another's."""
        feed(self, self.app)

    def show_combined(self, rows: list[CombinedRow]) -> None:
        """ChildPlay's combined score over every game and task recorded (not filtered: it spans games)."""
        if not self.is_attached:
            return
        self.combined = rows
        view, empty = self.query_one("#lb-combined", Static), "no ChildPlay results or task sessions yet (F6)"
        show_whole(view, house_style(combined_table(rows), self.app.get_css_variables()) if rows else empty)

    def status(self, line: str) -> None:
        self.query_one("#lb-status", Static).update(line)

    def pending(self, words: str) -> None:
        """Say how far another game's analysis has got: in the status line until a leaderboard is shown."""
        if not self.is_attached:
            return
        line = self.query_one("#lb-pending" if self.board else "#lb-status", Static)
        line.update(words)
        line.display = bool(words) or not self.board

    def loaded(self, analyses: list[MatchAnalysis], last: bool) -> None:
        """Add a game's analyses to the filters; the first game ready is shown at once (the busiest of its boards)."""
        if not self.is_attached:
            return
        self.analyses = self.analyses + analyses
        games, families, sources = filter_choices(self.analyses)
        chooser = self.query_one("#lb-game", Select)
        for name, options in (("game", games), ("family", families), ("source", sources)):
            refill(self.query_one(f"#lb-{name}", Select), options)
        self.ready = True
        if last:
            self.pending("")
        if games and chooser.is_blank() and (busiest := busiest_game(analyses)):
            chooser.value = busiest
        elif not games and last:
            self.status("no recorded matches yet: play some (F5 on the setup screen) or run a tournament")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "lb-game" and isinstance(event.value, str):
            self.list_tournaments(event.value)
        if self.ready:
            self.rebuild()

    def list_tournaments(self, game: str) -> None:
        """The chosen game's tournaments, each told by its players, last date and size (not a bare id); one of
        another game would hide every match, so the choice goes back to every tournament."""
        refill(self.query_one("#lb-tournament", Select), [(TOURNAMENTS, ANY), *tournament_options(self.analyses, game)])

    @work(thread=True, exclusive=True, group="web")
    def action_web(self) -> None:
        """Write the web report of these filters (every game) beside the database, and say where."""
        said = web_report_words(self.store, *self.chosen()[1:])
        self.app.call_from_thread(self.app.notify, inert(said), timeout=20, markup=False)

    def chosen(self) -> tuple[str | None, str | None, str | None, str | None]:
        names = ("game", "tournament", "family", "source")
        values = [self.query_one(f"#lb-{name}", Select).value for name in names]
        return tuple(v if isinstance(v, str) and v != ANY else None for v in values)  # type: ignore[return-value]

    def selected(self) -> list[MatchAnalysis]:
        """The analyses the filters let through."""
        return passing(self.analyses, self.chosen())

    @work(thread=True, exclusive=True, group="rate")
    def rebuild(self) -> None:
        """Rate the chosen game's players off the screen's thread: point ratings first, then the intervals."""
        chosen = self.chosen()
        if chosen[0] is None:
            return
        board = self.keeper.boards.get(chosen)
        if board is None:
            selected = self.selected()
            self.app.call_from_thread(self.show, build_leaderboard(chosen[0], selected, 0), COMPUTING, chosen)
            board = self.keeper.boards[chosen] = build_leaderboard(chosen[0], selected, RESAMPLES)
        self.app.call_from_thread(self.show, board, "", chosen)
        if chosen[0].endswith("-poker"):
            from arena.tui.widgets.poker_standing import standing_of, standing_view

            view = standing_view(chosen[0], standing_of(self.selected(), chosen[0]), self.app.get_css_variables())
            self.app.call_from_thread(self.show_poker, view, chosen)

    def show_poker(self, view: RenderableType, chosen: tuple[str | None, ...]) -> None:
        """A poker game's chips per hand in place of the ratings table."""
        if chosen == self.chosen():
            show_whole(self.query_one("#lb-poker", Static), view)

    def show(self, board: Leaderboard, note: str = "", chosen: tuple[str | None, ...] | None = None) -> None:
        """Put a leaderboard on every tab; one rated for `chosen` filters only if they are still the chosen ones."""
        if chosen is not None and chosen != self.chosen():
            return
        self.board = board
        poker = board.game.endswith("-poker")
        self.query_one("#lb-table", DataTable).display = not poker
        self.query_one("#lb-poker-scroll").display = poker
        self.query_one("#lb-poker", Static).update("chips per hand: computing..." if poker else "")
        self.rated = self.rated or note != COMPUTING
        self.status(
            f"{board.game}: {board.matches:,} matches, {len(board.rows)} players; {first_move_text(board)}; "
            f"{f'grp: {GROUPS_APART}; ' if len(board.groups) > 1 else ''}sorted by {self.sort_words()}"
            + (f"; {note}" if note else "")  # the keys are in the footer, ? explains the columns
        )
        self.fill_table()
        matrix = house_style(matrix_table(board, numbers_only=True), self.app.get_css_variables())
        show_whole(self.query_one("#lb-matrix", Static), Group(matrix, "", matrix_legend(board)))
        self.draw_charts()

    def fill_table(self) -> None:
        """Refill the table; the highlighted player stays highlighted through a new sort or filter."""
        table = self.query_one("#lb-table", DataTable)
        kept, had_rows = self.current_player(), bool(self.rows)
        table.clear()
        if self.board is None:
            return
        self.rows = sorted_players(self.board.rows, self.sort, self.descending, self.board.rules == "chess")
        self.name_width = fill_rows(table, self.board, self.rows, self.app.size.width)
        players = [row.player for row in self.rows]
        table.move_cursor(row=players.index(kept) if kept in players else 0)
        show_identity(self.query_one("#lb-player", Static), self.current_player(), self.name_width)  # no event then
        if had_rows != bool(self.rows):  # the footer is redrawn only when Enter comes or goes
            self.refresh_bindings()

    def draw_charts(self) -> None:
        if self.board is None:
            return
        parts = [rating_chart(self.board), seat_chart(self.board)]
        player = self.current_player()
        if player is not None:
            parts.append(heat_chart(self.selected(), self.board.game, player))
        self.chart_text = "\n".join(part.plain for part in parts)
        self.query_one("#lb-charts", Static).update(Group(*parts))

    def current_player(self) -> str | None:
        table = self.query_one("#lb-table", DataTable)
        if self.rows and 0 <= table.cursor_row < len(self.rows):
            return self.rows[table.cursor_row].player
        return None

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.draw_charts()  # the heatmap follows the highlighted player
        show_identity(self.query_one("#lb-player", Static), self.current_player(), self.name_width)

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A header sorts by its column; the same header again reverses the order."""
        self.sort_by(str(event.column_key.value))

    def action_sort(self, step: int) -> None:
        """`s`: sort by the next column (each in its natural direction); `S`: reverse the order."""
        self.sort_by(None if step else self.sort)

    def sort_by(self, column: str | None) -> None:
        self.sort, self.descending = next_sort(self.sort, self.descending, column)
        if self.board is not None:
            self.show(self.board)

    def sort_words(self) -> str:
        chess = self.board is not None and self.board.rules == "chess"
        return f"{header(BY_LABEL[self.sort], chess)} {'▼' if self.descending else '▲'}"

    def action_legend(self) -> None:
        """`?`: what every column means, for this game."""
        from arena.tui.screens.legend import LegendScreen

        self.app.push_screen(LegendScreen(self.board is not None and self.board.rules == "chess"))

    def on_resize(self) -> None:
        if self.board is not None:
            self.fill_table()  # the player column takes the width there is

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_matches()  # a click on a row, as Enter

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter lists matches only from the table, its highlighted row in sight (elsewhere Enter is the widget's)."""
        if action == "matches":
            on_table = self.query_one("#lb-tabs", TabbedContent).active == "lb-table-tab"
            return on_table and self.focused is self.query_one("#lb-table", DataTable) and bool(self.rows)
        return True

    def action_matches(self) -> None:
        """Open History on the highlighted player's matches (in this game and these filters)."""
        player = self.current_player()
        if player is None or self.board is None:
            return
        ids = {a.id for a in self.selected() if player in a.players}
        label, names = f"{player} in {self.board.game}", self.keeper.names()
        from arena.tui.screens.history import HistoryScreen  # History and Replay load when first opened

        self.app.push_screen(HistoryScreen(self.store, only=ids, label=label, names=names))

    def action_tab(self, pane: str) -> None:
        """Show one tab (the table keeps the highlighted player for the heatmap)."""
        self.query_one("#lb-tabs", TabbedContent).active = pane
        if pane == "lb-table-tab":
            self.query_one("#lb-table", DataTable).focus()  # Enter then acts on the row in sight
        self.refresh_bindings()

    def on_tabbed_content_tab_activated(self, _: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()  # the footer offers Enter only on the table's tab

    on_descendant_focus = on_tabbed_content_tab_activated

    def action_leave(self) -> None:
        self.app.pop_screen()
