"""The recorded matches' analyses for the app: loaded once in the background when the app starts, kept while the
store is unchanged, so the Leaderboard opens on what is already in memory."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

from arena.analysis.cache import analyse_store
from arena.analysis.leaderboard import Leaderboard, build_leaderboard
from arena.analysis.moves import MatchAnalysis
from arena.analysis.parallel import worker_count
from arena.store import MatchStore

Progress = Callable[[int, int], None]
RESAMPLES = 1000  # as the report: intervals follow the point ratings a moment later


class AnalysisStopped(Exception):
    """The app is closing: the analysis under way ends at once (what is cached stays; the rest waits)."""


class AnalysisKeeper:
    """One list of analyses per store state; whoever asks while it is being made waits for the same one."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.stamp: tuple[tuple[str, int, int], ...] | None = None
        self.analyses: list[MatchAnalysis] = []
        self.watchers: list[Progress] = []  # told of every step of an analysis under way (the screens showing it)
        self.last: tuple[int, int] | None = None  # the last step told, for a screen that starts watching late
        self.boards: dict[tuple[str | None, ...], Leaderboard] = {}  # by filter (game, tournament, family, source)
        self.stopping = threading.Event()
        self.failed: list[str] = []  # the last load's matches that cannot be analysed, said by whoever shows them

    def ready(self) -> bool:
        """True if the analyses in memory are those of the store as it is now."""
        return self.stamp is not None and self.stamp == self.store.stamp()

    def load(self) -> tuple[list[MatchAnalysis], list[str]]:
        """The analyses of every recorded match (new ones analysed and cached), and the warnings of those that
        cannot be analysed."""
        with self.lock:
            stamp = self.store.stamp()
            if stamp == self.stamp:
                return self.analyses, self.failed
            seen = len(self.store.warnings)
            if self.stopping.is_set():
                raise AnalysisStopped
            # No screen shows move rows; a large backlog (a chess import) is graded on every core, as the report does.
            analyses = analyse_store(self.store, on_progress=self.tell, with_moves=False, workers=worker_count)
            # Tens of thousands of new objects would bring full collections of them, each stalling keys ~100 ms.
            gc.freeze()
            self.failed = [w for w in self.store.warnings[seen:] if "cannot be analysed" in w]
            self.stamp, self.analyses, self.last, self.boards = stamp, analyses, None, {}
            return analyses, self.failed

    def stop(self) -> None:
        """End the analysis under way at once: the next step raises AnalysisStopped, and the grading engine is ended
        so a search in progress does not finish (its match is neither kept nor cached: graded again next time)."""
        from arena.engines import lean_uci

        self.stopping.set()
        lean_uci.kill()

    def tell(self, done: int, total: int) -> None:
        if self.stopping.is_set():
            raise AnalysisStopped
        self.last = (done, total)
        for watcher in list(self.watchers):
            watcher(done, total)

    def rate_busiest(self) -> None:
        """The leaderboard the Leaderboard opens on (the busiest game, no filter), with its intervals."""
        game = busiest_game(self.analyses)
        chosen = (game, None, None, None)
        if game is not None and chosen not in self.boards:
            self.boards[chosen] = build_leaderboard(game, [a for a in self.analyses if a.variant == game], RESAMPLES)


def busiest_game(analyses: list[MatchAnalysis]) -> str | None:
    """The game (and board) with the most recorded matches: the one the Leaderboard shows first."""
    games: dict[str, int] = {}
    for analysis in analyses:
        games[analysis.variant] = games.get(analysis.variant, 0) + 1
    return max(games, key=lambda name: games[name]) if games else None
