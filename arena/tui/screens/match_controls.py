"""The match screen's keys: pause, step, pace, abort, leave (asked while a match runs), rematch and swap seats."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from dataclasses import replace

from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from arena.inert import inert_text
from arena.match.records import MatchRecord
from arena.tui.screens.confirm import ConfirmScreen
from arena.tui.series import SeriesScore, pace_words
from arena.tui.series_config import PACES, SeriesConfig

LEAVE_QUESTION = "A match is being played. Leave it? It is recorded as aborted, never as a loss."


class MatchControls(Screen[None]):
    """What a person does to a series while it plays or once it is over."""

    BINDINGS = [
        Binding("p", "pause", "Pause"),
        Binding("s", "step", "Step"),
        Binding("minus", "pace(1)", "Slower"),
        Binding("plus,equals_sign", "pace(-1)", "Faster"),
        Binding("a", "abort", "Abort"),
        Binding("r", "rematch", "Rematch"),
        Binding("x", "swap", "Swap seats"),
        Binding("escape", "leave", "Back"),
    ]

    config: SeriesConfig
    score: SeriesScore
    records: list[MatchRecord]
    finished: bool
    aborted: bool
    paused: bool
    pace: float
    go: asyncio.Event

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rematch and swap once the series is over; pause, step and pace while it plays."""
        if action in ("rematch", "swap"):
            return self.finished
        if action in ("pause", "step", "pace", "abort"):
            return not self.finished
        return True

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.sub_title = "⏸ paused: p resumes, s plays one move" if self.paused else ""  # stays in the header
        self.set_class(self.paused, "paused")
        if self.paused:
            self.go.clear()
            self.set_status("Paused between moves: p resumes, s plays one move.")
        else:
            self.go.set()
            self.set_status("Resumed.")

    def action_step(self) -> None:
        if self.paused:
            self.go.set()

    def action_pace(self, step: int) -> None:
        """The pause between moves, one notch slower (1) or faster (-1); shown under the board throughout."""
        nearest = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, nearest + step))]
        self.show_score()

    def action_abort(self) -> None:
        """Stop the series; the match under way is recorded as aborted, never as a loss."""
        if not self.finished:
            self.workers.cancel_group(self, "match")
            self.finished = self.aborted = True
            self.refresh_bindings()
            self.set_status("Aborted: the match is recorded as aborted. r plays again, Esc goes back.")
            self.show_score()

    def confirm_leave(self, then: Callable[[], None]) -> None:
        """Leave the screen, then `then`; while a match runs, only once the person says so (it is aborted)."""

        def leave(yes: bool | None = True) -> None:
            if yes:
                self.action_abort()
                if self.app.screen is self:
                    self.app.pop_screen()
                then()

        if self.finished:
            leave()
        else:
            self.app.push_screen(ConfirmScreen(LEAVE_QUESTION), leave)

    def action_leave(self) -> None:
        """Esc: first forget a half-typed move, else leave (asked while a match runs)."""
        if not self.clear_typing():
            self.confirm_leave(lambda: None)

    def action_rematch(self) -> None:
        """The same series again with a new seed."""
        self.app.switch_screen(self.again(replace(self.config, seed=secrets.randbelow(10**6))))

    def action_swap(self) -> None:
        """The same series with the players' seats swapped."""
        swapped = (self.config.players[1], self.config.players[0])
        self.app.switch_screen(self.again(replace(self.config, players=swapped)))

    def again(self, config: SeriesConfig) -> Screen[None]:
        """A new screen playing `config`."""
        raise NotImplementedError

    def clear_typing(self) -> bool:
        """Forget a half-typed move; True if there was one."""
        raise NotImplementedError

    def set_status(self, text: str) -> None:
        """Show a status line; it may quote a reason or a reply, so it is never read as markup."""
        with contextlib.suppress(NoMatches):  # the screen may be gone already
            self.query_one("#status", Static).update(inert_text(text))

    def show_score(self) -> None:
        """The running score, which game is being played, and the pace between moves."""
        with contextlib.suppress(NoMatches):
            games = self.config.games
            if self.aborted:
                where = "   series over: aborted"
            elif self.finished:
                where = f"   series over: {self.score.played} of {games} played" if games > 1 else ""
            else:
                where = f"   game {min(self.score.played + 1, games)} of {games}" if games > 1 else ""
            pace = "" if self.finished else f"\n{pace_words(self.pace)}"
            self.query_one("#score", Static).update(inert_text(self.score.text(self.config.players) + where + pace))
