"""The recorded matches' analyses for the app, kept game by game while the store is unchanged: a game's leaderboard
waits only for its own game's analyses, never for another's (chess graded by Stockfish takes minutes)."""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable
from dataclasses import dataclass

from arena.analysis.cache import analyse_store
from arena.analysis.claims import claimed_elsewhere
from arena.analysis.leaderboard import Leaderboard, build_leaderboard
from arena.analysis.moves import MatchAnalysis
from arena.analysis.parallel import GAME_COST, worker_count
from arena.inert import inert
from arena.store import MatchStore
from arena.store.summaries import FIELD
from games.registry import canonical_name

RESAMPLES = 1000  # as the report: intervals follow the point ratings a moment later
SLOW = 50  # a match's cost (in tic-tac-toe matches) from which its game is analysed after the others: chess
Stamp = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Step:
    """How far the analysis of one game has got, or (`waiting`) that another arena process is grading it."""

    game: str
    done: int
    total: int
    waiting: bool = False

    def words(self) -> str:
        if self.waiting:
            return f"{self.game}: another arena process is grading its matches; shown when it is done"
        return f"analysing recorded {self.game} moves: {self.done:,} of {self.total:,}"


Watcher = Callable[[Step], None]


class AnalysisStopped(Exception):
    """The app is closing: the analysis under way ends at once (what is cached stays; the rest waits)."""


@dataclass
class Part:
    """One game's analyses as of a store state, and its matches that cannot be analysed."""

    stamp: Stamp
    analyses: list[MatchAnalysis]
    failed: list[str]

    def warning(self) -> str:
        """What the screen says of the matches that cannot be analysed (never silently dropped)."""
        return inert(f"{len(self.failed)} recorded match(es) cannot be analysed and are left out: {self.failed[0]}")


class AnalysisKeeper:
    """One list of analyses per game and store state; whoever asks for a game while it is being made waits for the
    same one, and only for that game."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.guard = threading.Lock()  # guards `locks`
        self.locks: dict[str, threading.Lock] = {}  # one per game: two games are analysed at once
        self.parts: dict[str, Part] = {}
        self.watchers: list[Watcher] = []  # told of every step of an analysis under way (the screens showing it)
        self.last: Step | None = None  # the last step told, for a screen that starts watching late
        self.boards: dict[tuple[str | None, ...], Leaderboard] = {}  # by filter (game, tournament, family, source)
        self.stopping = threading.Event()

    @property
    def analyses(self) -> list[MatchAnalysis]:
        """Every game's analyses made so far."""
        return [a for part in list(self.parts.values()) for a in part.analyses]

    def names(self) -> dict[str, tuple[str, ...]]:
        """Each analysed match's board and players as the Leaderboard names them, by match id (History's filters)."""
        return {a.id: (a.variant, *a.players) for a in self.analyses}

    def ready(self) -> bool:
        """True if the analyses in memory are those of the store as it is now, every game's."""
        stamp, games = self.store.stamp(), self.recorded()
        return bool(games) and all(g in self.parts and self.parts[g].stamp == stamp for g in games)

    def recorded(self) -> dict[str, int]:
        """The games recorded, each with its number of matches."""
        counts: dict[str, int] = {}
        for row in self.store.summary_rows().rows:
            counts[row[FIELD["game"]]] = counts.get(row[FIELD["game"]], 0) + 1
        return counts

    def games(self) -> list[str]:
        """The recorded games in the order to show them: those already analysed for the store as it is, then the
        rest, games another process is grading and games graded by Stockfish last; most matches first within each.
        Read from the index and the claims alone: a screen asks this before anything else."""
        counts, stamp = self.recorded(), self.store.stamp()
        ready = {game for game, part in list(self.parts.items()) if part.stamp == stamp}
        here = {game for game, lock in list(self.locks.items()) if lock.locked()}  # this app's own grading: soon ready
        busy = {g for g in counts if g not in ready | here and claimed_elsewhere(self.store.folder, g)}
        slow = {game for game in counts if game not in ready and cost(game) >= SLOW}
        return sorted(counts, key=lambda g: (g not in ready, g in busy, g in slow, -counts[g], g))

    def load(self) -> tuple[list[MatchAnalysis], list[str]]:
        """Every game's analyses (new ones analysed and cached), and the warnings of matches that cannot be."""
        analyses: list[MatchAnalysis] = []
        failed: list[str] = []
        for game in self.games():
            part = self.load_game(game)
            analyses += part.analyses
            failed += part.failed
        return analyses, failed

    def load_game(self, game: str) -> Part:
        """One game's analyses as the store is now: new matches analysed and cached, here or in worker processes;
        a game another process is grading is waited for (its analyses then read from the cache)."""
        with self.guard:
            lock = self.locks.setdefault(game, threading.Lock())
        with lock:
            stamp = self.store.stamp()
            part = self.parts.get(game)
            if part is not None and part.stamp == stamp:
                return part
            if self.stopping.is_set():
                raise AnalysisStopped
            seen = len(self.store.warnings)
            at = FIELD["game"]
            analyses = analyse_store(
                self.store,
                keep=lambda row: row[at] == game,
                on_progress=lambda done, total: self.tell(Step(game, done, total)),
                with_moves=False,  # no screen shows move rows
                workers=worker_count,  # a large backlog (a chess import) is graded on every core, as the report does
                on_wait=lambda _: self.tell(Step(game, 0, 0, waiting=True)),
            )
            gc.freeze()  # tens of thousands of new objects would bring full collections, each stalling keys ~100 ms
            failed = [w for w in self.store.warnings[seen:] if "cannot be analysed" in w]
            self.parts[game] = part = Part(stamp, analyses, failed)
            self.last = None
            self.boards = {key: board for key, board in self.boards.items() if not belongs(key[0], game)}
            return part

    def stop(self) -> None:
        """End the analysis under way at once: the next step raises AnalysisStopped, and the grading engine is ended
        so a search in progress does not finish (its match is neither kept nor cached: graded again next time)."""
        from arena.engines import lean_uci

        self.stopping.set()
        lean_uci.kill()

    def tell(self, step: Step) -> None:
        if self.stopping.is_set():
            raise AnalysisStopped
        self.last = step
        for watcher in list(self.watchers):
            try:
                watcher(step)
            except Exception:  # a screen failing to show progress (it was closed) never stops the analysis
                with contextlib.suppress(ValueError):
                    self.watchers.remove(watcher)

    def rate_busiest(self) -> None:
        """The leaderboard the Leaderboard opens on (the busiest game, no filter), with its intervals."""
        analyses = self.analyses
        game = busiest_game(analyses)
        chosen = (game, None, None, None)
        if game is not None and chosen not in self.boards:
            self.boards[chosen] = build_leaderboard(game, [a for a in analyses if a.variant == game], RESAMPLES)


def cost(game: str) -> int:
    """What analysing one match of a game costs, in tic-tac-toe matches."""
    return GAME_COST.get(game, 1)


def belongs(variant: str | None, game: str) -> bool:
    """A leaderboard's game (`connect-four 7x7`, `chess960`) is one of a recorded game's boards."""
    with contextlib.suppress(ValueError):
        game = canonical_name(game)
    return variant is not None and variant.startswith(game)


def busiest_game(analyses: list[MatchAnalysis]) -> str | None:
    """The game (and board) with the most recorded matches: the one the Leaderboard shows first."""
    games: dict[str, int] = {}
    for analysis in analyses:
        games[analysis.variant] = games.get(analysis.variant, 0) + 1
    return max(games, key=lambda name: games[name]) if games else None
