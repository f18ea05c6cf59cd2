"""The arena app: screens for setup, live matches, the quiz and history over one match store."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from arena.inert import inert
from arena.llm.local import stop_shared_local_server
from arena.store import MatchStore
from arena.tui.screens.setup import SetupScreen

if TYPE_CHECKING:
    from arena.tui.analyses import AnalysisKeeper

WIDE = 140  # columns from which layouts grow (the live match's left column)
NOTICED = 200  # matches to analyse at start before the app says so (fewer take well under a second)


class ArenaApp(App[None]):
    """`arena` with no arguments."""

    CSS_PATH = "arena.tcss"
    TITLE = "Arena"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "screen('history')", "History"),
        Binding("f3", "screen('quiz')", "Quiz", show=False),  # F1 lists it (and Setup has a button): room for F6
        Binding("f4", "screen('leaderboard')", "Leaderboard"),
        Binding("f6", "screen('tasks')", "Tasks"),
        Binding("f7", "puzzles", "Puzzles", show=False),  # F1 lists it (and Setup has a button)
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, db_path: Path, start_quiz: bool = False, quiz_sheet: str = "published") -> None:
        super().__init__()
        self.start_quiz = start_quiz
        self.quiz_sheet = quiz_sheet  # a new quiz session's sheet: published (the baseline's) or numbered
        self.store = MatchStore(db_path)
        self.kept: AnalysisKeeper | None = None
        self.keeper_lock = threading.Lock()  # the background analysis and F4 may ask for it at once
        self.memory = db_path.with_name("tui.json")

    def on_resize(self, event: events.Resize) -> None:
        """From WIDE columns the layouts grow (Textual's breakpoints on every screen lost clicks under load)."""
        self.set_class(event.size.width >= WIDE, "-wide")

    def get_default_screen(self) -> Screen[Any]:
        """The setup form is the bottom screen: drawn first, and what Esc comes back to."""
        return SetupScreen(self.store, self.memory)

    def on_mount(self) -> None:
        for warning in self.store.warnings:
            self.notify(inert(warning), severity="warning", timeout=10, markup=False)
        if self.start_quiz:
            self.call_after_refresh(self.go_quiz)
        self.call_after_refresh(self.analyse_in_background)  # the first screen is drawn before anything loads

    @work(thread=True, exclusive=True, group="analyses")
    def analyse_in_background(self) -> None:
        """Analyse what was recorded since the last run while the person sets up: F4 then opens at once."""
        from arena.tui.analyses import AnalysisStopped, Step
        from arena.tui.screens import leaderboard  # noqa: F401 - loaded here, F4 opens without waiting for it

        told: list[int] = []

        def first_step(step: Step) -> None:
            if not told and step.total >= NOTICED:
                told.append(step.total)
                said = f"analysing {step.total:,} recorded {step.game} matches in the background (F4 shows how far)"
                self.call_from_thread(self.notify, said, timeout=6)

        self.keeper.watchers.append(first_step)
        try:
            self.keeper.load()
        except AnalysisStopped:
            return  # the app is closing
        finally:
            self.keeper.watchers.remove(first_step)
        self.keeper.rate_busiest()

    @property
    def keeper(self) -> AnalysisKeeper:
        """The analyses and ratings kept for the Leaderboard, made on first use (numpy loads with them)."""
        with self.keeper_lock:
            if self.kept is None:
                from arena.tui.analyses import AnalysisKeeper

                self.kept = AnalysisKeeper(self.store)
            return self.kept

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        yield from super().get_system_commands(screen)
        yield SystemCommand("Setup", "Set up a new match", self.go_setup)
        yield SystemCommand("History", "Browse and replay recorded matches", self.go_history)
        yield SystemCommand("Leaderboard", "Ratings, results matrix and charts per game", self.go_leaderboard)
        yield SystemCommand("Quiz", "Take the 50 hardest tic-tac-toe boards", self.go_quiz)
        yield SystemCommand("Puzzles", "Solve Lichess-rated chess puzzles and get a puzzle rating", self.action_puzzles)
        yield SystemCommand("Tasks", "ChildPlay's shapes, LEGO and SMILES tasks, for you or a model", self.go_tasks)
        yield SystemCommand("Help", "What every key does", self.action_help)

    def setup_screen(self) -> SetupScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, SetupScreen)), None)

    def go_setup(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, SetupScreen):
            self.pop_screen()

    def go_history(self) -> None:
        from arena.tui.screens.history import HistoryScreen  # History and Replay load when first opened

        self.push_screen(HistoryScreen(self.store, names=self.kept.names() if self.kept else None))

    def go_leaderboard(self) -> None:
        from arena.tui.screens.leaderboard import LeaderboardScreen  # the ratings load when it is first opened

        self.push_screen(LeaderboardScreen(self.store, self.keeper))

    def go_tasks(self) -> None:
        from arena.tui.screens.tasks import TasksScreen

        self.push_screen(TasksScreen(self.store))

    def go_quiz(self) -> None:
        setup = self.setup_screen()
        if setup is not None:
            setup.action_quiz()

    def action_puzzles(self) -> None:
        """F7: the chess puzzles (a screen already open is left as it is)."""
        from arena.tui.screens.puzzles import PuzzleScreen

        if isinstance(self.screen, PuzzleScreen):
            return
        setup = self.setup_screen()
        if setup is not None:
            setup.action_puzzles()

    def action_screen(self, name: str) -> None:
        """F2 F3 F4 F6 on every screen: History, the quiz, the Leaderboard or Tasks, one of each.

        A screen already open is brought back (the screens above it close); a running match is left only
        once the person says so.
        """
        if self.opened(name) is self.screen:
            return
        confirm_leave = getattr(self.screen, "confirm_leave", None)  # a running match's screen asks first
        if confirm_leave is not None:
            confirm_leave(lambda: self.switch_to(name))
        else:
            self.switch_to(name)

    def opened(self, name: str) -> Screen[Any] | None:
        """The open screen of that kind (History: the whole list, not one player's), the topmost if several."""
        found = [
            screen
            for screen in self.screen_stack
            if type(screen).__name__.lower() == f"{name}screen"
            and getattr(screen, "only", None) is None  # History of one player is not the History
        ]
        return found[-1] if found else None

    def switch_to(self, name: str) -> None:
        """Bring back the screen of that kind if it is open, else open it."""
        target = self.opened(name)
        if target is None:
            opens = {"history": self.go_history, "quiz": self.go_quiz, "leaderboard": self.go_leaderboard}
            opens.get(name, self.go_tasks)()
            return
        while self.screen is not target:
            self.pop_screen()

    def action_help(self) -> None:
        from arena.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    async def action_quit(self) -> None:
        """Quit at once: an analysis under way is dropped (what is cached stays; the rest is analysed next time)."""
        if self.kept is not None:
            self.kept.stop()
        await super().action_quit()

    def on_unmount(self) -> None:
        if self.kept is not None:
            self.kept.stop()
        self.store.close()
        stop_shared_local_server()  # nothing to do unless a local model was started
