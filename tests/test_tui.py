"""The Textual app through its pilot: playing by mouse and keys, refusals, quiz, history, live streaming."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path

import pytest
from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Select, Static, TabbedContent

from arena.analysis.moves import MOVE_FIELDS
from arena.players import PlayerOptions
from arena.quiz.session import hard_boards
from arena.store import MatchStore
from arena.store.tables import QUIZ_ANSWERS
from arena.tui.app import ArenaApp
from arena.tui.screens.confirm import ConfirmScreen
from arena.tui.screens.history import HistoryScreen
from arena.tui.screens.leaderboard import LeaderboardScreen
from arena.tui.screens.legend import LegendScreen
from arena.tui.screens.match import MatchScreen
from arena.tui.screens.quiz import QuizScreen
from arena.tui.screens.replay import ReplayScreen
from arena.tui.screens.setup import SetupScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.reasoning import ReasoningPane
from tests.fake_llm_server import FakeServer, Reply
from tests.tui_helpers import (
    cell_offset,
    click_button,
    current,
    drawn_text,
    human_of,
    make_app,
    open_leaderboard,
    open_match,
    status,
    wait_for,
)

MOST_TURNS = 60  # more than any game here has for one player


async def test_human_beats_nobody_but_finishes_against_minimax_by_clicks(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("human", "minimax"), seed=1))
        board = screen.query_one(Board)
        for _ in range(MOST_TURNS):  # a move that is never taken fails the test, never hangs it
            if screen.finished:
                break
            await wait_for(pilot, lambda: human_of(screen).waiting or screen.finished)
            if screen.finished:
                break
            state = human_of(screen).view.state  # type: ignore[union-attr]
            free = next(i for i, v in enumerate(state.cells) if v == 0)
            await pilot.click(board, offset=cell_offset(board, *divmod(free, 3)))
            await pilot.pause()
        record = screen.records[0]
        assert record.outcome.status == "finished" and record.outcome.winner in (None, 1)
        assert all(m.valid for m in record.moves)
    with MatchStore(db_path) as store:
        assert [r.id for r in store.matches()] == [record.id]


async def test_human_plays_a_whole_game_by_keys(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("human", "random"), seed=2))
        board = screen.query_one(Board)
        typed_once = False
        for _ in range(MOST_TURNS):  # a move that is never taken fails the test, never hangs it
            if screen.finished:
                break
            await wait_for(pilot, lambda: human_of(screen).waiting or screen.finished)
            if screen.finished:
                break
            state = human_of(screen).view.state  # type: ignore[union-attr]
            free = [divmod(i, 3) for i, v in enumerate(state.cells) if v == 0]
            row, col = free[0]
            if not typed_once:  # type a coordinate once, then use the arrows
                await pilot.press(str(row + 1), ",", str(col + 1), "enter")
                typed_once = True
            else:
                cur_row, cur_col = board.cursor
                keys = ["down"] * ((row - cur_row) % 3) + ["right"] * ((col - cur_col) % 3)
                await pilot.press(*keys, "enter")
            await pilot.pause()
        assert screen.records[0].outcome.status == "finished"
        assert len([m for m in screen.records[0].moves if m.seat == 0]) >= 3


async def test_an_illegal_click_is_refused_with_the_reason(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("human", "minimax"), seed=3))
        board = screen.query_one(Board)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        await pilot.click(board, offset=cell_offset(board, 0, 0))
        await wait_for(pilot, lambda: human_of(screen).waiting)
        await pilot.click(board, offset=cell_offset(board, 0, 0))  # taken by our own X
        await pilot.pause()
        assert "Refused: 1,1 is already taken" in status(app)
        assert human_of(screen).waiting
        assert screen.runner is not None and len([m for m in screen.runner.moves if m.seat == 0]) == 1
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.records)
        assert screen.records[0].outcome.status == "aborted"


async def test_a_connect_four_game_by_clicking_columns(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("connect-four", ("human", "random"), seed=4))
        board = screen.query_one(Board)
        column = 0
        for _ in range(MOST_TURNS):  # a move that is never taken fails the test, never hangs it
            if screen.finished:
                break
            await wait_for(pilot, lambda: human_of(screen).waiting or screen.finished)
            if screen.finished:
                break
            state = human_of(screen).view.state  # type: ignore[union-attr]
            while state.cells[column] != 0:
                column = (column + 1) % 7
            await pilot.click(board, offset=cell_offset(board, 3, column))  # any row of the column
            await pilot.pause()
        record = screen.records[0]
        assert record.game == "connect-four" and record.outcome.status == "finished"


async def test_a_battleship_shot_is_fired_on_the_shots_grid(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        config = SeriesConfig("battleship", ("human", "random"), seed=5, game_options={"preset": "childplay"})
        screen = await open_match(app, pilot, config)
        board = screen.query_one(Board)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        assert [g.title for g in board.grids] == ["Your shots", "Your fleet"]
        await pilot.click(board, offset=cell_offset(board, 2, 3))
        await wait_for(pilot, lambda: human_of(screen).waiting)
        assert screen.runner is not None and screen.runner.moves[0].move == "3,4"
        shots = board.grids[0].symbols
        assert shots[2][3] in ("X", "O")
        await pilot.click(board, offset=cell_offset(board, 2, 3))  # the same cell again
        await pilot.pause()
        assert "already been shot" in status(app)
        await pilot.click(board, offset=cell_offset(board, 0, 0, grid_index=1))  # own fleet: not a move
        await pilot.pause()
        assert len([m for m in screen.runner.moves if m.seat == 0]) == 1


async def test_pause_step_and_resume_between_moves(db_path: Path) -> None:
    from games.gomoku.engine import warm_up

    warm_up()  # compile the Gomoku search before the clock of the waits below starts (seconds on a busy machine)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MatchScreen(SeriesConfig("gomoku", ("minimax:0.05", "minimax:0.05"), seed=6), app.store)
        await app.push_screen(screen)
        screen.action_pause()  # before the first move: engines play too fast to catch mid-game
        # A sign that stays while paused; on a loaded machine the runner may start a moment later.
        await wait_for(pilot, lambda: screen.runner is not None and "paused" in str(screen.sub_title))
        assert screen.has_class("paused")
        held = len(screen.runner.moves)  # type: ignore[union-attr]
        await pilot.pause(0.3)
        assert len(screen.runner.moves) == held  # type: ignore[union-attr]
        app.post_message(events.Key("s", "s"))  # as the terminal sends it
        await wait_for(pilot, lambda: len(screen.runner.moves) == held + 1)  # type: ignore[union-attr]
        await pilot.pause(0.2)
        assert len(screen.runner.moves) == held + 1  # type: ignore[union-attr]
        app.post_message(events.Key("s", "s"))
        await wait_for(pilot, lambda: len(screen.runner.moves) == held + 2)  # type: ignore[union-attr]
        app.post_message(events.Key("p", "p"))  # resume: the match runs on by itself to its end
        await wait_for(pilot, lambda: screen.finished)
        assert screen.sub_title == "" and not screen.has_class("paused")
        assert len(screen.records[0].moves) > held + 2


async def test_quiz_answered_closed_midway_and_resumed(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#quiz")
        await pilot.pause()
        quiz = current(app)
        assert isinstance(quiz, QuizScreen)
        for _ in range(3):
            question = quiz.session.current()
            assert question is not None
            await pilot.press(str(question[1].optimal_moves[0]))
        question = quiz.session.current()
        assert question is not None
        taken = next(i + 1 for i, ch in enumerate(question[1].key) if ch in "XO")
        await pilot.press(str(taken))  # an occupied cell is asked again, never scored
        await pilot.pause()
        assert len(quiz.session.answers) == 3
        session_id = quiz.session.record.id
    # The app is gone; every answer was stored when given.
    with MatchStore(db_path) as store:
        assert len([d for d in store.documents(QUIZ_ANSWERS) if d["session"] == session_id]) == 3
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#quiz")
        await pilot.pause()
        quiz = current(app)
        assert isinstance(quiz, QuizScreen) and quiz.session.record.id == session_id
        assert len(quiz.session.answers) == 3
        assert "Resumed: 3 of 50" in str(quiz.query_one("#quiz-feedback", Static).render())
        board = quiz.query_one("#quiz-board")
        question = quiz.session.current()
        assert question is not None
        cell = question[1].optimal_moves[0] - 1
        await pilot.click(board, offset=((cell % 3) * 8 + 3, (cell // 3) * 4 + 1))
        await pilot.pause()
        assert len(quiz.session.answers) == 4 and quiz.session.answers[-1].move == cell + 1
        assert hard_boards().boards[quiz.session.answers[-1].board].is_correct(cell + 1)


async def test_help_lists_only_the_keys_that_work_now(db_path: Path) -> None:
    from arena.tui.screens.help import HelpScreen

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")  # a quiz under way: Esc stops it (Back is for a finished quiz)
        await pilot.pause()
        assert isinstance(current(app), QuizScreen)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = current(app)
        assert isinstance(help_screen, HelpScreen)
        keys = str(help_screen.query_one("#help-keys", Static).render())
        assert "Stop (resume later)" in keys and "Back" not in keys


async def test_the_quiz_ends_with_the_published_baselines_and_the_missed_boards(db_path: Path) -> None:
    from games.ttt_hard_boards.published import PUBLISHED_ORDER

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#quiz")
        await pilot.pause()
        quiz = current(app)
        assert isinstance(quiz, QuizScreen) and quiz.session.record.sheet == "published"
        assert quiz.session.record.order == list(PUBLISHED_ORDER)
        for number in range(1, 51):
            question = quiz.session.current()
            assert question is not None
            board = question[1]
            cell = board.optimal_moves[0]
            if number == 2:  # one wrong answer
                cell = next(c for c in range(1, 10) if board.key[c - 1] not in "XO" and not board.is_correct(c))
            await pilot.press(str(cell))
        await pilot.pause()
        shown = str(quiz.query_one("#quiz-ask", Static).render())
        assert "Your score: 49/50" in shown and "Published human mean: 42/50" in shown
        assert "always the first empty cell 24/50" in shown and "a random legal cell 18.2/50" in shown
        assert "gpt-4o 14/50" in shown and "o1-preview 28/50" in shown
        assert "The 1 boards you missed" in shown and "board 2\n" in shown and "[" in shown  # drawn, not a key
        assert not quiz.query_one("#quiz-board").display
        assert str(quiz.query_one("#quiz-progress", Static).render()) == "Finished: 49/50"  # no stale "Board 50"
        shown_keys = {b.description for _, b, enabled, _ in app.active_bindings.values() if enabled and b.show}
        assert "Back" in shown_keys and "Stop (resume later)" not in shown_keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(current(app), SetupScreen)


async def test_history_opens_a_recorded_match_and_steps_through_it(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("minimax", "random"), games=2, seed=7))
        await wait_for(pilot, lambda: screen.finished)
        app.pop_screen()
        await pilot.press("f2")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert history.query_one("#matches", DataTable).row_count == 2
        assert "Leaderboard" in str(history.query_one("#summary-title", Static).render())
        await pilot.click("#player-filter")
        await pilot.press(*"nobody")
        await pilot.pause(0.4)  # the list is filtered once typing pauses
        assert history.query_one("#matches", DataTable).row_count == 0
        await pilot.press(*["backspace"] * 6)
        await pilot.pause(0.4)
        assert history.query_one("#matches", DataTable).row_count == 2
        history.query_one("#matches", DataTable).focus()
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert "Start of the match" in status(app)
        summary = str(replay.query_one("#detail", Static).render())  # before the first attempt: the match itself
        assert "first minimax" in summary and "second random" in summary and "result " in summary
        await pilot.press("right", "right")
        assert "Attempt 2/" in status(app)
        board = replay.query_one(Board)
        assert sum(row.count("X") + row.count("O") for row in board.grids[0].symbols) == 2
        minimax_turn = next(i for i, m in enumerate(replay.record.moves) if m.seat == 0)
        await pilot.press("home", *["right"] * (minimax_turn + 1))
        assert "engine exact" in str(replay.query_one("#detail", Static).render())  # what the engine knew
        await pilot.press("end")
        assert "Result: minimax won" in status(app) or "Result: draw" in status(app)


async def test_streamed_reasoning_while_the_board_stays_responsive(db_path: Path, fake_llm: FakeServer) -> None:
    thought = "".join(f"step {i}: weigh the centre against the corners. " for i in range(40))
    fake_llm.script(
        "slow-stream", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=4, chunk_delay=0.015)
    )
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=30, chunk_timeout=5, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/slow-stream", "human"), seed=8, llm=llm)
        screen = await open_match(app, pilot, config)
        pane = screen.query_one(ReasoningPane)
        board = screen.query_one(Board)
        await wait_for(pilot, lambda: len(pane.reasoning) > 100)
        board.focus()
        latencies = []
        for key in ("right", "down", "left"):
            before = board.cursor
            pressed = time.perf_counter()
            # Post the key as the terminal driver would; the pilot's own press waits for the app to go idle.
            app.post_message(events.Key(key, None))
            while board.cursor == before and time.perf_counter() - pressed < 5:
                await asyncio.sleep(0.001)
            latencies.append(time.perf_counter() - pressed)
        assert len(pane.reasoning) < len(thought)  # the keys were handled while the stream was still running
        assert all(latency < 5 for latency in latencies)  # each key was handled (bench/tui.py measures how fast)
        await wait_for(pilot, lambda: screen.runner is not None and screen.runner.moves)
        move = screen.runner.moves[0]  # type: ignore[union-attr]
        assert move.reasoning == thought and pane.reasoning == thought
        assert pane.answer.startswith("MOVE: 2,2")
        await pilot.press("a")


async def test_a_one_megabyte_stream_keeps_keys_answered_and_every_character_recorded(
    db_path: Path, fake_llm: FakeServer
) -> None:
    thought = "".join(f"line {i:06}: weigh the centre against the corners again. " for i in range(20_000))
    assert len(thought) > 1_000_000
    fake_llm.script("huge", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=1000, chunk_delay=0.004))
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=120, chunk_timeout=30, retries=0)
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("llm:openai/huge", "human"), seed=8, llm=llm))
        pane, board = screen.query_one(ReasoningPane), screen.query_one(Board)
        await wait_for(pilot, lambda: len(pane.reasoning) > 100_000)
        board.focus()
        for key in ("right", "down", "left", "up") * 3:
            before = board.cursor
            pressed = time.perf_counter()
            app.post_message(events.Key(key, None))  # as the terminal driver would (bench/tui.py times it)
            while board.cursor == before and time.perf_counter() - pressed < 10:
                await asyncio.sleep(0.001)
            assert board.cursor != before  # the key moved the cursor while the stream went on
        assert len(pane.reasoning) < len(thought)
        await wait_for(pilot, lambda: screen.runner is not None and bool(screen.runner.moves), timeout=60)
        assert screen.runner is not None and screen.runner.moves[0].reasoning == thought  # the record keeps it all
        await wait_for(pilot, lambda: "MOVE: 2,2" in str(pane.body.render()))
        shown = str(pane.body.render())
        assert "earlier characters (the record keeps them all)" in shown and len(shown) < 30_000  # the pane: a tail
        assert thought[-2_000:] in shown
        await pilot.press("a")


async def test_setup_screen_starts_a_match_and_reports_a_missing_key(db_path: Path, monkeypatch: object) -> None:
    import os

    os.environ.pop("ANTHROPIC_API_KEY", None)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#kind1").value = "llm"  # type: ignore[attr-defined]
        # the kind's change swaps in that kind's remembered options when its message is handled: typed after it
        await wait_for(pilot, lambda: not setup.query_one("#model1").disabled)
        setup.query_one("#model1").value = "anthropic/claude-3-5-haiku-latest"  # type: ignore[attr-defined]
        await pilot.click("#play")
        await wait_for(pilot, lambda: "ANTHROPIC_API_KEY" in str(setup.query_one("#setup-status").render()))
        assert isinstance(app.screen, SetupScreen)  # nothing started
        setup.query_one("#kind1").value = "random"  # type: ignore[attr-defined]
        setup.query_one("#games").value = "x"  # type: ignore[attr-defined]
        await click_button(pilot, "#play")
        await wait_for(pilot, lambda: "games must be a whole number" in str(setup.query_one("#setup-status").render()))
        setup.query_one("#games").value = "2"  # type: ignore[attr-defined]
        await click_button(pilot, "#play")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen))
    remembered = (db_path.parent / "tui.json").read_text()
    assert '"games": "2"' in remembered and '"kind1": "random"' in remembered


async def test_help_palette_commands_and_resizing(db_path: Path) -> None:
    from arena.tui.screens.help import HelpScreen

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Setup", "History", "Quiz", "Help"} <= set(titles)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = current(app)
        assert isinstance(help_screen, HelpScreen)
        panel = help_screen.query_one("#help")
        assert panel.region.width >= 60 and panel.region.height >= 10  # never an empty box
        purpose = str(help_screen.query_one("#help-purpose", Static).render())
        assert "Choose everything about a series" in purpose and "Setup" in purpose
        assert "f5 Play" in str(help_screen.query_one("#help-keys", Static).render())
        panel = help_screen.query_one("#help")
        await pilot.press("x", "down", "pagedown")  # other keys neither close the panel nor act under it
        await pilot.pause()
        assert current(app) is help_screen and panel.scroll_y > 0  # scrolled by keys at 80x24
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(current(app), SetupScreen)
        await pilot.press("f2", "f1")
        await pilot.pause()
        help_screen = current(app)
        assert isinstance(help_screen, HelpScreen)
        assert "Replay" in str(help_screen.query_one("#help-keys", Static).render())  # the History screen's keys
        await pilot.press("escape")  # closes the panel, and only the panel
        await pilot.pause()
        assert isinstance(current(app), HistoryScreen)
        await pilot.press("f1", "f4")  # F4 neither closes it nor acts on the screen under it
        await pilot.pause()
        assert isinstance(current(app), HelpScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(current(app), HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(current(app), SetupScreen)
        screen = await open_match(app, pilot, SeriesConfig("gomoku", ("human", "random"), seed=9))
        await wait_for(pilot, lambda: human_of(screen).waiting)
        for size in ((120, 40), (80, 24), (70, 22)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            board = screen.query_one(Board)
            assert board.region.width > 0 and board.grids[0].rows == 15
        await pilot.press("8", ",", "8", "enter")
        await wait_for(
            pilot, lambda: human_of(screen).waiting and screen.runner is not None and len(screen.runner.moves) == 2
        )
        assert screen.runner is not None and screen.runner.moves[0].move == "8,8"


async def test_abort_during_a_fast_stream_stops_it_and_records_aborted(db_path: Path, fake_llm: FakeServer) -> None:
    thought = "".join(f"thought {i} " for i in range(30000))  # ~400 KB in 2-character chunks: a deep backlog
    fake_llm.script("fast-stream", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=2))
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=30, chunk_timeout=5, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/fast-stream", "random"), seed=8, games=3, llm=llm)
        screen = await open_match(app, pilot, config)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: len(pane.reasoning) > 1000)
        await pilot.press("a")
        await wait_for(pilot, lambda: bool(screen.records))
        assert [r.outcome.status for r in screen.records] == ["aborted"]
        requests, streamed = len(fake_llm.requests), len(pane.reasoning)
        await pilot.pause(1.0)
        assert len(fake_llm.requests) == requests and len(pane.reasoning) == streamed < len(thought)
        screen.action_leave()
        await pilot.pause(0.5)
        assert app.is_running and not isinstance(app.screen, MatchScreen)
        assert len(fake_llm.requests) == requests
    with MatchStore(db_path) as store:
        assert [r.outcome.status for r in store.matches()] == ["aborted"]


async def test_leaving_mid_stream_stops_the_series(db_path: Path, fake_llm: FakeServer) -> None:
    thought = "".join(f"idea {i} " for i in range(6000))
    fake_llm.script(
        "leave-stream", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=2, chunk_delay=0.001)
    )
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=30, chunk_timeout=5, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/leave-stream", "random"), seed=9, games=2, llm=llm)
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: len(screen.query_one(ReasoningPane).reasoning) > 1000)
        app.pop_screen()
        await pilot.pause(1.0)
        requests = len(fake_llm.calls("leave-stream"))
        await pilot.pause(1.0)
        assert app.is_running and len(fake_llm.calls("leave-stream")) == requests == 1
    with MatchStore(db_path) as store:
        assert [r.outcome.status for r in store.matches()] == ["aborted"]


async def test_escape_goes_back_from_the_match_and_replay_screens_with_the_board_focused(db_path: Path) -> None:
    from textual.widgets import Footer

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("minimax", "random"), seed=4))
        await wait_for(pilot, lambda: screen.finished)
        footer = " ".join(str(k.render()) for k in screen.query_one(Footer).query("FooterKey"))
        assert "Rematch" in footer and "Back" in footer and "Abort" not in footer  # the keys that work now
        record = screen.records[0]
        screen.query_one(Board).focus()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, MatchScreen)
        replay = ReplayScreen(record)
        await app.push_screen(replay)
        await pilot.pause()
        replay.query_one(Board).focus()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not replay


async def test_a_long_series_of_instant_players_still_answers_keys(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        config = SeriesConfig("tictactoe", ("random", "random"), seed=5, games=300)
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: screen.score.played >= 1)
        await pilot.press("p")  # handled between two moves, not after game 300
        await pilot.pause(0.3)
        held = screen.score.played
        assert held < 300 and screen.paused
        await pilot.pause(0.5)
        assert screen.score.played == held
        score = screen.query_one("#score", Static)
        assert "pace: full speed" in drawn_text(score)  # shown throughout, not a message that vanishes
        await pilot.press("minus", "minus")
        assert screen.pace == 0.25 and "pace: 0.25 s a move" in drawn_text(score)
        await pilot.press("plus")
        assert screen.pace == 0.1 and "pace: 0.1 s a move" in drawn_text(score)
        await pilot.press("a")
        # Words, not lines: a longer score line (an unscored game under load) wraps "series over" across two.
        await wait_for(pilot, lambda: "series over: aborted" in " ".join(drawn_text(score).split()))
        assert "Rematch" in footer_text(app)
        await pilot.press("x")
        await pilot.pause()
        swapped = app.screen
        assert isinstance(swapped, MatchScreen) and swapped is not screen
        assert swapped.config.players == ("random", "random") and swapped.config.games == 300
        await pilot.press("escape")  # a running match is left only once the person says so
        await pilot.pause()
        assert type(app.screen) is ConfirmScreen
        await pilot.press("n")
        await pilot.pause()
        assert not swapped.finished and current(app) is swapped
        await pilot.press("f2", "y")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and swapped.finished
        assert not any(isinstance(s, MatchScreen) for s in app.screen_stack)


async def test_the_game_over_banner_says_why_and_stays_until_the_next_game(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        config = SeriesConfig("tictactoe", ("minimax", "random"), seed=3, games=2, pause_between=3.0)
        screen = await open_match(app, pilot, config)
        banner = screen.query_one("#banner", Static)
        await wait_for(pilot, lambda: screen.score.played == 1)
        shown = str(banner.render())
        assert banner.display and shown.startswith("GAME OVER · ") and ("wins" in shown or "Draw" in shown)
        assert screen.records[0].outcome.detail in shown  # the reason (the line, or the full board)
        first = screen.runner
        await pilot.pause(0.3)
        assert banner.display and screen.runner is first  # it stays during the pause between games
        await wait_for(pilot, lambda: screen.runner is not first)
        await pilot.pause(0.1)
        assert not banner.display or screen.score.played == 2  # the second game has started
        await wait_for(pilot, lambda: screen.finished)
        assert banner.display


async def test_a_disqualification_is_counted_and_explained(db_path: Path, fake_llm: FakeServer) -> None:
    fake_llm.script("garbage", Reply(content="I refuse to answer in JSON"))
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, prompt="topsakal-list", timeout=10, chunk_timeout=2, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/garbage", "random"), seed=2, llm=llm)
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: screen.finished)
        assert screen.score.disqualified == [1, 0]
        banner = str(screen.query_one("#banner", Static).render())
        assert "llm:openai/garbage (X) disqualified" in banner
        assert "disqualified llm:openai/garbage 1" in str(screen.query_one("#score", Static).render())


async def test_gomoku_column_numbers_stay_apart_and_refusals_say_why(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("gomoku", ("human", "random"), seed=1))
        await wait_for(pilot, lambda: human_of(screen).waiting)
        header = str(screen.query_one(Board).render()).splitlines()[screen.query_one(Board).top - 1]
        assert " 9 10 11 12 13 14 15" in header
        human_of(screen).submit_text("99,99")
        await pilot.pause(0.2)
        assert human_of(screen).waiting  # refused, asked again
        screen.action_abort()


async def test_the_board_label_follows_the_game(db_path: Path) -> None:
    from textual.widgets import Select

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        board = setup.query_one("#board", Select)
        for game, label in (("connect-four", "6x7"), ("gomoku", "15x15"), ("battleship", "classic 10x10")):
            setup.query_one("#game", Select).value = game
            await pilot.pause()
            assert str(board.query("SelectCurrent Static").first().render()) == label


async def test_battleship_has_a_legend_and_says_hit_or_miss(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        config = SeriesConfig("battleship", ("human", "random"), seed=2, game_options={"preset": "childplay"})
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        rendered = str(screen.query_one(Board).render())
        assert "~ sea" in rendered and "X hit" in rendered and "• miss" in rendered and "sunk" in rendered
        human_of(screen).submit_text("1,1")
        await wait_for(pilot, lambda: len(screen.runner.moves) >= 1)  # type: ignore[union-attr]
        await pilot.pause(0.1)
        first = screen.runner.moves[0]  # type: ignore[union-attr]
        assert first.move == "1,1"
        screen.action_abort()


async def test_the_reasoning_pane_stops_following_when_scrolled_up(db_path: Path, fake_llm: FakeServer) -> None:
    thought = "".join(f"line {i}: still thinking.\n" for i in range(3000))
    fake_llm.script(
        "follow-stream", Reply(reasoning_content=thought, content="MOVE: 2,2", chunk_size=20, chunk_delay=0.002)
    )
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=60, chunk_timeout=10, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/follow-stream", "human"), seed=1, llm=llm)
        screen = await open_match(app, pilot, config)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: len(pane.reasoning) > 2000)
        await pilot.pause(0.2)
        assert pane.follow and pane.scroll_y > pane.max_scroll_y - 40  # at the end, give or take the last frame
        pane.scroll_to(y=0, animate=False)
        pane.on_mouse_scroll_up()
        await wait_for(pilot, lambda: len(pane.reasoning) > 8000)
        await pilot.pause(0.2)
        assert not pane.follow and pane.scroll_y < 5 and "scrolled up" in str(pane.border_subtitle)
        pane.key_end()
        await pilot.pause(0.2)
        assert pane.follow and pane.border_subtitle == ""
        screen.action_abort()


async def test_focused_setup_fields_are_marked(db_path: Path) -> None:
    from textual.widgets import Input, Select

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen.query_one("#game", Select)
        current = game.query_one("SelectCurrent")
        games_box = app.screen.query_one("#games", Input)
        before = (current.styles.background, games_box.styles.background)
        game.focus()
        await pilot.pause()
        assert current.styles.background != before[0]
        games_box.focus()
        await pilot.pause()
        assert games_box.styles.background != before[1] and current.styles.background == before[0]


async def test_a_small_board_grows_on_a_big_terminal_and_clicks_still_land(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("human", "random"), seed=1))
        board = screen.query_one(Board)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        await wait_for(pilot, lambda: board.large)  # laid out for the big terminal (later on a loaded machine)
        assert board.cell_width(board.grids[0]) == 5 and board.size.height >= 3 * 2 + 1
        await pilot.click(board, offset=cell_offset(board, 2, 1))
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.runner.moves) >= 1)  # type: ignore[union-attr]
        assert screen.runner.moves[0].move == "3,2"  # type: ignore[union-attr]
        screen.action_abort()


async def test_a_form_error_clears_once_the_form_changes_and_the_cursor_starts_at_the_centre(db_path: Path) -> None:
    from textual.widgets import Input

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        setup.query_one("#games", Input).value = "many"
        await pilot.press("f5")
        await pilot.pause()
        status_line = setup.query_one("#setup-status", Static)
        assert status_line.has_class("error") and "many" in str(status_line.render())
        setup.query_one("#games", Input).value = "1"
        await pilot.pause()
        assert not status_line.has_class("error") and str(status_line.render()) == ""
        await pilot.press("f5")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen))
        screen = current(app)
        await wait_for(pilot, lambda: human_of(screen).waiting)
        assert screen.query_one(Board).cursor == (1, 1)


async def test_the_pause_between_games_is_set_on_the_setup_screen(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#kind1").value = "random"  # type: ignore[attr-defined]
        setup.query_one("#pause").value = "soon"  # type: ignore[attr-defined]
        await click_button(pilot, "#play")
        await wait_for(pilot, lambda: "pause must be a number" in str(setup.query_one("#setup-status").render()))
        assert isinstance(app.screen, SetupScreen)
        setup.query_one("#pause").value = "0.2"  # type: ignore[attr-defined]
        await click_button(pilot, "#play")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen))
        match = app.screen
        assert isinstance(match, MatchScreen) and match.config.pause_between == 0.2
        match.action_abort()
    assert '"pause": "0.2"' in (db_path.parent / "tui.json").read_text()


def leaderboard_db(db_path: Path) -> None:
    """Six players' worth of records: a tic-tac-toe round robin with a disqualification, and a Connect-Four pair."""
    from arena.match.policy import InvalidMovePolicy
    from arena.runner.tournament import TournamentPlan, run_tournament

    policy = InvalidMovePolicy(0, "disqualified")
    plans = [
        TournamentPlan("tictactoe", ("minimax", "random"), 4, seed=1, swap_seats=True, tournament_id="t-a"),
        TournamentPlan("tictactoe", ("minimax", "scripted:2,2;2,2"), 2, seed=1, policy=policy, tournament_id="t-a"),
        TournamentPlan("tictactoe", ("random", "scripted:2,2;2,2"), 2, seed=1, policy=policy, tournament_id="t-a"),
        TournamentPlan("connect-four", ("minimax:0.05", "random"), 2, seed=1, tournament_id="t-b"),
    ]
    with MatchStore(db_path) as store:
        for index, plan in enumerate(plans):
            store.add_many(asyncio.run(run_tournament(replace(plan, first_index=10 * index))))


