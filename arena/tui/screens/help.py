"""The help screen: what the screen underneath is for and its keys, then every screen's keys."""

from __future__ import annotations

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from arena.inert import inert_text

REFERENCE = (
    (
        "Anywhere",
        "F1 help · F2 F3 F4 F6 switch screens (one of each; Esc goes back) · F7 chess puzzles · Ctrl+P "
        "palette · Ctrl+Q quit",
    ),
    ("Setup", "Tab between fields · F5 (or Play) starts the series · F2 history · F3 quiz · F4 leaderboard"),
    (
        "Match",
        "click a cell (a column in Connect-Four), or arrows + Enter, or type a coordinate (2,3 or 4) + Enter; "
        "chess: click a piece then its square, or type SAN or UCI (Nf3, e2e4) + Enter · "
        "p pause/resume between moves · s one move while paused · + faster, - slower · a abort (recorded as aborted) · "
        "once over: r rematch, x swap seats · Esc back (asked while a match runs). "
        "A refused move shows the reason and is not played.",
    ),
    ("Quiz", "1-9 or click a free cell · every answer is saved at once; Esc stops and the quiz resumes later."),
    (
        "Puzzles",
        "F7: Lichess-rated chess puzzles · click the piece then its square, or type SAN/UCI and Enter · "
        "right or wrong at once, the solution and your rating after each · n next · Esc stops (resumes)",
    ),
    ("History", "type in the filters (and pick a source once games were imported) · Enter replays the match"),
    (
        "Replay",
        "← → step through the attempts, Home / End jump, Enter or a click on the move list jumps there · p shows "
        "each attempt's prompt · marks: ?? blunder, ? mistake, ?! inaccuracy or a missed win/block/sink · an "
        "imported game shows the published verdict too",
    ),
    (
        "Leaderboard",
        "one game at a time: choose game, tournament, prompt, source · s next column, S reverses, a header sorts "
        "by it · ? explains the columns · Enter lists the player's matches · l m c o: table, matrix, charts, "
        "combined score · w writes the web page",
    ),
    ("Tasks", "F6 on the setup screen: ChildPlay's shapes, LCL and Guess-the-SMILES, for you or a model"),
)


def reference_table() -> Table:
    """Every screen's keys, one row a screen, wrapped under its own column."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for screen, keys in REFERENCE:
        table.add_row(screen, keys)
    return table


def screen_keys(screen: Screen[object]) -> str:
    """The screen's own keys, written as its footer writes them (bindings with a description)."""
    shown = []
    for binding in screen.BINDINGS:
        enabled = isinstance(binding, Binding) and screen.check_action(binding.action.split("(")[0], ()) is not False
        if isinstance(binding, Binding) and enabled and binding.show and binding.description:
            shown.append(f"{screen.app.get_key_display(binding)} {binding.description}")
    return " · ".join(shown)


def scroll_by_key(panel: VerticalScroll, key: str) -> None:
    """Scroll a panel by ↑ ↓ PgUp PgDn Home End; any other key does nothing."""
    scrolls = {
        "up": panel.scroll_up,
        "down": panel.scroll_down,
        "pageup": panel.scroll_page_up,
        "pagedown": panel.scroll_page_down,
        "home": panel.scroll_home,
        "end": panel.scroll_end,
    }
    if key in scrolls:
        scrolls[key](animate=False)


class HelpScreen(ModalScreen[None]):
    """A modal panel: the screen underneath (what it is for, its keys), then every screen's keys."""

    def __init__(self, under: Screen[object] | None = None) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            if self.under is not None:
                purpose = (type(self.under).__doc__ or "").strip().splitlines()[0]
                name = type(self.under).__name__.removesuffix("Screen")
                yield Static(inert_text(f"{name}: {purpose}"), id="help-purpose")
                keys = screen_keys(self.under)
                if keys:
                    yield Static(inert_text(f"Keys here: {keys}"), id="help-keys")
            yield Static(reference_table(), id="help-reference")
            yield Static("↑ ↓ PgUp PgDn Home End scroll · Esc or F1 closes this panel.", id="help-close")

    def on_key(self, event: events.Key) -> None:
        """Esc and F1 close the panel, the scroll keys scroll it; no key acts on the screen underneath."""
        event.stop()
        event.prevent_default()
        if event.key in ("escape", "f1"):
            self.dismiss()
        else:
            scroll_by_key(self.query_one("#help", VerticalScroll), event.key)
