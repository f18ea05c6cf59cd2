"""The Leaderboard's feed: each game's analyses handed to the screen as soon as they are ready (games already
analysed first), never waiting on another game's; it stops when the screen is closed or the app quits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from arena.analysis.combined import CombinedRow, combined_scores
from arena.analysis.moves import MatchAnalysis
from arena.store import MatchStore
from arena.tasks.session import task_sessions
from arena.tui.analyses import AnalysisKeeper, AnalysisStopped, Step


class Fed(Protocol):
    """What the feed fills: the Leaderboard screen."""

    store: MatchStore
    keeper: AnalysisKeeper

    @property
    def is_attached(self) -> bool: ...

    def pending(self, words: str) -> None: ...

    def loaded(self, analyses: list[MatchAnalysis], last: bool) -> None: ...

    def show_combined(self, rows: list[CombinedRow]) -> None: ...


def feed(screen: Fed, app: App[Any]) -> None:
    """Load every game's analyses in the keeper's order, handing each to the screen (run in a worker thread)."""

    def on_screen(callback: Callable[..., Any], *args: Any, **options: Any) -> bool:
        """Run on the app's thread while the screen is open; False once it is closed or the app has ended."""
        if not screen.is_attached:
            return False
        try:
            app.call_from_thread(callback, *args, **options)
        except RuntimeError:  # the app is no longer running
            return False
        return True

    def progress(step: Step) -> None:
        on_screen(screen.pending, step.words())  # told from whichever thread analyses: it never raises there

    keeper = screen.keeper
    keeper.watchers.append(progress)
    everything: list[MatchAnalysis] = []
    try:
        if keeper.last is not None:
            progress(keeper.last)
        games = keeper.games()
        for number, game in enumerate(games, 1):
            part = keeper.load_game(game)
            everything += part.analyses
            if part.failed:  # a match that cannot be analysed is said, never silently dropped
                on_screen(app.notify, part.warning(), severity="warning", markup=False)
            if not on_screen(screen.loaded, part.analyses, number == len(games)):
                return  # the screen was closed: the games it no longer shows are not loaded for it
        if not games:
            on_screen(screen.loaded, [], True)
    except AnalysisStopped:
        return  # the app is closing
    finally:
        keeper.watchers.remove(progress)
    combined = combined_scores(everything, [s for s in task_sessions(screen.store) if s.answers])
    on_screen(screen.show_combined, combined)
