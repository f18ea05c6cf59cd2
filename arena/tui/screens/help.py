"""The help screen: what every key does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """[b]Arena[/b] — models, people and engines at grid games.

[b]Anywhere[/b]   F1 help · Ctrl+P command palette (screens) · Ctrl+Q quit
[b]Setup[/b]      Tab between fields · F5 (or Play) starts the series · F2 history · F3 quiz · F6 tasks
           · F4 leaderboard
[b]Match[/b]      click a cell (a column in Connect-Four), or arrows + Enter,
           or type a coordinate (2,3 or 4) + Enter · p pause/resume between
           moves · s one move while paused · a abort (recorded as aborted)
           · Esc back. A refused move shows the reason and is not played.
[b]Quiz[/b]       1-9 or click a free cell · every answer is saved at once;
           Esc stops and the quiz resumes where it was next time.
[b]History[/b]    type in the filters · Enter replays the match ·
           ← → step through the moves, Home / End jump.
[b]Leaderboard[/b] one game at a time: choose game, tournament, prompt
           · s or a column header sorts · Enter lists the player's matches
           · l m c: table, matrix, charts (the heatmap follows the
           highlighted row).

Press any key to close."""


class HelpScreen(ModalScreen[None]):
    """A modal list of the keys."""

    BINDINGS = [Binding("escape", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(HELP)

    def on_key(self) -> None:
        self.dismiss()
