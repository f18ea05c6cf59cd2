"""Snapshot tests of the app: the setup screen, a match mid-stream, the quiz at 80x24; every board in Replay at
80x24 and 160x50."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from arena.players import PlayerOptions
from arena.quiz import start_session
from arena.runner.tournament import TournamentPlan, run_tournament
from arena.tui.app import ArenaApp
from arena.tui.screens.match import MatchScreen
from arena.tui.screens.quiz import QuizScreen
from arena.tui.screens.replay import ReplayScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.setup_form import BOARDS
from arena.tui.widgets.reasoning import ReasoningPane
from games.registry import variant_label
from tests.fake_llm_server import FakeServer, Reply
from tests.tui_helpers import wait_for

SIZE = (80, 24)
SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])


@SIZES
def test_setup_screen(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ArenaApp(db_path), terminal_size=size)


@SIZES
def test_help_over_the_setup_screen(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ArenaApp(db_path), terminal_size=size, press=["f1"])


@SIZES
def test_tasks_screen(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    async def tasks(pilot: Pilot[None]) -> None:
        await pilot.press("f6")
        await pilot.pause(0.3)

    assert snap_compare(ArenaApp(db_path), terminal_size=size, run_before=tasks)


def test_match_mid_stream(snap_compare: Any, db_path: Path, fake_llm: FakeServer) -> None:
    thought = "The centre touches four lines, more than any other cell. A corner touches three. "
    fake_llm.script("snapshot-stream", Reply(reasoning_content=thought * 3, content="MOVE: 2,2", stall_after=40))
    app = ArenaApp(db_path)

    async def mid_stream(pilot: Pilot[None]) -> None:
        llm = PlayerOptions(api_base=fake_llm.url, chunk_timeout=600, retries=0)
        screen = MatchScreen(
            SeriesConfig("tictactoe", ("llm:openai/snapshot-stream", "human"), seed=1, llm=llm), app.store
        )
        await app.push_screen(screen)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: len(pane.reasoning) >= 4 * 39)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SIZE, run_before=mid_stream)


@SIZES
def test_quiz(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    app = ArenaApp(db_path)

    async def quiz(pilot: Pilot[None]) -> None:
        session = start_session(app.store, "human:snapshot", "infer", seed=1)
        await app.push_screen(QuizScreen(session, clock=lambda: 100.0))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=quiz)


def test_game_over_banner(snap_compare: Any, db_path: Path) -> None:
    app = ArenaApp(db_path)

    async def finished(pilot: Pilot[None]) -> None:
        config = SeriesConfig("tictactoe", ("scripted:1 1,1 2,1 3", "scripted:2 1,2 2"), seed=1)
        screen = MatchScreen(config, app.store)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.finished)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SIZE, run_before=finished)


def test_battleship_classic_fits_at_80x24(snap_compare: Any, db_path: Path) -> None:
    app = ArenaApp(db_path)

    async def fleets(pilot: Pilot[None]) -> None:
        config = SeriesConfig("battleship", ("human", "random"), seed=1, game_options={"preset": "classic"})
        screen = MatchScreen(config, app.store)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: any(h.waiting for h in screen.humans.values()))
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SIZE, run_before=fleets)


@SIZES
def test_history_with_a_filter(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    from arena.store import MatchStore
    from arena.tui.screens.history import HistoryScreen
    from tests.factories import sample_record

    with MatchStore(db_path) as store:
        for index in range(6):
            store.add(sample_record(index, move_bytes=600))
    app = ArenaApp(db_path)

    async def filtered(pilot: Pilot[None]) -> None:
        await app.push_screen(HistoryScreen(app.store))
        await pilot.click("#player-filter")
        await pilot.press(*"minimax")
        await pilot.pause(0.5)
        app.screen.query_one("#matches").focus()  # a focused input's cursor blinks: no stable picture
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=filtered)


def test_long_reasoning_stream(snap_compare: Any, db_path: Path, fake_llm: FakeServer) -> None:
    thought = "".join(f"step {i:05d}: the centre again. " for i in range(1500))  # ~40 KB
    fake_llm.script(
        "snapshot-long",
        Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=100, stall_after=len(thought) // 100),
    )
    app = ArenaApp(db_path)

    async def long_stream(pilot: Pilot[None]) -> None:
        llm = PlayerOptions(api_base=fake_llm.url, chunk_timeout=600, retries=0)
        screen = MatchScreen(
            SeriesConfig("tictactoe", ("llm:openai/snapshot-long", "human"), seed=1, llm=llm), app.store
        )
        await app.push_screen(screen)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: len(pane.reasoning) >= len(thought) - 100)
        await wait_for(pilot, lambda: not pane.pending)
        await pilot.pause(0.3)
        await wait_for(pilot, lambda: pane.scroll_y >= pane.max_scroll_y)  # settled at the end

    assert snap_compare(app, terminal_size=SIZE, run_before=long_stream)


@SIZES
def test_leaderboard(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    from tests.test_tui import leaderboard_db

    leaderboard_db(db_path)
    app = ArenaApp(db_path)

    async def rated(pilot: Pilot[None]) -> None:
        await open_rated_leaderboard(app, pilot)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=rated)


async def open_rated_leaderboard(app: ArenaApp, pilot: Pilot[None]) -> None:
    """F4, then wait until the intervals are in, not only the point ratings."""
    from arena.tui.screens.leaderboard import LeaderboardScreen

    await pilot.press("f4")
    screen = app.screen
    assert isinstance(screen, LeaderboardScreen)
    await wait_for(pilot, lambda: screen.rated)


BOARD_VARIANTS = [(game, options) for game, boards in BOARDS.items() for _, options in boards]


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize(
    ("game", "options"), BOARD_VARIANTS, ids=[variant_label(g, o).replace(" ", "-") for g, o in BOARD_VARIANTS]
)
def test_every_board_in_replay(
    snap_compare: Any, db_path: Path, game: str, options: dict[str, Any], size: tuple[int, int]
) -> None:
    """Every game's every board, mid-game in Replay, at the first-class size and a big terminal."""
    app = ArenaApp(db_path)
    (record,) = asyncio.run(run_tournament(TournamentPlan(game, ("random", "random"), 1, seed=5, game_options=options)))

    async def replay(pilot: Pilot[None]) -> None:
        steady = [move.model_copy(update={"seconds": 0.0}) for move in record.moves]  # times vary run to run
        await app.push_screen(ReplayScreen(record.model_copy(update={"moves": steady})))
        await app.workers.wait_for_complete()  # chess: the grades are looked up (this match is not stored)
        for _ in range(min(8, len(record.moves))):
            await pilot.press("right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=replay)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize(
    ("game", "options"), BOARD_VARIANTS, ids=[variant_label(g, o).replace(" ", "-") for g, o in BOARD_VARIANTS]
)
def test_every_board_in_a_match_beside_a_model(
    snap_compare: Any,
    db_path: Path,
    fake_llm: FakeServer,
    game: str,
    options: dict[str, Any],
    size: tuple[int, int],
) -> None:
    """Every game's every board in a match while a model streams beside it: the widest layout of the screen."""
    thought = "Weighing the open lines before the first move; the middle of the board reaches most of them. "
    fake_llm.script("board-stream", Reply(reasoning_content=thought * 2, content="MOVE: 1,1", stall_after=30))
    app = ArenaApp(db_path)

    async def streaming(pilot: Pilot[None]) -> None:
        llm = PlayerOptions(api_base=fake_llm.url, chunk_timeout=600, retries=0)
        config = SeriesConfig(game, ("llm:openai/board-stream", "random"), seed=3, llm=llm, game_options=options)
        screen = MatchScreen(config, app.store)
        await app.push_screen(screen)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: len(pane.reasoning) >= 100)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=streaming)


@SIZES
def test_column_legend_over_the_leaderboard(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    from arena.tui.screens.legend import LegendScreen
    from tests.test_tui import leaderboard_db

    leaderboard_db(db_path)
    app = ArenaApp(db_path)

    async def legend(pilot: Pilot[None]) -> None:
        await open_rated_leaderboard(app, pilot)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, LegendScreen))
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=legend)


@SIZES
def test_leaving_a_running_match_is_asked_first(snap_compare: Any, db_path: Path, size: tuple[int, int]) -> None:
    from arena.tui.screens.confirm import ConfirmScreen

    app = ArenaApp(db_path)

    async def asked(pilot: Pilot[None]) -> None:
        screen = MatchScreen(SeriesConfig("tictactoe", ("human", "minimax"), seed=1), app.store)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: any(h.waiting for h in screen.humans.values()))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=asked)
