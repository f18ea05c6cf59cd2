"""A person plays poker in the app at 80x24 by keys and clicks, never seeing the other card before a showdown;
the setup form offers the poker engines; a replay shows both cards."""

from __future__ import annotations

import re
from pathlib import Path

from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.poker_board import PokerBoard
from tests.tui_helpers import human_of, make_app, open_match, wait_for

MOST_TURNS = 80  # more decisions than a person makes in 6 hands of Leduc


async def test_a_person_plays_leduc_at_80x24_seeing_only_their_own_card(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        config = SeriesConfig("leduc-poker", ("human", "cfr"), seed=11, game_options={"hands": 6})
        screen = await open_match(app, pilot, config)
        board = screen.query_one(Board)
        assert isinstance(board, PokerBoard)
        keys = ["c", "b", "f", "enter", "click"]
        turns = 0
        for _ in range(MOST_TURNS):  # a move that is never taken fails the test, never hangs it
            await wait_for(pilot, lambda: human_of(screen).waiting or screen.finished)
            if screen.finished:
                break
            state = human_of(screen).view.state  # type: ignore[union-attr]
            game = screen.runner.game  # type: ignore[union-attr]
            seat = game.to_move(state)
            position = game.position(state, seat)
            mine = game.variant.card_name(state.hand.deal.cards[position])
            shown = board.render().plain
            lines = shown.splitlines()
            mine_line = next(line for line in lines if "(you)" in line)
            other_line = next(line for line in lines if line.startswith("player") and "(you)" not in line)
            assert mine_line.endswith(f" {mine} ") and other_line.endswith(" ? "), shown
            if state.hand.public() is None and game.variant.rounds > 1:
                assert "public card: not dealt yet" in shown
            assert board.region.right <= 80 and board.region.bottom <= 24  # the table fits the terminal
            key = keys[turns % len(keys)]
            legal = game.legal_moves(state)
            if key == "f" and "fold" not in legal:
                key = "c"
            if key == "click":
                await pilot.click(board, offset=(1, len(lines) - 1))  # the first action on the action line
            else:
                await pilot.press(key)
            turns += 1
            await pilot.pause()
        assert screen.finished and turns >= 6
        record = screen.records[0]
        assert record.outcome.status == "finished" and record.outcome.scores is not None
        human_moves = [m for m in record.moves if m.seat == 0]
        assert all(m.valid for m in human_moves) and {m.move for m in human_moves} & {"fold", "call", "check"}
        assert all(m.info.get("infoset") for m in record.played)


async def test_the_setup_form_plays_poker_against_an_engine_named_in_the_box(db_path: Path) -> None:
    from textual.widgets import Input, Select

    from arena.tui.screens.match import MatchScreen

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "kuhn-poker"
        app.screen.query_one("#kind1", Select).value = "random"
        app.screen.query_one("#kind2", Select).value = "poker"
        await pilot.pause()
        box = app.screen.query_one("#model2", Input)
        assert not box.disabled
        box.value = "br:always-call"
        await pilot.press("f5")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen) and app.screen.finished)
        assert app.screen.records[0].players[1].spec == "br:always-call"  # type: ignore[attr-defined]


async def test_the_leaderboard_ranks_poker_by_chips_per_hand(db_path: Path) -> None:
    from textual.widgets import DataTable, Static

    from tests.test_cli import arena
    from tests.tui_helpers import drawn_text, open_leaderboard

    played = arena(
        "--batch", "--game", "kuhn-poker", "--players", "cfr", "random", "--games", "10", "--db", str(db_path)
    )
    assert played.returncode == 0, played.stderr
    app = make_app(db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_leaderboard(app, pilot)
        view = screen.query_one("#lb-poker", Static)
        await wait_for(pilot, lambda: "cfr" in drawn_text(view))
        shown = drawn_text(view)
        assert "chips per hand" in shown and "exploitability" in shown and "head to head" in shown
        assert re.search(r"^\s*1\s+cfr\s+\+", shown, re.M) and re.search(r"^\s*2\s+random\s+-", shown, re.M)
        assert not screen.query_one("#lb-table", DataTable).display  # no Elo table for poker
