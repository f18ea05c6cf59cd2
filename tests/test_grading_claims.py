"""Two arena processes never grade the same match: a game another process is grading is waited for and its
analyses read from the cache; another game is analysed at once; a claim dies with its process."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.analysis.cache import CACHE_FILE, analyse_store
from arena.analysis.moves import MatchAnalysis
from arena.store import MatchStore
from arena.store.summaries import FIELD
from tests.processes import ROOT, run_arena

GAMES = 3
# Another arena process: it claims Connect-Four, says so, and grades it (into the shared cache) when told to go.
HOLDER = """
import sys
from pathlib import Path
from arena.analysis.cache import cache_path, chess_grader, grade_missing, missing_matches, read_cache
from arena.analysis.claims import claimed
from arena.analysis.moves import DEFAULT_GRADE_BUDGET
from arena.store import MatchStore
from arena.store.summaries import FIELD

store = MatchStore(Path(sys.argv[1]), read_only=True)
with claimed(store.folder, {"connect-four"}, print):
    print("held", flush=True)
    if sys.stdin.readline().strip() == "go":
        table = store.summary_rows()
        chosen = [i for i, row in enumerate(table.rows) if row[FIELD["game"]] == "connect-four"]
        cached, lines = read_cache(cache_path(store))
        missing = missing_matches(table, chosen, cached, DEFAULT_GRADE_BUDGET, chess_grader())
        grade_missing(store, missing, cached, lines, DEFAULT_GRADE_BUDGET, None, lambda cost: 1)
        print("graded", flush=True)
"""


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding tic-tac-toe and Connect-Four matches, none analysed yet."""
    db = tmp_path_factory.mktemp("claims") / "db"
    for game in ("tictactoe", "connect-four"):
        played = run_arena("--batch", "--game", game, "--players", "random", "random", "--games", str(GAMES),
                           "--seed", "5", "--db", str(db))  # fmt: skip
        assert played.returncode == 0, played.stderr
    return db


@pytest.fixture
def copied(two_games: Path, tmp_path: Path) -> Path:
    """A fresh copy of the two games' store (no cache, no claims)."""
    import shutil

    shutil.copytree(two_games, tmp_path / "db")
    return tmp_path / "db"


@pytest.fixture
def store(copied: Path) -> Iterator[MatchStore]:
    with MatchStore(copied, read_only=True) as opened:
        yield opened


def holder(store: MatchStore | Path) -> subprocess.Popen[str]:
    """Start the other process and wait until it holds its claim."""
    folder = store.folder if isinstance(store, MatchStore) else store
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, cwd=ROOT)  # fmt: skip
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    return process


def of_game(game: str) -> object:
    return lambda row: row[FIELD["game"]] == game


def cached_ids(store: MatchStore) -> Counter[str]:
    """How many lines of the cache file hold each match."""
    return cached_ids_at(store.folder)


def in_thread(store: MatchStore, game: str, waiting: threading.Event) -> tuple[threading.Thread, list[MatchAnalysis]]:
    """analyse_store for one game in a thread; `waiting` is set once it is told another process holds the game."""
    found: list[MatchAnalysis] = []
    thread = threading.Thread(
        target=lambda: found.extend(analyse_store(store, keep=of_game(game), on_wait=lambda _: waiting.set()))  # type: ignore[arg-type]
    )
    thread.start()
    return thread, found


def test_a_game_claimed_elsewhere_is_waited_for_and_graded_once(store: MatchStore) -> None:
    other = holder(store)
    try:
        told: list[str] = []
        tictactoe = analyse_store(store, keep=of_game("tictactoe"), on_wait=told.append)  # type: ignore[arg-type]
        assert len(tictactoe) == GAMES and told == []  # another game's claim holds nothing up
        waiting = threading.Event()
        thread, found = in_thread(store, "connect-four", waiting)
        assert waiting.wait(120)  # it found Connect-Four claimed
        assert thread.is_alive()
        assert other.stdin is not None and other.stdout is not None
        other.stdin.write("go\n")
        other.stdin.flush()
        assert other.stdout.readline().strip() == "graded"
        thread.join(300)
        assert not thread.is_alive()
    finally:
        other.kill()
        other.wait()
    assert len(found) == GAMES and all(a.variant == "connect-four" for a in found)
    counts = cached_ids(store)
    connect_four = [row[FIELD["id"]] for row in store.summary_rows().rows if row[FIELD["game"]] == "connect-four"]
    assert [counts[ident] for ident in connect_four] == [1] * GAMES  # graded by the other process alone


def test_a_claim_ends_with_its_process(store: MatchStore) -> None:
    other = holder(store)
    waiting = threading.Event()
    thread, found = in_thread(store, "connect-four", waiting)
    assert waiting.wait(120)
    other.kill()  # killed while holding the claim, graded nothing
    other.wait()
    thread.join(300)
    assert not thread.is_alive() and len(found) == GAMES  # graded here once the claim was gone
    assert set(cached_ids(store).values()) == {1}


def test_waiting_can_give_up_and_grades_nothing(store: MatchStore) -> None:
    other = holder(store)

    def give_up(game: str) -> None:
        raise TimeoutError(game)

    try:
        with pytest.raises(TimeoutError, match="connect-four"):
            analyse_store(store, keep=of_game("connect-four"), on_wait=give_up)  # type: ignore[arg-type]
    finally:
        other.kill()
        other.wait()
    assert not (store.folder / CACHE_FILE).exists() or not cached_ids(store)


async def test_the_leaderboard_shows_a_game_at_once_while_another_process_grades_another(copied: Path) -> None:
    from arena.tui.app import ArenaApp
    from arena.tui.screens.leaderboard import LeaderboardScreen
    from tests.tui_helpers import wait_for

    other = holder(copied)
    try:
        app = ArenaApp(copied)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("f4")
            screen = app.screen
            assert isinstance(screen, LeaderboardScreen)
            await wait_for(pilot, lambda: screen.board is not None and bool(screen.rows), timeout=120)
            assert screen.board is not None and screen.board.game == "tictactoe"
            pending = screen.query_one("#lb-pending")
            await wait_for(pilot, lambda: "another arena process is grading" in str(pending.render()))
            assert pending.display
            await pilot.press("escape")  # closed while the wait goes on: it is told of the wait no more
            assert app.kept is not None
            told: list[object] = []
            app.kept.watchers.append(told.append)
            await wait_for(pilot, lambda: len(told) >= 3)  # the wait told its watchers again (a closed one crashed)
            await pilot.press("f4")
            again = app.screen
            assert isinstance(again, LeaderboardScreen) and again is not screen
            await wait_for(pilot, lambda: bool(again.rows), timeout=120)
            await pilot.press("ctrl+q")
        assert app.kept is not None
        assert app.kept.locks["connect-four"].acquire(timeout=60)  # the wait on the claim ended with the app
        assert "connect-four" not in app.kept.parts
    finally:
        other.kill()
        other.wait()
    graded = cached_ids_at(copied) if (copied / CACHE_FILE).exists() else Counter()
    with MatchStore(copied, read_only=True) as opened:
        rows = opened.summary_rows().rows
    assert not {row[FIELD["id"]] for row in rows if row[FIELD["game"]] == "connect-four"} & set(graded)


def cached_ids_at(folder: Path) -> Counter[str]:
    lines = (folder / CACHE_FILE).read_bytes().splitlines()[1:]
    return Counter(json.loads(line.partition(b"\t")[0])["id"] for line in lines)