async def test_leaderboard_rates_filters_sorts_and_opens_a_players_matches(db_path: Path) -> None:

    await asyncio.to_thread(leaderboard_db, db_path)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_leaderboard(app, pilot)
        assert screen.board is not None and screen.board.game == "tictactoe"  # the busiest game first
        table = screen.query_one("#lb-table", DataTable)
        assert table.row_count == 3
        assert screen.rows[0].player == "minimax"
        scripted = next(row for row in screen.rows if row.player.startswith("scripted"))
        assert scripted.total("disqualified") == 4 and scripted.total("losses") == 0  # DQ stays DQ
        await pilot.press("s")  # sort by the next column (after the rating: its interval), then reverse it
        await wait_for(pilot, lambda: screen.sort == "95% CI" and screen.descending)
        assert screen.rows[0].player == "minimax" and "sorted by 95% CI ▼" in status_line(screen)
        await pilot.press("S")
        await wait_for(pilot, lambda: not screen.descending)
        assert screen.rows[0].player.startswith("scripted")  # the lowest interval first
        await pilot.press("question_mark")
        await pilot.pause()
        legend = current(app)
        assert isinstance(legend, LegendScreen) and "opp DQ" in (shown := drawn_text(legend.query_one(Static)))
        assert "never counted" in shown and "rating" in shown
        await pilot.press("s", "question_mark")  # keys other than ? and Esc do nothing under the panel
        await pilot.pause()
        assert app.screen is screen and screen.sort == "95% CI"
        await pilot.press("S")
        await wait_for(pilot, lambda: screen.descending and screen.rows[0].player == "minimax")
        screen.query_one("#lb-game", Select).value = "connect-four"
        await wait_for(pilot, lambda: screen.board is not None and screen.board.game == "connect-four")
        assert table.row_count == 2
        offered = [(str(label), value) for label, value in screen.query_one("#lb-tournament", Select)._options]
        assert [value for _, value in offered][1:] == ["t-b"]  # only this game's tournaments, never t-a
        assert "2 matches" in offered[1][0] and "minimax 0.05s" in offered[1][0]  # told by size and players
        await pilot.press("c")
        await pilot.pause()
        assert "ratings, 95% intervals" in screen.chart_text and "where minimax" in screen.chart_text
        await pilot.press("o")  # ChildPlay's combined score: moving first against random; identities never merged
        await pilot.pause()
        combined = {row.player: row for row in screen.combined}
        assert set(combined["minimax"].scores) == {"tictactoe"} and combined["minimax"].counts["tictactoe"] == 2
        assert set(combined["minimax 0.05s"].scores) == {"connect-four"}
        assert screen.query_one("#lb-tabs", TabbedContent).active == "lb-combined-tab"
        text = drawn_text(screen.query_one("#lb-combined", Static))
        assert "…" not in text and "minimax 0.05s" in text  # headers and names whole: the table scrolls sideways
        table.focus()
        table.move_cursor(row=[row.player for row in screen.rows].index("random"))
        await pilot.press("l", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        assert isinstance(history, HistoryScreen)
        await pilot.pause()
        assert history.query_one("#matches", DataTable).row_count == 2  # random's Connect-Four matches
        assert "random in connect-four" in str(history.title)


async def test_a_filter_changed_while_intervals_compute_keeps_its_own_board(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from arena.analysis.leaderboard import build_leaderboard
    from arena.tui.screens import leaderboard

    await asyncio.to_thread(leaderboard_db, db_path)
    filter_changed = threading.Event()

    def slow_tictactoe_intervals(game: str, analyses: list[object], resamples: int) -> object:
        if game == "tictactoe" and resamples:  # the superseded fit ends last, as it does on a busy machine
            filter_changed.wait(timeout=30)
        return build_leaderboard(game, analyses, resamples)  # type: ignore[arg-type]

    monkeypatch.setattr(leaderboard, "build_leaderboard", slow_tictactoe_intervals)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_leaderboard(app, pilot)
        assert screen.board is not None and screen.board.game == "tictactoe"
        screen.query_one("#lb-game", Select).value = "connect-four"
        await wait_for(pilot, lambda: screen.board is not None and "intervals" not in status_line(screen))
        filter_changed.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.board is not None and screen.board.game == "connect-four"
        assert {row.player for row in screen.rows} == {"minimax 0.05s", "random"}


async def test_enter_acts_on_the_highlighted_row_through_sorts_filters_and_tabs(db_path: Path) -> None:
    await asyncio.to_thread(leaderboard_db, db_path)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_leaderboard(app, pilot)
        await wait_for(pilot, lambda: "intervals" not in status_line(screen))
        table = screen.query_one("#lb-table", DataTable)
        table.move_cursor(row=[row.player for row in screen.rows].index("random"))
        for _ in range(3):  # every new order keeps random highlighted, wherever its row went
            await pilot.press("s")
            await pilot.pause()
            assert screen.current_player() == "random"
            assert screen.rows[table.cursor_row].player == "random"
        await pilot.press("m", "enter")  # the matrix shows no highlighted row: Enter opens nothing there
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        assert "Matches" not in footer_text(app)
        screen.query_one("#lb-game", Select).value = "connect-four"
        await wait_for(pilot, lambda: screen.board is not None and screen.board.game == "connect-four")
        assert screen.current_player() == "random"  # the filter kept the player too
        await pilot.press("l")
        await pilot.pause()
        assert screen.focused is table and "Matches" in footer_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert "random in connect-four" in str(app.screen.title)


async def test_the_leaderboard_writes_the_web_report_beside_the_database(db_path: Path) -> None:
    from arena.tui.web_report import site_folder

    await asyncio.to_thread(leaderboard_db, db_path)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_leaderboard(app, pilot)
        page = site_folder(app.store) / "index.html"
        assert not page.exists()
        await pilot.press("w")
        await wait_for(pilot, lambda: any(str(page) in n.message for n in app._notifications), timeout=60)
        assert 'id="game-tictactoe"' in page.read_text() and 'id="game-connect-four"' in page.read_text()
        assert isinstance(app.screen, LeaderboardScreen) and screen.board is not None


def status_line(screen: LeaderboardScreen) -> str:
    """The Leaderboard's status line as plain text."""
    return drawn_text(screen.query_one("#lb-status", Static))


def footer_text(app: ArenaApp) -> str:
    """The keys the footer offers now."""
    return " ".join(str(binding.description) for _, binding, enabled, _ in app.active_bindings.values() if enabled)


async def test_imported_games_are_filtered_by_source_and_replayed_with_both_verdicts(db_path: Path) -> None:
    import subprocess
    import sys

    from arena.tui.screens.replay import ReplayScreen

    await asyncio.to_thread(leaderboard_db, db_path)
    published = Path(__file__).parent / "data" / "published" / "topsakal"
    imported = subprocess.run(
        [sys.executable, "-m", "arena", "import", "--no-analyse", "topsakal", str(published), "--db", str(db_path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await open_leaderboard(app, pilot)
        assert board.board is not None and board.board.game == "tictactoe"
        mixed = {row.player for row in board.rows}
        assert "minimax" in mixed and "llm:gpt-4o topsakal-illustration" in mixed
        groups = board.board.groups  # the arena's players never met the imported ones: rated apart, and said so
        assert len(groups) == 2 and "ratings in different groups cannot be compared" in status_line(board)
        table = board.query_one("#lb-table", DataTable)
        shown_groups = {str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        assert shown_groups - {"-"} == {"1", "2"}  # - : a player with no scored match, unrated
        board.query_one("#lb-source", Select).value = "topsakal"
        await wait_for(pilot, lambda: all(row.player.startswith("llm:") for row in board.rows))
        await app.workers.wait_for_complete()  # the unfiltered intervals, still computing, end after the filter
        await pilot.pause()
        assert board.rows and "minimax" not in {row.player for row in board.rows}
        table = board.query_one("#lb-table", DataTable)
        long_row = next(i for i, row in enumerate(board.rows) if len(row.player) > 26)
        table.move_cursor(row=long_row)
        await pilot.pause()
        assert len(str(table.get_row_at(long_row)[2])) <= 26  # long identities never decide the widths
        assert str(board.query_one("#lb-player", Static).render()) == board.rows[long_row].player

        await pilot.press("m")
        await pilot.pause()
        matrix = board.query_one("#lb-matrix", Static)
        text = drawn_text(matrix)
        assert matrix.region.width >= 40 and "…" not in text  # cells whole: the matrix scrolls sideways
        assert board.rows[long_row].player in text  # the legend names every number in full
        await pilot.press("l")
        app.pop_screen()
        await pilot.press("f2")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        history.query_one("#source-filter", Select).value = "topsakal"
        await wait_for(pilot, lambda: history.query_one("#matches", DataTable).row_count == 7)
        listed = history.query_one("#matches", DataTable)
        widths = [column.get_render_width(listed) for column in listed.columns.values()]
        assert sum(widths) <= 80  # long model names are cut: result and moves stay on screen
        assert str(listed.get_row_at(0)[4]) in ("1st won", "2nd won", "draw", "1st DQ", "2nd DQ", "error")
        await pilot.click("#game-filter")
        await pilot.press(*"connect")
        await wait_for(pilot, lambda: history.query_one("#matches", DataTable).row_count == 1)
        history.query_one("#matches", DataTable).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and "gpt-4o" in str(replay.title)
        refused = next(i for i, m in enumerate(replay.record.moves) if not m.valid)
        for _ in range(refused + 1):
            await pilot.press("right")
        await pilot.press("p")
        await pilot.pause()
        shown = str(replay.query_one("#detail", Static).render())
        assert "published verdict Already Taken" in shown and "the arena's: refused" in shown
        assert "{'column':" in shown and "prompt" in shown  # the raw reply and, on demand, the logged state


async def test_screen_keys_work_on_every_screen_and_never_stack_a_screen_twice(db_path: Path) -> None:
    from arena.tui.screens.leaderboard import LeaderboardScreen
    from arena.tui.screens.tasks import TasksScreen

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        depth = len(app.screen_stack)
        await pilot.press("f2")
        await pilot.pause()
        assert len(app.screen_stack) == depth  # History is not opened on top of itself
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        await pilot.press("f6")
        await wait_for(pilot, lambda: isinstance(app.screen, TasksScreen))
        footer = " ".join(f"{b.key}:{b.description}" for _, b, _, _ in app.active_bindings.values() if b.show)
        assert "f2:History" in footer and "f4:Leaderboard" in footer and "f6:Tasks" in footer


async def test_every_gomoku_column_fits_at_80x24_in_replay_and_in_a_match_beside_a_model(
    db_path: Path, fake_llm: FakeServer
) -> None:
    from arena.players import PlayerOptions
    from arena.runner.tournament import TournamentPlan, run_tournament
    from arena.tui.screens.replay import ReplayScreen

    (record,) = await run_tournament(TournamentPlan("gomoku", ("random", "random"), 1, seed=4))
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(record))
        await pilot.pause()
        board, left = app.screen.query_one(Board), app.screen.query_one("#left")
        assert board.region.right <= left.content_region.right  # not clipped by its column
        assert "15" in str(board.render()).splitlines()[board.top - 1]
        app.pop_screen()
        config = SeriesConfig(
            "gomoku",
            ("llm:openai/first-legal-40", "random"),
            seed=3,
            llm=PlayerOptions(api_base=fake_llm.url, timeout=10.0, retries=1, backoff=0.01),
        )
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: len(screen.records) > 0 or screen.finished, timeout=60)
        board, left = screen.query_one(Board), screen.query_one("#left")
        assert board.region.right <= left.content_region.right  # the reasoning pane never takes column 15
        score, banner = screen.query_one("#score", Static), screen.query_one("#banner", Static)
        assert "random 0" in drawn_text(score) and score.region.bottom <= 23  # above the footer, not cut
        assert banner.display and banner.region.height >= 2  # even under a game-over banner of two lines
        screen.action_abort()


async def test_the_engine_gets_ready_with_the_board_in_sight_and_off_the_clock(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MatchScreen(SeriesConfig("gomoku", ("minimax:0.3", "random"), seed=2), app.store)
        screen.preparing_notice = 0.0  # said at once here (a warm engine is ready before the usual 0.2 s)
        seen: list[tuple[str, bool]] = []
        shown = screen.set_status

        def noted(text: str) -> None:
            seen.append((text, bool(screen.query_one(Board).grids)))
            shown(text)

        screen.set_status = noted  # type: ignore[method-assign]
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.runner is not None and len(screen.runner.moves) >= 1, timeout=60)
        preparing = [drawn for text, drawn in seen if text.startswith("preparing the engine (minimax:0.3)")]
        assert preparing == [True]  # said once, the empty board already drawn
        assert screen.runner is not None
        assert screen.runner.moves[0].seconds <= 0.3 + 0.5  # the move's own time: its budget, not the loading
        screen.action_abort()


async def test_a_match_that_cannot_be_analysed_is_said_in_the_leaderboard(db_path: Path) -> None:
    from arena.runner.tournament import TournamentPlan, run_tournament

    records = await run_tournament(TournamentPlan("tictactoe", ("minimax", "random"), 2, seed=3))
    broken = records[0].model_copy(
        update={"id": "broken", "moves": [records[0].moves[0].model_copy(update={"move": "9,9"})]}
    )
    with MatchStore(db_path) as store:
        store.add_many([*records, broken])
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await open_leaderboard(app, pilot)
        said = [n.message for n in app._notifications]
        assert any("1 recorded match(es) cannot be analysed" in m and "broken" in m for m in said), said
        assert board.board is not None and board.board.matches == 2  # the others are rated


async def test_function_keys_switch_to_one_screen_of_each_kind_and_escape_goes_back_one_step(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("f2", "f4", "f6", "f4", "f2", "f4", "f2"):
            await pilot.press(key)
            await pilot.pause()
        kinds = [type(s).__name__ for s in app.screen_stack]
        assert kinds == ["SetupScreen", "HistoryScreen"]  # F4 was brought back, not opened twice, then left
        await pilot.press("f4", "f6")
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == [
            "SetupScreen",
            "HistoryScreen",
            "LeaderboardScreen",
            "TasksScreen",
        ]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)


def test_the_setup_form_offers_constrained_output_the_invalid_move_rule_and_a_pace() -> None:
    from arena.tui.setup_form import DEFAULTS, series_config

    engines = series_config({**DEFAULTS, "kind1": "minimax", "kind2": "random"})
    assert engines.pace == 0.5 and engines.policy is None and not engines.llm.constrained  # watched, not flashed
    person = series_config({**DEFAULTS, "kind1": "human", "kind2": "local"})
    assert person.pace == 0.0 and person.players == ("human", "llm:local")
    chosen = series_config({**DEFAULTS, "invalid": "3:disqualified", "constrained": True, "pace": "2"})
    assert chosen.policy is not None and (chosen.policy.allowed, chosen.policy.on_exhausted) == (3, "disqualified")
    assert chosen.llm.constrained and chosen.pace == 2.0 and chosen.plan().policy == chosen.policy
    with pytest.raises(ValueError, match="pace must be"):
        series_config({**DEFAULTS, "pace": "fast"})


async def test_replay_lists_every_attempt_marked_by_the_engines_and_jumps_to_one(db_path: Path) -> None:
    from arena.analysis.cache import analyse_store
    from arena.runner.tournament import TournamentPlan, run_tournament
    from arena.tui.widgets.moves import MoveList

    records = await run_tournament(TournamentPlan("tictactoe", ("random", "minimax"), 4, seed=2))
    timeless = records[0].model_copy(
        update={"moves": [m.model_copy(update={"seconds": 0.0}) for m in records[0].moves]}
    )
    with MatchStore(db_path) as store:
        store.add(timeless)
        rows = analyse_store(store)[0].moves
    app = make_app(db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        replay = ReplayScreen(timeless)
        await app.push_screen(replay)
        await wait_for(pilot, lambda: bool(replay.grades))
        listed = replay.query_one(MoveList)
        assert listed.row_count == len(timeless.moves)
        cells = [str(listed.get_cell_at(Coordinate(row, 1))) for row in range(listed.row_count)]
        blunders = [row[MOVE_FIELDS.index("blunder")] for row in rows]
        assert any(blunders) and [cell.endswith("??") for cell in cells] == [bool(b) for b in blunders]
        assert str(listed.get_cell_at(Coordinate(0, 2))) == "-"  # no time recorded: never "0.00"
        listed.focus()
        listed.move_cursor(row=2)
        await pilot.press("enter")
        await pilot.pause()
        assert replay.step == 3 and "Attempt 3/" in status(app) and "time unknown" in status(app)


async def test_a_refused_attempts_reasoning_stays_in_the_pane(db_path: Path, fake_llm: FakeServer) -> None:
    fake_llm.script(
        "second-try",
        Reply(reasoning_content="first idea: the corner at 9,9", content="MOVE: 9,9"),
        Reply(reasoning_content="second idea: the centre", content="MOVE: 2,2"),
    )
    app = make_app(db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        llm = PlayerOptions(api_base=fake_llm.url, timeout=30, chunk_timeout=5, retries=0)
        config = SeriesConfig("tictactoe", ("llm:openai/second-try", "human"), seed=3, llm=llm)
        screen = await open_match(app, pilot, config)
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: "second idea" in pane.reasoning and not pane.pending)
        shown = drawn_text(pane.body)
        assert "first idea: the corner at 9,9" in shown and "attempt 1" in shown and "attempt 2" in shown
        assert shown.index("first idea") < shown.index("second idea")
        await pilot.press("a")


async def test_choosing_the_local_model_ticks_constrained_output(db_path: Path) -> None:
    from textual.widgets import Checkbox

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = current(app)
        assert isinstance(setup, SetupScreen) and not setup.query_one("#constrained", Checkbox).value
        setup.query_one("#kind2", Select).value = "local"
        await pilot.pause()
        assert setup.query_one("#constrained", Checkbox).value and setup.gather()["constrained"] is True
